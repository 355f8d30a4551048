"""The scoring counts a search's evaluation asks of every leaf for every seat (a category's
units, Prosperity's diamonds, the consoles' points, the module upgrades), moved out of
`scoring.py` so the accelerated build compiles them (scoring.py, which also runs the final
scoring and its log, stays pure); `scoring` re-exports them under their old names.
"""

from __future__ import annotations

from itertools import compress

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C, K, material_at
from ingenium.games.civolution.components.effects import PointBonus
from ingenium.games.civolution.components.icons import Category
from ingenium.games.civolution.components.records import Stage
from ingenium.games.civolution.rules.common import territories_of, tribes_on_continent
from ingenium.games.civolution.rules.solo.table import VICI, SoloTable
from ingenium.games.civolution.table import (
    FEATURES,
    ITEM_CARD,
    ITEM_GOAL,
    MATERIALS,
    CivTable,
    settlement_at,
    stage_tile_at,
    track_at,
)

CATEGORIES: tuple[Category, ...] = tuple(Category)
# Evolution, Prosperity, Population, then Expansion
EVOLUTION: int = CATEGORIES.index(Category.EVOLUTION)
PROSPERITY: int = CATEGORIES.index(Category.PROSPERITY)
POPULATION: int = CATEGORIES.index(Category.POPULATION)
TRACK_CATEGORIES: int = 5  # the first categories are counted on the progress tracks
STAGES: tuple[Stage, ...] = K.stages
# each land terrain's materials, storage row 1 to 3
STORAGE_ROWS: tuple[tuple[int, int, int], ...] = tuple(
    (material_at(terrain, 1), material_at(terrain, 2), material_at(terrain, 3))
    for terrain in range(6))
# the console's diamonds: food and money (at most FOOD_MONEY_DIAMONDS), each settlement built,
# and a terrain's storage gaps between rows 1 and 2, and 2 and 3, both spaces filled
FOOD_MONEY_DIAMONDS: int = K.console.food_money_diamonds
FOOD_PER_DIAMOND: int = K.console.food_per_diamond
MONEY_PER_DIAMOND: int = K.console.money_per_diamond
SETTLEMENTS: int = len(K.settlements)
SETTLEMENT_DIAMONDS: tuple[int, ...] = tuple(s.diamonds for s in K.settlements)
SETTLEMENT_SLOTS: int = settlement_at(1, 0)  # a seat's slots in `settlement_built`
LOWER_GAP_DIAMONDS: int = K.console.storage_diamonds[0]
UPPER_GAP_DIAMONDS: int = K.console.storage_diamonds[1]
# the cards whose ability is a point bonus, and its success points per item of the column
POINT_BONUS_SP: dict[int, int] = {c: card.ability.sp for c, card in enumerate(C.cards)
                  if isinstance(card.ability, PointBonus)}


def food_and_money_diamonds(food: int, money: int) -> int:
    """The active diamonds food and money markers make (at most FOOD_MONEY_DIAMONDS)."""
    return min(FOOD_MONEY_DIAMONDS, food // FOOD_PER_DIAMOND + money // MONEY_PER_DIAMOND)


def prosperity(t: CivTable, seat: int) -> int:
    """Active diamonds on the left half of the console; Solo Mode: V.I.C.I, with no console,
    counts the markers on its Prosperity grid."""
    if seat == VICI and isinstance(t, SoloTable):
        return t.vici_prosperity
    diamonds = food_and_money_diamonds(t.food[seat], t.money[seat])
    first = seat * SETTLEMENT_SLOTS
    diamonds += sum(compress(SETTLEMENT_DIAMONDS, t.settlement_built[first:first + SETTLEMENTS]))
    store = t.storage[seat * MATERIALS:(seat + 1) * MATERIALS]
    for row1, row2, row3 in STORAGE_ROWS:
        if store[row2]:  # both gaps of a terrain's storage need its middle row filled
            if store[row1]:
                diamonds += LOWER_GAP_DIAMONDS
            if store[row3]:
                diamonds += UPPER_GAP_DIAMONDS
    return diamonds


def units(t: CivTable, seat: int, category: int) -> int:
    """How many units of a scoring category a civilization has."""
    if category < TRACK_CATEGORIES:
        return t.track[track_at(seat, category)]
    if category == EVOLUTION:
        if seat == VICI and isinstance(t, SoloTable):  # Solo Mode: counted via its Evolution grid
            return t.vici_evolution
        return sum(t.feature[seat * FEATURES:(seat + 1) * FEATURES])
    if category == PROSPERITY:
        return prosperity(t, seat)
    if category == POPULATION:
        return tribes_on_continent(t, seat)
    return len(territories_of(t, seat))


def console_points(t: CivTable) -> list[int]:
    """Every seat's `stage_points` plus `point_bonus` (scoring.py), in one pass over the
    installed items (the evaluation asks for every seat at once)."""
    points = [0] * t.players
    bonuses: list[tuple[int, int, int]] = []  # (seat, column, SP per item) of bonus cards
    stages = len(STAGES)
    for seat, column, stage, kind, item in t.installed:
        if stage <= stages:
            rec = STAGES[stage - 1]
            if not rec.needs_tile or t.stage_tile[stage_tile_at(seat, stage - 4)]:
                points[seat] += rec.sp
        if kind == ITEM_CARD and item in POINT_BONUS_SP:
            bonuses.append((seat, column, POINT_BONUS_SP[item]))
    for seat, column, sp in bonuses:
        points[seat] += sp * sum(1 for i in t.installed if i.seat == seat
                                 and i.column == column and i.kind != ITEM_GOAL)
    return points


def upgrades(t: CivTable, seat: int) -> int:
    """Module upgrades made: the first tie-breaker."""
    modules = t.level[seat * board.MODULES:(seat + 1) * board.MODULES]
    return sum(modules) - len(modules)  # each module's level - 1
