"""Phase 8: Income phase — A) each civilization carries out each of its income chips once (in
seating order; each civilization's chips in the order installed — a reading of "in any
order"); B) statues score the points above the owner's Favor disc; C) hunting tokens go back
to the display (blocking tokens stay); D) reset columns are refilled. In the fourth era C and
D are skipped and the final scoring follows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution.board import GROUNDS, K
from ingenium.games.civolution.components.icons import Trigger
from ingenium.games.civolution.console import gain_sp, take_markers
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.rules.common import seating_order
from ingenium.games.civolution.rules.interpreter import push_effects
from ingenium.games.civolution.rules.partition import income_effects
from ingenium.games.civolution.steps import Auto, auto, make
from ingenium.games.civolution.table import RESET_COLUMNS, CivTable, P

if TYPE_CHECKING:
    from ingenium.engine import State

    CState = State[CivTable]

LAST_ERA = 4


def begin(state: CState) -> None:
    """A for everybody, then B-D."""
    t = state.table
    t.pending.append(make(Auto, INCOME_REST, 0))
    for seat in reversed(seating_order(t)):
        fire(t, seat, Trigger.INCOME_PHASE)  # with the income chips, after them
        for _, effects in reversed(income_effects(t, seat)):
            push_effects(t, seat, effects)


def _rest(state: CState, arg: int) -> None:
    t = state.table
    for seat in seating_order(t):
        statues = sum(t.statues[g * P + seat] for g in range(GROUNDS))
        gain_sp(t, seat, statues * K.favor[t.favor[seat]].statue_sp)
    if t.era == LAST_ERA:
        return
    t.hunting_supply += sum(t.hunted)
    t.hunted = [0] * len(t.hunted)
    for seat in seating_order(t):
        for column in range(RESET_COLUMNS):
            at = seat * RESET_COLUMNS + column
            if not t.reset_marker[at] and take_markers(t, seat, 1):
                t.reset_marker[at] = 1


INCOME_REST = auto(4, _rest)
