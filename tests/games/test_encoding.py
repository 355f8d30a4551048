"""Every game's observation encodes view(seat) completely and honestly.

Complete: two positions whose view(seat) differ never give the same observation, and every
named slice moves when its part of the view does. Honest: it is a function of view(seat) only
(determinize, which resamples what the seat cannot see, leaves it unchanged). Bounded: every
value lies in the game's declared observation bounds.
"""

from __future__ import annotations

import doctest
import json
import random
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ingenium
from ingenium.engine import EXPLICIT, State
from ingenium.games.civolution import encoding as civ_encoding
from ingenium.games.inventions import encoding as inventions_encoding
from ingenium.games.legendary_inventors import encoding as li_encoding
from tests.conftest import game_setups

ENCODINGS: dict[str, ModuleType] = {"legendary-inventors": li_encoding, "civolution": civ_encoding,
                                    "inventions": inventions_encoding}
GAMES_PER_COUNT = 2
SAMPLE_EVERY = 3  # decisions between sampled positions


def _counts(name: str) -> list[tuple[int, str | None]]:
    """Each player count of a game; one that needs a variant (Civolution solo: a difficulty
    level) with its last only (expert+extra-tough: the sampled games stay few)."""
    setups = [(players, variant) for game, players, variant in game_setups() if game == name]
    plain = [s for s in setups if s[1] is None]
    needing = [s for s in setups if s[1] is not None]
    return needing[-1:] + plain


def sampled_positions(name: str) -> list[State[Any]]:
    """Positions from seeded random games at every player count, every few decisions."""
    game = ingenium.get_game(name)
    positions = []
    for players, variant in _counts(name):
        for seed in range(GAMES_PER_COUNT):
            state = game.new_game(players, seed, variant)
            rng = random.Random(seed)
            step = 0
            while (decision := state.decision) is not None:
                if step % SAMPLE_EVERY == 0:
                    positions.append(state.clone())
                state.apply(rng.choice(decision.options))
                step += 1
            positions.append(state)
    return positions


@pytest.fixture(scope="module", params=sorted(ENCODINGS))
def positions(request: pytest.FixtureRequest) -> tuple[str, list[State[Any]]]:
    return request.param, sampled_positions(request.param)


def view_key(state: State[Any], seat: int) -> str:
    return json.dumps(state.view(seat), sort_keys=True)


def test_slices_tile_the_observation_and_match_the_declared_shape() -> None:
    for name, module in ENCODINGS.items():
        game = ingenium.get_game(name)
        assert game.observation_shape == (module.OBSERVATION_SIZE,)
        assert game.observation_bounds == (module.LOW, module.HIGH) == (0.0, 1.0)
        end = 0
        for start, length in module.SLICES.values():
            assert start == end and length > 0
            end = start + length
        assert end == module.OBSERVATION_SIZE


def test_the_table_lists_have_the_lengths_the_encoding_reads(
        positions: tuple[str, list[State[Any]]]) -> None:
    name, states = positions
    module = ENCODINGS[name]
    for state in states[::10]:
        table = state.table
        seats = getattr(table, "players", state.players)  # Civolution solo: 2 on its table
        for field, length in module.raw_lengths(seats).items():
            assert len(getattr(table, field)) == length, field
            top = 10_000 if field == "score" else 128  # points have no printed maximum
            assert all(-2 <= v < top for v in getattr(table, field)), field


def test_different_views_give_different_observations(
        positions: tuple[str, list[State[Any]]]) -> None:
    name, states = positions
    seen: dict[bytes, str] = {}
    for state in states:
        for seat in range(state.players):
            obs = state.observation(seat)
            key = view_key(state, seat)
            assert seen.setdefault(obs.tobytes(), key) == key, \
                f"{name}: two different views of seat {seat} encode alike"
    assert len(seen) > 100


def test_observation_is_bounded_float32_of_the_declared_shape(
        positions: tuple[str, list[State[Any]]]) -> None:
    name, states = positions
    game = ingenium.get_game(name)
    low, high = game.observation_bounds
    for state in states:
        for seat in range(state.players):
            obs = state.observation(seat)
            assert obs.dtype == np.float32 and obs.shape == game.observation_shape
            assert np.isfinite(obs).all() and obs.min() >= low and obs.max() <= high


def test_observation_never_depends_on_hidden_information(
        positions: tuple[str, list[State[Any]]]) -> None:
    _, states = positions
    rng = random.Random(5)
    changed = 0
    for state in states[::3]:
        for seat in range(state.players):
            world = state.determinize(seat, rng)
            assert np.array_equal(world.observation(seat), state.observation(seat))
            changed += world.fingerprint() != state.fingerprint()
    if states[0].game.name in ("inventions", "civolution"):
        assert changed, "determinize resampled nothing: the honesty check checked nothing"


