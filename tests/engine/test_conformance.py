"""The engine contract, checked over every registered game at every player count.

Every later game inherits these tests by registering itself. The cheap checks run at every
decision of every soak game; the costly ones (save round trip, replay, determinize) at every
decision of the first games and at a random sample of decisions of the rest.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pytest

import ingenium
from ingenium.engine import BadSave, IllegalMove, State
from tests.conftest import Setup, full_check_games, heavy_stride, soak_games

FULL_CHECK_GAMES = 6  # games per player count checked in full at every decision
SAMPLE_RATE = 0.03  # share of decisions fully checked in the other games
MAX_DECISIONS = 20_000  # a game longer than this does not terminate


def check_decision(state: State[Any], num_actions: int) -> None:
    """A decision offers options, with unique ids and codes in range."""
    decision = state.decision
    assert decision is not None
    assert decision.options, f"no options at {decision.kind}"
    ids = [o.id for o in decision.options]
    codes = [o.code for o in decision.options]
    assert len(set(ids)) == len(ids), f"duplicate option ids {ids}"
    assert len(set(codes)) == len(codes), f"duplicate codes {codes}"
    assert all(0 <= c < num_actions for c in codes)
    assert 0 <= decision.seat < state.players


def check_full(state: State[Any], rng: random.Random) -> None:
    """Save round trip, clone independence, determinize honesty, observation shape."""
    game = state.game
    fingerprint = state.fingerprint()
    loaded = game.from_json(state.to_json())
    assert loaded.fingerprint() == fingerprint
    assert loaded.history == state.history
    assert loaded.decision == state.decision
    seat = state.decision.seat if state.decision else 0
    clone = state.clone()
    if clone.decision is not None:
        clone.apply(clone.decision.options[0])
        assert state.fingerprint() == fingerprint, "applying to a clone changed the original"
    world = state.determinize(seat, rng)
    assert world.view(seat) == state.view(seat)
    assert world.decision == state.decision
    # the world keeps the seat's own question (determinize): the rules must ask it afresh alike
    assert world.game.decide(world) == state.decision
    assert state.fingerprint() == fingerprint, "determinize changed the original"
    obs = state.observation(seat)
    assert isinstance(obs, np.ndarray)
    assert obs.shape == game.observation_shape
    assert np.isfinite(obs).all()
    json.dumps(state.view(None))
    for s in range(state.players):
        json.dumps(state.view(s))


def check_illegal(state: State[Any]) -> None:
    """Garbage and options not offered raise IllegalMove and change nothing."""
    fingerprint, moves = state.fingerprint(), len(state.history)
    decision = state.decision
    assert decision is not None
    offered = {o.code for o in decision.options}
    missing = next((c for c in range(state.game.num_actions) if c not in offered), None)
    for bad in ("no-such-option", -1, 10**9, None, 3.5, [], missing):
        if bad is None and missing is None:
            continue
        with pytest.raises(IllegalMove):
            state.apply(bad)  # type: ignore[arg-type]
    assert state.fingerprint() == fingerprint and len(state.history) == moves


def play_soak_game(name: str, players: int, seed: int, full: bool,
                   variant: str | None = None) -> State[Any]:
    """One seeded random game with the contract checked along the way."""
    game = ingenium.get_game(name)
    rng = random.Random(seed)
    state = game.new_game(players, seed, variant)
    steps = 0
    stride = heavy_stride(name)
    logged: list[str] = []  # each event as JSON when written: later changes are a bug
    while state.decision is not None:
        if full:
            logged.extend(json.dumps(e.to_dict()) for e in state.events[len(logged):])
        check_decision(state, game.num_actions)
        if (full and steps % stride == 0) or rng.random() < SAMPLE_RATE:
            check_full(state, rng)
            check_illegal(state)
        state.apply(rng.choice(state.decision.options))
        problems = game.invariants(state)
        assert not problems, f"seed {seed} move {steps}: {problems}"
        steps += 1
        assert steps < MAX_DECISIONS, f"seed {seed} does not terminate"
    assert state.is_terminal
    if full:
        logged.extend(json.dumps(e.to_dict()) for e in state.events[len(logged):])
        assert logged == [json.dumps(e.to_dict()) for e in state.events], \
            "an event's data changed after it was logged (it shares a list with the table?)"
    assert len(state.scores()) == players
    assert sorted(state.ranking()) == list(range(players))
    winners = state.winners()  # a solo game against an automated rival may be lost: []
    assert (winners or players == 1) and (not winners or winners[0] == state.ranking()[0])
    with pytest.raises(IllegalMove):
        state.apply(0)
    replayed = game.replay(players, seed, variant, state.history)
    assert replayed.fingerprint() == state.fingerprint()
    return state


def test_soak_random_games_keep_the_contract(
        game_and_players: Setup) -> None:
    name, players, variant = game_and_players
    full = full_check_games(name, FULL_CHECK_GAMES)
    for seed in range(soak_games(name, players)):
        play_soak_game(name, players, seed, full=seed < full, variant=variant)


def test_same_seed_and_history_give_same_fingerprint(game_and_players: Setup) -> None:
    name, players, variant = game_and_players
    game = ingenium.get_game(name)
    a, b = game.new_game(players, 11, variant), game.new_game(players, 11, variant)
    rng = random.Random(5)
    while a.decision is not None:
        assert a.fingerprint() == b.fingerprint()
        option = rng.choice(a.decision.options)
        a.apply(option.id)
        b.apply(option.code)
    assert a.fingerprint() == b.fingerprint()
    assert a.scores() == b.scores()


def test_determinize_resamples_hidden_information(game_and_players: Setup) -> None:
    """Determinize must draw hidden information at random, not hand back the truth."""
    name, players, variant = game_and_players
    state = ingenium.get_game(name).new_game(players, 3, variant)
    worlds = {state.determinize(0, random.Random(k)).fingerprint() for k in range(8)}
    assert state.fingerprint() not in worlds
    assert len(worlds) > 1


def test_bad_setup_and_corrupt_saves_raise_clear_errors(game_and_players: Setup) -> None:
    name, players, variant = game_and_players
    game = ingenium.get_game(name)
    with pytest.raises(ingenium.BadPlayerCount):
        game.new_game(game.max_players + 1)
    with pytest.raises(ingenium.BadPlayerCount):
        game.new_game(game.min_players - 1)
    with pytest.raises(ingenium.UnknownVariant):
        game.new_game(players, variant="no-such-variant")
    state = game.new_game(players, 1, variant)
    state.apply(state.decision.options[0])  # type: ignore[union-attr]
    text = state.to_json()
    for broken in ("", "{", "[]", text[:-5], text.replace('"rng":', '"rng":1'),
                   json.dumps({**json.loads(text), "table": {"age": "x"}})):
        with pytest.raises(BadSave):
            game.from_json(broken)
    with pytest.raises(BadSave):
        game.replay(players, 1, variant, [(0, "no-such-option")])
    with pytest.raises(ingenium.UnknownGame):
        ingenium.get_game("no-such-game")


def test_views_are_snapshots_not_live_references(game_and_players: Setup) -> None:
    """A view taken earlier must not change when the game goes on."""
    name, players, variant = game_and_players
    state = ingenium.get_game(name).new_game(players, 8, variant)
    rng = random.Random(8)
    for _ in range(40):
        before = [json.dumps(state.view(s), sort_keys=True) for s in [None, *range(players)]]
        views = [state.view(s) for s in [None, *range(players)]]
        if state.decision is None:
            break
        state.apply(rng.choice(state.decision.options))
        assert [json.dumps(v, sort_keys=True) for v in views] == before
