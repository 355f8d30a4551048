"""The RL observation of Civolution: view(seat) as one flat float32 array.

Everything `view(seat)` shows is encoded, and nothing else: of the research cards only the
face-up ones, the stacks' sizes, the seat's own hand and every hand's size; of the bags only
what lies in the displays. Seats are *relative*: block 0 is the observing seat, block 1 the
next civilization, and so on; blocks past the player count stay 0. Every value lies in [0, 1]:
one-hot flags, or a count divided by the most it can reach (a civilization's 50 markers, its
20 tribes; the score, which has no printed maximum, over 500 and capped at 1).

Named slices (OpenSpiel style): `SLICES[name] = (start, length)`; `FIELDS["players"]` gives the
layout of one seat's block of ``players`` (4 blocks).

- ``era`` (4), ``phase`` (10), ``current``, ``starting`` (4 each, relative seat), ``flow``
  (reset space, end triggered, final round turns left, weather, hundred-point tokens left,
  activation dice, fate dice and hunting tokens in the display, events left), ``event`` (the
  face-up event card, one-hot), ``era_tiles`` (4 era scoring spaces, category + 2 / 11),
  ``final_tiles`` (3), ``goal_display`` (6 spaces, chip + 3 / chips + 3), ``income_display``,
  ``attribute_display`` (3 each), ``stacks`` (5 research stacks / 32), ``face_up`` (per card:
  its place in the revealed row, (i + 1) / 160), ``hand`` (the seat's own cards, per card).
- ``layout`` (8 continent tiles x (tile, column, row, rotation)), ``encampments`` (68 x 7:
  free, blocked, relative seat 0-3, upright), ``territories`` (22 x 9: developed, hunted,
  material tile, farm owner free / relative seat 0-3), ``recesses`` (24: site + 2 / 26).
- ``players`` (4 x the FIELDS["players"] block): markers, tribes, score, boards and consoles,
  wilderness and boat tribes, raw materials, statues and settlements per Building ground, the
  stage partition (column types and the installed items, column x stage, kind and id), the
  goal area and the goal chips covered in it.
- ``decider`` (4), ``decision`` (its kind, one-hot over DECISION_KINDS), ``step`` (the fields
  of the pending step its prompt is about, + 2 / 8192), ``legal`` (the options offered to this
  seat, by action code), ``chance`` (a chance node waiting in explicit mode, one-hot over
  CHANCE_KINDS).
- ``vici`` (Solo Mode: V.I.C.I's public play area, rules/solo/encoding.py; 0 in 2-4 player
  games). Its discs, tribes, statues and score are seat 1's block of ``players``, like any
  rival's.

>>> import ingenium
>>> state = ingenium.get_game("civolution").new_game(players=3, seed=1)
>>> obs = observation(state, 0)
>>> obs.shape == (OBSERVATION_SIZE,), float(obs.max()) <= HIGH, float(obs.min()) >= LOW
(True, True, True)
"""

from __future__ import annotations

import struct
from functools import cache, lru_cache
from itertools import accumulate
from operator import attrgetter
from typing import NamedTuple

import numpy as np

from ingenium.engine import State
from ingenium.engine.slices import cut, layout
from ingenium.games.civolution import board
from ingenium.games.civolution.board import CARD_DECK, LAYOUTS_KEPT, C
from ingenium.games.civolution.components import rulebook
from ingenium.games.civolution.console import FAVOR_TOP
from ingenium.games.civolution.options import SPACE
from ingenium.games.civolution.rules.solo import encoding as solo_encoding
from ingenium.games.civolution.steps import STEP_TYPES
from ingenium.games.civolution.table import (
    COLUMNS,
    DECKS,
    DICE_SPACES,
    FEATURES,
    GOAL_AREA,
    MATERIALS,
    OVER,
    RESET_COLUMNS,
    CivTable,
    P,
)

