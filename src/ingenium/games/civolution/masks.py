"""Small sets of small ints kept as one int, bit n set for member n: the dice values a roll
shows, the activities or income chips already used, the territories a migration has crossed.

Why an int and not a frozenset: the steps and table lists holding these sets are saved as
flat lists of ints (old saves load unchanged), compared and copied at every search step, and
the migration's path is tested once per destination while the options are listed. These
helpers are the one place that does the bit arithmetic.

>>> members(with_(with_(NONE, 4), 0))
[0, 4]
>>> has(mask_of([1, 3]), 3), has(mask_of([1, 3]), 2)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

Mask = int  # a set of small ints (0-62), bit n for member n
NONE: Mask = 0


def has(mask: Mask, n: int) -> bool:
    """Whether n is in the set."""
    return bool(mask >> n & 1)


def with_(mask: Mask, n: int) -> Mask:
    """The set with n added."""
    return mask | 1 << n


def mask_of(ns: Iterable[int]) -> Mask:
    """The set of the given members."""
    mask = NONE
    for n in ns:
        mask |= 1 << n
    return mask


def members(mask: Mask) -> list[int]:
    """The members, smallest first."""
    return [n for n in range(mask.bit_length()) if mask >> n & 1]
