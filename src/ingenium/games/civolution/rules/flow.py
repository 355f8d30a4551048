"""How to Play: the era loop of eight phases, four eras, then the final scoring.

The pending stack drives everything (`machine.py` runs it). A `Phase` step pushes the next phase
beneath the steps of its own phase, so phase 1 of era 1 ... phase 8 of era 4 follow one another,
then `FINAL` scores and ends the game. Where the rulebook lets civilizations act at once, each
decides in seating order, beginning with the starting civilization.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingenium.games.civolution import scoring
from ingenium.games.civolution.rules import (
    action_phase,
    event_phase,
    extra_find,
    feeding,
    income,
    new_cards,
    new_goals,
    sites,
)
from ingenium.games.civolution.rules.common import seating_order
from ingenium.games.civolution.steps import S_PHASE, Phase
from ingenium.games.civolution.table import FINAL, INCOME, OVER, CivTable

if TYPE_CHECKING:
    from ingenium.engine import State

    CState = State[CivTable]

__all__ = ["run_phase", "seating_order"]

ERAS = 4
PHASE_RULES: dict[int, Callable[[CState], None]] = {
    1: new_cards.begin, 2: new_goals.begin, 3: extra_find.begin, 4: action_phase.begin,
    5: sites.begin, 6: feeding.begin, 7: event_phase.begin, 8: income.begin,
}


def run_phase(state: CState, step: Phase) -> None:
    """Begin a phase: the next one waits beneath this phase's steps."""
    t = state.table
    if step.phase == FINAL:
        t.phase = FINAL
        scoring.final_scoring(state)
        t.phase = OVER
        return
    if step.phase == 1 and t.phase == INCOME:
        t.era += 1  # "the phase indicator returns to phase 1 to start the next era"
    t.phase = step.phase
    if step.phase < INCOME:
        t.pending.append(Phase(S_PHASE, phase=step.phase + 1))
    elif t.era < ERAS:
        t.pending.append(Phase(S_PHASE, phase=1))
    else:
        t.pending.append(Phase(S_PHASE, phase=FINAL))
    PHASE_RULES[step.phase](state)