T, E, G, M = board.TERRITORIES, board.ENCAMPMENTS, board.GROUNDS, board.MODULES
CARDS, RECESSES = len(C.cards), len(board.RECESSES)
GOALS, INCOMES, EVENTS = len(C.goal_chips), len(C.income_chips), len(C.events)
ATTRIBUTES = 12
STAGES = 6  # stages 1-5 (0 kept for safety: never used)
ITEM_KINDS = 5
MAX_ITEM = max(CARDS, GOALS, INCOMES, ATTRIBUTES) + 1
MARKERS, TRIBES = 50, 20
SCORE_SCALE = 500
STEP_FIELDS, STEP_SCALE = 4, 8192
# one slot per step kind code, 0-15 (12 is unused: a weather step that never asked)
DECISION_KINDS = tuple(STEP_TYPES[code].__name__.lower() if code in STEP_TYPES else "unused"
                       for code in range(max(STEP_TYPES) + 1))
CHANCE_KINDS = ("starting_civilization", "layout", "tile_order", "tile_turn", "site",
                "material_tile", "era_tile", "final_tile", "starting_marker_card", "event",
                "goal_chip", "income_chip", "attribute_chip", "die", "fate_die",
                *(f"research_{d}" for d in range(DECKS)),
                "vici_action_card", "vici_action_roll", "vici_goal_roll", "vici_chip_roll",
                "vici_territory_roll", "vici_beacon_roll")
PHASES = 10
LOW, HIGH = 0.0, 1.0  # every value lies in [LOW, HIGH]


# one seat's block: (table list, its width per seat, the value added before dividing, divisor)
SEAT_MAJOR: tuple[tuple[str, int, int, int], ...] = (
    ("supply", 1, 0, MARKERS), ("tribes", 1, 0, TRIBES), ("hundreds", 1, 0, 12),
    ("favor", 1, 0, FAVOR_TOP),
    ("track", 5, 0, rulebook.TRACK_TOP), ("dice", DICE_SPACES, 0, 10), ("used_dice", 1, 0, 10),
    ("planning", DICE_SPACES, 0, MARKERS), ("fate", 1, 0, 10), ("focus", 1, 0, MARKERS),
    ("ideas", 1, 0, MARKERS), ("food", 1, 0, MARKERS), ("money", 1, 0, MARKERS),
    ("feature", FEATURES, 0, MARKERS), ("storage", MATERIALS, 0, MARKERS), ("level", M, 0, 3),
    ("settlement_built", 4, 0, 1), ("farms_left", 1, 0, 4), ("reset_marker", RESET_COLUMNS, 0,
                                                                     MARKERS),
    ("stage_tile", 2, 0, 1), ("goal_area", GOAL_AREA, 1, GOALS + 1),
    ("column_type", COLUMNS, 1, DECKS + 2), ("start_marker", 1, 1, 16),
    ("boat_at", 2, 1, T + 1), ("boat_strong", 2, 0, TRIBES), ("boat_weak", 2, 0, TRIBES),
    ("boat_notch", 2, 0, MARKERS), ("transit", 1, 1, T + 1),
)
# seat-minor lists, [i * P + seat]: (table list, entries, divisor)
SEAT_MINOR: tuple[tuple[str, int, int], ...] = (
    ("wild_strong", T, TRIBES), ("wild_weak", T, TRIBES), ("raw", T, MARKERS),
    ("statues", G, MARKERS), ("settled", G, 1),
)
FIELDS = {"players": layout((
    ("present", 1), ("score", 1), ("hand_size", 1),
    *((name, width) for name, width, _, _ in SEAT_MAJOR),
    *((name, n) for name, n, _ in SEAT_MINOR),
    ("installed", COLUMNS * STAGES * 2 * 2), ("goal_under", GOAL_AREA * GOALS),
))}
PLAYER_SIZE = sum(length for _, length in FIELDS["players"].values())
SLICES = layout((
    ("era", 4), ("phase", PHASES), ("current", P), ("starting", P), ("flow", 9),
    ("event", EVENTS), ("era_tiles", 4), ("final_tiles", 3), ("goal_display", 6),
    ("income_display", 3), ("attribute_display", 3), ("stacks", DECKS), ("face_up", CARDS),
    ("hand", CARDS), ("layout", 8 * 4), ("encampments", E * 7), ("territories", T * 9),
    ("recesses", RECESSES), ("players", P * PLAYER_SIZE),
    ("decider", P), ("decision", len(DECISION_KINDS)), ("step", STEP_FIELDS),
    ("legal", SPACE.size), ("chance", len(CHANCE_KINDS)), ("vici", solo_encoding.SIZE),
))
OBSERVATION_SIZE = sum(length for _, length in SLICES.values())

