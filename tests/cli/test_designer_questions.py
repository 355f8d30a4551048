"""The designer's run: `simulate civolution --players 3 ... --json --report` has points by
source and actions per seat that add up to the scores, and a report that answers the four
questions (is it balanced, which actions win, is a seat favoured, how long are games),
each number beside the JSON summary's. greedy:depth=1 stands in for greedy, for speed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from ingenium.cli import app
from tests.sim.test_report import tables_of

runner = CliRunner()


@pytest.fixture(scope="module")
def civolution(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str]:
    folder = tmp_path_factory.mktemp("civolution")
    result = runner.invoke(app, [
        "simulate", "civolution", "--players", "3", "--bots",
        "greedy:depth=1,greedy:depth=1,greedy:depth=1", "--games", "4", "--seed", "1",
        "--json", "--report", str(folder / "civ.html")])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    return summary, (folder / "civ.html").read_text(encoding="utf-8")


def test_civolution_points_and_actions_per_seat_add_up_to_the_scores(
        civolution: tuple[dict[str, Any], str]) -> None:
    summary, _ = civolution
    points, actions = summary["statistics"]["points"], summary["statistics"]["actions"]
    for seat in summary["seats"]:
        who = f"Player {seat['seat'] + 1}"
        assert sum(v[who]["mean"] for v in points.values()) == \
            pytest.approx(seat["mean_score"])
        assert sum(v[who]["mean"] for v in actions.values()) > 10  # activations and Resets
        assert any(k.startswith("final: ") and v[who]["mean"] > 0 for k, v in points.items())
    for group in ("points by era", "actions by era", "tribes", "buildings", "play"):
        assert group in summary["statistics"]
    assert set(summary["length"]["units"]) == {"eras", "action turns", "Resets"}
    assert summary["length"]["units"]["eras"]["mean"] == 4


def test_the_report_answers_the_four_questions(civolution: tuple[dict[str, Any], str]) -> None:
    summary, page = civolution
    answers = page[page.index('<section id="answers">'):].split("</section>")[0]
    for question in ("Is it balanced?", "Which actions win?", "Is a seat favoured?",
                     "How long are games?"):
        assert f"<dt>{question}</dt><dd>" in answers
    test = summary["designer"]["seat_tests"][0]
    assert f"chi-square p = {test['p_value']:.3g}" in answers
    assert "action turns: mean " in answers and "eras: mean 4" in answers


def test_the_designer_tables_hold_the_json_numbers(
        civolution: tuple[dict[str, Any], str]) -> None:
    summary, page = civolution
    tables = tables_of(page)
    designer = summary["designer"]
    tests = tables["table-seat-tests"][1:]
    assert [[v for _, v in row[1:]] for row in tests] == [
        [t["statistic"], t["df"], t["p_value"]] for t in designer["seat_tests"]]
    for group in ("points", "actions", "tribes"):
        rows = tables[f"table-winners-{group}"][1:]
        expected = designer["contrasts"][group]
        assert [row[0][0] for row in rows] == [c["key"] for c in expected]
        assert [[v for _, v in row[1:]] for row in rows] == [
            [c[k] for k in ("winners", "rest", "difference", "low", "high", "correlation",
                            "correlation_low", "correlation_high")] for c in expected]
    correlates = tables["table-correlates"][1:]
    assert [(r[0][0], r[1][0]) for r in correlates] == [
        (c["group"], c["key"]) for c in designer["correlates"]]
    assert "points" not in {c["group"] for c in designer["correlates"]}
    units = {row[0][0]: [v for _, v in row[1:]] for row in tables["table-length-units"][1:]}
    for unit, d in summary["length"]["units"].items():
        assert units[unit] == [d[k] for k in ("mean", "sd", "min", "q1", "median", "q3",
                                              "max")]
    seats = tables["table-seat-scores"][1:]
    assert [[v for _, v in row[2:]] for row in seats] == [
        [s["mean_score"], s["sd_score"], *s["score_quartiles"]] for s in summary["seats"]]


def test_every_statistics_group_gets_its_section(civolution: tuple[dict[str, Any], str]) -> None:
    summary, page = civolution
    for group in summary["statistics"]:
        heading = {"points": "Points by source", "actions": "Action frequencies"}.get(
            group, group[0].upper() + group[1:])
        assert f"<h2>{heading}</h2>" in page.replace("&#x27;", "'")
