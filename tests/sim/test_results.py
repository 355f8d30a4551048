"""Results files: streamed a game at a time, resumed after a stop (the same games and summary
as an uninterrupted run), written as CSV and Parquet tables, checked before the first game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas
import pytest
from typer.testing import CliRunner

from ingenium.cli import app
from ingenium.sim.batch import Progress, Run, play
from ingenium.sim.results import Journal, read_results

runner = CliRunner()
ARGS = ["simulate", "legendary-inventors", "--players", "2", "--bots", "greedy:depth=1,random",
        "--games", "6", "--seed", "40", "--json"]


def invoke(*args: str) -> tuple[int, dict[str, Any] | None, str]:
    result = runner.invoke(app, list(args))
    lines = result.stdout.strip().splitlines()
    summary = json.loads(lines[-1]) if result.exit_code == 0 and lines else None
    return result.exit_code, summary, result.stderr


def timeless(value: Any) -> Any:
    """The same data without wall-clock figures."""
    if isinstance(value, dict):
        return {k: timeless(v) for k, v in value.items() if "seconds" not in k}
    if isinstance(value, list):
        return [timeless(v) for v in value]
    return value


def games_in(path: Path) -> list[dict[str, Any]]:
    return sorted((timeless(r.to_dict()) for r in read_results(path)), key=lambda g: g["seed"])


def test_each_game_is_on_disk_before_the_next_one_is_recorded(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    seen: list[int] = []
    progress = Progress(Run("legendary-inventors", 2, ("random", "random"), 4, 3))
    journal = Journal(path, resume=False)
    play(progress, journal=journal,
         on_result=lambda _: seen.append(len(path.read_text().splitlines())))
    journal.close()
    assert seen == [1, 2, 3, 4]


def test_a_stopped_run_resumed_equals_an_uninterrupted_one(tmp_path: Path) -> None:
    whole, stopped = tmp_path / "whole.jsonl", tmp_path / "stopped.jsonl"
    code, uninterrupted, _ = invoke(*ARGS, "--out", str(whole))
    assert code == 0
    lines = whole.read_text().splitlines(keepends=True)
    stopped.write_text("".join(lines[:3]) + lines[3][:40])  # killed while writing game 4
    code, resumed, stderr = invoke(*ARGS, "--out", str(stopped), "--resume")
    assert code == 0, stderr
    assert "resuming: 3 of 6 games already in" in stderr
    assert games_in(stopped) == games_in(whole)
    assert timeless(resumed) == timeless(uninterrupted)


def test_resume_plays_only_the_missing_seeds_and_then_nothing(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    assert invoke(*ARGS, "--games", "3", "--out", str(out))[0] == 0
    code, summary, stderr = invoke(*ARGS, "--out", str(out), "--resume")
    assert code == 0 and summary is not None and summary["games"] == 6
    assert [g["seed"] for g in games_in(out)] == list(range(40, 46))
    before = out.read_text()
    code, again, stderr = invoke(*ARGS, "--out", str(out), "--resume")
    assert "6 of 6 games already in" in stderr and out.read_text() == before
    assert timeless(again) == timeless(summary)


def test_resume_refuses_a_file_of_another_run(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    assert invoke(*ARGS, "--games", "1", "--out", str(out))[0] == 0
    code, _, stderr = invoke("simulate", "legendary-inventors", "--players", "2", "--bots",
                             "random,random", "--games", "2", "--out", str(out), "--resume")
    assert code == 2 and len(stderr.strip().splitlines()) == 1
    assert "not this run's" in stderr


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_table_has_a_row_per_game_and_seat_with_points_adding_up(tmp_path: Path,
                                                                   suffix: str) -> None:
    out = tmp_path / f"results{suffix}"
    code, summary, stderr = invoke(*ARGS, "--out", str(out))
    assert code == 0, stderr
    frame = pandas.read_csv(out) if suffix == ".csv" else pandas.read_parquet(out)
    assert len(frame) == 12 and set(frame["seed"]) == set(range(40, 46))
    points = [c for c in frame.columns if c.startswith("points / ")]
    assert {"points / cards", "actions / use an inventor", "game length / turns"} <= \
        set(frame.columns)
    assert (frame[points].sum(axis=1) == frame["score"]).all()
    assert frame.groupby("seed")["win_share"].sum().round(9).eq(1).all()
    assert summary is not None
    assert frame[frame.seat == 0]["score"].mean() == pytest.approx(
        summary["seats"][0]["mean_score"])
    assert (tmp_path / f"results{suffix}.jsonl").exists()  # the stream it was written from


def test_a_parquet_run_resumes_from_its_stream(tmp_path: Path) -> None:
    out = tmp_path / "results.parquet"
    assert invoke(*ARGS, "--games", "2", "--out", str(out))[0] == 0
    code, summary, _ = invoke(*ARGS, "--out", str(out), "--resume")
    assert code == 0 and summary is not None and summary["games"] == 6
    assert sorted(set(pandas.read_parquet(out)["seed"])) == list(range(40, 46))


@pytest.mark.parametrize("option", ["--out", "--report", "--plots"])
def test_an_output_that_cannot_be_written_fails_before_the_first_game(
        tmp_path: Path, option: str) -> None:
    (tmp_path / "a-file").write_text("x")
    targets = {"--out": tmp_path, "--report": tmp_path / "a-folder",
               "--plots": tmp_path / "a-file"}
    (tmp_path / "a-folder").mkdir()
    started = tmp_path / "should-not-exist.jsonl"
    result = runner.invoke(app, [*ARGS, option, str(targets[option]),
                                 *(["--out", str(started)] if option != "--out" else [])])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "cannot write" in result.stderr
    assert "Traceback" not in result.output and not started.exists()


def test_an_output_inside_a_file_or_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("x")
    for target in (tmp_path / "a-file" / "x.jsonl", tmp_path / "missing" / "x.parquet"):
        result = runner.invoke(app, [*ARGS, "--out", str(target)])
        assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1


def test_resume_without_out_is_refused() -> None:
    code, _, stderr = invoke(*ARGS, "--resume")
    assert code == 2 and "--resume needs --out" in stderr


def test_progress_lines_reach_stderr_when_it_is_no_terminal() -> None:
    code, _, stderr = invoke(*ARGS, "--progress-every", "2")
    assert code == 0
    done = [line.split(": ")[1].split(" games")[0] for line in stderr.splitlines()
            if "games/s" in line]
    assert done == ["2/6", "4/6", "6/6"]
