"""What an option does, for the option buttons: activating or upgrading a module says the
module's action at the civilization's level and the dice it takes ("Activate Sleep" alone does
not say it), in the words of the console's printed texts (board_view.fixed)."""

from __future__ import annotations

from typing import Any

from ingenium.engine import Option, State
from ingenium.games.civolution.board_view import fixed
from ingenium.games.civolution.option_help_steps import step_help
from ingenium.games.civolution.table import level_at

LEVELS = ("I", "II", "III")


def _module(option_id: str) -> tuple[int, dict[str, Any]] | None:
    """(index, printed module) of a module:/upgrade: option."""
    kind, _, module = option_id.partition(":")
    if kind not in ("module", "upgrade"):
        return None
    for index, printed in enumerate(fixed()["modules"]):
        if printed["id"] == module:
            return index, printed
    return None


def option_help(state: State[Any], option: Option) -> str:
    """The option's effect and cost in words; "" when its label already says it all."""
    found = _module(option.id)
    decision = state.decision
    if decision is None:
        return ""
    if found is None:
        return step_help(decision.kind, option.id)
    index, printed = found
    level = state.table.level[level_at(decision.seat, index)]
    dice = " + ".join(map(str, printed["dice"])) if printed["dice"] else "any two values"
    if option.id.startswith("upgrade:") and level < len(printed["texts"]):
        return (f"Level {LEVELS[level]}: {printed['texts'][level]} "
                f"(now level {LEVELS[level - 1]}: {printed['texts'][level - 1]})")
    return (f"Level {LEVELS[level - 1]}: {printed['texts'][level - 1]}. "
            f"Uses 2 activation dice showing {dice} (a planning or focus marker may stand in for a "
            "die; each idea marker changes a die by 1)")
