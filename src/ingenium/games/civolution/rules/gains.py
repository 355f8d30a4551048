"""Gains and costs, dice, research cards, goal chips and progress-track discs (The Modules:
Achievement's dice; Gain 1 research card; Gain 1 goal chip; The progress tracks)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Resource, TrackTarget, title
from ingenium.games.civolution.console import (
    FAVOR_TOP,
    TRACKS,
    advance_favor,
    advance_track,
    gain_markers,
    gain_sp,
)
from ingenium.games.civolution.names import goal_text
from ingenium.games.civolution.options import DONE, opt, picked
from ingenium.games.civolution.rules import partition
from ingenium.games.civolution.rules.common import has_markers
from ingenium.games.civolution.rules.interpreter import (
    Action,
    EffectRule,
    push_effects,
    push_repeat,
    push_target,
)
from ingenium.games.civolution.rules.new_goals import goal_space_options, place_goal
from ingenium.games.civolution.rules.research import (
    any_face_down,
    has_stack,
    take_secretly,
    take_up,
    top_up,
)
from ingenium.games.civolution.rules.setup import refill
from ingenium.games.civolution.rules.solo.table import civ_name, vici_of
from ingenium.games.civolution.table import (
    CivTable,
    dice_spaces,
    feature_at,
    features,
    space_at,
    storage_at,
    stored,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

SPACES = {Resource.IDEA: "idea", Resource.FOCUS: "focus", Resource.FOOD: "food",
          Resource.MONEY: "money"}


def feature_option(f: int, verb: str = "") -> Option:
    """A feature space as an answer."""
    name = board.FEATURES[f]
    return opt("feature", f, f"feature:{name.value}", f"{verb}{title(name)}")


def material_option(m: int) -> Option:
    """A storage space as an answer."""
    return opt("material", m, f"material:{C.materials[m].value}", title(C.materials[m]))


# ---------------------------------------------------------------- gain and pay

def _gain(state: CState, seat: int, e: fx.Gain) -> None:
    t = state.table
    what = e.what
    if what is Resource.SP:
        gain_sp(t, seat, e.amount)
    elif what in SPACES:
        gain_markers(t, seat, SPACES[what], e.amount)
    elif what is Resource.FEATURE:
        if e.feature is not None:
            gain_markers(t, seat, "feature", e.amount, board.FEATURES.index(e.feature))
        else:
            push_target(t, seat, GAIN_FEATURE, -1, e.amount)
    elif what is Resource.MATERIAL:
        if e.material is not None:
            gain_markers(t, seat, "material", e.amount, C.material_index[e.material])
        else:
            terrain = -1 if e.terrain is None else board.LAND_TERRAINS.index(e.terrain)
            push_target(t, seat, GAIN_MATERIAL, terrain, e.amount)
    elif what in (Resource.ACTIVATION_DIE, Resource.FATE_DIE):
        push_target(t, seat, TAKE_DIE, int(what is Resource.ACTIVATION_DIE), e.amount)
    elif what is Resource.RESEARCH_CARD:
        push_repeat(t, seat, GAIN_CARD, e.amount)
    elif what is Resource.GOAL_CHIP:
        push_target(t, seat, GAIN_GOAL, -1, e.amount)
    else:

        partition.push_gain_income_chip(t, seat)


def _can_gain(t: CivTable, seat: int, e: fx.Gain) -> bool:
    what = e.what
    if what in (Resource.SP,):
        return True
    if what in SPACES or what in (Resource.FEATURE, Resource.MATERIAL):
        return has_markers(t, seat)  # an empty supply may be replenished first
    if what is Resource.ACTIVATION_DIE:
        return bool(die_sources(t, seat, True))
    if what is Resource.FATE_DIE:
        return bool(die_sources(t, seat, False))
    if what is Resource.RESEARCH_CARD:
        return bool(t.face_up) or any_face_down(t)  # a face-up or a face-down card
    if what is Resource.GOAL_CHIP:
        return any(c >= 0 for c in t.goal_display)

    return partition.can_gain_income_chip(t, seat)



def can_pay(t: CivTable, seat: int, e: fx.Pay) -> bool:
    """Whether the markers of a cost are on the console."""
    return held(t, seat, e) >= e.amount


def held(t: CivTable, seat: int, e: fx.Pay) -> int:
    """How many markers a cost could be paid from."""
    what = e.what
    if what in SPACES:
        return int(getattr(t, {"idea": "ideas"}.get(SPACES[what], SPACES[what]))[seat])
    if what is Resource.FEATURE:
        feats = features(t, seat)
        return feats[board.FEATURES.index(e.feature)] if e.feature else sum(feats)
    store = stored(t, seat)
    if e.material is not None:
        return store[C.material_index[e.material]]
    if e.terrain is not None:
        land = board.LAND_TERRAINS.index(e.terrain)
        return sum(store[m] for m in range(18) if board.MATERIAL_TERRAIN[m] == land)
    return sum(store)


def pay(state: CState, seat: int, e: fx.Pay) -> None:
    """Return the markers of a cost to the supply (a choice only where several kinds fit)."""
    t = state.table
    what = e.what
    if what in SPACES:
        name = {"idea": "ideas"}.get(SPACES[what], SPACES[what])
        getattr(t, name)[seat] -= e.amount
        t.supply[seat] += e.amount
    elif what is Resource.FEATURE and e.feature is not None:
        t.feature[feature_at(seat, board.FEATURES.index(e.feature))] -= e.amount
        t.supply[seat] += e.amount
    elif what is Resource.MATERIAL and e.material is not None:
        t.storage[storage_at(seat, C.material_index[e.material])] -= e.amount
        t.supply[seat] += e.amount
    elif what is Resource.FEATURE:
        push_target(t, seat, PAY_FEATURE, -1, e.amount)
    else:
        terrain = -1 if e.terrain is None else board.LAND_TERRAINS.index(e.terrain)
        push_target(t, seat, PAY_MATERIAL, terrain, e.amount)



def _lose(state: CState, seat: int, e: fx.Lose) -> None:
    t = state.table
    lost = min(e.amount, t.food[seat])
    t.food[seat] -= lost
    t.supply[seat] += lost



def _gain_feature_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [feature_option(f, "Gain a marker of ") for f in range(6)] if t.supply[seat] else []


def _gain_feature(state: CState, seat: int, option: Option, arg: int) -> int:
    gain_markers(state.table, seat, "feature", 1, picked(option)[1])
    return arg


def _gain_material_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    if not t.supply[seat]:
        return []
    return [material_option(m) for m in range(18) if arg < 0 or board.MATERIAL_TERRAIN[m] == arg]


def _gain_material(state: CState, seat: int, option: Option, arg: int) -> int:
    gain_markers(state.table, seat, "material", 1, picked(option)[1])
    return arg


def _pay_feature_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [feature_option(f, "Return a marker of ") for f in range(6)
            if t.feature[feature_at(seat, f)]]


def _pay_feature(state: CState, seat: int, option: Option, arg: int) -> int:
    state.table.feature[feature_at(seat, picked(option)[1])] -= 1
    state.table.supply[seat] += 1
    return arg


def _pay_material_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [material_option(m) for m in range(18) if t.storage[storage_at(seat, m)]
            and (arg < 0 or board.MATERIAL_TERRAIN[m] == arg)]


def _pay_material(state: CState, seat: int, option: Option, arg: int) -> int:
    state.table.storage[storage_at(seat, picked(option)[1])] -= 1
    state.table.supply[seat] += 1
    return arg


GAIN_FEATURE = 1
GAIN_MATERIAL = 2
PAY_FEATURE = 3
PAY_MATERIAL = 4


# ---------------------------------------------------------------- dice (Module: Achievement)

def die_sources(t: CivTable, seat: int, activation: bool) -> list[int]:
    """Where a die can come from: -1 the display, else the civilizations with the most (not
    if the taker alone already has the most)."""
    if (t.activation_display if activation else t.fate_display) > 0:
        return [-1]
    counts = [activation_dice(t, s) if activation else t.fate[s] for s in range(t.players)]
    most = max(counts)
    holders = [s for s in range(t.players) if counts[s] == most]
    if holders == [seat]:
        return []
    return [s for s in holders if s != seat]


def activation_dice(t: CivTable, seat: int) -> int:
    """All the seat's activation dice: on its spaces and below its console (Solo Mode:
    V.I.C.I's dice lie in its play area)."""
    if (solo := vici_of(t, seat)) is not None:
        return solo.vici_dice
    return sum(dice_spaces(t, seat)) + t.used_dice[seat]


