"""One `simulate` run from start to end in bounded memory: the games already in its results
file (when resuming) folded into the summary and skipped, the rest played lazily, each
written to the file and folded in as it finishes. Nothing holds the list of games: a run of
a million costs the driver the summary's sums and one bit per seed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ingenium.bots import make_bot
from ingenium.sim.accumulate import Accumulator
from ingenium.sim.results import Journal, check_same_run, read_results
from ingenium.sim.runner import GameResult, Job, check_job, run_jobs


@dataclass(frozen=True)
class Run:
    """What a batch plays: `games` games of one line-up, seeds seed, seed+1, ..."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    variant: str | None = None

    def job(self, seed: int) -> Job:
        """The job of one seed."""
        return Job(self.game, self.players, self.bots, seed, self.variant, make_bot)

    def check(self) -> None:
        """Fail before any game on a bad game, player count, variant or bot spec."""
        check_job(self.job(self.seed))


class Progress:
    """Which of the run's seeds are done (a bit each) and the summary so far."""

    def __init__(self, run: Run) -> None:
        self.run = run
        self.done = bytearray(run.games)
        self.played = 0  # of the run's seeds
        self.accumulator = Accumulator()

    def add(self, result: GameResult) -> None:
        """Fold a finished game in and mark its seed."""
        self.accumulator.add(result)
        index = result.seed - self.run.seed
        if 0 <= index < self.run.games and not self.done[index]:
            self.done[index] = 1
            self.played += 1

    def resume(self, path: Path) -> int:
        """Fold in the games of an earlier run's file (a torn last line is cut off);
        returns how many of this run's seeds it already holds."""
        for result in read_results(path, repair=True):
            if self.accumulator.first is None:
                run = self.run
                check_same_run(result, run.game, run.players, run.variant, run.bots, path)
            self.add(result)
        return self.played

    def todo(self) -> Iterator[Job]:
        """The jobs of the seeds not done yet, drawn lazily."""
        return (self.run.job(self.run.seed + k) for k in range(self.run.games)
                if not self.done[k])


def play(progress: Progress, workers: int = 1, backend: str = "local",
         journal: Journal | None = None,
         on_result: Callable[[GameResult], None] | None = None) -> Accumulator:
    """Play what is left of the run: each result to the journal first, then into the summary."""
    for result in run_jobs(progress.todo(), workers, backend):
        if journal is not None:
            journal.write(result)
        progress.add(result)
        if on_result is not None:
            on_result(result)
    return progress.accumulator
