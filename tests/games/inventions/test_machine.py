"""The step machine hands the engine the options of a position computed once: what `decide`
returns after a move is what the pending step offers when asked afresh."""

from __future__ import annotations

import random

import ingenium
from ingenium.games.inventions import machine


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

