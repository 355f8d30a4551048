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

from collections import Counter
from functools import cache, lru_cache
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


class _Plan(NamedTuple):
    """Where each entry of the seat-indexed table lists goes for one (players, seat)."""

    fields: tuple[str, ...]  # the table lists, concatenated in this order
    source: np.ndarray  # index into the concatenation
    target: np.ndarray  # index into the observation
    add: np.ndarray
    scale: np.ndarray
    present: np.ndarray  # the present flag of each seat's block


def _block(rel: int, name: str) -> int:
    return _PLAYERS + rel * PLAYER_SIZE + FIELDS["players"][name][0]


@cache
def _plan(players: int, seat: int) -> _Plan:
    """The gather program of one (player count, seat): built once."""
    source: list[int] = []
    target: list[int] = []
    add: list[float] = []
    scale: list[float] = []
    fields: list[str] = []
    at = 0
    for name, width, plus, most in SEAT_MAJOR:
        fields.append(name)
        for s in range(players):
            rel = (s - seat) % players
            for i in range(width):
                source.append(at + s * width + i)
                target.append(_block(rel, name) + i)
                add.append(plus)
                scale.append(1 / most)
        at += players * width
    for name, n, most in SEAT_MINOR:
        fields.append(name)
        for i in range(n):
            for s in range(players):
                source.append(at + i * P + s)
                target.append(_block((s - seat) % players, name) + i)
                add.append(0)
                scale.append(1 / most)
        at += n * P
    return _Plan(tuple(fields), np.array(source), np.array(target),
                 np.array(add, np.float32), np.array(scale, np.float32),
                 np.array([_PLAYERS + rel * PLAYER_SIZE for rel in range(players)]))


def observation(state: State[CivTable], seat: int) -> np.ndarray:
    """view(seat) as a float32 array of OBSERVATION_SIZE (see the module docstring)."""
    obs = np.zeros(OBSERVATION_SIZE, np.float32)
    t = state.table
    players = t.players
    if players:
        plan = _plan(players, seat)
        values: list[int] = []
        for name in plan.fields:  # the lists end to end (list += is the cheap concatenation)
            values += getattr(t, name)
        raw = np.fromiter(values, np.int64, len(values))  # (faster than np.array of a list)
        obs[plan.target] = (raw[plan.source] + plan.add) * plan.scale
        obs[plan.present] = 1.0
        _public(obs, t, seat)
        _partition(obs, t, seat)
        solo_encoding.encode(obs[_at("vici"):_at("vici") + solo_encoding.SIZE], t)
        np.clip(obs, LOW, HIGH, out=obs)
    _decision(obs, state, seat)
    return obs


def _rel(t: CivTable, who: int, seat: int) -> int:
    return (who - seat) % t.players


# where the slices and the seat blocks' fields start (looked up once, not per observation)
_ERA, _PHASE, _CURRENT, _STARTING, _FLOW = (
    _at("era"), _at("phase"), _at("current"), _at("starting"), _at("flow"))
_EVENT, _STACKS, _FACE_UP, _HAND = _at("event"), _at("stacks"), _at("face_up"), _at("hand")
_SCORE, _HAND_SIZE = FIELDS["players"]["score"][0], FIELDS["players"]["hand_size"][0]
_INSTALLED, _GOAL_UNDER = FIELDS["players"]["installed"][0], FIELDS["players"]["goal_under"][0]
_LAYOUT, _CAMPS, _LANDS = _at("layout"), _at("encampments"), _at("territories")

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


class _PublicPlan(NamedTuple):
    """Where the entries of the public lists go for one (players, seat, list lengths)."""

    source: np.ndarray  # index into the concatenation of the PUBLIC lists, then the OWNERS
    target: np.ndarray
    add: np.ndarray
    divisor: np.ndarray
    owners: tuple[tuple[int, int, np.ndarray, np.ndarray], ...]  # per OWNERS list: its
    # slice of the concatenation, the place of each entry's first flag, and the flag's offset
    # from there by owner + 2 (owner -2: blocked, -1: none/free, else the owner's seat)


@cache
def _public_plan(players: int, seat: int, lengths: tuple[int, ...]) -> _PublicPlan:
    """The gather program of the public lists (built once per player count, seat and list
    lengths)."""
    source: list[int] = []
    target: list[int] = []
    add: list[float] = []
    divisor: list[float] = []
    at = 0
    for (_, start, step, plus, most), n in zip(PUBLIC, lengths[:len(PUBLIC)], strict=True):
        source += range(at, at + n)
        target += range(start, start + step * n, step)
        add += [plus] * n
        divisor += [most] * n
        at += n
    by_owner = [0, 1, *(2 + (s - seat) % players for s in range(players))]
    owners = []
    for (_, start, step), n in zip(OWNERS, lengths[len(PUBLIC):], strict=True):
        owners.append((at, at + n, start + step * np.arange(n), np.array(by_owner)))
        at += n
    return _PublicPlan(np.array(source), np.array(target), np.array(add, np.float64),
                       np.array(divisor, np.float64), tuple(owners))


_PUBLIC_LISTS = tuple(name for name, *_ in PUBLIC) + tuple(name for name, *_ in OWNERS)


