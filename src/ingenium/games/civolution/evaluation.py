"""The greedy bot's evaluation of a Civolution position: success points now plus what the
civilization's position promises, in success points.

What the rules score is counted as the rules would score it now: the final scoring's nine
categories (the printed points per unit, or the scoring tile's), the era scoring tiles still to
come, console A (stages) and console B (point bonus cards). Fire encampments, statues, goal
chips and track bonuses pay when they happen, so they are in the score already. What only pays
later by being spent (food to feed the tribes, money, ideas, dice, tribes in supply, research
cards in hand, module upgrades) is worth a little, less as the game runs out.
"""

from __future__ import annotations

from ingenium.games.civolution import scoring
from ingenium.games.civolution.board import K
from ingenium.games.civolution.components.icons import Category
from ingenium.games.civolution.rules.common import territories_of, tribes_on_continent
from ingenium.games.civolution.rules.research import hand_of
from ingenium.games.civolution.table import (
    OVER,
    TRACKS,
    CivTable,
    dice_spaces,
    planned,
    stored,
)
from ingenium.games.margins import margins

CATEGORIES = len(scoring.CATEGORIES)
EVOLUTION = scoring.CATEGORIES.index(Category.EVOLUTION)
PROSPERITY = scoring.CATEGORIES.index(Category.PROSPERITY)
POPULATION = scoring.CATEGORIES.index(Category.POPULATION)
EXPANSION = scoring.CATEGORIES.index(Category.EXPANSION)
FINAL_POINTS = tuple(K.categories[c].final_points for c in scoring.CATEGORIES)
TILE_POINTS = tuple(K.categories[c].tile_points for c in scoring.CATEGORIES)
TRACK_CATEGORIES = 5  # the first five categories are a progress track's disc space each
ERA_POINTS = K.era_scoring.points


def evaluate(t: CivTable, seat: int) -> float:
    """This seat's potential less the best other seat's."""
    values = potentials(t)
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def evaluate_all(t: CivTable) -> list[float]:
    """Every seat's `evaluate`, each seat's potential computed once (search asks for all)."""
    return margins(potentials(t))


def potentials(t: CivTable) -> list[float]:
    """Every seat's `potential`, what the seats share (the points per unit, the consoles'
    points) worked out once."""
    weights, console = unit_weights(t), scoring.console_points(t)
    return [potential(t, s, weights, console[s]) for s in range(t.players)]


def points_per_unit(t: CivTable) -> list[int]:
    """Each category's points per unit in the final scoring as the table stands (the same
    for every seat: worked out once per evaluation): scoring.final_points of each, the
    printed points read once at import, a tile's where one covers the category."""
    points = list(FINAL_POINTS)
    for category in t.final_tiles:
        if 0 <= category < CATEGORIES:
            points[category] = TILE_POINTS[category]
    return points


def unit_weights(t: CivTable) -> list[int]:
    """Each category's points per unit still to come: the final scoring's and the era
    scoring tiles' still on the board (the same for every seat)."""
    weights = points_per_unit(t)
    for space, category in enumerate(t.era_tiles):
        if category >= 0:
            weights[category] += ERA_POINTS[space]
    return weights


def points_to_come(t: CivTable, seat: int, tribes: int, weights: list[int]) -> int:
    """Success points now plus what the categories would score as the table stands
    (integers: their sum is exact in any order); `tribes`: the seat's tribes on the continent
    (its population)."""
    track = t.track[seat * TRACKS:seat * TRACKS + TRACK_CATEGORIES]
    points = t.score[seat] + sum([
        w * u for w, u in zip(weights[:TRACK_CATEGORIES], track, strict=True)])
    points += weights[EVOLUTION] * scoring.units(t, seat, EVOLUTION)
    points += weights[PROSPERITY] * scoring.prosperity(t, seat)
    points += weights[POPULATION] * tribes
    return points + weights[EXPANSION] * len(territories_of(t, seat))


def potential(t: CivTable, seat: int, weights: list[int] | None = None,
              console: int | None = None) -> float:
    """Success points plus what the civilization's position promises (see the docstring);
    `weights`: unit_weights(t), `console`: the seat's console_points, when the caller has
    them."""
    if t.phase == OVER:
        return float(t.score[seat])
    tribes = tribes_on_continent(t, seat)
    weights = unit_weights(t) if weights is None else weights
    console = scoring.console_points(t)[seat] if console is None else console
    value = float(points_to_come(t, seat, tribes, weights) + console)
    rest = max(0.0, (4 - t.era) / 3)  # 1 in the first era, 0 in the last
    fed = min(t.food[seat], tribes)  # food that will feed a tribe at Phase 6
    value += 0.8 * fed + 0.2 * (t.food[seat] - fed)
    value += 0.5 * t.money[seat] + 0.5 * t.ideas[seat] + 0.8 * t.focus[seat]
    value += 0.3 * sum(dice_spaces(t, seat)) + 0.3 * sum(
        planned(t, seat))
    value += (0.5 + 1.0 * rest) * (scoring.upgrades(t, seat))
    value += (0.3 + 1.2 * rest) * len(hand_of(t, seat))
    value += 0.5 * rest * t.tribes[seat]
    value += 0.3 * sum(stored(t, seat))
    value += 0.5 * t.favor[seat]
    return value
