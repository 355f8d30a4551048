"""Undo, bounded by information revealed (the Board Game Arena policy), enforced in the engine."""

from __future__ import annotations

import pytest

import ingenium
from ingenium.engine import IllegalMove


def test_undo_own_moves_until_another_seat_acts() -> None:
    game = ingenium.get_game("legendary-inventors")
    state = game.new_game(3, 1)
    assert state.undoable(0) == 0
    state.apply(next(o for o in state.decision.options if o.id.startswith("use:")))  # type: ignore[union-attr]
    assert state.undoable(0) == 1 and state.undoable(1) == 0
    before = state.undo(0)
    assert before.fingerprint() == game.new_game(3, 1).fingerprint()
    state.apply(state.decision.options[0])  # type: ignore[union-attr]  # the invention: turn ends
    assert state.undoable(0) == 2  # seat 1 has not acted yet
    state.apply(state.decision.options[0])  # type: ignore[union-attr]
    assert state.undoable(0) == 0 and state.undoable(1) == 1
    with pytest.raises(IllegalMove):
        state.undo(0)


def test_undo_stops_at_a_move_that_resolved_chance() -> None:
    """Completing the age draws new inventions and tokens: nobody may undo past it."""
    game = ingenium.get_game("legendary-inventors")
    state = game.new_game(2, 4)
    while state.table.age == 1:
        state.apply(state.decision.options[-1])  # type: ignore[union-attr]
    assert state.undo_floor == len(state.history)
    last = state.history[-1][0]
    assert state.undoable(last) == 0
    loaded = game.from_json(state.to_json())
    assert loaded.undo_floor == state.undo_floor
