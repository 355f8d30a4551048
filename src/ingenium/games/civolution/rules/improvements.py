"""Favor tests, planning markers, feature markers, upgrades and stage tiles (The Modules: Take
a favor test; Planning; Mutation; Upgrade 1 main module; Flip 1 stage tile to active)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Trigger
from ingenium.games.civolution.console import distance, take_markers
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.rules.gains import feature_option
from ingenium.games.civolution.rules.interpreter import (
    LISTS,
    Action,
    EffectRule,
    push_effects,
    push_repeat,
    push_target,
)
from ingenium.games.civolution.steps import S_FAVOR_TEST_IDEAS, FavorTestIdeas
from ingenium.games.civolution.table import (
    CivTable,
    feature_at,
    features,
    level_at,
    space_at,
    stage_tile_at,
    stage_tiles,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

FAVOR_TESTS: tuple[fx.FavorTest, ...] = tuple(dict.fromkeys(
    e for lst in LISTS for e in lst if isinstance(e, fx.FavorTest)))
FAVOR_ID = {e: i for i, e in enumerate(FAVOR_TESTS)}
MAIN = tuple(i for i, m in enumerate(C.modules) if m.kind.value == "main")


# ---------------------------------------------------------------- favor test

def test_cost(t: CivTable, seat: int, rolled: list[int]) -> int:
    """Idea markers needed to pass with the best die (0: passed)."""
    need = K.favor[t.favor[seat]].pass_from
    if need == 0:
        return 0
    return min(min(distance(d, x) for x in range(need, 7)) for d in rolled)


def _favor_test(state: CState, seat: int, e: fx.FavorTest) -> None:
    """Roll all fate dice once (none on the rightmost space); idea markers may change them."""
    t = state.table
    rolled = [] if K.favor[t.favor[seat]].pass_from == 0 else [
        state.draw("fate_die", range(1, 7)) for _ in range(t.fate[seat])]
    cost = test_cost(t, seat, rolled) if rolled else 0  # no fate die: nothing to roll
    if (rolled and cost == 0) or K.favor[t.favor[seat]].pass_from == 0:
        fire(t, seat, Trigger.FAVOR_TEST_PASSED)
        push_effects(t, seat, e.passed)
    elif rolled and cost <= t.ideas[seat]:
        t.pending.append(FavorTestIdeas(S_FAVOR_TEST_IDEAS, seat=seat, test=FAVOR_ID[e],
                                        cost=cost))
    else:
        push_effects(t, seat, e.failed)



def pass_or_fail(cost: int) -> list[Option]:
    """A favor test failed by the dice: return `cost` idea markers to pass it, or fail."""
    return [opt("branch", 0, f"ideas:{cost}", f"Return {cost} idea marker(s): pass"),
            opt("branch", 1, "fail", "Fail the test")]


def ask_favor_ideas(t: CivTable, step: FavorTestIdeas) -> tuple[str, list[Option]]:
    return "Favor test failed: change a fate die with ideas?", pass_or_fail(step.cost)


def answer_favor_ideas(state: CState, step: FavorTestIdeas, option: Option) -> None:
    t = state.table
    seat = step.seat
    e = FAVOR_TESTS[step.test]
    if picked(option)[1] == 0:
        t.ideas[seat] -= step.cost
        t.supply[seat] += step.cost
        fire(t, seat, Trigger.FAVOR_TEST_PASSED)
        push_effects(t, seat, e.passed)
    else:
        push_effects(t, seat, e.failed)


# ---------------------------------------------------------------- planning, features

def _planning(state: CState, seat: int, e: fx.Planning) -> None:
    push_target(state.table, seat, PLANNING, e.markers)


def _planning_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [opt("die", v, f"planning:{v + 1}", f"{arg} planning markers on your {v + 1} space")
            for v in range(6)]


def _place_planning(state: CState, seat: int, option: Option, arg: int) -> int:

    t = state.table
    t.planning[space_at(seat, picked(option)[1])] += take_markers(t, seat, arg)
    return arg


PLANNING = 9


def _move_feature(state: CState, seat: int, e: fx.MoveFeature) -> None:
    push_repeat(state.table, seat, MOVE_FEATURE, e.count, -1)


def _move_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    if arg < 0:
        return [feature_option(f, "Move a marker from ") for f in range(6)
                if t.feature[feature_at(seat, f)]]
    return [feature_option(f, "... to ") for f in range(6) if f != arg]


def _move(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    f = picked(option)[1]
    if arg < 0:
        push_target(t, seat, MOVE_FEATURE_TO, f)
        return -1
    return -1


def _move_to(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    t.feature[feature_at(seat, arg)] -= 1
    t.feature[feature_at(seat, picked(option)[1])] += 1
    return -1


MOVE_FEATURE = 10
MOVE_FEATURE_TO = 11


# ---------------------------------------------------------------- upgrades and stage tiles

def upgradable(t: CivTable, seat: int, die: int | None) -> list[int]:
    """Main modules below level III (showing die value `die`, if given)."""
    return [m for m in MAIN if t.level[level_at(seat, m)] < 3
            and (die is None or die in (C.modules[m].dice or ()))]


def _upgrade(state: CState, seat: int, e: fx.Upgrade) -> None:
    push_target(state.table, seat, UPGRADE, 0 if e.die is None else e.die)


def _upgrade_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [opt("module", m, f"upgrade:{C.modules[m].id}", f"Upgrade {C.modules[m].name} to "
                f"level {'I' * (t.level[level_at(seat, m)] + 1)}")
            for m in upgradable(t, seat, arg or None)]


def _do_upgrade(state: CState, seat: int, option: Option, arg: int) -> int:
    state.table.level[level_at(seat, picked(option)[1])] += 1
    return arg


UPGRADE = 12


def _flip(state: CState, seat: int, e: fx.FlipStageTile) -> None:
    push_target(state.table, seat, FLIP_TILE, -1, e.count)


def _flip_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [opt("branch", k, f"stage_tile:{k + 4}", f"Flip your stage-{k + 4} tile to active")
            for k in (0, 1) if not t.stage_tile[stage_tile_at(seat, k)]]


def _do_flip(state: CState, seat: int, option: Option, arg: int) -> int:
    state.table.stage_tile[stage_tile_at(seat, picked(option)[1])] = 1
    return arg


FLIP_TILE = 13


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        PLANNING,
        "planning",
        "Place the planning markers on which dice space?",
        _planning_options,
        _place_planning,
    ),
    Action(
        MOVE_FEATURE,
        "move_feature",
        "Move a feature marker from which space?",
        _move_options,
        _move,
    ),
    Action(
        MOVE_FEATURE_TO,
        "move_feature_to",
        "Move it to which feature space?",
        _move_options,
        _move_to,
    ),
    Action(UPGRADE, "upgrade", "Upgrade which main module?", _upgrade_options, _do_upgrade),
    Action(FLIP_TILE, "flip_tile", "Flip which stage tile?", _flip_options, _do_flip),
)

# How each effect type of this family is checked and carried out (rules/vocabulary.py).
EFFECTS: dict[type[Any], EffectRule] = {
    fx.FavorTest: EffectRule(lambda t, s, e: True, _favor_test),
    fx.Planning: EffectRule(lambda t, s, e: t.supply[s] > 0, _planning),
    fx.MoveFeature: EffectRule(
        lambda t, s, e: sum(features(t, s)) > 0, _move_feature
    ),
    fx.Upgrade: EffectRule(lambda t, s, e: bool(upgradable(t, s, e.die)), _upgrade),
    fx.FlipStageTile: EffectRule(lambda t, s, e: not all(stage_tiles(t, s)), _flip),
}
