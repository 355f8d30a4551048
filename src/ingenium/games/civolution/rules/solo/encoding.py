"""The `vici` slice of the observation (Solo Mode): V.I.C.I's public play area as floats in
[0, 1]. Its discs, tribes, statues and score are encoded with the other seats' (seat 1).

Layout: solo flag (1), level one-hot (5), extra-tough (1), face-down stack size (1), revealed
cards (15, one flag per card number), discard pile (15), reset icons showing blue, red (2),
Evolution and Prosperity grid counts (2), provision markers per territory (22), activation dice
(1), last card (15, one-hot), its half red (1), its action roll (6, one-hot).
"""

from __future__ import annotations

import numpy as np

from ingenium.games.civolution import board
from ingenium.games.civolution.components.solo import LEVELS
from ingenium.games.civolution.rules.solo.setup import SOLO
from ingenium.games.civolution.rules.solo.table import SoloTable
from ingenium.games.civolution.table import CivTable

CARDS = len(SOLO.actions)
GRID_TOP = 20  # grid counts beyond this are clipped
SIZE: int = 1 + len(LEVELS) + 1 + 1 + CARDS + CARDS + 2 + 2 + board.TERRITORIES + 1 + CARDS + 1 + 6


def encode(out: np.ndarray, t: CivTable) -> None:
    """Fill `out` (SIZE floats, zero) for a solo table; a 2-4 player table leaves it zero."""
    found = values(t)
    if found:
        out[:] = np.minimum(np.array(found, np.float32), 1.0)


def values(t: CivTable) -> list[float]:
    """The slice's SIZE values (not yet capped at 1) for a solo table; none for 2-4 players."""
    if not isinstance(t, SoloTable):
        return []
    found: list[float] = [1.0]
    found += [float(t.vici_level == level) for level in LEVELS]
    found += [float(t.extra_tough), len(t.action_stack) / CARDS]
    found += _flags(t.action_up)
    found += _flags(t.action_discard)
    up = [SOLO.card(n) for n in t.action_up]
    found += [sum(c.blue for c in up) / 8, sum(c.red for c in up) / 8]
    found += [t.vici_evolution / GRID_TOP, t.vici_prosperity / GRID_TOP]
    found += [n / 10 for n in t.vici_provision]
    found += [t.vici_dice / 16]
    found += _flags([t.last_card])
    found += [float(t.last_half)]
    found += [float(v == t.last_roll) for v in range(1, 7)]
    return found


def _flags(numbers: list[int]) -> list[float]:
    """One flag per card number 1-CARDS: 1.0 for those listed (others, as none, ignored)."""
    flags = [0.0] * CARDS
    for n in numbers:
        if 1 <= n <= CARDS:
            flags[n - 1] = 1.0
    return flags