def test_every_slice_moves_with_its_part_of_the_view(
        positions: tuple[str, list[State[Any]]]) -> None:
    name, states = positions
    module = ENCODINGS[name]
    moved = set()
    first = {}
    for state in states:
        for seat in range(state.players):
            for slice_name, values in module.named(state.observation(seat)).items():
                if slice_name not in first:
                    first[slice_name] = values.copy()
                elif not np.array_equal(first[slice_name], values):
                    moved.add(slice_name)
    # chance nodes wait only in explicit mode, held-over Aspiration tiles are rare: see below
    assert set(module.SLICES) - moved <= {"chance", "overflow"}


def first_position(name: str, players: int, wanted: Any) -> State[Any]:
    """The first position of seeded random games where wanted(state) holds."""
    game = ingenium.get_game(name)
    for seed in range(200):
        state = game.new_game(players, seed)
        rng = random.Random(seed)
        while (decision := state.decision) is not None:
            if wanted(state):
                return state
            state.apply(rng.choice(decision.options))
    raise AssertionError("no such position in 200 games")


def test_inventions_two_player_chronos_pieces_are_encoded() -> None:
    """2-Player Rules: Chronos' own slice, and his roles and citizens as relative block 2."""
    state = first_position("inventions", 2, lambda s: s.table.phase == 1)
    t = state.table
    r = t.chronos_region
    fields = inventions_encoding.FIELDS["regions"]
    size = inventions_encoding.SIZE["regions"]
    for seat in (0, 1):
        named = inventions_encoding.named(state.observation(seat))
        chronos = named["chronos_opponent"]
        assert chronos[0] == 1.0 and chronos[1 + r] == 1.0
        region = named["regions"][r * size:(r + 1) * size]
        assert region[fields["presenter"][0] + 2] == 1.0  # block 2: Chronos
        assert region[fields["citizens"][0] + 2] > 0
    three = ingenium.get_game("inventions").new_game(3, 0)
    assert not inventions_encoding.named(three.observation(0))["chronos_opponent"].any()


def test_inventions_held_over_aspiration_tiles_are_encoded_in_order() -> None:
    state = first_position("inventions", 4, lambda s: len(s.table.overflow) >= 1)
    seat = state.decision.seat
    held = inventions_encoding.named(state.observation(seat))["overflow"].reshape(-1, 4)
    width = len(state.table.overflow)
    assert [int(np.flatnonzero(row)[0]) for row in held[:width]] == state.table.overflow
    assert not held[width:].any()


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_a_waiting_chance_node_is_encoded(name: str) -> None:
    module = ENCODINGS[name]
    game = ingenium.get_game(name)
    players, variant = _counts(name)[0]
    state = game.new_game(players, 3, variant, chance=EXPLICIT)
    assert state.chance is not None
    obs = module.named(state.observation(0))
    assert obs["chance"][module.CHANCE_KINDS.index(state.chance.kind)] == 1.0
    assert not obs["decision"].any() and not obs["legal"].any()


def test_legal_slice_is_the_own_options_only() -> None:
    game = ingenium.get_game("legendary-inventors")
    state = game.new_game(3, 4)
    decision = state.decision
    assert decision is not None
    mine = li_encoding.named(state.observation(decision.seat))
    other = li_encoding.named(state.observation((decision.seat + 1) % 3))
    assert sorted(np.flatnonzero(mine["legal"])) == sorted(o.code for o in decision.options)
    assert not other["legal"].any()
    assert mine["decider"][0] == 1.0 and other["decider"][2] == 1.0


def test_inventions_private_goals_show_for_their_owner_and_at_the_end_only() -> None:
    game = ingenium.get_game("inventions")
    state = game.new_game(3, 2)
    fields = inventions_encoding.FIELDS["players"]
    start, length = fields["private_goals"]
    size = inventions_encoding.SIZE["players"]

    def goals(obs: np.ndarray, rel: int) -> np.ndarray:
        block = inventions_encoding.named(obs)["players"][rel * size:(rel + 1) * size]
        return block[start:start + length]

    obs = state.observation(0)
    assert goals(obs, 0).sum() == 3 and goals(obs, 1).sum() == 0 == goals(obs, 2).sum()
    rng = random.Random(0)
    while (decision := state.decision) is not None:
        state.apply(rng.choice(decision.options))
    obs = state.observation(0)
    assert all(goals(obs, rel).sum() == 3 for rel in range(3))


def test_encoding_doctests() -> None:
    for module in ENCODINGS.values():
        assert doctest.testmod(module).failed == 0
