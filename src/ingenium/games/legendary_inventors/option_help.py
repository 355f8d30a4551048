"""What an option does, in the rules summary's words, for the option buttons ("Use Fibonacci"
alone does not say that the inventor is then spent until a refresh)."""

from __future__ import annotations

from typing import Any

from ingenium.engine import Option, State
from ingenium.games.legendary_inventors.components.catalog import C

INVENTORS = {inventor.slug: inventor.name for team in C.teams for inventor in team.inventors}


# the other decisions, by the option's first word (the label names which one)
BY_WORD = {
    "bonus": "Take this bonus token: it is yours to play on an inventor later (or it scores "
             "at the end)",
    "place": "The extra knowledge cube goes on this knowledge of the invention",
    "back": "Play the token on its '1' side: it opens a blank knowledge of an inventor",
    "token": "Play this token on an inventor: it raises one of its knowledges",
    "done": "Play no more tokens",
    "invent": "Work on this invention: the inventor's knowledge cubes go on it; when its "
              "needs are met it is complete and scores",
    "target": "This knowledge of this inventor is raised by the token",
    "chocolate": "Play the Chocolate token: 2 extra cubes on this turn's invention",
    "coffee": "Play the Coffee token: refresh all your inventors for free, then act",
}


def option_help(state: State[Any], option: Option) -> str:
    """The option's effect and cost in words; "" when its label already says it all."""
    if option.id.startswith("use:inventor="):
        name = INVENTORS.get(option.id.removeprefix("use:inventor="), "this inventor")
        return (f"Put {name}'s knowledge cubes on an invention; {name} cannot be used again "
                "until you refresh your inventors")
    if option.id == "refresh":
        return "All your inventors can be used again; this takes your turn"
    return BY_WORD.get(option.id.split(":", 1)[0], "")
