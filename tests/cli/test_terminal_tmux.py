"""`ingenium play` as a person uses it: a real terminal of 80×24 (tmux), keys typed, the screen
read back. Each test runs its own tmux server (its socket in the test's temporary folder),
killed at the end."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import ingenium

TMUX = shutil.which("tmux")
SRC = str(Path(ingenium.__file__).resolve().parents[1])
WIDTH, HEIGHT = 80, 24
pytestmark = pytest.mark.skipif(TMUX is None, reason="the terminal tests need tmux "
                                                     "(scripts/install-system-deps.sh)")


class Terminal:
    """One detached tmux session of a fixed size running a command."""

    def __init__(self, socket: Path, command: list[str], cwd: Path) -> None:
        self.socket = socket
        env = {**os.environ, "PYTHONPATH": SRC, "TERM": "xterm-256color", "HOME": str(cwd)}
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        self.tmux("new-session", "-d", "-s", "play", "-x", str(WIDTH), "-y", str(HEIGHT),
                  "-c", str(cwd), subprocess.list2cmdline(command), env=env)

    def tmux(self, *args: str, env: dict[str, str] | None = None) -> str:
        assert TMUX is not None
        done = subprocess.run([TMUX, "-S", str(self.socket), "-f", "/dev/null", *args], env=env,
                              capture_output=True, text=True, timeout=20, check=True)
        return done.stdout

    def type(self, line: str) -> None:
        """Type a line and press Enter (the text literally, never as key names)."""
        self.tmux("send-keys", "-t", "play", "-l", line)
        self.tmux("send-keys", "-t", "play", "Enter")

    def screen(self) -> str:
        """The visible screen, lines the terminal wrapped joined again (-J)."""
        return self.tmux("capture-pane", "-p", "-J", "-t", "play")

    def wait_for(self, text: str, timeout: float = 20.0) -> str:
        """The screen once `text` is on it and the game waits at its prompt (keys typed while
        it still prints may be dropped when the prompt starts); fails after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            last = screen.rstrip().rsplit("\n", 1)[-1]
            if text in screen and (last.endswith("or help):") or "[exited]" in last):
                return screen
            if time.monotonic() > deadline:
                pytest.fail(f"{text!r} never appeared; the screen:\n{screen}")
            time.sleep(0.1)

    def close(self) -> None:
        subprocess.run([TMUX or "tmux", "-S", str(self.socket), "kill-server"],
                       capture_output=True, timeout=20, check=False)
        self.socket.unlink(missing_ok=True)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Callable[..., Terminal]]:
    opened: list[Terminal] = []

    def start(*args: str) -> Terminal:
        socket = tmp_path / f"tmux-{len(opened)}.sock"
        command = [sys.executable, "-m", "ingenium", "play", *args]
        shell = ["sh", "-c", subprocess.list2cmdline(command) + "; echo '[exited]'; sleep 30"]
        opened.append(Terminal(socket, shell, tmp_path))
        return opened[-1]

    yield start
    for session in opened:
        session.close()


LI = ["legendary-inventors", "--players", "2", "--seats", "human,random", "--seed", "5"]
PROMPT = "Player 1, your choice (1–3, or help):"


def test_a_bad_save_path_is_one_line_and_the_game_goes_on(
        terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    term = terminal(*LI)
    term.wait_for(PROMPT)
    term.type(f"save {tmp_path}/missing/dir/x.json")
    screen = term.wait_for("cannot save to")
    assert "Traceback" not in screen and "[exited]" not in screen
    term.type("save ~/ok.json")  # HOME is tmp_path in the session
    term.wait_for(f"saved to {tmp_path}/ok.json")
    assert (tmp_path / "ok.json").exists()
    term.type("1")
    term.wait_for("Where does")


def test_markup_typed_at_the_prompt_is_plain_text(terminal: Callable[..., Terminal]) -> None:
    term = terminal(*LI)
    term.wait_for(PROMPT)
    term.type("[/]")
    screen = term.wait_for("choose 1–3, or: undo, save FILE, load FILE, board, log, help, quit")
    term.type("[bold]1[/bold]")
    time.sleep(0.3)
    screen = term.screen()
    assert "Traceback" not in screen and "[exited]" not in screen
    assert screen.count("choose 1–3, or:") == 2


def test_help_lists_every_command(terminal: Callable[..., Terminal]) -> None:
    term = terminal(*LI)
    term.wait_for(PROMPT)
    term.type("help")
    screen = term.wait_for("quit ")
    for command in ("board", "log", "undo", "save FILE", "help"):
        assert f"  {command} " in screen, screen


def test_the_decision_fits_80_by_24(terminal: Callable[..., Terminal]) -> None:
    """Inventions at 3 players: after the others' Stone Age moves the screen still shows the
    latest log lines, the status, the question and every option, and the prompt below them."""
    term = terminal("inventions", "--players", "3", "--seats", "human,greedy,greedy",
                    "--seed", "4")
    screen = term.wait_for("Player 1, your choice (1–3, or help):")
    lines = screen.rstrip("\n").split("\n")
    assert len(lines) <= HEIGHT
    assert "── since Player 1's last move ──" in screen
    assert "Player 1: Stone Age: choose your starting region" in screen
    assert all(f"  {n} Start in " in screen for n in (1, 2, 3))
    assert lines[-1].startswith("Player 1, your choice")
    term.type("board")
    term.wait_for("academy")  # the society boards, the last part of the table
    term.type("1")
    screen = term.wait_for("Pay with which citizen?")
    assert screen.rstrip("\n").split("\n")[-1].startswith("Player 1, your choice")


def test_a_solo_game_prints_vicis_turns_and_keeps_its_last_action_in_sight(
        terminal: Callable[..., Terminal]) -> None:
    """Civolution solo at Expert: V.I.C.I's turns pass without a prompt, each in the log (card,
    roll, what it did), its last action in the status line; the decision still fits 80×24."""
    term = terminal("civolution", "--players", "1", "--variant", "expert", "--seed", "2")
    screen = term.wait_for("Player 1, your choice")
    for _ in range(40):
        if "V.I.C.I, action card" in screen:
            break
        term.type("1")
        time.sleep(0.2)
        screen = term.wait_for("Player 1, your choice")
    assert "V.I.C.I, action card" in screen, screen
    assert "V.I.C.I (Expert), last action: Action card" in screen
    assert re.search(r"^Era \d · .* · Player 1 to move · You \d+ · V.I.C.I \d+", screen, re.M)
    assert len(screen.rstrip("\n").split("\n")) <= HEIGHT
    term.type("board")
    screen = term.wait_for("Your research cards")
    assert "Supply" in screen and "Favor of Agera" in screen  # V.I.C.I's area, its last rows


def test_a_solo_game_without_a_level_is_one_line_listing_the_levels(
        terminal: Callable[..., Terminal]) -> None:
    term = terminal("civolution", "--players", "1")
    screen = term.wait_for("[exited]")
    assert "error: Civolution solo (1 player against V.I.C.I) needs a difficulty level as " \
           "its variant: one of beginner, moderate, medium, advanced, expert" in screen
    assert "None" not in screen
    assert "Traceback" not in screen
