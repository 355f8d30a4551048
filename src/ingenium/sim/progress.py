"""A live progress bar for long batches: games done, games per second, elapsed time and ETA."""

from __future__ import annotations

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


@contextmanager
def game_progress(description: str, total: int, console: Console,
                  quiet: bool = False) -> Iterator[Callable[[], None]]:
    """A bar on `console` (stderr); yields the function to call once per finished game.
    `quiet` hides it when that console is no terminal (machine-readable runs)."""
    progress = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), GamesPerSecond(), TimeElapsedColumn(),
                        TextColumn("ETA"), TimeRemainingColumn(), console=console,
                        disable=quiet and not console.is_terminal, speed_estimate_period=60)
    with progress:
        task = progress.add_task(description, total=total)
        yield lambda: progress.advance(task)
