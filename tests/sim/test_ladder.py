"""Bot ladders: round robin with rotated seats, Bradley–Terry ratings, the pairwise matrix."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from ingenium.cli import app
from ingenium.sim import GameResult
from ingenium.sim.ladder import bradley_terry, ladder, ladder_jobs, lineups, pairwise

runner = CliRunner()


def test_lineups_are_every_set_of_distinct_bots_or_the_bots_in_turn() -> None:
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert lineups(["a", "b", "c"], 3) == [("a", "b", "c")]
    assert lineups(["a", "b"], 4) == [("a", "b", "a", "b")]
    with pytest.raises(ValueError, match="at least two bots"):
        lineups(["a"], 2)
    with pytest.raises(ValueError, match="listed twice"):
        lineups(["a", "a"], 2)


def test_seats_rotate_and_every_deal_is_played_from_every_seat() -> None:
    jobs = ladder_jobs("inventions", 3, ["random", "greedy", "ismcts"], 6, seed=10)
    assert len(jobs) == 6
    seats = Counter((job.bots.index(bot), bot) for job in jobs for bot in job.bots)
    assert set(seats.values()) == {2}  # each bot twice in each of the 3 seats
    by_seed = Counter(job.seed for job in jobs)
    assert by_seed == {10: 3, 11: 3}
    two = ladder_jobs("legendary-inventors", 2, ["a", "b", "c"], 4)
    assert Counter(job.bots for job in two) == {
        ("a", "b"): 2, ("b", "a"): 2, ("a", "c"): 2, ("c", "a"): 2, ("b", "c"): 2,
        ("c", "b"): 2}


def result(bots: tuple[str, ...], ranking: tuple[int, ...],
           winners: tuple[int, ...]) -> GameResult:
    return GameResult("g", len(bots), None, 0, bots, (0,) * len(bots), ranking, winners, 1, 0.0)


def test_pairwise_results_break_rankings_and_share_first_places() -> None:
    bots = ["a", "b", "c"]
    wins, met = pairwise([result(("a", "b", "c"), (2, 0, 1), (2,)),
                          result(("b", "c", "a"), (0, 2, 1), (0, 2))], bots)
    total, meetings = wins.sum(axis=0), met.sum(axis=0)
    # game 1: c, a, b; game 2: b and a share first place (half each), c last
    assert total[2, 0] == 1.0 and total[0, 2] == 1.0
    assert total[0, 1] == 1.5 and total[1, 0] == 0.5
    assert total[1, 2] == 1.0 and total[2, 1] == 1.0
    assert (meetings == np.array([[0, 2, 2], [2, 0, 2], [2, 2, 0]])).all()
    assert (total + total.T == meetings).all()


def test_bradley_terry_orders_by_strength_and_centres_on_1500() -> None:
    wins = np.array([[0.0, 8.0, 9.0], [2.0, 0.0, 7.0], [1.0, 3.0, 0.0]])
    ratings = bradley_terry(wins, wins + wins.T)
    assert ratings[0] > ratings[1] > ratings[2]
    assert ratings.mean() == pytest.approx(1500)
    even = bradley_terry(np.array([[0.0, 5.0], [5.0, 0.0]]), np.array([[0.0, 10.0],
                                                                       [10.0, 0.0]]))
    assert even == pytest.approx([1500, 1500])


def test_ladder_of_hand_made_games_rates_the_stronger_bot_higher() -> None:
    games = [result(("s", "w"), (0, 1), (0,))] * 9 + [result(("w", "s"), (0, 1), (0,))]
    board = ladder(games, ["w", "s"])
    assert [r.bot for r in board.ratings] == ["s", "w"]
    top = board.ratings[0]
    assert top.low <= top.rating <= top.high
    assert board.ahead == [[None, 0.1], [0.9, None]]
    assert board.meetings == [[0, 10], [10, 0]]


def test_ladder_command_prints_ratings_matrix_and_writes_a_report(tmp_path: Path) -> None:
    args = ["ladder", "legendary-inventors", "--players", "2", "--bots", "random,greedy",
            "--games", "6", "--seed", "1"]
    result_json = runner.invoke(app, [*args, "--json", "--report", str(tmp_path / "l.html"),
                                      "--plots", str(tmp_path / "png")])
    assert result_json.exit_code == 0, result_json.output
    board = json.loads(result_json.stdout.strip().splitlines()[-1])
    assert board["games"] == 6
    assert [r["bot"] for r in board["ratings"]] == ["greedy", "random"]
    assert board["ahead"][1][0] + board["ahead"][0][1] == pytest.approx(1.0)
    page = (tmp_path / "l.html").read_text(encoding="utf-8")
    for r in board["ratings"]:
        assert f'data-value="{r["rating"]!r}">{r["rating"]:.0f}<' in page
    assert {p.stem for p in (tmp_path / "png").glob("*.png")} == {
        "ratings", "win-matrix", "win-rate-bot"}
    table = runner.invoke(app, args)
    assert table.exit_code == 0 and "Bradley–Terry" in table.stdout and "greedy" in table.stdout


@pytest.mark.parametrize(("bots", "message"), [
    ("greedy", "at least two bots"), ("greedy,greedy", "listed twice"),
    ("greedy,wizard", "unknown bot 'wizard'")])
def test_ladder_bad_bots_give_one_line_errors(bots: str, message: str) -> None:
    result = runner.invoke(app, ["ladder", "legendary-inventors", "--bots", bots, "--games", "1"])
    assert result.exit_code == 2
    assert message in result.output
