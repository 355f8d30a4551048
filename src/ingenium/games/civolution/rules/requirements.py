"""Counting what a civilization has, for requirements held (`have`), goal chips and events."""

from __future__ import annotations

from ingenium.games.civolution import board
from ingenium.games.civolution.board import ENCAMPMENTS, FIRE_SP, TERRITORIES, C
from ingenium.games.civolution.components.effects import Have
from ingenium.games.civolution.components.icons import Count
from ingenium.games.civolution.console import strong_tribes
from ingenium.games.civolution.rules.common import strong_in, tribes_in
from ingenium.games.civolution.rules.solo.table import vici_of
from ingenium.games.civolution.scoring import prosperity
from ingenium.games.civolution.table import (
    ITEM_CARD,
    ITEM_GOAL,
    ITEM_INCOME,
    ITEM_START_CHIP,
    CivTable,
    boat_index,
    by_place,
    dice_spaces,
    features,
    settlements_built,
    stored,
    track_at,
)


def _terrs(have: Have) -> list[int]:
    return [x for x in range(TERRITORIES)
            if have.terrain is None or board.TERRAIN[x] is have.terrain]


def count(t: CivTable, seat: int, have: Have) -> int:
    """The value of a count for one civilization."""
    c = have.count
    terrs = _terrs(have)
    if c is Count.TRIBES:
        return sum(tribes_in(t, seat, x) for x in terrs)
    if c is Count.STRONG_TRIBES:
        return strong_tribes(t, seat) if have.terrain is None else sum(
            strong_in(t, seat, x) for x in terrs)
    if c is Count.TRIBES_IN_TERRITORY:
        return max((tribes_in(t, seat, x) for x in terrs), default=0)
    if c is Count.TERRITORIES:
        return sum(1 for x in terrs if tribes_in(t, seat, x))
    if c is Count.FARMS:
        return sum(1 for x in terrs if t.farm[x] == seat)
    if c is Count.BOATS:
        return sum(1 for b in (0, 1) if t.boat_at[boat_index(seat, b)] >= 0)
    if c is Count.FULL_BOATS:
        return sum(1 for b in (0, 1) if t.boat_at[boat_index(seat, b)] >= 0 and
                   t.boat_strong[boat_index(seat, b)] + t.boat_weak[boat_index(seat, b)] >= 2)
    if c is Count.SETTLEMENTS:
        return sum(settlements_built(t, seat))
    if c is Count.STATUES:
        return sum(by_place(t.statues, seat))
    if c is Count.BUILDINGS:
        return sum(by_place(t.statues, seat)) + sum(by_place(t.settled, seat))
    if c is Count.FEATURES:
        if (solo := vici_of(t, seat)) is not None and not have.feature:  # Solo: its grid
            return solo.vici_evolution
        feats = features(t, seat)
        return feats[board.FEATURES.index(have.feature)] if have.feature else sum(feats)
    if c is Count.FEATURE_TYPES:
        return sum(1 for n in features(t, seat) if n)
    if c is Count.FOOD:
        return t.food[seat]
    if c is Count.MONEY:
        return t.money[seat]
    if c is Count.IDEAS:
        return t.ideas[seat]
    if c is Count.MATERIALS:
        store = stored(t, seat)
        if have.terrain is None:
            return sum(store)
        land = board.LAND_TERRAINS.index(have.terrain)
        return sum(store[m] for m in range(18) if board.MATERIAL_TERRAIN[m] == land)
    if c is Count.TRACK:
        assert have.track is not None
        return t.track[track_at(seat, list(type(have.track)).index(have.track))]
    if c is Count.FAVOR:
        return t.favor[seat]
    if c is Count.FATE_DICE:
        return t.fate[seat]
    if c is Count.ACTIVATION_DICE:
        return sum(dice_spaces(t, seat)) + t.used_dice[seat]
    if c is Count.RESEARCH_CARDS:
        return sum(1 for i in t.installed if i.seat == seat and i.kind == ITEM_CARD and (
            have.deck is None or C.cards[i.item].deck is have.deck))
    if c is Count.INCOME_CHIPS:
        return sum(1 for i in t.installed
                   if i.seat == seat and i.kind in (ITEM_INCOME, ITEM_START_CHIP))
    if c is Count.GOAL_CHIPS:
        return sum(1 for i in t.installed if i.seat == seat and i.kind == ITEM_GOAL)
    if c is Count.FIRE_ENCAMPMENTS:
        return sum(1 for e in range(ENCAMPMENTS) if t.enc_seat[e] == seat and FIRE_SP[e])

    return prosperity(t, seat)


def met(t: CivTable, seat: int, have: Have) -> bool:
    """Whether a held requirement is met."""
    return count(t, seat, have) >= have.amount
