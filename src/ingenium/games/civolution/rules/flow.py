"""How to Play: the era loop of eight phases, four eras, then the final scoring.

The pending stack drives everything: `run` carries out automatic steps until a decision is due;
`resolve` answers the decision on top and runs on. A `Phase` step pushes the next phase beneath
the steps of its own phase, so phase 1 of era 1 ... phase 8 of era 4 follow one another, then
`FINAL` scores and ends the game. Where the rulebook lets civilizations act at once, each
decides in seating order, beginning with the starting civilization.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingenium.games.civolution.options import picked
from ingenium.games.civolution.rules import (  # noqa: F401 - they register their handlers
    action_phase,
    activation,
    attributes,
    building,
    console_actions,
    event_phase,
    exploration,
    extra_find,
    feeding,
    gains,
    improvements,
    income,
    install,
    interpreter,
    materials,
    new_cards,
    new_goals,
    partition,
    sites,
    starting_b,
    supply,
    tribe_actions,
)
from ingenium.games.civolution.rules.common import seating_order
from ingenium.games.civolution.rules.solo import flow as solo_flow  # noqa: F401 - V.I.C.I's parts
from ingenium.games.civolution.steps import (
    HANDLERS,
    OFFER_BLOCKS,
    Phase,
    handles,
    make,
    record,
)
from ingenium.games.civolution.table import FINAL, INCOME, OVER, CivTable

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

__all__ = ["resolve", "run", "seating_order"]

ERAS = 4
PHASE_RULES: dict[int, Callable[[CState], None]] = {
    1: new_cards.begin, 2: new_goals.begin, 3: extra_find.begin, 4: action_phase.begin,
    5: sites.begin, 6: feeding.begin, 7: event_phase.begin, 8: income.begin,
}


def run(state: CState) -> None:
    """Carry out automatic steps until a decision is due (or the game is over); a decision
    step with nothing to decide is passed over."""
    t = state.table
    pending = t.pending
    while pending:
        raw = pending[-1]
        handler = HANDLERS[raw[0]]
        if handler.auto is not None:
            pending.pop()
            handler.auto(state, record(raw))
            continue
        assert handler.ask is not None
        if handler.ask(t, record(raw))[1]:
            return
        pending.pop()


def resolve(state: CState, option: Option) -> None:
    """Answer the step on top of the stack with an offered option, then run on."""
    t = state.table
    raw = t.pending.pop()
    if picked(option)[0] in OFFER_BLOCKS:  # an added option: the step waits beneath
        t.pending.append(raw)
        attributes.take_now(t, record(raw).seat)
        run(state)
        return
    handler = HANDLERS[raw[0]]
    assert handler.answer is not None
    handler.answer(state, record(raw), option)
    run(state)


def _phase(state: CState, step: Phase) -> None:
    """Begin a phase: the next one waits beneath this phase's steps."""
    t = state.table
    if step.phase == FINAL:
        from ingenium.games.civolution import scoring

        t.phase = FINAL
        scoring.final_scoring(state)
        t.phase = OVER
        return
    if step.phase == 1 and t.phase == INCOME:
        t.era += 1  # "the phase indicator returns to phase 1 to start the next era"
    t.phase = step.phase
    if step.phase < INCOME:
        t.pending.append(make(Phase, step.phase + 1))
    elif t.era < ERAS:
        t.pending.append(make(Phase, 1))
    else:
        t.pending.append(make(Phase, FINAL))
    PHASE_RULES[step.phase](state)


handles(Phase, auto=_phase)
