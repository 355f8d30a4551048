"""Summary statistics of simulated games: win rates with 95% intervals per seat and per bot,
score spread, game length and the game's own figures (points by source, actions, components)."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from typing import Any

from ingenium.engine import get_game
from ingenium.sim.analysis import GroupTable, aggregate_statistics
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
class BotSummary:
    """Win rate and score distribution of one bot spec over every seat it played."""

    bot: str
    seat_games: int  # games x seats played by this spec
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    sd_score: float
    score_quartiles: tuple[float, float, float, float, float]  # min, q1, median, q3, max


@dataclass(frozen=True)
class RivalSummary:
    """An automated rival of a solo game (Civolution's V.I.C.I): it holds no seat, so its score
    comes from the game's statistics (Game.rival_scores); it wins every game the seat does not."""

    name: str
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    sd_score: float


@dataclass(frozen=True)
class LengthSummary:
    """How long the games were, in decisions and seconds."""

    mean_decisions: float
    sd_decisions: float
    min_decisions: int
    median_decisions: float
    max_decisions: int
    mean_seconds: float


@dataclass(frozen=True)
class Summary:
    """The whole batch."""

    game: str
    players: int
    games: int
    seats: list[SeatSummary]
    mean_decisions: float
    mean_seconds: float
    bots: list[BotSummary] = field(default_factory=list)
    length: LengthSummary | None = None
    # group -> key -> bot (and "all") -> {"mean": per seat-game, "seen": share of seat-games}
    statistics: dict[str, GroupTable] = field(default_factory=dict)
    rivals: list[RivalSummary] = field(default_factory=list)  # solo games' automated rivals

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return asdict(self)


def quartiles(values: list[float]) -> tuple[float, float, float, float, float]:
    """Min, lower quartile, median, upper quartile, max (inclusive method).

    >>> quartiles([1, 2, 3, 4, 5])
    (1.0, 2.0, 3.0, 4.0, 5.0)
    """
    if len(values) == 1:
        v = float(values[0])
        return (v, v, v, v, v)
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return (float(min(values)), q1, q2, q3, float(max(values)))


def _share(result: GameResult, seat: int) -> float:
    return 1 / len(result.winners) if seat in result.winners else 0.0


def seat_summaries(results: list[GameResult]) -> list[SeatSummary]:
    """One row per seat."""
    n = len(results)
    rows = []
    for seat in range(results[0].players):
        wins = sum(_share(r, seat) for r in results)
        scores = [r.scores[seat] for r in results]
        low, high = wilson_interval(wins, n)
        rows.append(SeatSummary(seat, results[0].bots[seat], round(wins, 3), wins / n, low, high,
                                statistics.fmean(scores),
                                statistics.stdev(scores) if n > 1 else 0.0))
    return rows


def bot_summaries(results: list[GameResult]) -> list[BotSummary]:
    """One row per bot spec, in order of first appearance; seats pooled."""
    wins: defaultdict[str, float] = defaultdict(float)
    scores: defaultdict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, bot in enumerate(r.bots):
            wins[bot] += _share(r, seat)
            scores[bot].append(r.scores[seat])
    rows = []
    for bot, points in scores.items():
        low, high = wilson_interval(wins[bot], len(points))
        rows.append(BotSummary(bot, len(points), round(wins[bot], 3), wins[bot] / len(points),
                               low, high, statistics.fmean(points),
                               statistics.stdev(points) if len(points) > 1 else 0.0,
                               quartiles(points)))
    return rows


def rival_summaries(results: list[GameResult]) -> list[RivalSummary]:
    """The automated rivals of 1-seat games, from the seat's statistics (Game.rival_scores)."""
    if results[0].players != 1:
        return []
    n = len(results)
    rows = []
    for (group, key), name in get_game(results[0].game).rival_scores.items():
        scores = [r.statistics[0][group][key] for r in results
                  if r.statistics and key in r.statistics[0].get(group, {})]
        if not scores:
            continue
        wins = sum(1 for r in results if not r.winners)
        low, high = wilson_interval(wins, n)
        rows.append(RivalSummary(name, wins, wins / n, low, high, statistics.fmean(scores),
                                 statistics.stdev(scores) if len(scores) > 1 else 0.0))
    return rows


def length_summary(results: list[GameResult]) -> LengthSummary:
    """Decisions and seconds per game."""
    decisions = [r.decisions for r in results]
    return LengthSummary(statistics.fmean(decisions),
                         statistics.stdev(decisions) if len(decisions) > 1 else 0.0,
                         min(decisions), statistics.median(decisions), max(decisions),
                         statistics.fmean(r.seconds for r in results))


def summarize(results: list[GameResult]) -> Summary:
    """Aggregate a non-empty list of results of the same game and player count."""
    if not results:
        raise ValueError("no games to summarize")
    first = results[0]
    length = length_summary(results)
    return Summary(first.game, first.players, len(results), seat_summaries(results),
                   length.mean_decisions, length.mean_seconds, bot_summaries(results), length,
                   aggregate_statistics(results), rival_summaries(results))
