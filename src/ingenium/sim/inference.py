"""The tests and intervals of the designer's questions, from sums and histograms only.

A million-game run cannot keep every figure in memory, so every estimate here is computed
from what a stream can fold in bounded memory: counts, sums, sums of squares, and histograms
of integer-valued figures (scores, lengths). No SciPy: the chi-square tail is closed-form for
the integer degrees of freedom these tests have.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

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


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with `df` (a positive integer) degrees of freedom.

    >>> round(chi2_sf(3.841458820694124, 1), 6), round(chi2_sf(5.991464547107979, 2), 6)
    (0.05, 0.05)
    >>> round(chi2_sf(7.814727903251178, 3), 6), round(chi2_sf(10.5, 5), 6)
    (0.05, 0.062246)
    """
    if df < 1:
        raise ValueError("degrees of freedom must be a positive integer")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:  # e^-h * sum_{i < df/2} h^i / i!
        term = total = math.exp(-half)
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, total)
    total = math.erfc(math.sqrt(half))  # odd: erfc(sqrt h) + e^-h sum h^(i+1/2) / Gamma(i+3/2)
    term = math.exp(-half) * math.sqrt(half) / math.gamma(1.5)
    for i in range((df - 1) // 2):
        total += term
        term *= half / (i + 1.5)
    return min(1.0, total)


def welch(n1: int, mean1: float, var1: float, n2: int, mean2: float,
          var2: float) -> tuple[float, float, float]:
    """Difference of two means (1 - 2) with a 95% normal interval (Welch's standard error).

    >>> [round(v, 4) for v in welch(100, 5.0, 4.0, 100, 4.0, 4.0)]
    [1.0, 0.4456, 1.5544]
    """
    difference = mean1 - mean2
    if n1 == 0 or n2 == 0:
        return (difference, -math.inf, math.inf)
    half = Z95 * math.sqrt(var1 / n1 + var2 / n2)
    return (difference, difference - half, difference + half)


def mean_var(n: int, total: float, squares: float) -> tuple[float, float]:
    """Mean and sample variance from a count, a sum and a sum of squares.

    >>> mean_var(4, 10.0, 30.0)
    (2.5, 1.6666666666666667)
    """
    if n == 0:
        return (0.0, 0.0)
    mean = total / n
    if n == 1:
        return (mean, 0.0)
    return (mean, max(0.0, (squares - n * mean * mean) / (n - 1)))


def correlation(n: int, sx: float, sxx: float, sy: float, syy: float,
                sxy: float) -> tuple[float, float, float]:
    """Pearson's r from sums, with a 95% Fisher-z interval (r = 0 when either is constant).

    >>> xs, ys = [1, 2, 3, 4, 5], [2, 1, 4, 3, 5]
    >>> r, low, high = correlation(5, sum(xs), sum(x * x for x in xs), sum(ys),
    ...                            sum(y * y for y in ys), sum(x * y for x, y in zip(xs, ys)))
    >>> round(r, 6), round(low, 4), round(high, 4)
    (0.8, -0.2796, 0.9862)
    """
    vx, vy = n * sxx - sx * sx, n * syy - sy * sy
    if n < 2 or vx <= 0 or vy <= 0:
        return (0.0, -1.0, 1.0)
    r = max(-1.0, min(1.0, (n * sxy - sx * sy) / math.sqrt(vx * vy)))
    if n <= 3 or abs(r) == 1.0:
        return (r, -1.0 if n <= 3 else r, 1.0 if n <= 3 else r)
    z, half = math.atanh(r), Z95 / math.sqrt(n - 3)
    return (r, math.tanh(z - half), math.tanh(z + half))


def proportion_difference(x1: float, n1: int, x2: float,
                          n2: int) -> tuple[float, float, float]:
    """Difference of two proportions (1 - 2) with Newcombe's hybrid Wilson 95% interval.

    >>> [round(v, 4) for v in proportion_difference(56, 70, 48, 80)]
    [0.2, 0.0524, 0.3339]
    """
    p1, p2 = x1 / n1, x2 / n2
    l1, u1 = wilson_interval(x1, n1)
    l2, u2 = wilson_interval(x2, n2)
    d = p1 - p2
    return (d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def goodness_of_fit(observed: list[float]) -> tuple[float, int, float]:
    """Chi-square test that every cell has the same expected count: statistic, df, p-value.

    >>> statistic, df, p = goodness_of_fit([30, 20, 25, 25])
    >>> statistic, df, round(p, 4)
    (2.0, 3, 0.5724)
    """
    total, k = sum(observed), len(observed)
    if k < 2 or total <= 0:
        return (0.0, max(1, k - 1), 1.0)
    expected = total / k
    statistic = sum((o - expected) ** 2 / expected for o in observed)
    return (statistic, k - 1, chi2_sf(statistic, k - 1))


def kruskal_wallis(groups: list[Mapping[float, int]]) -> tuple[float, int, float]:
    """Kruskal-Wallis H test (tie-corrected) of equal distributions, from each group's
    histogram {value: count}: statistic, df, p-value (chi-square approximation).

    >>> h, df, p = kruskal_wallis([{1: 1, 2: 1, 3: 1}, {4: 1, 5: 1, 6: 1}])
    >>> round(h, 4), df, round(p, 4)
    (3.8571, 1, 0.0495)
    """
    pooled: dict[float, int] = {}
    for group in groups:
        for value, count in group.items():
            pooled[value] = pooled.get(value, 0) + count
    n = sum(pooled.values())
    if len(groups) < 2 or n < 2 or len(pooled) < 2:
        return (0.0, max(1, len(groups) - 1), 1.0)
    rank: dict[float, float] = {}
    below = 0
    for value in sorted(pooled):
        rank[value] = below + (pooled[value] + 1) / 2  # the mean rank of the tied run
        below += pooled[value]
    h = 0.0
    for group in groups:
        size = sum(group.values())
        if size:
            h += sum(rank[v] * c for v, c in group.items()) ** 2 / size
    h = 12 / (n * (n + 1)) * h - 3 * (n + 1)
    ties = 1 - sum(c ** 3 - c for c in pooled.values()) / (n ** 3 - n)
    h /= ties
    df = sum(1 for g in groups if sum(g.values())) - 1
    return (h, max(1, df), chi2_sf(h, max(1, df)))
