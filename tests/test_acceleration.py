"""The opt-in compiled build (acceleration.py, setup.py): what it lists is there and may be
compiled, and `INGENIUM_EXPECT_COMPILED=1` (scripts/test-compiled.sh) checks that the installed
package really runs those modules compiled."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pydantic
import pytest

import ingenium
from ingenium.acceleration import MODULES, build_info

SRC = Path(__file__).resolve().parents[1] / "src"
EXPECT_COMPILED = os.environ.get("INGENIUM_EXPECT_COMPILED") == "1"
# Kept pure (acceleration.py says why): input validation and what pydantic introspects.
PURE_PREFIXES = ("ingenium.engine.",)
PURE_PARTS = (".components.",)
PURE_LAST_NAMES = ("table", "steps", "machine", "game")
PURE_MODULES = ("ingenium.games.civolution.rules.materials", "ingenium.games.civolution.scoring")
# outside the games, only the search tree is compiled (acceleration.py says why)
SEARCH_MODULES = ("ingenium.bots.tree",)
# Prints the build, then an md5 of a seeded random game per setup: the deciding seat's view and
# observation at every position, then the history, the scores and the save.
DIGEST = """
import hashlib, random, ingenium
from ingenium.acceleration import build_info
print(build_info())
for name, players, variant in [("legendary-inventors", 3, None), ("inventions", 3, None),
                               ("civolution", 3, None), ("civolution", 1, "medium")]:
    game, digest = ingenium.get_game(name), hashlib.md5()
    for seed in range(1):
        state, rng = game.new_game(players=players, seed=seed, variant=variant), random.Random(seed)
        while not state.is_terminal:
            decision = state.decision
            digest.update(repr(state.view(decision.seat)).encode())
            digest.update(state.observation(decision.seat).tobytes())
            state.apply(decision.options[rng.randrange(len(decision.options))])
        digest.update(repr((state.history, state.scores(), state.to_json())).encode())
    print(name, players, variant, digest.hexdigest())
"""


def test_the_listed_modules_exist_once_each() -> None:
    assert len(set(MODULES)) == len(MODULES) > 0
    for name in MODULES:
        assert importlib.util.find_spec(name) is not None, name


def test_nothing_kept_pure_is_listed() -> None:
    for name in MODULES:
        assert name.startswith("ingenium.games.") or name in SEARCH_MODULES, name
        assert not name.startswith(PURE_PREFIXES), name
        assert not any(part in name for part in PURE_PARTS), name
        assert name.rsplit(".", 1)[1] not in PURE_LAST_NAMES, name
        assert name not in PURE_MODULES, name


def test_no_listed_module_defines_a_pydantic_model() -> None:
    for name in MODULES:
        module = importlib.import_module(name)
        classes = [value for value in vars(module).values()
                   if inspect.isclass(value) and value.__module__ == name]
        assert not [c for c in classes if issubclass(c, pydantic.BaseModel)], name


def test_build_info_counts_the_compiled_modules() -> None:
    info = build_info()
    assert set(info) == {"compiled", "modules"}
    assert info["compiled"] == (info["modules"] != 0)
    if EXPECT_COMPILED:
        assert info == {"compiled": True, "modules": len(MODULES)}
    elif Path(ingenium.__file__).resolve().is_relative_to(SRC):
        assert info == {"compiled": False, "modules": 0}  # the sources are pure Python


@pytest.mark.skipif(not EXPECT_COMPILED, reason="only against the compiled build")
def test_the_installed_package_runs_the_listed_modules_compiled() -> None:
    assert not Path(ingenium.__file__).resolve().is_relative_to(SRC), ingenium.__file__
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for name in MODULES:
        assert str(importlib.import_module(name).__file__).endswith(suffixes), name
    assert str(importlib.import_module("ingenium.engine.state").__file__).endswith(".py")


@pytest.mark.skipif(not EXPECT_COMPILED, reason="only against the compiled build")
def test_the_compiled_build_plays_the_same_games_as_the_sources() -> None:
    def run(env: dict[str, str]) -> str:
        done = subprocess.run([sys.executable, "-c", DIGEST], env=env, capture_output=True,
                              text=True, check=True)
        return done.stdout

    compiled = run({k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    pure = run({**os.environ, "PYTHONPATH": str(SRC)})
    assert compiled.startswith("{'compiled': True,") and pure.startswith("{'compiled': False,")
    assert compiled.split("\n", 1)[1] == pure.split("\n", 1)[1]
    assert compiled.count("\n") == 5
