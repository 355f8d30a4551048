"""strength.toml: what benchmarks/bot_strength.py measured, read back exactly, with conditions."""

from __future__ import annotations

import tomllib
from pathlib import Path

from ingenium.bots import LEVELS
from ingenium.bots.strength import Measured, dump, load, merge, played_spec

ROW = Measured("hard", "ismcts:cpu=50", "at 50 ms CPU a decision", "inventions", 3, "greedy",
               60, 31.5, 0.4, 0.65, 49.8, "2026-12-01")


def test_a_written_figure_reads_back_the_same(tmp_path: Path) -> None:
    path = tmp_path / "strength.toml"
    path.write_text(dump([ROW]), encoding="utf-8")
    assert load(path) == [ROW]
    assert ROW.summary() == "52% [40%–65%] vs greedy, 3p, 60 games, at 50 ms CPU a decision"


def test_measuring_again_replaces_only_the_same_case() -> None:
    again = Measured(**{**ROW.__dict__, "wins": 40.0})
    other = Measured(**{**ROW.__dict__, "players": 4})
    assert merge([ROW, other], [again]) == [again, other]


def test_the_shipped_file_holds_levels_with_their_conditions() -> None:
    rows = load()
    assert rows, "strength.toml is missing: run benchmarks/bot_strength.py"
    assert tomllib.loads(dump(rows)) == tomllib.loads(
        (Path(__file__).parents[2] / "src/ingenium/bots/strength.toml").read_text("utf-8"))
    for row in rows:
        assert row.level in LEVELS and row.games > 0 and row.budget and row.date
        assert 0 <= row.low <= row.rate <= row.high <= 1
        # a level's figure is for what the level plays today (at the budget it names)
        budget = float(row.spec.partition("cpu=")[2].split(",")[0] or 0)
        assert played_spec(row.level, budget) == (row.spec, row.budget), row
