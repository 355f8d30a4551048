"""evaluate_all (each seat's potential once per position) gives every seat's evaluate exactly."""

from __future__ import annotations

import random

import pytest

import ingenium
from ingenium.engine import game_names
from ingenium.games.margins import margins
from tests.conftest import game_setups

POSITIONS = 60  # positions a game and player count, along random games


@pytest.mark.parametrize("game", game_names())
def test_evaluate_all_equals_each_seats_evaluate_on_many_positions(game: str) -> None:
    rules = ingenium.get_game(game)
    checked = 0
    for _, players, variant in (s for s in game_setups() if s[0] == game):
        rng = random.Random(players)
        state = rules.new_game(players, players, variant)  # solo: one value, the human's
        for step in range(POSITIONS * 5):
            if state.decision is None:
                state = rules.new_game(players, step, variant)
            if step % 5 == 0:
                expected = [rules.evaluate(state, s) for s in range(players)]
                assert rules.evaluate_all(state) == expected
                checked += 1
            decision = state.decision
            assert decision is not None
            state.apply(rng.choice(decision.options))
    assert checked >= POSITIONS * 2


def test_margins_subtract_the_best_other_value_even_when_tied() -> None:
    assert margins([4.0, 4.0, 1.0]) == [0.0, 0.0, -3.0]
    assert margins([1.0, 2.0]) == [-1.0, 1.0]
