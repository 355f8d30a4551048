"""The greedy bot's evaluation of a Legendary Inventors position: points now, plus what held
tokens, knowledge and leading positions on open inventions promise."""

from __future__ import annotations

from ingenium.games.legendary_inventors.components.catalog import NUM_KINDS, C
from ingenium.games.legendary_inventors.components.records import (
    INVENTORS_PER_TEAM,
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
)
from ingenium.games.legendary_inventors.rules import scoring
from ingenium.games.legendary_inventors.table import IN_PLAY, LITable

# How much a held token is worth to the greedy evaluation (ribbons and stars score directly).
TOKEN_VALUE = {"up2": 1.5, "up3": 1.5, "up4": 1.5, "coffee": 0.8, "chocolate": 1.0}
TOKEN_WEIGHTS = tuple(TOKEN_VALUE.get(kind.key, 0.0) for kind in C.token_kinds)


def evaluate(t: LITable, seat: int) -> float:
    """This seat's potential less the best other seat's."""
    return potential(t, seat) - max(potential(t, s) for s in range(t.players) if s != seat)


def potential(t: LITable, seat: int) -> float:
    """Points plus held tokens, knowledge and the promise of leading an open invention."""
    value = float(scoring.total(t, seat))
    base = seat * NUM_KINDS
    held = t.held
    value += sum(w * held[base + k] for k, w in enumerate(TOKEN_WEIGHTS) if w)
    at = seat * INVENTORS_PER_TEAM * NUM_TYPES
    value += 0.15 * sum(t.level[at:at + INVENTORS_PER_TEAM * NUM_TYPES])
    for inv in t.display:
        if t.status[inv] != IN_PLAY:
            continue
        mine = t.cubes[inv * MAX_PLAYERS + seat]
        if not mine:
            continue
        better = sum(1 for s in range(t.players) if t.cubes[inv * MAX_PLAYERS + s] > mine)
        if better < 3:
            tokens = sum(1 for k in range(TOKENS_PER_INVENTION)
                         if t.bonus[inv * TOKENS_PER_INVENTION + k] >= 0)
            value += (0.5 + 0.2 * tokens) * C.inventions[inv].vp / (1 + better)
    return value
