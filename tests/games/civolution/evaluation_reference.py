"""evaluation.py as first written (every category through scoring.units, the era tiles' and
final scoring's points added one by one; the tribes counted group by group with the feeding
rules' own `group`): the fast version must give the same floats
(tests/games/civolution/test_fast_paths.py)."""

from __future__ import annotations

from ingenium.games.civolution import scoring
from ingenium.games.civolution.board import K
from ingenium.games.civolution.components.icons import Category
from ingenium.games.civolution.rules.common import my_territories, tribes_on_continent
from ingenium.games.civolution.rules.feeding import group
from ingenium.games.civolution.rules.research import hand_of
from ingenium.games.civolution.rules.tribes import BOAT
from ingenium.games.civolution.table import FEEDING, OVER, CivTable, dice_spaces, planned, stored
from ingenium.games.margins import margins

CATEGORIES = len(scoring.CATEGORIES)
POPULATION = scoring.CATEGORIES.index(Category.POPULATION)
EXPANSION = scoring.CATEGORIES.index(Category.EXPANSION)
ERA_POINTS = K.era_scoring.points
# what food, tribes and dice are worth (evaluation.py's docstring says why)
FEEDING_FOOD, SPARE_FOOD, STRONG_NOW, STRONG_LATER, LYING, DIE = 1.5, 0.2, 1.0, 0.5, 1.0, 0.3


def evaluate(t: CivTable, seat: int) -> float:
    """This seat's potential less the best other seat's."""
    per = points_per_unit(t)
    mine = potential(t, seat, per)
    return mine - max(potential(t, s, per) for s in range(t.players) if s != seat)


def evaluate_all(t: CivTable) -> list[float]:
    """Every seat's `evaluate`, each seat's potential computed once (search asks for all)."""
    per = points_per_unit(t)
    return margins([potential(t, s, per) for s in range(t.players)])


def points_per_unit(t: CivTable) -> list[int]:
    """Each category's points per unit in the final scoring as the table stands (the same
    for every seat: worked out once per evaluation)."""
    return [scoring.final_points(c, t) for c in range(CATEGORIES)]


def category_units(t: CivTable, seat: int) -> list[int]:
    """The seat's units in each of the nine categories (population and expansion in one pass
    each)."""
    out = [scoring.units(t, seat, c) if c not in (POPULATION, EXPANSION) else 0
           for c in range(CATEGORIES)]
    out[POPULATION] = tribes_on_continent(t, seat)
    out[EXPANSION] = len(my_territories(t, seat))
    return out


def tribes_and_needs(t: CivTable, seat: int) -> tuple[int, int, int]:
    """(strong tribes, lying tribes, food the coming feeding needs): every feeding group of
    the seat (each encampment, each territory's wilderness lying and upright, each boat lying
    and upright), as Phase 6 asks about them."""
    strong = lying = need = 0
    for place in range(BOAT + 2):
        for side in (0, 1):
            tribes, upright, food_each = group(t, seat, place, side)
            if place < len(t.enc_seat) and side:
                continue  # an encampment is one group, whichever side is asked
            if upright:
                strong += tribes
            else:
                lying += tribes
            need += tribes * food_each
    return strong, lying, need


def potential(t: CivTable, seat: int, per: list[int] | None = None) -> float:
    """Success points plus what the civilization's position promises (see the docstring);
    `per`: points_per_unit(t), when the caller has it."""
    value = float(t.score[seat])
    if t.phase == OVER:
        return value
    units = category_units(t, seat)
    per = points_per_unit(t) if per is None else per
    value += sum(points * unit for points, unit in zip(per, units, strict=True))
    for space, category in enumerate(t.era_tiles):
        if category >= 0:
            value += ERA_POINTS[space] * units[category]
    value += scoring.stage_points(t, seat) + scoring.point_bonus(t, seat)
    strong, lying, need = tribes_and_needs(t, seat)
    assert strong + lying == units[POPULATION]
    food = t.food[seat]
    fed = min(food, need)  # food that will feed a tribe at Phase 6
    tribes_value = FEEDING_FOOD * fed + SPARE_FOOD * (food - fed) - LYING * lying
    if t.phase <= FEEDING:
        tribes_value += STRONG_NOW * strong
    value += tribes_value + STRONG_LATER * (len(ERA_POINTS) - t.era) * strong
    rest = max(0.0, (4 - t.era) / 3)  # 1 in the first era, 0 in the last
    value += 0.5 * t.money[seat] + 0.5 * t.ideas[seat] + 0.8 * t.focus[seat]
    value += DIE * (sum(dice_spaces(t, seat)) + t.used_dice[seat]) + 0.3 * sum(
        planned(t, seat))
    value += (0.5 + 1.0 * rest) * (scoring.upgrades(t, seat))
    value += (0.3 + 1.2 * rest) * len(hand_of(t, seat))
    value += 0.3 * sum(stored(t, seat))
    value += 0.5 * t.favor[seat]
    return value
