"""Progress of long batches: games done, games per second, elapsed time and ETA; a live bar
on a terminal, plain lines every N games otherwise."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class GamesPerSecond(ProgressColumn):
    """The finishing rate, from rich's moving window over recent completions."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if not speed:
            return Text("– games/s", style="progress.data.speed")
        return Text(f"{speed:.2f} games/s" if speed < 10 else f"{speed:.0f} games/s",
                    style="progress.data.speed")


def auto_every(total: int) -> int:
    """Games between progress lines when none is asked for: about every 5%, at most 1000."""
    return max(1, min(1000, total // 20))


class ProgressLines:
    """A line every `every` games on a console that is no terminal (a batch job's log):
    games done, games per second, elapsed time and ETA; and one at the end."""

    def __init__(self, description: str, total: int, console: Console, every: int,
                 done: int = 0) -> None:
        self.description, self.total, self.console, self.every = description, total, console, every
        self.done, self.first = done, done
        self.start = time.monotonic()

    def advance(self) -> None:
        """One more game finished."""
        self.done += 1
        if self.every and ((self.done - self.first) % self.every == 0 or self.done == self.total):
            self.console.print(self.line(), highlight=False, soft_wrap=True)

    def line(self) -> str:
        """'inventions ×4: 200/1000 games, 3.1 games/s, 1:04 elapsed, ETA 4:18'."""
        elapsed = time.monotonic() - self.start
        rate = (self.done - self.first) / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate else None
        eta = "done" if self.done >= self.total else (
            f"ETA {_clock(left)}" if left is not None else "ETA -")
        return (f"{self.description}: {self.done}/{self.total} games, {rate:.2f} games/s, "
                f"{_clock(elapsed)} elapsed, {eta}")


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@contextmanager
def game_progress(description: str, total: int, console: Console, every: int = 0,
                  done: int = 0) -> Iterator[Callable[[], None]]:
    """Progress on `console` (stderr); yields the function to call once per finished game.
    A live bar on a terminal; otherwise a line every `every` games (none for 0), so a batch
    job whose stderr goes to a file still shows how far it got. `done` games were played
    before (a resumed run)."""
    if not console.is_terminal:
        lines = ProgressLines(description, total, console, every, done)
        yield lines.advance
        return
    progress = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), GamesPerSecond(), TimeElapsedColumn(),
                        TextColumn("ETA"), TimeRemainingColumn(), console=console,
                        speed_estimate_period=60)
    with progress:
        task = progress.add_task(description, total=total, completed=done)
        yield lambda: progress.advance(task)