def _die_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    what = "activation" if arg else "fate"
    return [opt("seat", 0, "die:display", f"Take a {what} die from the display")
            if giver < 0 else opt("seat", giver, f"die:player={giver + 1}",
                                  f"Take a {what} die from {civ_name(t, giver)}")
            for giver in die_sources(t, seat, bool(arg))]


def _take_die(state: CState, seat: int, option: Option, arg: int) -> int:
    giver = -1 if option.id == "die:display" else picked(option)[1]
    gain_die(state, seat, bool(arg), giver)
    return arg


def gain_die(state: CState, seat: int, activation: bool, giver: int) -> None:
    """Take a die from the display (giver -1) or from a civilization with the most ("ties: you
    choose"); an activation die is rolled onto its dice space."""
    t = state.table
    if activation:
        if giver < 0:
            t.activation_display -= 1
        elif (solo := vici_of(t, giver)) is not None:
            solo.vici_dice -= 1
        elif t.used_dice[giver]:
            t.used_dice[giver] -= 1
        else:
            space = max(range(6), key=lambda v: t.dice[space_at(giver, v)])
            t.dice[space_at(giver, space)] -= 1
        value = state.draw("die", range(1, 7))
        t.dice[space_at(seat, value - 1)] += 1
    else:
        if giver < 0:
            t.fate_display -= 1
        else:
            t.fate[giver] -= 1
        t.fate[seat] += 1


