"""Legendary Inventors' search evaluation as it was written before the shared-work rewrite
(each seat's potential on its own, leads summed per seat): the plain definition that
`evaluation.potentials` and `evaluate_all` must match exactly, float for float."""

from __future__ import annotations

from ingenium.games.legendary_inventors.components.catalog import NUM_KINDS
from ingenium.games.legendary_inventors.components.records import MAX_PLAYERS, TOKENS_PER_INVENTION
from ingenium.games.legendary_inventors.evaluation import (
    _VP,
    _knowledge,
    _level_worth,
    _owned,
    _tokens,
)
from ingenium.games.legendary_inventors.rules import scoring
from ingenium.games.legendary_inventors.table import FINAL, IN_PLAY, LITable


def potential(t: LITable, seat: int) -> float:
    """Points plus held tokens, knowledge (worth less as the game runs out) and the promise of
    leading an open invention."""
    cards, classes = _owned(tuple(t.owner), t.players)
    return _potential(t, seat, cards, classes, _level_worth(t), _open_leads(t))


def _open_leads(t: LITable) -> list[tuple[int, list[int], int]]:
    """Per invention in play: its id, every seat's cubes on it, its bonus tokens left."""
    leads = []
    players, status, cubes, bonus = t.players, t.status, t.cubes, t.bonus
    for inv in t.display:
        if status[inv] != IN_PLAY:
            continue
        at = inv * TOKENS_PER_INVENTION
        tokens = sum(1 for k in range(TOKENS_PER_INVENTION) if bonus[at + k] >= 0)
        leads.append((inv, cubes[inv * MAX_PLAYERS:inv * MAX_PLAYERS + players], tokens))
    return leads


def _potential(t: LITable, seat: int, cards: tuple[int, ...],
               classes: tuple[tuple[int, ...], ...], worth: float,
               leads: list[tuple[int, list[int], int]]) -> float:
    at = seat * scoring.SEAT_LEVELS
    goals, progress, levels = _knowledge(t.team[seat], tuple(t.level[at:at + scoring.SEAT_LEVELS]))
    at = seat * NUM_KINDS
    ribbons, promise, stars = _tokens(tuple(t.held[at:at + NUM_KINDS]))
    value = float(cards[seat] + ribbons + goals + scoring.best_runs(classes[seat], stars))
    if t.phase != FINAL:  # unplayed after the last chance, a token is worth nothing
        value += promise
    value += worth * levels
    value += progress
    for inv, seat_cubes, tokens in leads:
        mine = seat_cubes[seat]
        if not mine:
            continue
        better = sum(1 for c in seat_cubes if c > mine)
        if better < 3:
            value += (0.5 + 0.2 * tokens) * _VP[inv] / (1 + better)
    return value


