"""Play whole games between bots: one game, or a batch on local processes or a Ray cluster."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any

import ingenium
from ingenium.bots import Bot, check_learned, make_bot

BACKENDS = ("local", "ray")
CHUNK = 4  # games per task: few round trips, yet results arrive (and are saved) often
IN_FLIGHT = 2  # chunks out per worker: each worker has its next chunk while one returns
BotFactory = Callable[[str, int, int], Bot]  # (spec, seat, seed) -> bot; must be picklable
SeatStatistics = dict[str, dict[str, float]]


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
    statistics: tuple[SeatStatistics, ...] = ()  # per seat: the game's own figures

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        """The result a `to_dict` line describes (KeyError or TypeError if it is none)."""
        return cls(str(data["game"]), int(data["players"]), data["variant"], int(data["seed"]),
                   tuple(data["bots"]), tuple(data["scores"]), tuple(data["ranking"]),
                   tuple(data["winners"]), int(data["decisions"]), float(data["seconds"]),
                   tuple(data.get("statistics", ())))


@dataclass(frozen=True)
class Job:
    """Everything one worker needs to play one game."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    variant: str | None = None
    bot_factory: BotFactory = field(default=make_bot, compare=False)


def check_job(job: Job) -> None:
    """Fail early, with a clear error, on a bad game, player count, variant or bot spec."""
    game = ingenium.get_game(job.game)
    game.check_setup(job.players, job.variant)
    if len(job.bots) != job.players:
        raise ValueError(f"{len(job.bots)} bots given for {job.players} players")
    for seat, spec in enumerate(job.bots):
        job.bot_factory(spec, seat, 0)
        check_learned(spec, job.game, job.players, job.variant)


def play_game(job: Job) -> GameResult:
    """Play one game to its end; bot seeds derive from the game seed."""
    start = time.perf_counter()
    game = ingenium.get_game(job.game)
    state = game.new_game(job.players, job.seed, job.variant)
    bots = [job.bot_factory(spec, seat, job.seed * 7919 + seat)
            for seat, spec in enumerate(job.bots)]
    decisions = 0
    while (decision := state.decision) is not None:
        state.apply(bots[decision.seat].choose(state, decision))
        decisions += 1
    return GameResult(job.game, job.players, job.variant, job.seed, job.bots,
                      tuple(state.scores()), tuple(state.ranking()), tuple(state.winners()),
                      decisions, time.perf_counter() - start, tuple(game.statistics(state)))


def play_games(jobs: list[Job]) -> list[GameResult]:
    """Play a chunk of jobs in one worker (fewer round trips than one game per task)."""
    return [play_game(job) for job in jobs]


def chunks(jobs: Iterable[Job], size: int) -> Iterator[list[Job]]:
    """Consecutive lists of at most `size` jobs, drawn lazily (a million jobs are never
    listed at once)."""
    iterator = iter(jobs)
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


def run_jobs(jobs: Iterable[Job], workers: int = 1, backend: str = "local",
             chunk: int = CHUNK) -> Iterator[GameResult]:
    """Results as games finish (order not guaranteed with several workers). Jobs are drawn
    lazily and at most IN_FLIGHT chunks per worker are out at once, so memory stays bounded
    however many games are asked for."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if backend == "ray":
        from ingenium.sim.ray_backend import run_on_ray

        for results in run_on_ray(chunks(jobs, chunk), play_games, workers):
            yield from results
        return
    if workers <= 1:
        for job in jobs:
            yield play_game(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        waiting = chunks(jobs, chunk)
        pending = {pool.submit(play_games, c)
                   for c in itertools.islice(waiting, workers * IN_FLIGHT)}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield from future.result()
                pending.update(pool.submit(play_games, c) for c in itertools.islice(waiting, 1))


def play_jobs(jobs: list[Job], workers: int = 1, backend: str = "local",
              on_result: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Play every job (the first is checked first); results in the order of the jobs."""
    if jobs:
        check_job(jobs[0])
    results = []
    for result in run_jobs(jobs, workers, backend):
        results.append(result)
        if on_result:
            on_result(result)
    order = {(job.seed, job.bots): n for n, job in enumerate(jobs)}
    results.sort(key=lambda r: order[(r.seed, r.bots)])
    return results


def simulate(game: str, players: int, bots: list[str], games: int, seed: int = 0,
             workers: int = 1, backend: str = "local", variant: str | None = None,
             on_result: Callable[[GameResult], None] | None = None,
             bot_factory: BotFactory = make_bot) -> list[GameResult]:
    """Play `games` games with seeds seed, seed+1, ...; call on_result after each."""
    jobs = [Job(game, players, tuple(bots), seed + k, variant, bot_factory)
            for k in range(games)]
    return play_jobs(jobs, workers, backend, on_result)
