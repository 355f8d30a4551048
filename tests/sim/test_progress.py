"""The live progress bar of simulate and ladder: games done, games per second and an ETA."""

from __future__ import annotations

import io
import time

from rich.console import Console

from ingenium.sim.progress import game_progress


def test_progress_shows_games_done_rate_and_eta() -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=120)
    with game_progress("inventions ×4", 4, console) as advance:
        for _ in range(3):
            time.sleep(0.05)
            advance()
    shown = screen.getvalue()
    assert "inventions ×4" in shown and "3/4" in shown
    assert "games/s" in shown and "ETA" in shown


def test_no_terminal_and_no_interval_prints_nothing() -> None:
    screen = io.StringIO()
    with game_progress("x", 2, Console(file=screen), every=0) as advance:
        advance()
        advance()
    assert screen.getvalue() == ""


def test_no_terminal_gets_a_line_every_n_games_and_at_the_end() -> None:
    screen = io.StringIO()
    with game_progress("civolution ×3", 7, Console(file=screen, width=200), every=3) as advance:
        for _ in range(7):
            advance()
    lines = screen.getvalue().splitlines()
    assert [line.split(": ")[1].split(" games")[0] for line in lines] == ["3/7", "6/7", "7/7"]
    assert "games/s" in lines[0] and "ETA" in lines[0] and lines[-1].endswith("done")


def test_a_resumed_run_counts_from_the_games_already_played() -> None:
    screen = io.StringIO()
    with game_progress("x", 10, Console(file=screen, width=200), every=2, done=6) as advance:
        for _ in range(4):
            advance()
    assert [line.split(": ")[1].split(" games")[0] for line in screen.getvalue().splitlines()] \
        == ["8/10", "10/10"]
