"""Late in a game each evaluation predicts the final margin far better than any constant guess
(ingenium.sim.evaluation_error; benchmarks/evaluation_error.py reports every stage and game)."""

from __future__ import annotations

import os
from typing import Any

import pytest

from ingenium.engine import State
from ingenium.sim.evaluation_error import continuation_floor, stage_errors

# greedy games a case (INGENIUM_EVAL_GAMES scales them); cheap player counts
SCALE = int(os.environ.get("INGENIUM_EVAL_GAMES", "1"))
CASES = [("legendary-inventors", 4, 8), ("inventions", 4, 3), ("civolution", 2, 3)]
BOUND = 0.8  # error / spread at 90%; a constant guess scores at least 1 by construction


@pytest.mark.parametrize(("game", "players", "games"), CASES)
def test_the_evaluation_at_ninety_percent_of_the_game_beats_any_constant(
        game: str, players: int, games: int) -> None:
    late = stage_errors(game, players, range(games * SCALE))[-1]
    assert late.stage == 0.9
    assert late.relative < BOUND, late


def test_a_constant_evaluation_fails_the_same_bound() -> None:
    def constant(state: State[Any]) -> list[float]:
        return [1.0] * state.players

    late = stage_errors("legendary-inventors", 2, range(4), constant)[-1]
    assert late.relative >= 1.0 > BOUND


def test_continuations_from_the_last_decisions_predict_the_end_almost_exactly() -> None:
    """The floor's prediction is the mean of games played on from the seat's own view: at the
    very end little luck is left, so it must be near exact (a wrong position, seat or sign
    would not be)."""
    late = continuation_floor("legendary-inventors", 2, range(3), stage=0.99, continuations=2)
    assert late.samples == 6
    assert late.relative < 0.3, late


def test_halfway_the_luck_still_to_come_keeps_the_floor_above_zero() -> None:
    middle = continuation_floor("legendary-inventors", 2, range(3), stage=0.5, continuations=2)
    assert middle.relative > 0, middle
