"""Shared test settings: how many seeded games the soak tests play (CI: the full count)."""

from __future__ import annotations

import os

import pytest

import ingenium

# Games per player count in the conformance soak. CI runs the default, 120 (a Legendary
# Inventors 5p count then takes about 40 s of one core, an Inventions 4p one 33 s); the long
# soak runs on request, INGENIUM_SOAK_GAMES=300 (it was CI's count until the suite's time, 26
# minutes on a loaded machine, asked for less), and a quick local run can lower it to 20.
SOAK_GAMES = int(os.environ.get("INGENIUM_SOAK_GAMES", "120"))
# Heavy games play fewer soak games per player count, scaled by what a game costs (a random
# Civolution game with its checks costs about 0.6-1.4 s, a Legendary Inventors 5p one 0.9 s:
# Civolution's counts get about the CPU time of the others' heaviest), fewer of them checked in
# full, and those (a save round trip replays the whole history) and undo (a replay too) at every
# few decisions only; a solo level is a tenth of the solo count. A longer soak runs on request:
# INGENIUM_SOAK_GAMES_CIVOLUTION=300, INGENIUM_SOAK_FULL_CIVOLUTION=6,
# INGENIUM_STRIDE_CIVOLUTION=1.
HEAVY_SOAK = {"civolution": int(os.environ.get("INGENIUM_SOAK_GAMES_CIVOLUTION", "30"))}
SOLO_LEVELS = 10  # Civolution's one-player count is split over its ten levels
HEAVY_FULL = {"civolution": int(os.environ.get("INGENIUM_SOAK_FULL_CIVOLUTION", "1"))}
HEAVY_STRIDE = {"civolution": int(os.environ.get("INGENIUM_STRIDE_CIVOLUTION", "10"))}


def soak_games(name: str, players: int = 2) -> int:
    """Soak games per player count for a game (per level, for a count that needs one)."""
    games = min(SOAK_GAMES, HEAVY_SOAK.get(name, SOAK_GAMES))
    if ingenium.get_game(name).needs_variant(players):
        games = max(1, games // SOLO_LEVELS)
    return games


def full_check_games(name: str, default: int) -> int:
    """Soak games per player count checked in full at every decision."""
    return min(default, HEAVY_FULL.get(name, default))


def heavy_stride(name: str) -> int:
    """Every how many decisions a game's replaying checks run (1: at every one): the full
    checks of the soak and the undo test's taking back."""
    return HEAVY_STRIDE.get(name, 1)


Setup = tuple[str, int, str | None]  # (game, players, variant)


def game_player_counts() -> list[tuple[str, int]]:
    """(game, players) for every registered game and every player count it allows without a
    variant (Civolution's one player needs its difficulty level: see `game_setups`)."""
    return [(name, n) for name, n, variant in game_setups() if variant is None]


def game_setups() -> list[Setup]:
    """(game, players, variant) for every registered game and player count; a count that
    needs a variant (Civolution solo: its difficulty level) once per variant it allows."""
    setups: list[Setup] = []
    for name in ingenium.game_names():
        game = ingenium.get_game(name)
        for n in range(game.min_players, game.max_players + 1):
            if game.needs_variant(n):
                setups.extend((name, n, variant) for variant in game.variants_for(n))
            else:
                setups.append((name, n, None))
    return setups


def _setup_id(setup: Setup) -> str:
    name, players, variant = setup
    return f"{name}-{players}p" + (f"-{variant}" if variant else "")


@pytest.fixture(params=game_setups(), ids=_setup_id)
def game_and_players(request: pytest.FixtureRequest) -> Setup:
    """Each registered game at each of its player counts (and variant, where one is needed)."""
    return request.param  # type: ignore[no-any-return]
