"""The step machine hands the engine the options of a position computed once: what `decide`
returns after a move is what the pending step offers when asked afresh, also after the table
was edited by hand."""

from __future__ import annotations

import random

import ingenium
from ingenium.games.inventions import machine
from tests.games.inventions import scenario as S


def _fresh_options(state: ingenium.State[machine.InvTable]) -> tuple[str, ...]:
    t = state.table
    step = t.pending[-1]
    handler = machine.STEPS[type(step)]
    assert isinstance(handler, machine.Asks)
    return tuple(option.id for option in handler.options(t, step))


def test_the_decision_after_a_move_offers_what_the_step_offers_afresh() -> None:
    game = ingenium.get_game("inventions")
    for players, seed in ((2, 4), (4, 5)):
        state, rng = game.new_game(players, seed), random.Random(seed)
        while (decision := state.decision) is not None:
            assert tuple(o.id for o in decision.options) == _fresh_options(state)
            state.apply(decision.options[rng.randrange(len(decision.options))])



def test_a_table_edited_by_hand_after_a_move_is_asked_afresh() -> None:
    """The state keeps the question a move found; `invalidate` (what the scenario builder
    calls after an edit) forgets it, and the next decision is the edited table's."""
    game = ingenium.get_game("inventions")
    state, rng = game.new_game(3, 8), random.Random(8)
    changed = 0
    for _ in range(150):
        decision = state.decision
        assert decision is not None
        option = decision.options[rng.randrange(len(decision.options))]
        probe, after = state.clone(), state.clone()
        after.apply(option)
        probe.apply(option)
        S.drop_hand(probe, probe.table.pending[-1].seat)  # before its next decision is read
        edited, unedited = probe.decision, after.decision
        assert edited is not None and unedited is not None
        assert tuple(o.id for o in edited.options) == _fresh_options(probe)
        changed += edited.options != unedited.options
        state.apply(option)
    assert changed
