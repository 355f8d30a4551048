"""What an option does, in the rules summary's words, for the option buttons ("Use Fibonacci"
alone does not say that the inventor is then spent until a refresh)."""

from __future__ import annotations

from typing import Any

from ingenium.engine import Option, State
from ingenium.games.legendary_inventors.components.catalog import C

INVENTORS = {inventor.slug: inventor.name for team in C.teams for inventor in team.inventors}


def option_help(state: State[Any], option: Option) -> str:
    """The option's effect and cost in words; "" when its label already says it all."""
    if option.id.startswith("use:inventor="):
        name = INVENTORS.get(option.id.removeprefix("use:inventor="), "this inventor")
        return (f"Put {name}'s knowledge cubes on an invention; {name} cannot be used again "
                "until you refresh your inventors")
    if option.id == "refresh":
        return "All your inventors can be used again; this takes your turn"
    return ""