# the game's progress as the observation tells it (Game.progress_weights): the era's one-hot
# (era 1: 0, era 4: 0.75) plus its phase's (phase 1: 0; Final scoring 0.2, game over 0.225)
PROGRESS_WEIGHTS: dict[int, float] = {**{SLICES["era"][0] + era: era / 4 for era in range(4)},
                                     **{SLICES["phase"][0] + phase: phase / 40
                                        for phase in range(PHASES)}}


def named(obs: np.ndarray) -> dict[str, np.ndarray]:
    """The observation cut into its named slices (views, not copies)."""
    return cut(obs, SLICES)


def raw_lengths(players: int) -> dict[str, int]:
    """The table lists the encoding reads by position, with their lengths (tests hold the
    table to it)."""
    lengths = {name: players * width for name, width, _, _ in SEAT_MAJOR}
    lengths.update({name: n * P for name, n, _ in SEAT_MINOR})
    lengths.update(score=players, enc_seat=E, enc_strong=E, developed=T, hunted=T,
                   material_tile=T, farm=T, recess_site=RECESSES)
    return lengths


def _at(name: str) -> int:
    return SLICES[name][0]


_PLAYERS = _at("players")
_KIND_INDEX = {kind: n for n, kind in enumerate(DECISION_KINDS)}
_CHANCE_INDEX = {kind: n for n, kind in enumerate(CHANCE_KINDS)}


# where the slices and the seat blocks' fields start (looked up once, not per observation)
_ERA, _PHASE, _CURRENT, _STARTING, _FLOW = (
    _at("era"), _at("phase"), _at("current"), _at("starting"), _at("flow"))
_EVENT, _STACKS, _FACE_UP, _HAND = _at("event"), _at("stacks"), _at("face_up"), _at("hand")
_SCORE, _HAND_SIZE = FIELDS["players"]["score"][0], FIELDS["players"]["hand_size"][0]
_INSTALLED, _GOAL_UNDER = FIELDS["players"]["installed"][0], FIELDS["players"]["goal_under"][0]
_LAYOUT, _CAMPS, _LANDS = _at("layout"), _at("encampments"), _at("territories")
_VICI, _DECIDER, _DECISION, _STEP, _LEGAL, _CHANCE = (
    _at("vici"), _at("decider"), _at("decision"), _at("step"), _at("legal"), _at("chance"))

# the public lists encoded as (value + add) / divisor: (table list, its first entry's place,
# the step between entries, add, divisor)
PUBLIC: tuple[tuple[str, int, int, int, int], ...] = (
    ("era_tiles", _at("era_tiles"), 1, 2, 11), ("final_tiles", _at("final_tiles"), 1, 2, 11),
    ("goal_display", _at("goal_display"), 1, 3, GOALS + 3),
    ("income_display", _at("income_display"), 1, 3, INCOMES + 3),
    ("attribute_display", _at("attribute_display"), 1, 3, ATTRIBUTES + 3),
    ("enc_strong", _CAMPS + 6, 7, 0, 1), ("developed", _LANDS, 9, 0, 1),
    ("hunted", _LANDS + 1, 9, 0, 1), ("material_tile", _LANDS + 2, 9, 1, MATERIALS + 1),
    ("recess_site", _at("recesses"), 1, 2, len(C.sites) + 2),
)
# ... and the owners, one-hot: an encampment's (free, blocked, relative seat) in its 7
# entries from its first; a territory's farm (none, relative seat) from its 4th entry
OWNERS: tuple[tuple[str, int, int], ...] = (("enc_seat", _CAMPS, 7), ("farm", _LANDS + 3, 9))

# the lists the gather reads, end to end: first those never below 0 (bytes), then those
# that hold -1 or -2 (signed bytes; the public ones among them last)
_UNSIGNED = (*(name for name, _, plus, _ in SEAT_MAJOR if not plus),
             *(name for name, *_ in SEAT_MINOR),
             *(name for name, _, _, plus, _ in PUBLIC if not plus))
