"""The designer's questions, answered from a batch's sums: which actions and point sources set
the winners apart from the rest (difference with an interval, correlation with winning), and
whether seats differ (a chi-square test of first places, a Kruskal-Wallis test of scores).

Winners are every seat tied for first place; the rest are all other seat-games. Pooled over
seats and bots: with different bots in the line-up, "winners" partly means "the better bot",
so the report says so (`same_bot_every_seat`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ingenium.sim.inference import (
    correlation,
    goodness_of_fit,
    kruskal_wallis,
    mean_var,
    welch,
)

POINTS = "points"  # the group whose keys add up to the score: not a "correlate" of winning
TOP_CORRELATES = 15
# (group, key) -> [sum over winners, sum of squares over winners, sum over rest, squares]
SplitSums = Mapping[tuple[str, str], Sequence[float]]


@dataclass(frozen=True)
class Contrast:
    """One statistic among the winning seat-games and among the rest."""

    group: str
    key: str
    winners: float  # mean per winning seat-game (a missing key counts 0)
    rest: float
    difference: float  # winners - rest, with its 95% interval (Welch)
    low: float
    high: float
    correlation: float  # Pearson's r with winning (1 a winner, 0 not), 95% Fisher interval
    correlation_low: float
    correlation_high: float


@dataclass(frozen=True)
class SeatTest:
    """A test of "do the seats differ?"; a small p-value says they do."""

    name: str
    statistic: float
    df: int
    p_value: float


@dataclass(frozen=True)
class Designer:
    """Winners vs the rest, what correlates with winning, and the seat-effect tests."""

    winner_seat_games: int
    other_seat_games: int
    contrasts: dict[str, list[Contrast]]  # group -> one per key, in the statistics' order
    correlates: list[Contrast]  # strongest correlation with winning first (points excluded)
    seat_tests: list[SeatTest]
    same_bot_every_seat: bool  # otherwise seat effects and bot strength are mixed


def contrast(group: str, key: str, sums: Sequence[float], winners: int,
             others: int) -> Contrast:
    """One key's winners-vs-rest difference and correlation with winning."""
    sum_w, squares_w, sum_r, squares_r = sums
    mean_w, var_w = mean_var(winners, sum_w, squares_w)
    mean_r, var_r = mean_var(others, sum_r, squares_r)
    difference, low, high = welch(winners, mean_w, var_w, others, mean_r, var_r)
    r, r_low, r_high = correlation(winners + others, sum_w + sum_r, squares_w + squares_r,
                                   winners, winners, sum_w)
    return Contrast(group, key, mean_w, mean_r, difference, low, high, r, r_low, r_high)


def seat_tests(first_places: Sequence[float],
               scores: Sequence[Mapping[float, int]]) -> list[SeatTest]:
    """Equal first places per seat (chi-square goodness of fit; ties share a first place) and
    equal score distributions per seat (Kruskal-Wallis); none for one seat."""
    if len(first_places) < 2:
        return []
    chi2, df, p = goodness_of_fit(list(first_places))
    h, h_df, h_p = kruskal_wallis(list(scores))
    return [SeatTest("first places per seat (chi-square)", chi2, df, p),
            SeatTest("scores per seat (Kruskal-Wallis)", h, h_df, h_p)]


def designer(keys: Mapping[str, Sequence[str]], split: SplitSums, winners: int, others: int,
             first_places: Sequence[float], scores: Sequence[Mapping[float, int]],
             same_bot: bool) -> Designer:
    """The whole answer from the folded sums (see Accumulator); no contrasts when every
    seat-game won, or none did (a solo seat that never beat its rival)."""
    if not winners or not others:
        return Designer(winners, others, {}, [], seat_tests(first_places, scores), same_bot)
    contrasts = {group: [contrast(group, key, split.get((group, key), (0.0,) * 4), winners,
                                  others) for key in group_keys]
                 for group, group_keys in keys.items()}
    ranked = [c for group, rows in contrasts.items() if group != POINTS for c in rows
              if c.correlation_low > -1.0 or c.correlation_high < 1.0]
    ranked.sort(key=lambda c: (-abs(c.correlation), c.group, c.key))
    return Designer(winners, others, contrasts, ranked[:TOP_CORRELATES],
                    seat_tests(first_places, scores), same_bot)
