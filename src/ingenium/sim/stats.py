"""Summary statistics of simulated games: win rates with 95% intervals, score spread, cost."""

from __future__ import annotations

import math
import statistics
from dataclasses import asdict, dataclass
from typing import Any

from ingenium.sim.runner import GameResult

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (handles 0 and all successes well).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


@dataclass(frozen=True)
class SeatSummary:
    """Win rate and scores of one seat (and the bot that played it)."""

    seat: int
    bot: str
    wins: float  # a shared first place counts 1/k for each of k tied seats
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    sd_score: float


@dataclass(frozen=True)
class Summary:
    """The whole batch."""

    game: str
    players: int
    games: int
    seats: list[SeatSummary]
    mean_decisions: float
    mean_seconds: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return asdict(self)


def summarize(results: list[GameResult]) -> Summary:
    """Aggregate a non-empty list of results of the same game and seats."""
    if not results:
        raise ValueError("no games to summarize")
    first = results[0]
    n = len(results)
    seats = []
    for seat in range(first.players):
        wins = sum(1 / len(r.winners) for r in results if seat in r.winners)
        scores = [r.scores[seat] for r in results]
        low, high = wilson_interval(wins, n)
        seats.append(SeatSummary(seat, first.bots[seat], round(wins, 3), wins / n, low, high,
                                 statistics.fmean(scores),
                                 statistics.stdev(scores) if n > 1 else 0.0))
    return Summary(first.game, first.players, n, seats,
                   statistics.fmean(r.decisions for r in results),
                   statistics.fmean(r.seconds for r in results))
