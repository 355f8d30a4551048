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


def test_quiet_progress_stays_off_machine_readable_output() -> None:
    screen = io.StringIO()
    with game_progress("x", 2, Console(file=screen), quiet=True) as advance:
        advance()
        advance()
    assert screen.getvalue() == ""
