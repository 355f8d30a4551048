"""Perform the action of 1 of your income chips (or 1 SP instead), and the activities a
civilization has for Perform 1 activity (Module: Activity — the console's own activity and those
of installed research cards; the action itself, whose activities are effect lists, is in
rules/vocabulary.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution.board import K
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.console import gain_sp
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules.abilities import active
from ingenium.games.civolution.rules.interpreter import (
    Action,
    EffectRule,
    describe_all,
    push_effects,
    push_repeat,
)
from ingenium.games.civolution.rules.partition import income_effects
from ingenium.games.civolution.table import CivTable

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

INNATE = 39  # the "chip" index of the console's own activity


def _income_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    options = [opt("chip", n % 39, f"income_action:{n}", f"Income chip: {describe_all(e)}")
               for n, e in income_effects(t, seat)]
    if options:
        options.append(opt("branch", 0, "income_action:sp", "1 SP instead"))
    return options


def _income_action(state: CState, seat: int, option: Option, arg: int) -> int:
    block, index = picked(option)
    if block == "branch":
        gain_sp(state.table, seat, 1)
        return arg
    for n, e in income_effects(state.table, seat):
        if n % 39 == index:
            push_effects(state.table, seat, e)
            break
    return arg


INCOME_ACTION = 30


def activities(t: CivTable, seat: int) -> list[tuple[int, tuple[Any, ...]]]:
    """(index, effects) of the seat's activities: the console's own, then installed cards'."""

    found: list[tuple[int, tuple[Any, ...]]] = [(INNATE, K.console.innate_activity)]
    for n, ability in active(t, seat):
        if isinstance(ability, fx.ActivityAbility):
            found.append((n % 39, ability.effects))
    return found




# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        INCOME_ACTION,
        "income_action",
        "Perform the action of which income chip?",
        _income_options,
        _income_action,
    ),
)

# How each effect type of this family is checked and carried out (rules/vocabulary.py).
EFFECTS: dict[type[Any], EffectRule] = {
    fx.IncomeAction: EffectRule(
        lambda t, s, e: bool(income_effects(t, s)),
        lambda state, s, e: push_repeat(state.table, s, INCOME_ACTION, e.count),
    ),
}
