"""Scoring categories (Phase 7 C), the final scoring (End of the Game) and the tie-breakers.

Units per category: a track's disc space; feature markers; active diamonds (food 1 per 3, money
1 per 2, at most 5 from both; built settlements' diamonds; storage diamonds between two filled
spaces of a terrain); tribes on the continent; territories with a tribe.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C, K, material_at
from ingenium.games.civolution.components.effects import PointBonus
from ingenium.games.civolution.components.icons import Category
from ingenium.games.civolution.console import gain_sp
from ingenium.games.civolution.rules.common import territories_of, tribes_on_continent
from ingenium.games.civolution.rules.solo.table import civ_name, vici_of
from ingenium.games.civolution.table import (
    ITEM_CARD,
    ITEM_GOAL,
    CivTable,
    features,
    settlement_at,
    stage_tile_at,
    stored,
    track_at,
)

if TYPE_CHECKING:
    from ingenium.engine import State

CATEGORIES = tuple(Category)
STAGES = K.stages
# each land terrain's materials, storage row 1 to 3
STORAGE_ROWS = tuple((material_at(terrain, 1), material_at(terrain, 2), material_at(terrain, 3))
                     for terrain in range(6))
# the console's diamonds: food and money (at most FOOD_MONEY_DIAMONDS), each settlement built,
# and a terrain's storage gaps between rows 1 and 2, and 2 and 3, both spaces filled
FOOD_MONEY_DIAMONDS = K.console.food_money_diamonds
FOOD_PER_DIAMOND = K.console.food_per_diamond
MONEY_PER_DIAMOND = K.console.money_per_diamond
SETTLEMENTS = len(K.settlements)
SETTLEMENT_DIAMONDS = tuple(s.diamonds for s in K.settlements)
LOWER_GAP_DIAMONDS, UPPER_GAP_DIAMONDS = K.console.storage_diamonds


def prosperity(t: CivTable, seat: int) -> int:
    """Active diamonds on the left half of the console; Solo Mode: V.I.C.I, with no console,
    counts the markers on its Prosperity grid."""
    if (solo := vici_of(t, seat)) is not None:
        return solo.vici_prosperity
    diamonds = min(FOOD_MONEY_DIAMONDS, t.food[seat] // FOOD_PER_DIAMOND
                   + t.money[seat] // MONEY_PER_DIAMOND)
    built = t.settlement_built[settlement_at(seat, 0):settlement_at(seat, SETTLEMENTS)]
    diamonds += sum([worth for worth, b in zip(SETTLEMENT_DIAMONDS, built, strict=True) if b])
    store = stored(t, seat)
    for row1, row2, row3 in STORAGE_ROWS:
        if store[row2]:  # both gaps of a terrain's storage need its middle row filled
            if store[row1]:
                diamonds += LOWER_GAP_DIAMONDS
            if store[row3]:
                diamonds += UPPER_GAP_DIAMONDS
    return diamonds


def units(t: CivTable, seat: int, category: int) -> int:
    """How many units of a scoring category a civilization has."""
    if category < 5:
        return t.track[track_at(seat, category)]
    cat = CATEGORIES[category]
    if cat is Category.EVOLUTION:
        if (solo := vici_of(t, seat)) is not None:  # Solo Mode: counted via its Evolution grid
            return solo.vici_evolution
        return sum(features(t, seat))
    if cat is Category.PROSPERITY:
        return prosperity(t, seat)
    if cat is Category.POPULATION:
        return tribes_on_continent(t, seat)
    return len(territories_of(t, seat))


def final_points(category: int, t: CivTable) -> int:
    """Points per unit in the final scoring: the printed space, or the tile covering it."""
    rec = K.categories[CATEGORIES[category]]
    return rec.tile_points if category in t.final_tiles else rec.final_points


def stage_points(t: CivTable, seat: int) -> int:
    """Console A: each chip and card scores its stage's points (stages 4 and 5 only with an
    active stage tile; stages 6+ nothing)."""
    total = 0
    for s, _col, stage, _kind, _id in t.installed:
        if s != seat or stage > len(STAGES):
            continue
        rec = STAGES[stage - 1]
        if rec.needs_tile and not t.stage_tile[stage_tile_at(seat, stage - 4)]:
            continue
        total += rec.sp
    return total


def point_bonus(t: CivTable, seat: int) -> int:
    """Console B: a point-bonus card scores its SP for each card and income chip in its
    column, itself included."""
    total = 0
    mine = [i for i in t.installed if i.seat == seat]
    for _s, col, _stage, kind, item in mine:
        ability = C.cards[item].ability if kind == ITEM_CARD else None
        if isinstance(ability, PointBonus):
            total += ability.sp * sum(1 for i in mine if i.column == col and i.kind != ITEM_GOAL)
    return total


# the cards whose ability is a point bonus, and its success points per item of the column
POINT_BONUS_SP = {c: card.ability.sp for c, card in enumerate(C.cards)
                  if isinstance(card.ability, PointBonus)}


def console_points(t: CivTable) -> list[int]:
    """Every seat's `stage_points` plus `point_bonus`, in one pass over the installed items
    (the evaluation asks for every seat at once)."""
    points = [0] * t.players
    bonuses: list[tuple[int, int, int]] = []  # (seat, column, SP per item) of bonus cards
    for seat, column, stage, kind, item in t.installed:
        if stage <= len(STAGES):
            rec = STAGES[stage - 1]
            if not rec.needs_tile or t.stage_tile[stage_tile_at(seat, stage - 4)]:
                points[seat] += rec.sp
        if kind == ITEM_CARD and item in POINT_BONUS_SP:
            bonuses.append((seat, column, POINT_BONUS_SP[item]))
    for seat, column, sp in bonuses:
        points[seat] += sp * sum(1 for i in t.installed if i.seat == seat
                                 and i.column == column and i.kind != ITEM_GOAL)
    return points


def final_scoring(state: State[CivTable]) -> None:
    """The 9 categories at their final values, then console A and console B."""
    t = state.table
    for category in range(len(CATEGORIES)):
        per = final_points(category, t)
        for seat in range(t.players):
            gain_sp(t, seat, per * units(t, seat, category))
    for seat in range(t.players):
        gain_sp(t, seat, stage_points(t, seat))
        gain_sp(t, seat, point_bonus(t, seat))
    state.log(None, "final", "Final scoring: " + ", ".join(
        f"{civ_name(t, s)} {p}" for s, p in enumerate(scores(t))), {"scores": scores(t)})


def scores(t: CivTable) -> list[int]:
    """Success points per civilization (the score track; laps are counted in it)."""
    return list(t.score)


def upgrades(t: CivTable, seat: int) -> int:
    """Module upgrades made: the first tie-breaker."""
    modules = t.level[seat * board.MODULES:(seat + 1) * board.MODULES]
    return sum(modules) - len(modules)  # each module's level - 1
