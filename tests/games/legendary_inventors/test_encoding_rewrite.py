"""The one-gather observation encoder writes exactly what the encoder before it wrote: the
same float32 bits for every seat of every position of seeded random games at 2-5 players (and
of an explicit-chance setup waiting for its first outcome)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ingenium
from ingenium.engine import EXPLICIT
from ingenium.games.legendary_inventors import encoding
from tests.games.legendary_inventors import reference_encoding

GAMES = 3  # per player count


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_observation_is_bit_identical_to_the_reference_encoder(players: int) -> None:
    game = ingenium.get_game("legendary-inventors")
    compared = 0
    for seed in range(GAMES):
        state = game.new_game(players, seed)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                new = encoding.observation(state, seat)
                old = reference_encoding.observation(state, seat)
                assert new.tobytes() == old.tobytes(), (seed, len(state.history), seat)
                compared += 1
            decision = state.decision
            if decision is None:
                break
            state.apply(rng.choice(decision.options))
    assert compared > GAMES * players * 100


def test_the_explicit_setup_placeholder_encodes_alike() -> None:
    state = ingenium.get_game("legendary-inventors").new_game(3, 0, chance=EXPLICIT)
    assert state.chance is not None
    assert np.array_equal(encoding.observation(state, 1),
                          reference_encoding.observation(state, 1))
