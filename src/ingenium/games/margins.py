"""What every game's evaluation shares: a seat's value is its potential less the best other's."""

from __future__ import annotations


def margins(values: list[float]) -> list[float]:
    """Each value less the best of the others' (one pass, for every seat at once).

    >>> margins([3.0, 5.0, 1.0])
    [-2.0, 2.0, -4.0]
    """
    if len(values) == 2:  # the most common table: each against the other
        first, second = values
        return [first - second, second - first]
    order = sorted(range(len(values)), key=values.__getitem__, reverse=True)
    first, second = values[order[0]], values[order[1]]
    return [v - (second if s == order[0] else first) for s, v in enumerate(values)]
