"""Summary statistics of simulated games: win rates with 95% intervals per seat and per bot,
score spread, game length and the game's own figures (points by source, actions, components)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ingenium.sim.designer import Designer
from ingenium.sim.inference import Z95, wilson_interval

__all__ = ["Z95", "BotSummary", "Distribution", "LengthSummary", "RivalSummary", "SeatSummary",
           "Summary", "distribution", "quartiles", "wilson_interval"]
# group -> key -> bot, seat ("Player 1") and "all seats" -> {"mean": per seat-game, missing 0;
# "seen": share of seat-games where the key occurs, so mean / seen is the mean when it occurs}
GroupTable = dict[str, dict[str, dict[str, float]]]
Quartiles = tuple[float, float, float, float, float]

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
    score_quartiles: Quartiles = (0.0, 0.0, 0.0, 0.0, 0.0)  # min, q1, median, q3, max


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
    score_quartiles: Quartiles  # min, q1, median, q3, max


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
class Distribution:
    """Mean, spread and quartiles of one figure over the games."""

    mean: float
    sd: float
    min: float
    q1: float
    median: float
    q3: float
    max: float


@dataclass(frozen=True)
class LengthSummary:
    """How long the games were: decisions, seconds, and the game's own units (its statistics'
    "game length" group: rounds, eras, turns)."""

    mean_decisions: float
    sd_decisions: float
    min_decisions: int
    median_decisions: float
    max_decisions: int
    mean_seconds: float
    units: dict[str, Distribution] = field(default_factory=dict)
    decisions: Distribution | None = None


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
    # group -> key -> bot, seat ("Player 1") and "all seats" -> {"mean": per seat-game,
    # "seen": share of seat-games}
    statistics: dict[str, GroupTable] = field(default_factory=dict)
    rivals: list[RivalSummary] = field(default_factory=list)  # solo games' automated rivals
    variant: str | None = None
    designer: Designer | None = None  # winners vs the rest, seat-effect tests, correlates

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return asdict(self)


def quartiles(values: list[float] | Mapping[float, int]) -> Quartiles:
    """Min, lower quartile, median, upper quartile, max (inclusive method, as
    `statistics.quantiles`), of values or of a histogram {value: count}.

    >>> quartiles([1, 2, 3, 4, 5])
    (1.0, 2.0, 3.0, 4.0, 5.0)
    >>> quartiles({1: 2, 5: 1, 9: 1})
    (1.0, 1.0, 3.0, 6.0, 9.0)
    """
    counts: dict[float, int] = {}
    if isinstance(values, Mapping):
        counts = {v: c for v, c in values.items() if c}
    else:
        for v in values:
            counts[v] = counts.get(v, 0) + 1
    ordered = sorted(counts)
    n = sum(counts.values())
    if n == 0:
        raise ValueError("no values")

    def nth(index: int) -> float:  # the index-th smallest value (0-based)
        for value in ordered:
            if index < counts[value]:
                return float(value)
            index -= counts[value]
        raise IndexError(index)

    if n == 1:
        v = nth(0)
        return (v, v, v, v, v)
    q = []
    for i in range(1, 4):  # statistics.quantiles(n=4, method="inclusive"), term by term
        j, delta = divmod(i * (n - 1), 4)
        q.append((nth(j) * (4 - delta) + nth(j + 1) * delta) / 4)
    return (float(ordered[0]), q[0], q[1], q[2], float(ordered[-1]))


def distribution(histogram: Mapping[float, int]) -> Distribution:
    """Mean, sample sd and quartiles of a histogram {value: count}."""
    n = sum(histogram.values())
    mean = sum(v * c for v, c in histogram.items()) / n
    var = (sum((v - mean) ** 2 * c for v, c in histogram.items()) / (n - 1)) if n > 1 else 0.0
    low, q1, median, q3, high = quartiles(histogram)
    return Distribution(mean, var ** 0.5, low, q1, median, q3, high)
