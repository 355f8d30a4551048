"""The seeded generator (engine/rng.py): `below` and `shuffle` step the state written out in
place for speed; they must give exactly the sequences of their plain definitions (next64, then
a multiply-shift; Fisher-Yates over `below`), since saved games and seeded play depend on them."""

from __future__ import annotations

import random

from ingenium.engine.rng import MASK64, Rng


def plain_next64(rng: Rng) -> int:
    """xorshift64* as first written."""
    x = rng.state
    x ^= x >> 12
    x ^= (x << 25) & MASK64
    x ^= x >> 27
    rng.state = x
    return (x * 0x2545F4914F6CDD1D) & MASK64


def plain_below(rng: Rng, n: int) -> int:
    return (plain_next64(rng) * n) >> 64


def plain_shuffle(rng: Rng, items: list[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = plain_below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def test_below_and_shuffle_give_the_sequences_first_recorded() -> None:
    rng = Rng.from_seed(7)
    assert [rng.below(n) for n in (1, 2, 3, 10, 1000, 2**40, 7, 52)] == [
        0, 0, 1, 5, 651, 663974085580, 2, 32]
    assert rng.state == 4230192852284634028
    rng = Rng.from_seed(12345)
    items = list(range(20))
    rng.shuffle(items)
    assert items == [11, 6, 1, 0, 10, 14, 4, 16, 8, 12, 17, 2, 19, 9, 7, 13, 15, 18, 3, 5]
    assert rng.state == 14663446129034006251


def test_below_shuffle_and_choice_equal_their_plain_definitions() -> None:
    picks = random.Random(3)
    for seed in range(200):
        fast, plain = Rng.from_seed(seed), Rng.from_seed(seed)
        for _ in range(20):
            n = picks.randrange(1, 60)
            if picks.random() < 0.5:
                assert fast.below(n) == plain_below(plain, n)
            else:
                items, twin = list(range(n)), list(range(n))
                fast.shuffle(items)
                plain_shuffle(plain, twin)
                assert items == twin
            assert fast.choice(list(range(n))) == plain_below(plain, n)
            assert fast.next64() == plain_next64(plain)
            assert fast.state == plain.state