_SIGNED = (*(name for name, _, plus, _ in SEAT_MAJOR if plus),
           *(name for name, _, _, plus, _ in PUBLIC if plus), *(name for name, *_ in OWNERS))
_unsigned_lists = attrgetter(*_UNSIGNED)
_signed_lists = attrgetter(*_SIGNED)
# a card's deck as a bytes.translate table (the face-down stacks counted in C)
_DECK_OF = bytes(CARD_DECK) + bytes(256 - CARDS)
_FACE_UP_VALUES = tuple((i + 1) / CARDS for i in range(CARDS))


class _Plan(NamedTuple):
    """Where each entry of the table lists goes for one (players, seat, public list lengths):
    all of them in one gather, (entry + add) * scale / divisor (the seat lists scale, the
    public ones divide, as they always did), and the owners' one-hot flags in one scatter."""

    pack: struct.Struct  # the entries as signed bytes (each lies in [-2, 128): the tests')
    source: np.ndarray  # index into the concatenation of the lists
    target: np.ndarray  # index into the observation
    add: np.ndarray
    scale: np.ndarray  # a seat list's 1 / most as float32 (1 for the public lists)
    divisor: np.ndarray  # a public list's divisor (1 for the seat lists)
    owner_source: np.ndarray  # the owner lists' entries in the concatenation
    owner_row: np.ndarray  # the place of each owner entry's first flag
    owner_shift: np.ndarray  # + the entry: where its flag's offset is in owner_flag
    owner_flag: np.ndarray  # per owner list, by owner + 2: the flag's offset from the row
    # (owner -2: blocked, -1: none/free, else the owner's seat)
    lut: np.ndarray  # by value class and entry + 128: the value, for entries read as bytes
    base: np.ndarray  # each gathered entry's class * 256 + 128 in lut
    blocks: list[int]  # where each seat's block starts (by seat, not relative)


def _block(rel: int, name: str) -> int:
    return _PLAYERS + rel * PLAYER_SIZE + FIELDS["players"][name][0]


@cache
def _plan(players: int, seat: int, lengths: tuple[int, ...]) -> _Plan:
    """The gather program of one (player count, seat, list lengths): built once."""
    starts = dict(zip(_UNSIGNED + _SIGNED, accumulate((0, *lengths)), strict=False))
    source: list[int] = []
    target: list[int] = []
    add: list[float] = []
    scale: list[float] = []
    for name, width, plus, most in SEAT_MAJOR:
        at = starts[name]
        for s in range(players):
            block = _block((s - seat) % players, name)
            source += range(at + s * width, at + s * width + width)
            target += range(block, block + width)
        add += [plus] * players * width
        scale += [1 / most] * players * width
    for name, n, most in SEAT_MINOR:
        at = starts[name]
        for i in range(n):
            source += range(at + i * P, at + i * P + players)
            target += (_block((s - seat) % players, name) + i for s in range(players))
        add += [0] * n * players
        scale += [1 / most] * n * players
    divisor = [1.0] * len(source)
    for name, start, step, plus, most in PUBLIC:
        n = lengths[(_UNSIGNED + _SIGNED).index(name)]
        source += range(starts[name], starts[name] + n)
        target += range(start, start + step * n, step)
        add += [plus] * n
        scale += [1.0] * n
        divisor += [most] * n
    by_owner = [0, 1, *(2 + (s - seat) % players for s in range(players))]
    owner_source: list[int] = []
    rows: list[int] = []
    shift: list[int] = []
    for k, (name, start, step) in enumerate(OWNERS):
        n = lengths[(_UNSIGNED + _SIGNED).index(name)]
        owner_source += range(starts[name], starts[name] + n)
        rows += range(start, start + step * n, step)
        shift += [k * len(by_owner) + 2] * n
    flags = [*by_owner, *(b - 1 for b in by_owner)]  # a farm's flags start at its 4th entry
    arrays = (np.array(add, np.float64), np.array(scale, np.float32).astype(np.float64),
              np.array(divisor, np.float64))
    lut, base = _value_table(*arrays)
    return _Plan(struct.Struct(f"{sum(lengths[len(_UNSIGNED):])}b"), np.array(source),
                 np.array(target), *arrays, np.array(owner_source), np.array(rows),
                 np.array(shift), np.array(flags), lut, base,
                 [_PLAYERS + (s - seat) % players * PLAYER_SIZE for s in range(players)])


