"""The rulebooks' properties, checked after every step of seeded random and greedy games of
every game, player count and solo level (tests/properties/harness.py).

Quick in CI: a few games per setup, scaled by the game's cost. The long run:
INGENIUM_PROPERTY_GAMES=50 multiplies every count (`python -m tests.properties.run GAME
--seeds 0-99` does the same for one game outside pytest).
"""

from __future__ import annotations

import os

import pytest

import ingenium
from tests.conftest import Setup, game_setups
from tests.properties.harness import GENERIC, play_checked, properties_of

SCALE = int(os.environ.get("INGENIUM_PROPERTY_GAMES", "1"))
# random games per setup in a quick run: a Civolution game costs about 15 Legendary Inventors
RANDOM_GAMES = {"legendary-inventors": 6, "inventions": 3, "civolution": 1}
# one greedy game per game and count in a quick run (Civolution at depth 1: greedy's lookahead
# is what costs)
GREEDY = {"legendary-inventors": "greedy", "inventions": "greedy", "civolution": "greedy:depth=1"}
# the least each game declares: the heavy games well over 100
MIN_PROPERTIES = {"legendary-inventors": 40, "inventions": 100, "civolution": 100}


def _setup_id(setup: Setup) -> str:
    name, players, variant = setup
    return f"{name}-{players}p" + (f"-{variant}" if variant else "")


SETUPS = game_setups()


@pytest.mark.parametrize("setup", SETUPS, ids=_setup_id)
def test_rulebook_properties_hold_in_random_games(setup: Setup) -> None:
    name, players, variant = setup
    violations = []
    for seed in range(RANDOM_GAMES[name] * SCALE):
        violations += play_checked(name, players, 1000 + seed, variant, "random")
    assert not violations, "\n".join(str(v) for v in violations[:20])


GREEDY_SETUPS = [s for s in SETUPS if s[2] is None or s[2] in ("medium", "expert+extra-tough")]


@pytest.mark.parametrize("setup", GREEDY_SETUPS, ids=_setup_id)
def test_rulebook_properties_hold_in_greedy_games(setup: Setup) -> None:
    name, players, variant = setup
    violations = []
    for seed in range(SCALE):
        violations += play_checked(name, players, 2000 + seed, variant, GREEDY[name])
    assert not violations, "\n".join(str(v) for v in violations[:20])


@pytest.mark.parametrize("name", ingenium.game_names())
def test_each_game_declares_its_rulebook_properties(name: str) -> None:
    props = properties_of(name)
    own = props[len(GENERIC):]
    assert len(own) >= MIN_PROPERTIES[name], f"{name}: {len(own)} properties"
    names = [p.name for p in props]
    assert len(set(names)) == len(names)
    assert all(p.section.strip() for p in props)
