"""Play whole games between bots: one game, or a batch on local processes or a Ray cluster."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

import ingenium
from ingenium.bots import make_bot

BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class GameResult:
    """The outcome of one simulated game (one JSON line in --out files)."""

    game: str
    players: int
    variant: str | None
    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]  # every seat tied for first place on points and tie-breakers
    decisions: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return asdict(self)


@dataclass(frozen=True)
class Job:
    """Everything one worker needs to play one game."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    variant: str | None = None


def check_job(job: Job) -> None:
    """Fail early, with a clear error, on a bad game, player count, variant or bot spec."""
    game = ingenium.get_game(job.game)
    game.check_setup(job.players, job.variant)
    if len(job.bots) != job.players:
        raise ValueError(f"{len(job.bots)} bots given for {job.players} players")
    for seat, spec in enumerate(job.bots):
        make_bot(spec, seat)


def play_game(job: Job) -> GameResult:
    """Play one game to its end; bot seeds derive from the game seed."""
    start = time.perf_counter()
    game = ingenium.get_game(job.game)
    state = game.new_game(job.players, job.seed, job.variant)
    bots = [make_bot(spec, seat, seed=job.seed * 7919 + seat) for seat, spec in enumerate(job.bots)]
    decisions = 0
    while (decision := state.decision) is not None:
        state.apply(bots[decision.seat].choose(state, decision))
        decisions += 1
    return GameResult(job.game, job.players, job.variant, job.seed, job.bots,
                      tuple(state.scores()), tuple(state.ranking()), tuple(state.winners()),
                      decisions, time.perf_counter() - start)


def run_jobs(jobs: list[Job], workers: int = 1, backend: str = "local") -> Iterator[GameResult]:
    """Results as games finish (order not guaranteed with several workers)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if backend == "ray":
        from ingenium.sim.ray_backend import run_on_ray

        yield from run_on_ray(jobs, play_game, workers)
        return
    if workers <= 1:
        for job in jobs:
            yield play_game(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play_game, jobs, chunksize=max(1, len(jobs) // (workers * 8)))


def simulate(game: str, players: int, bots: list[str], games: int, seed: int = 0,
             workers: int = 1, backend: str = "local", variant: str | None = None,
             on_result: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Play `games` games with seeds seed, seed+1, ...; call on_result after each."""
    jobs = [Job(game, players, tuple(bots), seed + k, variant) for k in range(games)]
    if jobs:
        check_job(jobs[0])
    results = []
    for result in run_jobs(jobs, workers, backend):
        results.append(result)
        if on_result:
            on_result(result)
    results.sort(key=lambda r: r.seed)
    return results
