"""evaluation.py as first written (every category through scoring.units, the era tiles' and
final scoring's points added one by one; the tribes counted group by group with the feeding
rules' own `group`; the next track bonus read from the track's own thresholds): the fast
version must give the same floats (tests/games/civolution/test_fast_paths.py)."""

from __future__ import annotations

import copy

from ingenium.games.civolution import scoring
from ingenium.games.civolution.board import K
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Category, Resource, Track, TrackTarget
from ingenium.games.civolution.rules.common import my_territories, tribes_in, tribes_on_continent
from ingenium.games.civolution.rules.feeding import group
from ingenium.games.civolution.rules.install import INSTALL_GOAL
from ingenium.games.civolution.rules.research import hand_of
from ingenium.games.civolution.rules.solo.table import HUMAN, SoloTable
from ingenium.games.civolution.rules.tribes import BOAT, territory_of
from ingenium.games.civolution.steps import (
    S_CARD_COLUMN,
    S_CARD_STAGE,
    S_FEED,
    S_INSTALL_CARD,
    S_PAY_CARD,
    S_PAY_GOAL,
    S_TARGET,
)
from ingenium.games.civolution.table import FEEDING, OVER, CivTable, dice_spaces, planned, stored
from ingenium.games.margins import margins

CATEGORIES = len(scoring.CATEGORIES)
POPULATION = scoring.CATEGORIES.index(Category.POPULATION)
EXPANSION = scoring.CATEGORIES.index(Category.EXPANSION)
PROSPERITY = scoring.CATEGORIES.index(Category.PROSPERITY)
ERA_POINTS = K.era_scoring.points
# what food, tribes and dice are worth (evaluation.py's docstring says why)
SPARE_FOOD, STRONG_NOW, STRONG_LATER, LYING, DIE = 0.2, 1.0, 0.5, 1.0, 0.3
# a track bonus's parts (evaluation.py says why): an upgrade as the upgrades are counted, a
# Favor step, an income chip's action, a stage tile
FAVOR_STEP, INCOME_ACTION, STAGE_TILE = 0.5, 1.0, 3.0
INSTALL_UNDER_WAY = 4.0  # a card or goal chip install answered but not yet placed


def evaluate(t: CivTable, seat: int) -> float:
    """This seat's potential less the best other seat's; in Solo Mode its potential alone
    (V.I.C.I's gains are its action cards' luck)."""
    if isinstance(t, SoloTable):
        return potential(t, seat)
    per = points_per_unit(t)
    mine = potential(t, seat, per)
    return mine - max(potential(t, s, per) for s in range(t.players) if s != seat)


def evaluate_all(t: CivTable) -> list[float]:
    """Every seat's `evaluate`, each seat's potential computed once (search asks for all); in
    Solo Mode the player's alone (no one decides for V.I.C.I)."""
    if isinstance(t, SoloTable):
        return [potential(t, HUMAN)]
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


