"""The chance model of the engine contract, over every registered game and player count.

Chance is explicit and recorded: every draw is a chance entry in the history, the history alone
replays the game, explicit mode (the caller resolves each chance node) and the automatic sources
give the same game for the same outcomes, and undo never crosses a chance entry.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import ingenium
from ingenium.engine import CHANCE, EXPLICIT, SECURE, BadSave, IllegalMove, State
from tests.conftest import Setup, heavy_stride

GAMES_PER_COUNT = 3


def random_game(name: str, players: int, variant: str | None, seed: int) -> State[Any]:
    """A seeded random game played to its end."""
    state = ingenium.get_game(name).new_game(players, seed, variant)
    rng = random.Random(seed)
    while state.decision is not None:
        state.apply(rng.choice(state.decision.options))
    return state


def test_chance_entries_are_in_the_history(game_and_players: Setup) -> None:
    state = random_game(*game_and_players, 1)
    chance = [entry for seat, entry in state.history if seat == CHANCE]
    assert chance, "a game with face-down components must record its draws"
    assert all(":" in entry for entry in chance)
    name, players, variant = game_and_players
    setup = ingenium.get_game(name).new_game(players, 1, variant)
    assert setup.history and all(seat == CHANCE for seat, _ in setup.history)


def test_the_history_alone_replays_the_game(game_and_players: Setup) -> None:
    name, players, variant = game_and_players
    game = ingenium.get_game(name)
    for seed in range(GAMES_PER_COUNT):
        state = random_game(name, players, variant, seed)
        for source_seed, chance in ((None, "seeded"), (987654, "seeded"), (None, SECURE),
                                    (None, EXPLICIT)):
            replayed = game.replay(players, source_seed, variant, state.history, chance)
            assert replayed.table.to_data() == state.table.to_data()
            assert replayed.history == state.history
            assert replayed.is_terminal and replayed.scores() == state.scores()


def test_explicit_mode_gives_the_same_game_for_the_same_outcomes(
        game_and_players: Setup) -> None:
    name, players, variant = game_and_players
    game = ingenium.get_game(name)
    auto = random_game(name, players, variant, 4)
    explicit = game.new_game(players, variant=variant, chance=EXPLICIT)
    nodes = 0
    for seat, entry in auto.history:
        if seat == CHANCE:
            node = explicit.chance
            assert node is not None and explicit.decision is None
            assert not explicit.is_terminal
            assert abs(sum(p for _, p in node.outcomes()) - 1.0) < 1e-9
            explicit.apply_chance(entry)
            nodes += 1
        else:
            assert explicit.chance is None
            assert explicit.decision is not None and explicit.decision.seat == seat
            explicit.apply(entry)
    assert nodes and explicit.is_terminal
    assert explicit.history == auto.history
    assert explicit.table.to_data() == auto.table.to_data()
    assert [e.to_dict() for e in explicit.events] == [e.to_dict() for e in auto.events]


def test_explicit_mode_random_play_saves_clones_and_refuses_bad_outcomes(
        game_and_players: Setup) -> None:
    name, players, variant = game_and_players
    game = ingenium.get_game(name)
    rng = random.Random(7)
    state = game.new_game(players, variant=variant, chance=EXPLICIT)
    checked = 0
    while not state.is_terminal:
        node = state.chance
        if node is None:
            assert state.decision is not None
            state.apply(rng.choice(state.decision.options))
            continue
        if checked < 25:
            checked += 1
            fingerprint = state.fingerprint()
            with pytest.raises(IllegalMove):
                state.apply(0)  # a decision while chance is due
            with pytest.raises(IllegalMove):
                state.apply_chance(10**9)
            with pytest.raises(IllegalMove):
                state.apply_chance("no-such-kind:0")
            assert state.fingerprint() == fingerprint
            loaded = game.from_json(state.to_json())
            assert loaded.fingerprint() == fingerprint and loaded.chance == node
            clone = state.clone()
            clone.apply_chance(node.outcomes()[0][0])
            assert state.fingerprint() == fingerprint and state.chance == node
        codes, weights = zip(*node.outcomes(), strict=True)
        state.apply_chance(rng.choices(codes, weights)[0])
    assert checked
    replayed = game.replay(players, None, variant, state.history)
    assert replayed.table.to_data() == state.table.to_data()


def test_undo_never_crosses_a_chance_entry(game_and_players: Setup) -> None:
    name, players, variant = game_and_players
    state = ingenium.get_game(name).new_game(players, 2, variant)
    rng = random.Random(2)
    stride = heavy_stride(name)
    while state.decision is not None:
        seat = state.decision.seat
        allowed = state.undoable(seat)
        assert all(s == seat for s, _ in state.history[len(state.history) - allowed:])
        if allowed and len(state.history) % stride == 0:
            before = state.history[:-allowed]
            assert state.undo(seat, allowed).history == before
        state.apply(rng.choice(state.decision.options))


def test_secure_chance_has_no_seed_and_differs_between_tables(
        game_and_players: Setup) -> None:
    name, players, variant = game_and_players
    game = ingenium.get_game(name)
    a = game.new_game(players, variant=variant, chance=SECURE)
    b = game.new_game(players, variant=variant, chance=SECURE)
    assert a.seed is None and a.rng is None
    body = json.loads(a.to_json())
    assert body["seed"] is None and body["rng"] is None
    assert a.history != b.history  # two tables from the same request are two deals
    rng = random.Random(3)
    for _ in range(30):
        if a.decision is None:
            break
        a.apply(rng.choice(a.decision.options))
    again = game.replay(players, None, variant, a.history, SECURE)
    assert again.table.to_data() == a.table.to_data()


def test_a_history_with_a_forged_chance_outcome_is_refused(
        game_and_players: Setup) -> None:
    name, players, variant = game_and_players
    game = ingenium.get_game(name)
    state = game.new_game(players, 5, variant)
    history = list(state.history)
    kind, _, _ = history[0][1].rpartition(":")
    for forged in (f"{kind}:999999", "not-a-kind:0", "garbage"):
        with pytest.raises(BadSave):
            game.replay(players, None, variant, [(CHANCE, forged), *history[1:]])
    with pytest.raises(BadSave):
        game.replay(players, None, variant, [*history, (CHANCE, history[0][1])])
    with pytest.raises(BadSave):
        game.replay(players, None, variant, [("x", "y")])  # type: ignore[list-item]


def test_chance_codes_stay_below_max_chance_outcomes(game_and_players: Setup) -> None:
    """OpenSpiel's chance actions are the codes: each game declares their bound."""
    name, players, variant = game_and_players
    game = ingenium.get_game(name)
    for seed in range(GAMES_PER_COUNT):
        state = random_game(name, players, variant, seed)
        codes = [int(entry.rpartition(":")[2]) for seat, entry in state.history if seat == CHANCE]
        assert codes and max(codes) < game.max_chance_outcomes and min(codes) >= 0


def test_a_determinized_world_keeps_only_what_its_seat_saw(
        game_and_players: Setup) -> None:
    """Cards dealt face down to others are '?' in the world's history and blank in its log;
    the seat's own history as it lived it is unchanged, and so is its view."""
    name, players, variant = game_and_players
    state = ingenium.get_game(name).new_game(players, 6, variant)
    rng = random.Random(6)
    for _ in range(60):
        if state.decision is None:
            break
        state.apply(rng.choice(state.decision.options))
    for seat in range(players):
        world = state.determinize(seat, random.Random(seat))
        assert world.history_seen_by(seat) == state.history_seen_by(seat)
        assert world.view(seat) == state.view(seat)
        for index, seats in state.private_chance.items():
            if seat not in seats:
                assert world.history[index][1].endswith(":?")
                assert world.history[index] != state.history[index]
        for event in world.events:
            if not event.visible(seat):
                assert event.text == "" and event.data == {}
        assert [e.to_dict() for e in world.visible_events(seat)] == \
            [e.to_dict() for e in state.visible_events(seat)]