# ---------------------------------------------------------------- research cards, goal chips

def _card_options(t: CivTable, seat: int, arg: int) -> list[Option]:

    options = []
    for d, deck in enumerate(board.DECKS):
        card = top_up(t, d)
        if card >= 0:
            options.append(opt("stack_up", d, f"take:{C.cards[card].id}",
                               f"Take {C.cards[card].name} ({C.cards[card].id})"))
        if has_stack(t, d):
            options.append(opt("stack_down", d, f"draw:{deck.value}",
                               f"Draw the top {deck.value} card"))
    return options


def _gain_card(state: CState, seat: int, option: Option, arg: int) -> int:

    block, d = picked(option)
    if block == "stack_up":
        take_up(state, seat, d)
    else:
        take_secretly(state, seat, d)
    return arg


TAKE_DIE = 14
GAIN_CARD = 5


def _goal_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    if arg >= 0:

        return goal_space_options(t, seat)
    options = [opt("goal_slot", slot, f"goal:{C.goal_chips[chip].id}",
                   f"Take goal chip: {goal_text(chip)}")
               for slot, chip in enumerate(t.goal_display) if chip >= 0]
    return [*options, DONE] if options else []  # Planning III: "and/or"; a gain may be left


def _gain_goal(state: CState, seat: int, option: Option, arg: int) -> int:

    t = state.table
    if option is DONE:
        return -1
    block, index = picked(option)
    if block == "goal_slot":
        push_target(t, seat, GAIN_GOAL, index)  # then: which goal area space
        return arg
    chip = t.goal_display[arg]
    t.goal_display[arg] = -1
    place_goal(t, seat, chip, index)
    refill(state, t.goal_display, t.goal_bag, "goal_chip")
    return -1


GAIN_GOAL = 6


# ---------------------------------------------------------------- discs

def _advance(state: CState, seat: int, e: fx.Advance) -> None:
    t = state.table
    if e.track is TrackTarget.FAVOR:
        advance_favor(t, seat, e.steps)
    elif e.track is TrackTarget.ANY:
        push_target(t, seat, ADVANCE_ANY, e.steps)
    else:
        advance(state, seat, TRACKS.index(e.track.value), e.steps)


def advance(state: CState, seat: int, track: int, steps: int) -> None:
    """Advance a progress track; every threshold crossed grants its bonus."""
    for bonus in reversed(advance_track(state.table, seat, track, steps)):
        push_effects(state.table, seat, bonus)


def _can_advance(t: CivTable, seat: int, e: fx.Advance) -> bool:
    return e.track is not TrackTarget.FAVOR or t.favor[seat] < FAVOR_TOP



def _track_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [opt("track", i, f"track:{tr.value}", f"Advance {title(tr)} {arg}")
            for i, tr in enumerate(TRACKS)]


def _advance_any(state: CState, seat: int, option: Option, arg: int) -> int:
    advance(state, seat, picked(option)[1], arg)
    return arg


ADVANCE_ANY = 7


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        GAIN_FEATURE,
        "gain_feature",
        "Gain a feature marker of which type?",
        _gain_feature_options,
        _gain_feature,
    ),
    Action(
        GAIN_MATERIAL,
        "gain_material",
        "Gain which stored material?",
        _gain_material_options,
        _gain_material,
    ),
    Action(
        PAY_FEATURE,
        "pay_feature",
        "Return which feature marker?",
        _pay_feature_options,
        _pay_feature,
    ),
    Action(
        PAY_MATERIAL,
        "pay_material",
        "Return which stored material?",
        _pay_material_options,
        _pay_material,
    ),
    Action(TAKE_DIE, "take_die", "Take the die from where?", _die_options, _take_die),
    Action(
        GAIN_CARD, "gain_card", "Gain a research card from which stack?", _card_options, _gain_card
    ),
    Action(
        GAIN_GOAL,
        "gain_goal",
        "Gain which goal chip (then: onto which space)?",
        _goal_options,
        _gain_goal,
    ),
    Action(
        ADVANCE_ANY,
        "advance",
        "Advance a disc on which progress track?",
        _track_options,
        _advance_any,
    ),
)

# How each effect type of this family is checked and carried out (rules/vocabulary.py).
EFFECTS: dict[type[Any], EffectRule] = {
    fx.Gain: EffectRule(_can_gain, _gain),
    fx.Pay: EffectRule(can_pay, pay),
    fx.Lose: EffectRule(lambda t, s, e: t.food[s] > 0, _lose),
    fx.Advance: EffectRule(_can_advance, _advance),
}
