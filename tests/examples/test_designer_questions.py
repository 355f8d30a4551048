"""The designer's example (examples/designer_questions.py) loads a `simulate --out` table with
pandas and answers the four questions, as its docstring says, from CSV and Parquet alike."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image
from typer.testing import CliRunner

from ingenium.cli import app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "designer_questions.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("designer_questions", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_the_example_answers_the_four_questions_from_a_table(
        tmp_path: Path, suffix: str, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / f"results{suffix}"
    done = CliRunner().invoke(app, ["simulate", "legendary-inventors", "--players", "3",
                                    "--bots", "greedy:depth=1,random,random", "--games", "6",
                                    "--seed", "2", "--out", str(table)])
    assert done.exit_code == 0, done.output
    example = load_example()
    frame = example.load(table)
    shares = example.balance(frame)
    assert shares.sum() == pytest.approx(1.0) and "cards" in shares.index
    actions = example.winners_vs_rest(frame)
    assert (actions["low"] <= actions["difference"]).all()
    first, p = example.seats(frame)
    assert first.sum() == pytest.approx(6) and 0 <= p <= 1
    assert list(example.length(frame).columns) == ["ages", "turns"]
    figure = tmp_path / "questions.png"
    example.main([str(table), "--figure", str(figure)])
    shown = capsys.readouterr().out
    for question in ("Is it balanced?", "Which actions win?", "Is a seat favoured?",
                     "How long are games?"):
        assert question in shown
    with Image.open(figure) as image:
        assert image.format == "PNG" and image.size[0] > 600


def test_the_example_runs_as_documented_without_a_file() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "24 games of legendary-inventors, 3 players" in done.stdout
    assert "chi-square p = " in done.stdout
