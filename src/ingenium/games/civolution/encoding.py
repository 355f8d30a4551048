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

from functools import cache
from typing import NamedTuple

import numpy as np

from ingenium.engine import State
from ingenium.engine.slices import cut, layout
from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components import rulebook
from ingenium.games.civolution.console import FAVOR_TOP
from ingenium.games.civolution.options import SPACE
from ingenium.games.civolution.rules.research import hand_of, stack_size
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
        raw = np.array([v for name in plan.fields for v in getattr(t, name)], np.float32)
        obs[plan.target] = (raw[plan.source] + plan.add) * plan.scale
        obs[plan.present] = 1.0
        _public(obs, t, seat)
        _continent(obs, t, seat)
        _partition(obs, t, seat)
        solo_encoding.encode(obs[_at("vici"):_at("vici") + solo_encoding.SIZE], t)
        np.clip(obs, LOW, HIGH, out=obs)
    _decision(obs, state, seat)
    return obs


def _rel(t: CivTable, who: int, seat: int) -> int:
    return (who - seat) % t.players


def _public(a: np.ndarray, t: CivTable, seat: int) -> None:
    """Flow, the sequence and progress boards' displays and the research display."""
    a[_at("era") + t.era - 1] = 1.0
    a[_at("phase") + min(t.phase, OVER) - 1] = 1.0
    a[_at("current") + _rel(t, t.current, seat)] = 1.0
    a[_at("starting") + _rel(t, t.starting, seat)] = 1.0
    flow = _at("flow")
    a[flow:flow + 9] = (t.reset_space / 16, t.end_triggered, (t.final_round_left + 1) / 8,
                        t.weather / 8, t.hundred_supply / 12, t.activation_display / 16,
                        t.fate_display / 16, t.hunting_supply / 32,
                        (4 - t.era if t.event_up >= 0 else 4) / 4)
    if t.event_up >= 0:
        a[_at("event") + t.event_up] = 1.0
    for name, values, plus, most in (("era_tiles", t.era_tiles, 2, 11),
                                     ("final_tiles", t.final_tiles, 2, 11),
                                     ("goal_display", t.goal_display, 3, GOALS + 3),
                                     ("income_display", t.income_display, 3, INCOMES + 3),
                                     ("attribute_display", t.attribute_display, 3,
                                      ATTRIBUTES + 3)):
        start = _at(name)
        for i, v in enumerate(values):
            a[start + i] = (v + plus) / most
    stacks = _at("stacks")
    for d in range(DECKS):
        a[stacks + d] = stack_size(t, d) / 32
    face_up = _at("face_up")
    for i, card in enumerate(t.face_up):
        a[face_up + card] = (i + 1) / CARDS
    hand = _at("hand")
    for card in hand_of(t, seat):
        a[hand + card] = 1.0
    for p in range(t.players):
        a[_block(_rel(t, p, seat), "score")] = t.score[p] / SCORE_SCALE
        a[_block(_rel(t, p, seat), "hand_size")] = len(hand_of(t, p)) / 16


def _continent(a: np.ndarray, t: CivTable, seat: int) -> None:
    """The layout, the encampments, the territories and the site recesses."""
    layout = _at("layout")
    for i, (tile, col, row, rot) in enumerate(t.layout):
        a[layout + 4 * i:layout + 4 * i + 4] = ((tile + 1) / 8, (col + 1) / 8, (row + 1) / 8,
                                                 rot / 270)
    camps = _at("encampments")
    for e, who in enumerate(t.enc_seat):
        code = who + 2 if who < 0 else 2 + _rel(t, who, seat)
        a[camps + 7 * e + code] = 1.0
        a[camps + 7 * e + 6] = t.enc_strong[e]
    lands = _at("territories")
    for i in range(T):
        at = lands + 9 * i
        a[at] = t.developed[i]
        a[at + 1] = t.hunted[i]
        a[at + 2] = (t.material_tile[i] + 1) / (MATERIALS + 1)
        a[at + 4 + (_rel(t, t.farm[i], seat) if t.farm[i] >= 0 else -1)] = 1.0
    recesses = _at("recesses")
    for r, site in enumerate(t.recess_site):
        a[recesses + r] = (site + 2) / (len(C.sites) + 2)


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
        at = _block(_rel(t, owner, seat), "installed") + column * width + (stage * 2 + slot) * 2
        a[at] = (kind + 1) / ITEM_KINDS
        a[at + 1] = (item + 1) / MAX_ITEM
    for owner, space, chip in t.goal_under:
        a[_block(_rel(t, owner, seat), "goal_under") + space * GOALS + chip] = 1.0


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
