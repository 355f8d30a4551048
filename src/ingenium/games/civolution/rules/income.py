"""Phase 8: Income phase — A) each civilization carries out each of its income chips once (in
seating order; each civilization says which of its chips comes next, "in any order"); B)
statues score the points above the owner's Favor disc; C) hunting tokens go back to the display
(blocking tokens stay); D) reset columns are refilled. In the fourth era C and D are skipped and
the final scoring follows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution.board import GROUNDS, K
from ingenium.games.civolution.components.icons import Trigger
from ingenium.games.civolution.console import gain_sp, take_markers
from ingenium.games.civolution.masks import NONE, has, with_
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules import supply
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.rules.common import seating_order
from ingenium.games.civolution.rules.interpreter import (
    describe_all,
    push_effects,
)
from ingenium.games.civolution.rules.partition import income_effects
from ingenium.games.civolution.rules.solo.table import deciding
from ingenium.games.civolution.steps import S_AUTO, S_INCOME_ORDER, Auto, IncomeOrder
from ingenium.games.civolution.table import (
    RESET_COLUMNS,
    CivTable,
    on_place,
    reset_column_at,
    reset_columns,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

LAST_ERA = 4


INCOME_REST = 4  # the Auto step's `what` (machine.AUTOS; saved: never renumber)
RESET_COLUMNS_REFILL = 8  # the Auto step's `what` (machine.AUTOS; saved: never renumber)


def begin(state: CState) -> None:
    """A for everybody (each civilization choosing the order of its chips), then B-D."""
    t = state.table
    t.pending.append(Auto(S_AUTO, what=INCOME_REST))
    for seat in reversed(deciding(t, seating_order(t))):  # Solo: V.I.C.I only scores statues
        fire(t, seat, Trigger.INCOME_PHASE)  # with the income chips, after them
        chips = len(income_effects(t, seat))
        _carry_out(t, IncomeOrder(S_INCOME_ORDER, seat=seat, chips=chips, done=NONE), ())


def _left(t: CivTable, step: IncomeOrder) -> list[tuple[int, tuple[Any, ...]]]:
    """(position, action) of the seat's income chips not yet carried out this phase (chips
    gained during the phase wait for the next one)."""
    return [(n, effects)
            for n, (_, effects) in enumerate(income_effects(t, step.seat)[:step.chips])
            if not has(step.done, n)]


def ask_next(t: CivTable, step: IncomeOrder) -> tuple[str, list[Option]]:
    left = _left(t, step)
    options = [opt("chip", n, f"income_chip:{n + 1}", f"Next: {describe_all(effects)}")
               for n, effects in left] if len(left) > 1 else []
    return "Income phase: which income chip's action next?", options


def answer_next(state: CState, step: IncomeOrder, option: Option) -> None:
    n = picked(option)[1]
    _carry_out(state.table, step._replace(done=with_(step.done, n)),
               dict(_left(state.table, step))[n])


def _carry_out(t: CivTable, step: IncomeOrder, effects: tuple[Any, ...]) -> None:
    """One chip's action now (`effects`); the rest after it (`step`: the chips done so far):
    the order asked while two or more are left, the last one at once."""
    left = _left(t, step)
    if len(left) == 1:
        push_effects(t, step.seat, left[0][1])
    elif left:
        t.pending.append(step)
    push_effects(t, step.seat, effects)


def income_rest(state: CState, step: Auto) -> None:
    t = state.table
    for seat in seating_order(t):
        statues = sum(t.statues[on_place(g, seat)] for g in range(GROUNDS))
        gain_sp(t, seat, statues * K.favor[t.favor[seat]].statue_sp)
    if t.era == LAST_ERA:
        return
    t.hunting_supply += sum(t.hunted)
    t.hunted = [0] * len(t.hunted)
    for seat in reversed(deciding(t, seating_order(t))):
        t.pending.append(Auto(S_AUTO, what=RESET_COLUMNS_REFILL, seat=seat))
        if not all(reset_columns(t, seat)):
            supply.ask_if_empty(t, seat)  # an empty supply may be replenished first


def refill_reset_columns(state: CState, step: Auto) -> None:
    """D) the seat's empty reset columns get a marker each from its supply (while it lasts)."""
    t, seat = state.table, step.seat
    for column in range(RESET_COLUMNS):
        at = reset_column_at(seat, column)
        if not t.reset_marker[at] and take_markers(t, seat, 1):
            t.reset_marker[at] = 1

