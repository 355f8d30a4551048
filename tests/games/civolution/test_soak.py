"""Random play from Setup to the final scoring, for every player count and variant: every game
ends, no question is a dead end, and components are conserved (50 markers and 20 tribes per
civilization, every research card in one place) all the way. More seeds:
INGENIUM_CIVOLUTION_SOAK_SEEDS (default 2 per player count and variant)."""

from __future__ import annotations

import os
import random

import pytest

from ingenium.bots import make_bot
from ingenium.games.civolution.game import SOLO_VARIANTS
from ingenium.games.civolution.invariants import invariants
from ingenium.games.civolution.rules.solo.table import VICI
from ingenium.games.civolution.table import OVER

from .scenario import GAME

SEEDS = int(os.environ.get("INGENIUM_CIVOLUTION_SOAK_SEEDS", "2"))
CHECK_EVERY = 25
LIMIT = 20_000


@pytest.mark.parametrize("variant", (None, "first-play", "advanced", "first-play-advanced"))
@pytest.mark.parametrize("players", (2, 3, 4))
def test_random_play_every_game_ends_without_dead_ends_and_conserves_components(
        players: int, variant: str | None) -> None:
    for seed in range(SEEDS):
        state = GAME.new_game(players, 100 + seed, variant)
        rng = random.Random(seed)
        moves = 0
        while not state.is_terminal:
            decision = state.decision
            assert decision is not None and decision.options, (seed, moves)
            state.apply(rng.choice(decision.options))
            moves += 1
            assert moves < LIMIT, (seed, "no end")
            if moves % CHECK_EVERY == 0:
                assert not invariants(state.table), (seed, moves, invariants(state.table))
        assert state.table.phase == OVER and not invariants(state.table)


@pytest.mark.parametrize("variant", SOLO_VARIANTS)
def test_solo_mode_random_play_ends_and_conserves_vici_components(variant: str) -> None:
    """Solo Mode at every level (and extra-tough): random play by the human to the final
    scoring, only seat 0 ever deciding; V.I.C.I's 15 tribes, 50 markers and 15 action cards
    stay conserved (invariants.vici_components) with everything else."""
    game = GAME
    for seed in range(SEEDS):
        state = game.new_game(1, seed=200 + seed, variant=variant)
        rng = random.Random(seed)
        moves = 0
        while not state.is_terminal:
            decision = state.decision
            assert decision is not None and decision.options and decision.seat == 0
            state.apply(rng.choice(decision.options))
            moves += 1
            assert moves < LIMIT, (seed, "no end")
            if moves % CHECK_EVERY == 0:
                assert not invariants(state.table), (seed, moves, invariants(state.table))
        t = state.table
        assert t.phase == OVER and not invariants(t)
        assert state.scores() == [t.score[0]]
        assert state.winners() == ([0] if t.score[0] > t.score[VICI] else [])


def test_greedy_against_greedy_reaches_the_end_without_a_loop_of_questions() -> None:
    """Greedy breaks ties by the first option: taking an attribute chip and declining it at the
    chip's question once sent its turn round the same two questions for ever."""
    state = GAME.new_game(2, 1)
    bots = [make_bot("greedy", seat, 7 + seat) for seat in range(2)]
    moves = 0
    while (decision := state.decision) is not None:
        state.apply(bots[decision.seat].choose(state, decision))
        moves += 1
        assert moves < 2_000, "no end"
    assert state.table.phase == OVER
