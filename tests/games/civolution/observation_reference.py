"""The Civolution observation as it was written before the speed work (#23): the plain
definition the fast `encoding.observation` is held to, value for value, at every position of
seeded games (test_fast_paths.py)."""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache
from typing import NamedTuple

import numpy as np

from ingenium.engine import State
from ingenium.games.civolution.board import CARD_DECK, LAYOUTS_KEPT, C
from ingenium.games.civolution.components.solo import LEVELS
from ingenium.games.civolution.encoding import (
    _CHANCE_INDEX,
    _KIND_INDEX,
    _PLAYERS,
    ATTRIBUTES,
    CARDS,
    FIELDS,
    GOALS,
    HIGH,
    INCOMES,
    ITEM_KINDS,
    LOW,
    MAX_ITEM,
    OBSERVATION_SIZE,
    PLAYER_SIZE,
    SCORE_SCALE,
    SEAT_MAJOR,
    SEAT_MINOR,
    STAGES,
    STEP_FIELDS,
    STEP_SCALE,
    _at,
)
from ingenium.games.civolution.rules.solo import encoding as solo_encoding
from ingenium.games.civolution.rules.solo.setup import SOLO
from ingenium.games.civolution.rules.solo.table import SoloTable
from ingenium.games.civolution.table import COLUMNS, DECKS, MATERIALS, OVER, CivTable, P


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
        _solo_encode(obs[_at("vici"):_at("vici") + solo_encoding.SIZE], t)
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


def _solo_encode(out: np.ndarray, t: CivTable) -> None:
    """rules/solo/encoding.encode as it was."""
    if not isinstance(t, SoloTable):
        return
    cards = len(SOLO.actions)
    values: list[float] = [1.0]
    values += [float(t.vici_level == level) for level in LEVELS]
    values += [float(t.extra_tough), len(t.action_stack) / cards]
    values += [float(n in t.action_up) for n in range(1, cards + 1)]
    values += [float(n in t.action_discard) for n in range(1, cards + 1)]
    up = [SOLO.card(n) for n in t.action_up]
    values += [sum(c.blue for c in up) / 8, sum(c.red for c in up) / 8]
    top = solo_encoding.GRID_TOP
    values += [t.vici_evolution / top, t.vici_prosperity / top]
    values += [n / 10 for n in t.vici_provision]
    values += [t.vici_dice / 16]
    values += [float(n == t.last_card) for n in range(1, cards + 1)]
    values += [float(t.last_half)]
    values += [float(v == t.last_roll) for v in range(1, 7)]
    out[:] = np.minimum(np.array(values, np.float32), 1.0)
