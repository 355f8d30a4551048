"""The mutation run's injected bugs still apply: each mutant's `find` occurs exactly once in
its rules module, so a change that moves or rewords the code cannot leave a mutant silently
unused (scripts/mutation_run.py refuses to start then)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location("mutation_run", ROOT / "scripts" / "mutation_run.py")
assert SPEC is not None and SPEC.loader is not None
mutation_run = importlib.util.module_from_spec(SPEC)
sys.modules["mutation_run"] = mutation_run  # its dataclasses look their module up
SPEC.loader.exec_module(mutation_run)


@pytest.mark.parametrize("game", mutation_run.GAMES)
def test_every_mutant_applies_once(game: str) -> None:
    mutants = mutation_run.load(game)  # SystemExit names the mutant that no longer applies
    assert mutants and all(m.rule for m in mutants)
