"""Scoring categories (Phase 7 C), the final scoring (End of the Game) and the tie-breakers.

Units per category: a track's disc space; feature markers; active diamonds (food 1 per 3, money
1 per 2, at most 5 from both; built settlements' diamonds; storage diamonds between two filled
spaces of a terrain); tribes on the continent; territories with a tribe.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components.effects import PointBonus
from ingenium.games.civolution.console import gain_sp
from ingenium.games.civolution.rules.solo.table import civ_name
from ingenium.games.civolution.rules.tally import (
    CATEGORIES,
    POINT_BONUS_SP,
    STAGES,
    console_points,
    prosperity,
    units,
    upgrades,
)
from ingenium.games.civolution.table import ITEM_CARD, ITEM_GOAL, CivTable, stage_tile_at

if TYPE_CHECKING:
    from ingenium.engine import State

# the counts an evaluation asks of every leaf live in rules/tally.py (compiled in the
# accelerated build); re-exported here under their old names
__all__ = ["CATEGORIES", "POINT_BONUS_SP", "STAGES", "console_points", "final_points",
           "final_scoring", "point_bonus", "prosperity", "scores", "stage_points", "units",
           "upgrades"]


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
