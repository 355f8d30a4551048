"""Named slices of a flat observation: each game's encoding lays its parts end to end and
readers cut an observation back into them (one helper for every game's `encoding.py`)."""

from __future__ import annotations

import numpy as np

Slices = dict[str, tuple[int, int]]


def layout(parts: tuple[tuple[str, int], ...]) -> Slices:
    """name -> (start, length), laid end to end."""
    out, at = {}, 0
    for name, length in parts:
        out[name] = (at, length)
        at += length
    return out


def cut(obs: np.ndarray, slices: Slices) -> dict[str, np.ndarray]:
    """The observation cut into its named slices (views, not copies)."""
    return {name: obs[start:start + length] for name, (start, length) in slices.items()}
