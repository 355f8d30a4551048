"""The observation keeps what it wrote last (the table lists' bytes, the Milestone rows'
writes) for the next position: reusing them never changes a value. Each position of random
games, observed in play order, equals its observation with nothing kept from before."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ingenium
from ingenium.games.inventions import encoding


def _forget_last_seen() -> None:
    for name in encoding._LAST_SEEN:
        encoding._LAST_SEEN[name] = ([], b"")
    encoding._ROWS_SEEN[0] = ((), [], [])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kept_writes_give_the_observation_built_afresh(players: int) -> None:
    game = ingenium.get_game("inventions")
    state, rng = game.new_game(players, 31), random.Random(31)
    rows_changed = 0
    while (decision := state.decision) is not None:
        rows = (state.table.common.copy(), state.table.eureka.copy())
        for seat in range(players):
            kept = state.observation(seat)
            _forget_last_seen()
            assert np.array_equal(kept, state.observation(seat))
        state.apply(decision.options[rng.randrange(len(decision.options))])
        rows_changed += rows != (state.table.common, state.table.eureka)
    assert rows_changed  # the rows did move during the game
