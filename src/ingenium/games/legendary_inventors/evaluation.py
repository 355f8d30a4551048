"""The greedy bot's evaluation of a Legendary Inventors position: points now, plus what held
tokens, knowledge, progress towards inventor goals and leading positions on open inventions
promise.

A held upgrade token is worth less than the knowledge level it buys (it scores nothing unplayed),
and nothing at all once the last chance to play tokens has come, so the bot spends its tokens;
a goal not yet met is worth its bonus in proportion (squared) to the levels it already has."""

from __future__ import annotations

from ingenium.games.legendary_inventors.components.catalog import NUM_KINDS, C
from ingenium.games.legendary_inventors.components.records import (
    AGES,
    INVENTORS_PER_TEAM,
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
)
from ingenium.games.legendary_inventors.rules import scoring
from ingenium.games.legendary_inventors.table import COMPLETED, FINAL, IN_PLAY, PLAY, LITable
from ingenium.games.margins import margins

# How much a held token is worth to the greedy evaluation (ribbons and stars score directly).
TOKEN_VALUE = {"up2": 0.2, "up3": 0.2, "up4": 0.2, "coffee": 0.8, "chocolate": 1.0}
TOKEN_WEIGHTS = tuple(TOKEN_VALUE.get(kind.key, 0.0) for kind in C.token_kinds)
LEVEL_VALUE = 0.3  # a knowledge level: one more cube of its type every turn the inventor works
LEVEL_FLOOR = 0.2  # of LEVEL_VALUE left at the end: the turns to work it have run out
GOAL_SHARE = 0.7  # of an unmet goal's bonus, at full progress short of meeting it


def evaluate(t: LITable, seat: int) -> float:
    """This seat's potential less the best other seat's."""
    mine = potential(t, seat)
    return mine - max(potential(t, s) for s in range(t.players) if s != seat)


def evaluate_all(t: LITable) -> list[float]:
    """Every seat's `evaluate`, each seat's potential computed once (search asks for all)."""
    return margins([potential(t, s) for s in range(t.players)])


def potential(t: LITable, seat: int) -> float:
    """Points plus held tokens, knowledge (worth less as the game runs out) and the promise of
    leading an open invention."""
    value = float(scoring.total(t, seat))
    base = seat * NUM_KINDS
    held = t.held
    if t.phase != FINAL:  # unplayed after the last chance, a token is worth nothing
        value += sum(w * held[base + k] for k, w in enumerate(TOKEN_WEIGHTS) if w)
    at = seat * INVENTORS_PER_TEAM * NUM_TYPES
    worth = LEVEL_VALUE * (LEVEL_FLOOR + (1 - LEVEL_FLOOR) * remaining(t))
    value += worth * sum(t.level[at:at + INVENTORS_PER_TEAM * NUM_TYPES])
    value += goal_progress(t, seat)
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


def remaining(t: LITable) -> float:
    """The share of the game still to play: 1 at the start, 0 once the third age is over (an
    age ends when all but one of its inventions are complete)."""
    if t.phase != PLAY:
        return 0.0
    needed = len(t.display) - 1
    done = sum(1 for inv in t.display if t.status[inv] == COMPLETED)
    return (len(AGES) - t.age + max(0, needed - done) / max(needed, 1)) / len(AGES)


def goal_progress(t: LITable, seat: int) -> float:
    """The promise of inventor goals not yet met: bonus x share x (levels had / levels asked)^2."""
    value = 0.0
    level = t.level
    for inventor, (bonus, wanted) in enumerate(scoring.GOALS[t.team[seat]]):
        base = (seat * INVENTORS_PER_TEAM + inventor) * NUM_TYPES
        asked = sum(n for _, n in wanted)
        had = sum(min(level[base + ty], n) for ty, n in wanted)
        if asked and had < asked:
            value += GOAL_SHARE * bonus * (had / asked) ** 2
    return value
