"""Several lists shuffled in turn by one `Rng`, exactly as `Rng.shuffle` would, the generator's
outputs computed at once with numpy (issue #23: a search resamples ~135 research cards in
every world it samples, and stepping the generator card by card in Python was a third of an
iteration).

xorshift64*'s state steps by a linear map over GF(2) (shifts and xors), so the k-th state on
from x is the xor of the k-step images of x's set bits, or of its eight bytes:
`JUMPS[p, v, k - 1]` is the state k steps on from the state holding v in byte p alone. The
k-th output is that state times the multiplier (mod
2**64), and Fisher-Yates' swap index for n items left is the output's high part of output * n
(`Rng.shuffle`), computed in 32-bit halves so nothing leaves uint64. The swaps are left
to the caller (`views.shuffle_all`, compiled in the accelerated build, where this module's
numpy calls gain nothing): every list ends up as `Rng.shuffle` leaves it, and so does the
generator.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ingenium.engine.rng import MASK64, Rng

MULTIPLIER = 0x2545F4914F6CDD1D
MAX_STEPS = 160  # Civolution shuffles 160 research cards at most (5 decks of 32) a world
BYTES = np.arange(8)
LOW32 = np.uint64(0xFFFFFFFF)
U32 = np.uint64(32)
Steps = npt.NDArray[np.uint64]


def _step(x: int) -> int:
    """One xorshift64 state step (`Rng.next64` without the output multiplier)."""
    x ^= x >> 12
    x ^= (x << 25) & MASK64
    x ^= x >> 27
    return x


def _jumps(steps: int) -> Steps:
    """`JUMPS` (see the module): built from each bit's states, a byte value's row being the
    row of the value without its lowest bit xor that bit's."""
    bits = np.zeros((64, steps), dtype=np.uint64)
    for bit in range(64):
        x = 1 << bit
        for k in range(steps):
            x = _step(x)
            bits[bit, k] = x
    table = np.zeros((8, 256, steps), dtype=np.uint64)
    for byte in range(8):
        for value in range(1, 256):
            low = (value & -value).bit_length() - 1
            table[byte, value] = table[byte, value & (value - 1)] ^ bits[8 * byte + low]
    return table


JUMPS = _jumps(MAX_STEPS)


def _sizes_left(lengths: tuple[int, ...]) -> Steps:
    """The n of each Fisher-Yates step (the items still to place), list after list."""
    parts = [np.arange(length, 1, -1, dtype=np.uint64) for length in lengths]
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.uint64)


_SIZES: dict[tuple[int, ...], Steps] = {}  # lengths -> _sizes_left; a few shapes a game


def swap_indices(rng: Rng, lengths: tuple[int, ...]) -> list[int]:
    """The swap index of every Fisher-Yates step of shuffling lists of these lengths in turn
    with `rng` (for n items left, n - 1 down to 1), which is left as those shuffles leave it;
    past the table's steps, stepped in Python."""
    if sum(length - 1 for length in lengths if length > 1) > MAX_STEPS:
        return [rng.below(n) for length in lengths for n in range(length, 1, -1)]
    sizes = _SIZES.get(lengths)
    if sizes is None:
        sizes = _SIZES[lengths] = _sizes_left(lengths)
        if len(_SIZES) > 256:  # bounded: drop all (a new game has new shapes)
            _SIZES.clear()
    steps = len(sizes)
    if steps == 0:
        return []
    start = np.frombuffer(rng.state.to_bytes(8, "little"), dtype=np.uint8)
    states = np.bitwise_xor.reduce(JUMPS[BYTES, start, :steps], axis=0)
    outputs = states * np.uint64(MULTIPLIER)  # mod 2**64: uint64 arithmetic wraps
    high, low = outputs >> U32, outputs & LOW32
    swaps = (high * sizes + ((low * sizes) >> U32)) >> U32
    rng.state = int(states[-1])
    indices: list[int] = swaps.tolist()
    return indices