def _public(a: np.ndarray, t: CivTable, seat: int) -> None:
    """Flow, the sequence and progress boards' displays, the research display and the
    continent: the lists through one gather program, the single values in one scatter (a
    numpy call has a fixed cost that dwarfs a few entries' worth)."""
    players = t.players
    lists = [getattr(t, name) for name in _PUBLIC_LISTS]
    plan = _public_plan(players, seat, tuple(map(len, lists)))
    values: list[int] = []
    for entries in lists:
        values += entries
    raw = np.fromiter(values, np.int64, len(values))
    a[plan.target] = (raw[plan.source] + plan.add) / plan.divisor
    # owners: enc_seat's -2 (blocked) is flag 0, -1 (free) flag 1; farm's -1 (none) is the
    # entry before the owners' flags (a territory's 4th), the seats from its 5th
    (begin, end, rows, flags), (farm_begin, farm_end, lands, farm_flags) = plan.owners
    a[rows + flags[raw[begin:end] + 2]] = 1.0
    a[lands + farm_flags[raw[farm_begin:farm_end] + 2] - 1] = 1.0
    index = [_ERA + t.era - 1, _PHASE + min(t.phase, OVER) - 1,
             _CURRENT + (t.current - seat) % players, _STARTING + (t.starting - seat) % players,
             *range(_FLOW, _FLOW + 9)]
    value = [1.0, 1.0, 1.0, 1.0,
             t.reset_space / 16, t.end_triggered, (t.final_round_left + 1) / 8,
             t.weather / 8, t.hundred_supply / 12, t.activation_display / 16,
             t.fate_display / 16, t.hunting_supply / 32,
             (4 - t.era if t.event_up >= 0 else 4) / 4]
    if t.event_up >= 0:
        index.append(_EVENT + t.event_up)
        value.append(1.0)
    # every face-down card counted once, by its deck (stack_size's sum, in one pass)
    stacks = Counter(map(CARD_DECK.__getitem__, t.down))
    stacks.update(map(CARD_DECK.__getitem__, t.bottom))
    index += range(_STACKS, _STACKS + DECKS)
    value += [stacks[d] / 32 for d in range(DECKS)]
    for i, card in enumerate(t.face_up):
        index.append(_FACE_UP + card)
        value.append((i + 1) / CARDS)
    hand_sizes = [0] * players
    for held in t.hand:
        hand_sizes[held.seat] += 1
        if held.seat == seat:
            index.append(_HAND + held.card)
            value.append(1.0)
    for p in range(players):
        block = _PLAYERS + (p - seat) % players * PLAYER_SIZE
        index += (block + _SCORE, block + _HAND_SIZE)
        value += (t.score[p] / SCORE_SCALE, hand_sizes[p] / 16)
    layout_places, layout_values = _layout(tuple(t.layout))
    a[index + layout_places] = value + layout_values


@lru_cache(maxsize=LAYOUTS_KEPT)
def _layout(tiles: tuple[tuple[int, int, int, int], ...]) -> tuple[list[int], list[float]]:
    """The continent layout's places and values (the layout is set once per game)."""
    index: list[int] = []
    value: list[float] = []
    for i, (tile, col, row, rot) in enumerate(tiles):
        index += range(_LAYOUT + 4 * i, _LAYOUT + 4 * i + 4)
        value += ((tile + 1) / 8, (col + 1) / 8, (row + 1) / 8, rot / 270)
    return index, value


def _partition(a: np.ndarray, t: CivTable, seat: int) -> None:
    """Each stage partition's installed items and the goal chips covered in the goal areas."""
    width = STAGES * 2 * 2
    counts: dict[tuple[int, int, int], int] = {}
    for owner, column, stage, kind, item in t.installed:
        key = (owner, column, stage)
        slot = counts.get(key, 0)
        counts[key] = slot + 1
        if slot > 1 or not 0 <= stage < STAGES or not 0 <= column < COLUMNS:
            continue
        at = (_PLAYERS + _rel(t, owner, seat) * PLAYER_SIZE + _INSTALLED + column * width
              + (stage * 2 + slot) * 2)
        a[at] = (kind + 1) / ITEM_KINDS
        a[at + 1] = (item + 1) / MAX_ITEM
    for owner, space, chip in t.goal_under:
        a[_PLAYERS + _rel(t, owner, seat) * PLAYER_SIZE + _GOAL_UNDER + space * GOALS + chip] = 1.0


def _decision(a: np.ndarray, state: State[CivTable], seat: int) -> None:
    """The pending question as the view shows it: who answers, its kind, the step its prompt
    is about, and the options when it is this seat's own; or the chance node waiting."""
    node = state.chance
    if node is not None:
        a[_at("chance") + _CHANCE_INDEX[node.kind]] = 1.0
        return
    decision = state.decision
    if decision is None:
        return
    t = state.table
    a[_at("decider") + _rel(t, decision.seat, seat)] = 1.0
    a[_at("decision") + _KIND_INDEX[decision.kind]] = 1.0
    step = _at("step")
    for i, v in enumerate(t.pending[-1][2:2 + STEP_FIELDS]):
        a[step + i] = min(1.0, (v + 2) / STEP_SCALE)
    if decision.seat == seat:
        legal = _at("legal")
        for option in decision.options:
            a[legal + option.code] = 1.0
