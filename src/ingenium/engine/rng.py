"""A tiny seeded generator whose whole state is one integer, so it lives in game state as data.

xorshift64* (Vigna 2014): fast in pure Python, good enough for shuffling cards.

>>> rng = Rng.from_seed(7)
>>> a = [rng.below(10) for _ in range(5)]
>>> rng2 = Rng.from_seed(7)
>>> a == [rng2.below(10) for _ in range(5)]
True
"""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
T = TypeVar("T")


def splitmix64(x: int) -> int:
    """Scramble a seed into a well-mixed non-zero 64-bit state."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    z ^= z >> 31
    return z or 0x2545F4914F6CDD1D


class Rng:
    """Seeded generator; `state` is the only data and round-trips through JSON."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64 or 0x2545F4914F6CDD1D

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for a game seed (any int)."""
        return cls(splitmix64(seed & MASK64))

    def next64(self) -> int:
        """The next 64-bit output."""
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & MASK64
        x ^= x >> 27
        self.state = x
        return (x * 0x2545F4914F6CDD1D) & MASK64

    def below(self, n: int) -> int:
        """A number in range(n), n >= 1 (next64 written out: rules draw at every chance)."""
        x = self.state
        x ^= x >> 12
        x ^= (x << 25) & MASK64
        x ^= x >> 27
        self.state = x
        return (((x * 0x2545F4914F6CDD1D) & MASK64) * n) >> 64

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place (Fisher-Yates), the generator stepped in a local: a search
        shuffles in every world it samples."""
        x, mask = self.state, MASK64
        for n in range(len(items), 1, -1):  # n: the items still to place; j in range(n)
            x ^= x >> 12
            x ^= x << 25 & mask
            x ^= x >> 27
            j = (x * 0x2545F4914F6CDD1D & mask) * n >> 64
            i = n - 1
            items[i], items[j] = items[j], items[i]
        self.state = x

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        """One element, uniformly."""
        return items[self.below(len(items))]
