"""The RL observation's `chronos_opponent` block (2-Player Rules): Chronos' public pieces that
the per-seat blocks do not hold. His citizens on the map and in Region displays, his Influence
tokens in the regions, his turn-order place and his private Milestone are read where the
players' are, as relative block 2 (the block after the two players'); see encoding.py."""

from __future__ import annotations

import numpy as np

from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.table import InvTable, chronos_of

R = K.NUM_REGIONS
MAX_TRACK_TOKENS = 3
FIELDS = (("present", 1), ("region", R), ("supply", 1), ("tokens_supply", 1),
          ("tokens_era_track", 1), ("era_space", len(K.ERA_SPACES)),
          ("progress_tiles", K.NUM_PROGRESS), ("wealth_tiles", K.NUM_WEALTH))
SIZE = sum(length for _, length in FIELDS)


def _offsets() -> dict[str, int]:
    out, at = {}, 0
    for name, length in FIELDS:
        out[name] = at
        at += length
    return out


OFFSET = _offsets()


def encode(obs: np.ndarray, at: int, t: InvTable) -> None:
    """Fill the block that starts at `at` (left 0 without Chronos)."""
    if chronos_of(t) < 0:
        return
    obs[at + OFFSET["present"]] = 1.0
    if t.chronos_region >= 0:
        obs[at + OFFSET["region"] + t.chronos_region] = 1.0
    obs[at + OFFSET["supply"]] = t.chronos_supply / K.CITIZENS
    obs[at + OFFSET["tokens_supply"]] = t.chronos_token_supply / K.NUM_TOKENS
    obs[at + OFFSET["tokens_era_track"]] = t.chronos_token_track / MAX_TRACK_TOKENS
    if t.chronos_era_space >= 0:
        obs[at + OFFSET["era_space"] + t.chronos_era_space] = 1.0
    for code in t.chronos_tiles:
        if code >= K.WEALTH_BASE:
            obs[at + OFFSET["wealth_tiles"] + code - K.WEALTH_BASE] = 1.0
        else:
            obs[at + OFFSET["progress_tiles"] + code - K.PROGRESS_BASE] = 1.0
