"""Two runs side by side (two variants, two bot line-ups, or two rule versions' results files),
each figure with its difference B − A and a 95% interval: win rates per seat (Newcombe),
mean scores per seat, game length in the game's units and in decisions, and every statistic
(per seat-game, seats pooled; Welch). The runs play the same seeds, but once the rules or
the bots differ the games part ways at once, so the intervals treat them as independent."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ingenium.sim.accumulate import ALL, Accumulator
from ingenium.sim.inference import mean_var, proportion_difference, welch
from ingenium.sim.stats import Summary


@dataclass(frozen=True)
class Row:
    """One figure in both runs and its difference B − A."""

    section: str  # "win rate", "score", "length", or a statistics group
    name: str
    a: float
    b: float
    difference: float
    low: float
    high: float

    @property
    def clear(self) -> bool:
        """Whether the interval excludes 0."""
        return self.low > 0 or self.high < 0


@dataclass(frozen=True)
class Comparison:
    """Run A, run B and their differences."""

    a_label: str
    b_label: str
    a: Summary
    b: Summary
    rows: list[Row] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return asdict(self)


def _welch_row(section: str, name: str, a: tuple[int, float, float],
               b: tuple[int, float, float]) -> Row:
    """From (n, mean, variance) of each run."""
    difference, low, high = welch(b[0], b[1], b[2], a[0], a[1], a[2])
    return Row(section, name, a[1], b[1], difference, low, high)


def _key_moments(acc: Accumulator, group: str, key: str) -> tuple[int, float, float]:
    """n, mean and variance of one statistic per seat-game, seats pooled."""
    sums = acc.split.get((group, key), [0.0] * 4)
    n = acc.appearances[ALL]
    mean, var = mean_var(n, sums[0] + sums[2], sums[1] + sums[3])
    return (n, mean, var)


def compare(a: Accumulator, b: Accumulator, a_label: str = "A",
            b_label: str = "B") -> Comparison:
    """Every figure both runs have, with B − A and its 95% interval."""
    sa, sb = a.summary(), b.summary()
    rows: list[Row] = []
    for x, y in zip(sa.seats, sb.seats, strict=False):
        name = f"Player {x.seat + 1}"
        d, low, high = proportion_difference(y.wins, sb.games, x.wins, sa.games)
        rows.append(Row("win rate", name, x.win_rate, y.win_rate, d, low, high))
        rows.append(_welch_row("score", name, (sa.games, x.mean_score, x.sd_score ** 2),
                               (sb.games, y.mean_score, y.sd_score ** 2)))
    la, lb = sa.length, sb.length
    assert la is not None and lb is not None
    for unit, da in la.units.items():
        if (db := lb.units.get(unit)) is not None:
            rows.append(_welch_row("length", unit, (sa.games, da.mean, da.sd ** 2),
                                   (sb.games, db.mean, db.sd ** 2)))
    rows.append(_welch_row("length", "decisions",
                           (sa.games, la.mean_decisions, la.sd_decisions ** 2),
                           (sb.games, lb.mean_decisions, lb.sd_decisions ** 2)))
    for group, keys in a.groups.items():
        for key in sorted(keys | b.groups.get(group, set())):
            rows.append(_welch_row(group, key, _key_moments(a, group, key),
                                   _key_moments(b, group, key)))
    for group, keys in b.groups.items():
        if group not in a.groups:
            rows.extend(_welch_row(group, key, _key_moments(a, group, key),
                                   _key_moments(b, group, key)) for key in sorted(keys))
    return Comparison(a_label, b_label, sa, sb, rows)
