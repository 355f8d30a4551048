"""Solo Mode everywhere the CLI reaches: `ingenium simulate` and `ingenium play` with one player
and a difficulty level (bot seat and human seat)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ingenium.cli import app

runner = CliRunner()


def test_solo_simulate_greedy_against_vici_reports_win_rate_and_statistics() -> None:
    result = runner.invoke(app, ["simulate", "civolution", "--players", "1", "--variant",
                                 "expert", "--bots", "greedy", "--games", "1", "--seed", "1",
                                 "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["games"] == 1 and summary["players"] == 1
    seat = summary["seats"][0]
    assert seat["bot"] == "greedy" and 0 <= seat["wins"] <= 1
    assert "solo" in json.dumps(summary)  # V.I.C.I's score and the margin (Game.statistics)


def test_solo_play_bot_only_runs_to_the_end() -> None:
    result = runner.invoke(app, ["play", "civolution", "--players", "1", "--variant",
                                 "beginner", "--seats", "greedy", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.stdout and "V.I.C.I reveals action card" in result.stdout


def test_solo_play_human_seat_answers_by_number() -> None:
    result = runner.invoke(app, ["play", "civolution", "--players", "1", "--variant", "expert",
                                 "--seed", "3"], input="1\n" * 600)
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.stdout


def test_solo_play_without_a_level_is_a_one_line_error() -> None:
    result = runner.invoke(app, ["play", "civolution", "--players", "1"])
    assert result.exit_code != 0
    assert "needs a difficulty level" in result.output
