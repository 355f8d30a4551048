"""`ingenium compare`: two line-ups or variants on the same seeds, or two results files, side
by side with B − A and its 95% interval."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ingenium.cli import app
from ingenium.sim.inference import proportion_difference

runner = CliRunner()
BASE = ["compare", "legendary-inventors", "--players", "2", "--bots", "random,random",
        "--games", "8", "--seed", "11"]


def compared(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout.strip().splitlines()[-1])


def rows_of(comparison: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(r["section"], r["name"]): r for r in comparison["rows"]}


def test_two_line_ups_on_the_same_seeds_side_by_side() -> None:
    comparison = compared(*BASE, "--against-bots", "greedy:depth=1,random")
    a, b = comparison["a"], comparison["b"]
    assert a["games"] == b["games"] == 8
    rows = rows_of(comparison)
    win = rows["win rate", "Player 1"]
    assert (win["a"], win["b"]) == (a["seats"][0]["win_rate"], b["seats"][0]["win_rate"])
    expected = proportion_difference(b["seats"][0]["wins"], 8, a["seats"][0]["wins"], 8)
    assert (win["difference"], win["low"], win["high"]) == pytest.approx(expected)
    score = rows["score", "Player 1"]
    assert score["difference"] == pytest.approx(score["b"] - score["a"])
    assert score["low"] < score["difference"] < score["high"]
    assert ("length", "turns") in rows and ("points", "cards") in rows
    assert comparison["b_label"] == "no variant · greedy:depth=1,random"


def test_the_same_run_twice_is_refused_in_one_line() -> None:
    result = runner.invoke(app, BASE)
    assert result.exit_code == 2 and "runs A and B are the same" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_two_results_files_compare_like_two_runs(tmp_path: Path) -> None:
    for name, bots in (("a", "random,random"), ("b", "greedy:depth=1,random")):
        done = runner.invoke(app, ["simulate", "legendary-inventors", "--players", "2",
                                   "--bots", bots, "--games", "8", "--seed", "11", "--out",
                                   str(tmp_path / f"{name}.jsonl")])
        assert done.exit_code == 0, done.output
    from_files = compared("compare", "--results", str(tmp_path / "a.jsonl"), "--results",
                          str(tmp_path / "b.jsonl"))
    played = compared(*BASE, "--against-bots", "greedy:depth=1,random")
    def figures(c: dict[str, Any]) -> list[tuple[Any, ...]]:
        return [(r["section"], r["name"], r["a"], r["b"], r["difference"]) for r in c["rows"]]

    assert figures(from_files) == figures(played)


def test_the_report_and_the_table_name_both_runs(tmp_path: Path) -> None:
    page = tmp_path / "compare.html"
    result = runner.invoke(app, [*BASE, "--against-bots", "greedy:depth=1,random",
                                 "--report", str(page)])
    assert result.exit_code == 0, result.output
    assert "B − A" in result.stdout and "win rate" in result.stdout
    html = page.read_text()
    assert 'id="figure-differences"><svg' in html and 'id="table-comparison"' in html
