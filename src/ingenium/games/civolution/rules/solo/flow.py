"""Solo Mode in the era's flow: V.I.C.I's automatic parts of phases 2, 4 and 6.

The phase modules branch on `solo.table.is_vici` where V.I.C.I's turn differs (rules/
new_goals.py, action_phase.py, feeding.py push these parts instead of a decision of its seat;
extra_find.py, sites.py, event_phase.py and income.py leave it out through `deciding`). V.I.C.I
never decides: its cards and die rolls are chance draws, its choices the display cards' tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution.rules.solo.phases import feed, remove_goal_chip
from ingenium.games.civolution.rules.solo.table import (
    VICI,
)
from ingenium.games.civolution.rules.solo.turn import solo_table, take_turn
from ingenium.games.civolution.steps import S_CONTINUE, Auto, Continue

if TYPE_CHECKING:
    from ingenium.engine import State
    from ingenium.games.civolution.table import CivTable


def goal(state: State[CivTable], step: Auto) -> None:
    """Phase 2: V.I.C.I "chooses" a goal chip by its die roll."""
    remove_goal_chip(state, solo_table(state))


def turn(state: State[CivTable], step: Auto) -> None:
    """Phase 4: V.I.C.I's turn between the human's; the turn order goes on after it."""
    state.table.pending.append(Continue(S_CONTINUE, seat=VICI))
    take_turn(state)


def feed_step(state: State[CivTable], step: Auto) -> None:
    """Phase 6 A: V.I.C.I's provision action and its feeding by provision markers."""
    feed(state, solo_table(state))

