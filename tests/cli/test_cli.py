"""The `ingenium` command: play, simulate, bench, replay, and one-line errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ingenium
from ingenium.acceleration import build_info
from ingenium.cli import app

runner = CliRunner()


def test_simulate_json_summary_has_win_rates_with_intervals(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = runner.invoke(app, ["simulate", "legendary-inventors", "--players", "3", "--bots",
                                 "greedy,random,random", "--games", "6", "--seed", "1", "--json",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["games"] == 6 and summary["players"] == 3
    seats = summary["seats"]
    assert [s["bot"] for s in seats] == ["greedy", "random", "random"]
    assert abs(sum(s["wins"] for s in seats) - 6) < 1e-6
    assert all(s["win_low"] <= s["win_rate"] <= s["win_high"] for s in seats)
    lines = out.read_text().splitlines()
    assert len(lines) == 6 and {json.loads(line)["seed"] for line in lines} == set(range(1, 7))


def test_simulate_with_two_workers_gives_the_same_results_as_one() -> None:
    args = ["simulate", "legendary-inventors", "--players", "2", "--bots", "random,greedy",
            "--games", "4", "--seed", "3", "--json"]
    one = json.loads(runner.invoke(app, args).stdout.strip().splitlines()[-1])
    two = json.loads(runner.invoke(app, [*args, "--workers", "2"]).stdout.strip().splitlines()[-1])
    for a, b in zip(one["seats"], two["seats"], strict=True):
        assert (a["wins"], a["mean_score"]) == (b["wins"], b["mean_score"])


def test_simulate_table_output() -> None:
    result = runner.invoke(app, ["simulate", "legendary-inventors", "--players", "2", "--games",
                                 "2"])
    assert result.exit_code == 0
    assert "win rate" in result.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "no-such-game", "--games", "1"], "unknown game 'no-such-game'"),
    (["simulate", "legendary-inventors", "--players", "9", "--games", "1"], "2-5 players"),
    (["simulate", "legendary-inventors", "--players", "2", "--bots", "random,wizard",
      "--games", "1"], "unknown bot 'wizard'"),
    (["simulate", "legendary-inventors", "--players", "3", "--bots", "random", "--games", "1"],
     "1 bots given for 3 players"),
    (["simulate", "legendary-inventors", "--games", "0"], "--games must be at least 1"),
    (["simulate", "legendary-inventors", "--backend", "moon"], "unknown backend"),
    (["play", "legendary-inventors", "--players", "3", "--seats", "human,random"], "2 seats"),
    (["simulate", "legendary-inventors", "--players", "2", "--bots", "greedy:foo=1,random",
      "--games", "1"], "takes depth, learned, noise, not foo"),
    (["simulate", "legendary-inventors", "--players", "2", "--bots", "ismcts:c=nan,random",
      "--games", "1"], "ismcts c must be between"),
    (["play", "legendary-inventors", "--players", "2", "--seats", "human,ismcts:ms=inf"],
     "ismcts ms must be between"),
    (["play", "legendary-inventors", "--players", "2", "--seats", "human,greedy:foo=1"],
     "the greedy bot takes depth, learned, noise, not foo"),
    (["bench", "no-such-game"], "unknown game"),
    # a learned evaluation not shipped for the game and count: before the game, not mid-game
    (["play", "civolution", "--players", "2", "--seats", "human,greedy:learned=1"],
     "no learned evaluation is shipped for civolution with 2 players"),
    (["simulate", "legendary-inventors", "--players", "3", "--bots",
      "random,ismcts:iters=5,learned=1,greedy", "--games", "1"],
     "train one: ingenium train-eval legendary-inventors --players 3"),
])
def test_bad_input_gives_a_one_line_error(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_play_bots_only_prints_final_scores() -> None:
    result = runner.invoke(app, ["play", "legendary-inventors", "--players", "2", "--seats",
                                 "greedy,random", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.stdout


def test_play_human_answers_by_number_and_id_and_can_save(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    moves = "\n".join(["nonsense", "undo", "1", "undo", "1", "save " + str(save), "1",
                       "quit"]) + "\n"
    result = runner.invoke(app, ["play", "legendary-inventors", "--players", "2", "--seats",
                                 "human,random", "--seed", "5"], input=moves)
    assert result.exit_code == 0, result.output
    assert "or: undo, save FILE, load FILE, board, log, help, quit" in result.stdout
    assert "nothing to undo" in result.stdout
    assert "Use an inventor" in result.stdout
    state = ingenium.get_game("legendary-inventors").from_json(save.read_text())
    assert len(state.history) >= 1


def test_replay_steps_through_a_saved_game(tmp_path: Path) -> None:
    game = ingenium.get_game("legendary-inventors")
    state = game.new_game(2, 9)
    while state.decision is not None and len(state.history) < 30:
        state.apply(state.decision.options[0])
    path = tmp_path / "saved.json"
    path.write_text(state.to_json())
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    first = next(option_id for seat, option_id in state.history if seat >= 0)
    label = next(o.label for o in game.new_game(2, 9).decision.options if o.id == first)
    assert f"Player 1: {label}" in result.stdout and "Scores" in result.stdout
    assert first not in result.stdout


@pytest.mark.parametrize("content", ["not json", "[1, 2]", '{"game": "legendary-inventors"}'])
def test_replay_of_a_corrupt_save_is_a_clear_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "error:" in result.stderr and "Traceback" not in result.output


def test_bench_json_reports_every_figure() -> None:
    result = runner.invoke(app, ["bench", "legendary-inventors", "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    for key in ("decisions_per_second", "clone_us", "to_json_us", "view_us", "determinize_us",
                "replay_ms", "observation_in_play_us", "ismcts_iterations_per_cpu_second",
                "ismcts_hard_iterations_per_cpu_second"):
        assert figures[key] > 0
    assert figures["build"] == build_info()  # pure Python or compiled


def test_bench_takes_a_variant_and_benches_solo_civolution() -> None:
    result = runner.invoke(app, ["bench", "civolution", "--players", "1", "--variant", "expert",
                                 "--seconds", "0.2", "--no-search", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert (figures["players"], figures["variant"]) == (1, "expert")
    assert figures["decisions_per_second"] > 0 and "ismcts_iterations_per_cpu_second" not in figures
    plain = runner.invoke(app, ["bench", "civolution", "--players", "1", "--seconds", "0.1",
                                "--no-search", "--json"])
    assert json.loads(plain.stdout)["variant"] == "beginner"
    bad = runner.invoke(app, ["bench", "civolution", "--players", "1", "--variant", "hardest"])
    assert bad.exit_code == 2 and "hardest" in bad.stderr


def test_bench_compare_times_openspiel_tic_tac_toe_in_the_same_run() -> None:
    pytest.importorskip("pyspiel")
    result = runner.invoke(app, ["bench", "legendary-inventors", "--seconds", "0.2",
                                 "--no-search", "--compare", "python_tic_tac_toe", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    reference = out["reference"]
    assert reference["reference"] == "python_tic_tac_toe" and reference["games"] > 0
    row = out["games"][0]
    ratio = row["decisions_per_second"] / reference["decisions_per_second"]
    assert row["x_python_tic_tac_toe"] == round(ratio, 3)
    unknown = runner.invoke(app, ["bench", "legendary-inventors", "--compare", "no_such_game",
                                  "--seconds", "0.1", "--no-search"])
    assert unknown.exit_code == 2 and "no_such_game" in unknown.stderr


def test_games_lists_registered_games() -> None:
    result = runner.invoke(app, ["games"])
    assert "legendary-inventors" in result.stdout


@pytest.mark.parametrize("name", ingenium.game_names())
def test_terminal_board_draws_every_game_mid_play_for_every_seat(name: str) -> None:
    import random

    from rich.console import Console

    from ingenium.render import render_view

    game = ingenium.get_game(name)
    state = game.new_game(game.min_players + 1, 3)
    rng = random.Random(3)
    for _ in range(80):
        if state.decision is None:
            break
        state.apply(rng.choice(state.decision.options))
    console = Console(width=160, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for seat in [None, *range(state.players)]:
        console.print(render_view(state.view(seat)))
    assert console.export_text().count("Player 1") >= state.players


def test_play_inventions_human_sees_own_goals_only() -> None:
    result = runner.invoke(app, ["play", "inventions", "--players", "3", "--seats",
                                 "greedy,human,greedy", "--seed", "4"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Player 2's Private Goals" in result.stdout
    assert "Player 1's Private Goals" not in result.stdout
    assert "Player 3's Private Goals" not in result.stdout
    assert "Stone Age" in result.stdout


def test_play_inventions_two_players_against_chronos() -> None:
    """2-Player Rules: two seats; Chronos plays inside the rules and shows on the board."""
    result = runner.invoke(app, ["play", "inventions", "--players", "2", "--seats",
                                 "human,greedy", "--seed", "3"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Chronos" in result.stdout and "Stone Age" in result.stdout


def test_simulate_solo_reports_the_win_rate_against_vici_and_both_scores() -> None:
    args = ["simulate", "civolution", "--players", "1", "--variant", "beginner", "--bots",
            "random", "--games", "3", "--seed", "2"]
    summary = json.loads(runner.invoke(app, [*args, "--json"]).stdout.strip().splitlines()[-1])
    (seat,) = summary["seats"]
    (vici,) = summary["rivals"]
    assert vici["name"] == "V.I.C.I" and seat["wins"] + vici["wins"] == 3
    assert vici["mean_score"] > 0
    shown = runner.invoke(app, args)
    assert shown.exit_code == 0, shown.output
    assert "3 games, solo" in shown.stdout and "V.I.C.I" in shown.stdout
    assert f"{vici['mean_score']:.1f}" in shown.stdout


def test_play_solo_with_a_bot_seat_plays_to_the_end_against_vici() -> None:
    # random plays the seat here: the same path as greedy, which takes ~30 s a solo game
    result = runner.invoke(app, ["play", "civolution", "--players", "1", "--variant", "expert",
                                 "--seats", "random", "--seed", "3"])
    assert result.exit_code == 0, result.output
    headline, last = result.stdout.strip().splitlines()[-2:]
    assert headline.startswith(("Random bot wins: ", "V.I.C.I wins: ")), headline  # its name
    assert headline.endswith("(Expert)")
    assert last.startswith("Final scores: Random bot ") and last.endswith("(seed 3)")
    assert "V.I.C.I" in last
    assert "V.I.C.I (Expert) — " in result.stdout  # its area on the final board


def test_play_solo_without_a_level_is_one_line_listing_the_levels() -> None:
    result = runner.invoke(app, ["play", "civolution", "--players", "1"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "needs a difficulty level" in lines[0]
    assert "beginner, moderate, medium, advanced, expert" in lines[0]
