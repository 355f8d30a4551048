"""The RL observation of Civolution: a flat float32 vector of the table."""

from __future__ import annotations

import numpy as np

from ingenium.games.civolution.board import C
from ingenium.games.civolution.rules.research import hand_of
from ingenium.games.civolution.table import CivTable
from ingenium.games.civolution.views import PUBLIC_INTS, PUBLIC_LISTS

OBSERVATION_SIZE = 1200


def observation(t: CivTable, seat: int) -> np.ndarray:
    """A flat float vector of public counts and the seat's own hand (RL)."""
    values: list[float] = [float(getattr(t, k)) for k in PUBLIC_INTS]
    for k in PUBLIC_LISTS:
        values.extend(float(v) for v in getattr(t, k) if isinstance(v, int))
    hand = np.zeros(len(C.cards), np.float32)
    for c in hand_of(t, seat):
        hand[c] = 1.0
    out = np.zeros(OBSERVATION_SIZE, np.float32)
    head = np.asarray(values[:OBSERVATION_SIZE - len(C.cards)], np.float32)
    out[:len(head)] = head
    out[OBSERVATION_SIZE - len(C.cards):] = hand
    return out
