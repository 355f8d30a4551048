"""The researcher's first-hour example trains MaskablePPO and evaluates it (tiny budget)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("sb3_contrib")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_trains_against_greedy_and_reports_a_win_rate_interval(
        tmp_path: Path) -> None:
    example = load_example()
    saved = tmp_path / "model.zip"
    result = example.main(["--timesteps", "64", "--eval-games", "2", "--seed", "3",
                           "--save", str(saved)])
    assert saved.exists() and result["opponents"] == "greedy" and result["timesteps"] == 64
    model = example.MaskablePPO.load(saved)
    assert model.num_timesteps >= 64
    for policy in ("ppo", "random"):
        r = result[policy]
        assert r["games"] == 2 and r["illegal_actions"] == 0
        assert 0.0 <= r["win_low"] <= r["win_rate"] <= r["win_high"] <= 1.0
