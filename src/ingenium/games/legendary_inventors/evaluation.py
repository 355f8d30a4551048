"""The greedy bot's evaluation of a Legendary Inventors position: points now, plus what held
tokens, knowledge, progress towards inventor goals and leading positions on open inventions
promise.

A held upgrade token is worth less than the knowledge level it buys (it scores nothing unplayed),
and nothing at all once the last chance to play tokens has come, so the bot spends its tokens;
a goal not yet met is worth its bonus in proportion (squared) to the levels it already has."""

from __future__ import annotations

from functools import lru_cache

from ingenium.games.legendary_inventors.components.catalog import NUM_KINDS, STAR, C
from ingenium.games.legendary_inventors.components.records import (
    AGES,
    CLASSIFICATIONS,
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
_WEIGHTED = tuple((k, w) for k, w in enumerate(TOKEN_WEIGHTS) if w)
_VP = tuple(inv.vp for inv in C.inventions)
LEVEL_VALUE = 0.3  # a knowledge level: one more cube of its type every turn the inventor works
LEVEL_FLOOR = 0.2  # of LEVEL_VALUE left at the end: the turns to work it have run out
GOAL_SHARE = 0.7  # of an unmet goal's bonus, at full progress short of meeting it


def evaluate(t: LITable, seat: int) -> float:
    """This seat's potential less the best other seat's."""
    values = potentials(t)
    mine = values[seat]
    return mine - max(v for s, v in enumerate(values) if s != seat)


def evaluate_all(t: LITable) -> list[float]:
    """Every seat's `evaluate`, each seat's potential computed once (search asks for all)."""
    return margins(potentials(t))


def potential(t: LITable, seat: int) -> float:
    """Points plus held tokens, knowledge (worth less as the game runs out) and the promise of
    leading an open invention."""
    return potentials(t)[seat]


def potentials(t: LITable) -> list[float]:
    """Every seat's `potential`; what seats share (card owners, the share of the game left,
    open inventions' cubes) is read once for all."""
    players = t.players
    cards, classes = _owned(tuple(t.owner), players)
    worth = _level_worth(t)
    spend = t.phase != FINAL  # unplayed after the last chance, a token is worth nothing
    values = [_standing(t, s, cards[s], classes[s], worth, spend) for s in range(players)]
    _add_leads(t, values)
    return values


def _level_worth(t: LITable) -> float:
    """What one knowledge level is worth now."""
    return LEVEL_VALUE * (LEVEL_FLOOR + (1 - LEVEL_FLOOR) * remaining(t))


def _standing(t: LITable, seat: int, cards: int, classes: tuple[int, ...], worth: float,
              spend: bool) -> float:
    """A seat's potential before its leads: points, held tokens, knowledge, goal progress."""
    at = seat * scoring.SEAT_LEVELS
    goals, progress, levels = _knowledge(t.team[seat], tuple(t.level[at:at + scoring.SEAT_LEVELS]))
    at = seat * NUM_KINDS
    ribbons, promise, stars = _tokens(tuple(t.held[at:at + NUM_KINDS]))
    value = float(cards + ribbons + goals + _runs(classes, stars))
    if spend:
        value += promise
    value += worth * levels
    return value + progress


def _add_leads(t: LITable, values: list[float]) -> None:
    """Add to each seat's value the promise of its place on every open invention in play: its
    card's VP (more while its bonus tokens are there) shared by the seats ahead of it, for
    the top three; invention by invention, in the display's order."""
    players, status, cubes, bonus = t.players, t.status, t.cubes, t.bonus
    for inv in t.display:
        if status[inv] != IN_PLAY:
            continue
        at = inv * TOKENS_PER_INVENTION  # TOKENS_PER_INVENTION == 2, unrolled
        tokens = (bonus[at] >= 0) + (bonus[at + 1] >= 0)
        prize = (0.5 + 0.2 * tokens) * _VP[inv]
        seat_cubes = cubes[inv * MAX_PLAYERS:inv * MAX_PLAYERS + players]
        for seat, mine in enumerate(seat_cubes):
            if not mine:
                continue
            better = 0
            for other in seat_cubes:
                if other > mine:
                    better += 1
            if better < 3:
                values[seat] += prize / (1 + better)


# -- the parts of a potential that change far less often than the table, memoized on exactly
# what they depend on (search evaluates every leaf; a seat's levels or tokens rarely changed)
@lru_cache(maxsize=1 << 12)
def _owned(owner: tuple[int, ...], players: int) -> tuple[tuple[int, ...],
                                                          tuple[tuple[int, ...], ...]]:
    """Per seat: the card points taken, and the cards taken per classification."""
    cards = [0] * players
    classes = [[0] * CLASSIFICATIONS for _ in range(players)]
    for inv, seat in enumerate(owner):
        if seat >= 0:
            cards[seat] += scoring.VP[inv]
            classes[seat][scoring.CLASS[inv]] += 1
    return tuple(cards), tuple(tuple(counts) for counts in classes)


@lru_cache(maxsize=1 << 14)
def _knowledge(team: int, level: tuple[int, ...]) -> tuple[int, float, int]:
    """One seat's goal points (Scoring 3), `goal_progress` and summed knowledge levels, from
    its team and its levels (inventor * 4 + type)."""
    return scoring.goals_of(team, level), _progress(team, level), sum(level)


@lru_cache(maxsize=1 << 12)
def _runs(classes: tuple[int, ...], stars: int) -> int:
    """`scoring.best_runs` of one seat's cards per classification and stars."""
    return scoring.best_runs(classes, stars)


@lru_cache(maxsize=1 << 12)
def _tokens(held: tuple[int, ...]) -> tuple[int, float, int]:
    """One seat's ribbon points (Scoring 2), what its tokens promise unplayed, and its stars."""
    return scoring.ribbons_of(held), sum(w * held[k] for k, w in _WEIGHTED), held[STAR]


def all_totals(t: LITable) -> list[int]:
    """`scoring.total` of every seat, the owners of cards read once for all seats."""
    cards, classes = _owned(tuple(t.owner), t.players)
    totals = []
    for s in range(t.players):
        at = s * scoring.SEAT_LEVELS
        goals = _knowledge(t.team[s], tuple(t.level[at:at + scoring.SEAT_LEVELS]))[0]
        at = s * NUM_KINDS
        ribbons, _, stars = _tokens(tuple(t.held[at:at + NUM_KINDS]))
        totals.append(cards[s] + ribbons + goals + scoring.best_runs(classes[s], stars))
    return totals


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
    at = seat * scoring.SEAT_LEVELS
    return _progress(t.team[seat], tuple(t.level[at:at + scoring.SEAT_LEVELS]))


def _progress(team: int, level: tuple[int, ...]) -> float:
    """`goal_progress` of a team with these levels (inventor * 4 + type)."""
    value = 0.0
    for inventor, (bonus, wanted) in enumerate(scoring.GOALS[team]):
        base = inventor * NUM_TYPES
        asked = sum(n for _, n in wanted)
        had = sum(min(level[base + ty], n) for ty, n in wanted)
        if asked and had < asked:
            value += GOAL_SHARE * bonus * (had / asked) ** 2
    return value