def _value_table(add: np.ndarray, scale: np.ndarray,
                 divisor: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every value a byte entry can encode to, per (add, scale, divisor) class, computed as
    the gather would (one lookup replaces three numpy operations and the float32 cast)."""
    classes: dict[tuple[float, float, float], int] = {}
    base = [classes.setdefault(key, len(classes)) * 256 + 128
            for key in zip(add.tolist(), scale.tolist(), divisor.tolist(), strict=True)]
    entries = np.arange(-128, 128)
    lut = [((entries + a) * s / d).astype(np.float32) for a, s, d in classes]
    return np.concatenate(lut), np.array(base)


def observation(state: State[CivTable], seat: int) -> np.ndarray:
    """view(seat) as a float32 array of OBSERVATION_SIZE (see the module docstring): the
    table lists through one gather program, the single values in one scatter (a numpy call
    has a fixed cost that dwarfs a few entries' worth)."""
    obs = np.zeros(OBSERVATION_SIZE, np.float32)
    t = state.table
    players = t.players
    if players:
        unsigned, signed = _unsigned_lists(t), _signed_lists(t)
        plan = _plan(players, seat, (*map(len, unsigned), *map(len, signed)))
        raw = _raw(plan.pack, unsigned, signed)
        if raw.dtype == np.int8:
            obs[plan.target] = plan.lut[raw[plan.source] + plan.base]
        else:
            obs[plan.target] = (raw[plan.source] + plan.add) * plan.scale / plan.divisor
        obs[plan.owner_row + plan.owner_flag[raw[plan.owner_source] + plan.owner_shift]] = 1.0
        index, value = _singles(t, seat, plan.blocks)
        later = _decision(index, value, state, seat)
        obs[index] = value
        solo = solo_encoding.values(t)  # a slice: no places to convert
        if solo:
            obs[_VICI:_VICI + len(solo)] = solo
        obs.clip(LOW, HIGH, out=obs)
    else:  # explicit chance's setup placeholder: the decision only, never clipped
        index, value = [], []
        later = _decision(index, value, state, seat)
        if index:
            obs[index] = value
    if later:
        obs[later[0]] = later[1]
    return obs


def _raw(pack: struct.Struct, unsigned: tuple[list[int], ...],
         signed: tuple[list[int], ...]) -> np.ndarray:
    """The lists' entries end to end as one array, through bytes (several times cheaper than
    converting each int): the unsigned ones as bytes below 128 (list by list, joined), the
    signed ones packed; should an entry ever lie outside that, one by one."""
    try:
        buffer = bytearray().join(map(bytearray, unsigned))
        if buffer.isascii():  # every byte below 128: the same read as signed bytes
            negative: list[int] = []
            for entries in signed:  # (list += is the cheap concatenation)
                negative += entries
            buffer += pack.pack(*negative)
            return np.frombuffer(buffer, np.int8)
    except (ValueError, struct.error):
        pass
    values: list[int] = []
    for entries in (*unsigned, *signed):
        values += entries
    return np.fromiter(values, np.int64, len(values))


def _singles(t: CivTable, seat: int, blocks: list[int]) -> tuple[list[int], list[float]]:
    """The observation's places and values outside the gathered lists: flow, the event,
    the research display, hands and scores, the layout, the partitions."""
    players = t.players
    index = [*blocks, _ERA + t.era - 1, _PHASE + min(t.phase, OVER) - 1,
             _CURRENT + (t.current - seat) % players, _STARTING + (t.starting - seat) % players,
             *range(_FLOW, _FLOW + 9)]
    value = [1.0] * len(blocks)  # each seat's present flag (its block's first entry)
    value += [1.0, 1.0, 1.0, 1.0,
              t.reset_space / 16, t.end_triggered, (t.final_round_left + 1) / 8,
              t.weather / 8, t.hundred_supply / 12, t.activation_display / 16,
              t.fate_display / 16, t.hunting_supply / 32,
              (4 - t.era if t.event_up >= 0 else 4) / 4]
    if t.event_up >= 0:
        index.append(_EVENT + t.event_up)
        value.append(1.0)
    # every face-down card counted once, by its deck (stack_size's sum, in one pass)
    decks = bytes(t.down + t.bottom).translate(_DECK_OF)
    index += range(_STACKS, _STACKS + DECKS)
    value += [decks.count(d) / 32 for d in range(DECKS)]
    index += map(_FACE_UP.__add__, t.face_up)
    value += _FACE_UP_VALUES[:len(t.face_up)]
    hand_sizes = [0] * players
    for held in t.hand:
        hand_sizes[held.seat] += 1
        if held.seat == seat:
            index.append(_HAND + held.card)
            value.append(1.0)
    for block, points, cards in zip(blocks, t.score, hand_sizes, strict=False):
        index += (block + _SCORE, block + _HAND_SIZE)
        value += (points / SCORE_SCALE, cards / 16)
    layout_places, layout_values = _layout(tuple(t.layout))
    index += layout_places
    value += layout_values
    _partition(index, value, t, blocks)
    return index, value


@lru_cache(maxsize=LAYOUTS_KEPT)
def _layout(tiles: tuple[tuple[int, int, int, int], ...]) -> tuple[list[int], list[float]]:
    """The continent layout's places and values (the layout is set once per game)."""
    index: list[int] = []
    value: list[float] = []
    for i, (tile, col, row, rot) in enumerate(tiles):
        index += range(_LAYOUT + 4 * i, _LAYOUT + 4 * i + 4)
        value += ((tile + 1) / 8, (col + 1) / 8, (row + 1) / 8, rot / 270)
    return index, value


def _partition(index: list[int], value: list[float], t: CivTable, blocks: list[int]) -> None:
    """Each stage partition's installed items and the goal chips covered in the goal areas."""
    width = STAGES * 2 * 2
    counts: dict[tuple[int, int, int], int] = {}
    for owner, column, stage, kind, item in t.installed:
        key = (owner, column, stage)
        slot = counts.get(key, 0)
        counts[key] = slot + 1
        if slot > 1 or not 0 <= stage < STAGES or not 0 <= column < COLUMNS:
            continue
        at = blocks[owner] + _INSTALLED + column * width + (stage * 2 + slot) * 2
        index += (at, at + 1)
        value += ((kind + 1) / ITEM_KINDS, (item + 1) / MAX_ITEM)
    for owner, space, chip in t.goal_under:
        index.append(blocks[owner] + _GOAL_UNDER + space * GOALS + chip)
        value.append(1.0)


def _decision(index: list[int], value: list[float], state: State[CivTable],
              seat: int) -> tuple[list[int], list[float]] | None:
    """The pending question as the view shows it: who answers, its kind, the step its prompt
    is about, and the options when it is this seat's own; or the chance node waiting. Added
    to `index` and `value` (the clip to [LOW, HIGH] follows: none of these is outside), or
    returned to be written after it when a step field below -2 would encode below 0 (the
    clip never cut those)."""
    node = state.chance
    if node is not None:
        index.append(_CHANCE + _CHANCE_INDEX[node.kind])
        value.append(1.0)
        return None
    decision = state.decision
    if decision is None:
        return None
    t = state.table
    fields = t.pending[-1][2:2 + STEP_FIELDS]
    places = [_DECIDER + (decision.seat - seat) % t.players, _DECISION + _KIND_INDEX[decision.kind],
              *range(_STEP, _STEP + len(fields))]
    values = [1.0, 1.0, *(min(1.0, (v + 2) / STEP_SCALE) for v in fields)]
    if decision.seat == seat:
        places += [_LEGAL + option.code for option in decision.options]
        values += [1.0] * len(decision.options)
    if min(fields, default=0) < -2:
        return places, values
    index += places
    value += values
    return None
