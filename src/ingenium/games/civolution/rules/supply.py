"""The marker supply (End of the Game, Important additional notes): "Your marker supply is
limited to 50 pieces; if empty when you would gain markers, you may replenish by returning any
number of markers from your console and continent (excluding statues, reset markers, and markers
on boats)."

Before an effect that places markers from the supply (gains, production, planning, hunts, lucky
finds, trade, and the migrations, procreations and building projects that may place one) the
civilization with an empty supply is asked whether to return markers, one at a time, with a
`done`: first the kind (food, money, ideas, focus, a feature, a stored material, a planning
marker, a raw material), then which one where there are several.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Resource
from ingenium.games.civolution.options import DONE, opt, picked, territory_option
from ingenium.games.civolution.rules.common import (
    FEATURE,
    PLANNING,
    RETURNABLE_SPACES,
    STORAGE,
    replenishable,
    returnable,
)
from ingenium.games.civolution.rules.gains import feature_option, material_option
from ingenium.games.civolution.rules.interpreter import Action, push_target
from ingenium.games.civolution.table import CivTable, feature_at, on_place, space_at, storage_at

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

KIND_LABELS = ("food", "money", "idea", "focus", "feature", "stored material",
               "planning", "raw material")
KIND_IDS = ("food", "money", "idea", "focus", "feature", "material", "planning", "raw")
MARKER_GAINS = (fx.Produce, fx.Planning, fx.Hunt, fx.LuckyFind, fx.Trade, fx.Migrate,
                fx.Procreate, fx.Build)
SPACE_GAINS = (Resource.FOOD, Resource.MONEY, Resource.IDEA, Resource.FOCUS, Resource.FEATURE,
               Resource.MATERIAL)


def gains_markers(e: Any) -> bool:
    """Whether an effect may place markers from the supply."""
    return isinstance(e, MARKER_GAINS) or (isinstance(e, fx.Gain) and e.what in SPACE_GAINS)


def ask_if_empty(t: CivTable, seat: int) -> bool:
    """Ask about replenishing if the supply is empty and something can be returned."""
    if t.supply[seat] or not replenishable(t, seat):
        return False
    push_target(t, seat, REPLENISH, -1)
    return True


def _options(t: CivTable, seat: int, arg: int) -> list[Option]:
    if arg < 0:
        options = [opt("amount", k, f"return:{KIND_IDS[k]}",
                       f"Return a {KIND_LABELS[k]} marker to your supply")
                   for k in range(len(KIND_LABELS)) if returnable(t, seat, k)]
        return [*options, DONE] if options else []
    found = returnable(t, seat, arg)
    if arg == FEATURE:
        return [feature_option(f, "Return a marker of ") for f in found]
    if arg == STORAGE:
        return [material_option(m) for m in found]
    if arg == PLANNING:
        return [opt("die", v, f"planning:{v + 1}", f"A planning marker on {v + 1}")
                for v in found]
    return [territory_option(x, "The raw material in") for x in found]


def _replenish(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    if option is DONE:
        return arg
    index = picked(option)[1]
    if arg < 0:
        kind = index
        found = returnable(t, seat, kind)
        if kind >= FEATURE and len(found) > 1:
            push_target(t, seat, REPLENISH, kind)
            return arg
        index = found[0]
    else:
        kind = arg
    _return(t, seat, kind, index)
    push_target(t, seat, REPLENISH, -1)  # "any number": ask again, until done
    return arg


def _return(t: CivTable, seat: int, kind: int, index: int) -> None:
    if kind < FEATURE:
        getattr(t, RETURNABLE_SPACES[kind])[seat] -= 1
    elif kind == FEATURE:
        t.feature[feature_at(seat, index)] -= 1
    elif kind == STORAGE:
        t.storage[storage_at(seat, index)] -= 1
    elif kind == PLANNING:
        t.planning[space_at(seat, index)] -= 1
    else:
        t.raw[on_place(index, seat)] -= 1
    t.supply[seat] += 1


def before_effect(t: CivTable, seat: int, e: Any) -> bool:
    """Asked before each effect of a list: True when the replenishing question was pushed."""
    return gains_markers(e) and ask_if_empty(t, seat)


REPLENISH = 77


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        REPLENISH, "replenish", "Your supply is empty: return markers to it?", _options, _replenish
    ),
)