def this_feeding(t: CivTable, seat: int, strong: int, lying: int,
                 per: list[int]) -> tuple[int, int, int, float]:
    """This era's feeding as its questions go, from the seat's pending Feed question on during
    Phase 6 (nothing once it has fed): group by group, each tribe fed while the food lasts,
    else an upright one lies down and a lying one dies (its Population points lost, and its
    territory's Expansion points with its last tribe there). (food left, strong tribes, lying
    tribes, points lost)."""
    food, lost = t.food[seat], 0.0
    start, handled = (0, 0), 0
    if t.phase == FEEDING:
        steps = [s for s in t.pending if s.kind == S_FEED and s.seat == seat]
        if not steps:
            return food, strong, lying, lost
        start, handled = (steps[0].place, steps[0].strong), steps[0].handled
    left_in: dict[int, int] = {}
    for place in range(BOAT + 2):
        for side in (0, 1):
            if (place < len(t.enc_seat) and side) or (place, side) < start:
                continue
            tribes, upright, food_each = group(t, seat, place, side)
            if (place, side) == start:
                tribes -= handled
            for _ in range(tribes if food_each else 0):
                if food >= food_each:
                    food -= food_each
                elif upright:
                    strong, lying = strong - 1, lying + 1
                else:
                    lying -= 1
                    lost += per[POPULATION]
                    territory = territory_of(t, seat, place)
                    left_in[territory] = left_in.get(territory, tribes_in(t, seat, territory)) - 1
                    if left_in[territory] == 0:
                        lost += per[EXPANSION]
    if food != t.food[seat]:  # the food eaten counts no Prosperity diamond
        fed = copy.copy(t)
        fed.food = list(t.food)
        fed.food[seat] = food
        lost += per[PROSPERITY] * (scoring.prosperity(t, seat) - scoring.prosperity(fed, seat))
    return food, strong, lying, lost


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
    strong, lying, _ = tribes_and_needs(t, seat)
    assert strong + lying == units[POPULATION]
    later = STRONG_LATER * (len(ERA_POINTS) - t.era)
    if t.phase > FEEDING:  # fed: the food waits for the next era's feeding
        value += SPARE_FOOD * t.food[seat] - LYING * lying + later * strong
    else:
        tile = [0] * CATEGORIES
        for space, category in enumerate(t.era_tiles):
            if category >= 0:
                tile[category] += ERA_POINTS[space]
        food, strong, lying, lost = this_feeding(t, seat, strong, lying, [
            points + extra for points, extra in zip(per, tile, strict=True)])
        value += SPARE_FOOD * food - LYING * lying + (STRONG_NOW + later) * strong - lost
    rest = max(0.0, (4 - t.era) / 3)  # 1 in the first era, 0 in the last
    value += 0.5 * t.money[seat] + 0.5 * t.ideas[seat] + 0.8 * t.focus[seat]
    value += DIE * (sum(dice_spaces(t, seat)) + t.used_dice[seat]) + 0.3 * sum(
        planned(t, seat))
    upgrade = 0.5 + 1.0 * rest
    value += upgrade * (scoring.upgrades(t, seat))
    bonuses = 0.0
    for track in range(len(Track)):
        bonuses += next_bonus_share(t, seat, track, upgrade)
    value += bonuses
    value += (0.3 + 1.2 * rest) * len(hand_of(t, seat))
    value += 0.3 * sum(stored(t, seat))
    value += 0.5 * t.favor[seat]
    installing = any(
        getattr(step, "seat", -1) == seat and (
            step.kind in (S_INSTALL_CARD, S_CARD_COLUMN, S_CARD_STAGE, S_PAY_CARD, S_PAY_GOAL)
            or (step.kind == S_TARGET and getattr(step, "action", -1) == INSTALL_GOAL))
        for step in t.pending)
    return value + (INSTALL_UNDER_WAY if installing else 0.0)


def next_bonus_share(t: CivTable, seat: int, track: int, upgrade: float) -> float:
    """The next threshold's bonus on a progress track, in the share of the steps from the
    previous threshold (or space 0) to it that the seat's disc has made."""
    record = K.tracks[tuple(Track)[track]]
    space = scoring.units(t, seat, track)
    ahead = [bonus for bonus in record.bonuses if bonus.at > space]
    if not ahead:
        return 0.0
    following = min(ahead, key=lambda bonus: bonus.at)
    previous = max([bonus.at for bonus in record.bonuses if bonus.at <= space], default=0)
    covered = (space - previous) / (following.at - previous)
    return covered * bonus_worth(following.effects, upgrade)


def bonus_worth(effects: tuple[fx.Effect, ...], upgrade: float) -> float:
    """A track bonus in success points; of a choice, the richer option."""
    worth = 0.0
    for effect in effects:
        if isinstance(effect, fx.Upgrade):
            worth += upgrade
        elif isinstance(effect, fx.Gain) and effect.what is Resource.SP:
            worth += effect.amount
        elif isinstance(effect, fx.Advance) and effect.track is TrackTarget.FAVOR:
            worth += FAVOR_STEP * effect.steps
        elif isinstance(effect, fx.IncomeAction):
            worth += INCOME_ACTION * effect.count
        elif isinstance(effect, fx.FlipStageTile):
            worth += STAGE_TILE * effect.count
        elif isinstance(effect, fx.Choose):
            worth += max(bonus_worth(option, upgrade) for option in effect.options)
    return worth
