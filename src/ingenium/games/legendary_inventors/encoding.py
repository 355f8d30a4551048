"""The RL observation of Legendary Inventors: view(seat) as one flat float32 array.

Everything `view(seat)` shows is encoded, and nothing else: the face-down invention decks and
token bags appear only as counts, as they do in the view. Seats are *relative*: block 0 is the
observing seat, block 1 the next seat clockwise, and so on; blocks past the player count stay 0.
Every value lies in [0, 1] (one-hot flags, or a count divided by the largest it can reach).

Named slices (OpenSpiel style): `SLICES[name] = (start, length)`; for a block repeated per
player or per invention, the length covers all its copies and `FIELDS` gives the layout inside
one copy.

- ``age`` (3): one-hot age I-III.
- ``phase`` (3): one-hot play / final_tokens / over.
- ``current`` (5): the player whose turn it is, relative seat one-hot.
- ``chocolate`` (1): a Chocolate token played this turn waits for its invention.
- ``decks`` (3), ``bags`` (3): cards left in each age deck / 8, tokens left in each bag / 16.
- ``players`` (5 x PLAYER_SIZE), per relative seat: ``present``; ``team`` (one-hot of 5, which
  fixes the inventors' names and goals); ``levels`` (inventor x type, level / 4); ``used``
  (4 inventors); ``tokens`` (held per kind / how many the box has); ``score`` (cards, ribbons,
  inventors, runs, total, each / its largest possible value).
- ``inventions`` (24 x INVENTION_SIZE), per invention card id: ``status`` (one-hot in box /
  in play / completed / discarded); ``slot`` (its place in the display, one-hot of 8);
  ``filled`` (squares filled per type / 5); ``cubes`` (per relative seat / 10); ``bonus``
  (the token kind on each of its 2 bonus spaces, one-hot); ``owner`` (relative seat one-hot).
- ``decider`` (5): who must answer the pending question, relative seat one-hot.
- ``decision`` (6): its kind, one-hot over DECISION_KINDS.
- ``subject_inventor`` (4), ``subject_invention`` (24), ``subject_token`` (9),
  ``subject_face`` (2), ``chocolate_left`` (1, / 2): what the question's prompt names (the
  inventor at work, the completed invention, the token and side being played, the chocolate
  cubes left to place).
- ``legal`` (73): the options offered to this seat (its own question only), by action code.
- ``chance`` (7): a chance node waiting in explicit mode, one-hot over CHANCE_KINDS.

>>> import ingenium
>>> state = ingenium.get_game("legendary-inventors").new_game(players=2, seed=1)
>>> obs = observation(state, 0)
>>> obs.shape == (OBSERVATION_SIZE,), float(obs[SLICES["age"][0]])
(True, 1.0)
>>> float(named(obs)["players"][FIELDS["players"]["present"][0]])
1.0
"""

from __future__ import annotations

from functools import cache, lru_cache
from struct import Struct
from typing import NamedTuple, cast

import numpy as np

from ingenium.engine import State
from ingenium.engine.slices import cut, layout
from ingenium.games.legendary_inventors.components.catalog import C
from ingenium.games.legendary_inventors.components.records import (
    AGES,
    CLASSIFICATIONS,
    INVENTORS_PER_TEAM,
    MAX_LEVEL,
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
)
from ingenium.games.legendary_inventors.options import SPACE
from ingenium.games.legendary_inventors.rules.scoring import GOALS, best_runs
from ingenium.games.legendary_inventors.steps import (
    STEP_BONUS,
    STEP_CHOCOLATE,
    STEP_INVENTION,
    STEP_TARGET,
)
from ingenium.games.legendary_inventors.table import LITable

NUM_KINDS = len(C.token_kinds)
NUM_INVENTIONS = len(C.inventions)
NUM_TEAMS = len(C.teams)
MAX_DISPLAY = MAX_PLAYERS + 3  # players + 3 inventions come into play each age
MAX_FILL = max(max(inv.need) for inv in C.inventions)
MAX_CUBES = max(inv.squares for inv in C.inventions)
MAX_DECK = max(sum(1 for inv in C.inventions if inv.age == age) for age in AGES)
MAX_BAG = max(len(C.bags[age]) for age in AGES)
PHASES = ("play", "final_tokens", "over")
STATUSES = ("in_box", "in_play", "completed", "discarded")
DECISION_KINDS = ("turn", "invention", "token_target", "chocolate", "bonus", "final_tokens")
CHANCE_KINDS = ("team", *(f"deck{a}" for a in AGES), *(f"bag{a}" for a in AGES))
CHOCOLATE_CUBES = 2
SCORE_PARTS = ("cards", "ribbons", "inventors", "runs", "total")

# The largest value each score part can reach, so that part / largest lies in [0, 1].
_BOX_KINDS = [sum(C.bags[a].count(k) for a in AGES) for k in range(NUM_KINDS)]
_STAR = C.token("star").id
_MAX_CARDS = sum(inv.vp for inv in C.inventions)
_MAX_RIBBONS = sum(kind.vp * _BOX_KINDS[kind.id] for kind in C.token_kinds)
_MAX_GOALS = max(sum(vp for vp, _ in team) for team in GOALS)
_ALL_CLASSES = tuple(sum(1 for inv in C.inventions if inv.classification == c)
                     for c in range(CLASSIFICATIONS))
_MAX_RUNS = best_runs(_ALL_CLASSES, _BOX_KINDS[_STAR])
SCORE_MAX = (_MAX_CARDS, _MAX_RIBBONS, _MAX_GOALS, _MAX_RUNS,
             _MAX_CARDS + _MAX_RIBBONS + _MAX_GOALS + _MAX_RUNS)


FIELDS = {
    "players": layout((("present", 1), ("team", NUM_TEAMS),
                        ("levels", INVENTORS_PER_TEAM * NUM_TYPES), ("used", INVENTORS_PER_TEAM),
                        ("tokens", NUM_KINDS), ("score", len(SCORE_PARTS)))),
    "inventions": layout((("status", len(STATUSES)), ("slot", MAX_DISPLAY),
                           ("filled", NUM_TYPES), ("cubes", MAX_PLAYERS),
                           ("bonus", TOKENS_PER_INVENTION * NUM_KINDS), ("owner", MAX_PLAYERS))),
}
PLAYER_SIZE = sum(length for _, length in FIELDS["players"].values())
INVENTION_SIZE = sum(length for _, length in FIELDS["inventions"].values())
SLICES = layout((
    ("age", len(AGES)), ("phase", len(PHASES)), ("current", MAX_PLAYERS), ("chocolate", 1),
    ("decks", len(AGES)), ("bags", len(AGES)),
    ("players", MAX_PLAYERS * PLAYER_SIZE), ("inventions", NUM_INVENTIONS * INVENTION_SIZE),
    ("decider", MAX_PLAYERS), ("decision", len(DECISION_KINDS)),
    ("subject_inventor", INVENTORS_PER_TEAM), ("subject_invention", NUM_INVENTIONS),
    ("subject_token", NUM_KINDS), ("subject_face", 2), ("chocolate_left", 1),
    ("legal", SPACE.size), ("chance", len(CHANCE_KINDS)),
))
OBSERVATION_SIZE = sum(length for _, length in SLICES.values())
LOW, HIGH = 0.0, 1.0  # every value lies in [LOW, HIGH]


def named(obs: np.ndarray) -> dict[str, np.ndarray]:
    """The observation cut into its named slices (views, not copies)."""
    return cut(obs, SLICES)


# -- offsets and scaled values the encoder reads, computed once --------------------------------
def _at(name: str) -> int:
    return SLICES[name][0]


def _field(block: str, name: str) -> int:
    return FIELDS[block][name][0]


_AGE, _PHASE, _CURRENT, _CHOC = _at("age"), _at("phase"), _at("current"), _at("chocolate")
_DECKS, _BAGS = _at("decks"), _at("bags")
_PLAYERS, _INVENTIONS = _at("players"), _at("inventions")
_DECIDER, _DECISION, _LEGAL, _CHANCE = (_at("decider"), _at("decision"), _at("legal"),
                                        _at("chance"))
_S_INVENTOR, _S_INVENTION = _at("subject_inventor"), _at("subject_invention")
_S_TOKEN, _S_FACE, _S_LEFT = _at("subject_token"), _at("subject_face"), _at("chocolate_left")
_P_TEAM, _P_LEVELS, _P_USED = (_field("players", "team"), _field("players", "levels"),
                               _field("players", "used"))
_P_TOKENS, _P_SCORE = _field("players", "tokens"), _field("players", "score")
_I_SLOT, _I_FILLED, _I_CUBES = (_field("inventions", "slot"), _field("inventions", "filled"),
                                _field("inventions", "cubes"))
_I_BONUS, _I_OWNER = _field("inventions", "bonus"), _field("inventions", "owner")
_VP = tuple(inv.vp for inv in C.inventions)
_CLASS = tuple(inv.classification for inv in C.inventions)
_RIBBON = tuple((k, kind.vp) for k, kind in enumerate(C.token_kinds) if kind.vp)
_KIND_INDEX = {kind: n for n, kind in enumerate(DECISION_KINDS)}
_CHANCE_INDEX = {kind: n for n, kind in enumerate(CHANCE_KINDS)}
_TYPES4 = INVENTORS_PER_TEAM * NUM_TYPES
_DISPLAY_AT = tuple(_INVENTIONS + _I_SLOT + slot for slot in range(MAX_DISPLAY))


def observation(state: State[LITable], seat: int) -> np.ndarray:
    """view(seat) as a float32 array of OBSERVATION_SIZE (see the module docstring)."""
    t = state.table
    players = t.players
    # one spare element at the end: what is not shown (a "none", a seat not playing) lands there
    buffer = np.zeros(OBSERVATION_SIZE + 1, dtype=np.float32)
    obs = buffer[:OBSERVATION_SIZE]
    if not players:  # explicit chance before the setup: nothing is on the table yet
        ones: list[int] = []
        _decision(obs, state, seat, ones)
        obs.put(ones, 1.0)
        return obs
    plan = _plan(players, seat)
    # the flow's numbers and every table list the encoding reads, as one byte string (-1,
    # "none", reads 255 and is folded to NONE by the translation)
    # (bytearray(list) converts twice as fast as bytes(list); the _scores key must be bytes)
    level, held, owner = bytes(t.level), bytes(t.held), _OWNER_BYTES.pack(*t.owner)
    raw = np.frombuffer(b"".join((
        bytes((t.age, t.phase, t.current, t.chocolate, len(t.deck1), len(t.deck2),
               len(t.deck3), len(t.bag1), len(t.bag2), len(t.bag3))),
        level, bytearray(t.used), held, bytes(t.team), bytearray(t.status), bytearray(t.filled),
        bytearray(t.cubes), _BONUS_BYTES.pack(*t.bonus), owner)).translate(_FOLD),
        dtype=np.uint8)
    # each byte picks, by its value, where it writes and what: one gather, one scatter
    at = plan.row + raw
    buffer[plan.target.take(at)] = plan.value.take(at)
    ones = [*plan.present, *(_DISPLAY_AT[slot] + inv * INVENTION_SIZE
                             for slot, inv in enumerate(t.display))]
    obs[plan.score_to] = _scores(bytes(t.team), level, held, owner)
    _decision(obs, state, seat, ones)
    obs.put(ones, 1.0)
    return obs


class _Plan(NamedTuple):
    """Where each byte of the raw string goes, for one player count and seat: the byte at
    raw index i with value v writes value[i * WIDTH + v] at target[i * WIDTH + v]."""

    row: np.ndarray  # i * WIDTH for every raw index i
    target: np.ndarray  # an obs index, or the spare element past the end (nothing shown)
    value: np.ndarray  # float32: a one-hot 1, or a count over its largest value
    score_to: np.ndarray  # obs index of score part n of seat s, at [s * 5 + n]
    present: tuple[int, ...]  # the present flag of each seat


HEADER = ("age", "phase", "current", "chocolate", "deck1", "deck2", "deck3", "bag1", "bag2",
          "bag3")  # the flow's numbers, one byte each, before the table lists
WIDTH = 32  # values a byte may take: 0 .. WIDTH - 2, and NONE
NONE = WIDTH - 1  # how -1 ("none") reads once the raw string is translated
_FOLD = bytes(v if v < NONE else NONE for v in range(256))  # 255 (-1) and anything past: none
# the lists that hold -1 ("none"), packed as signed bytes
_BONUS_BYTES = Struct(f"{NUM_INVENTIONS * TOKENS_PER_INVENTION}b")
_OWNER_BYTES = Struct(f"{NUM_INVENTIONS}b")


def raw_lengths(players: int) -> dict[str, int]:
    """The table lists the plan reads, in raw order after HEADER, with their lengths (tests
    hold the table to it)."""
    return {"level": players * _TYPES4, "used": players * INVENTORS_PER_TEAM,
            "held": players * NUM_KINDS, "team": players, "status": NUM_INVENTIONS,
            "filled": NUM_INVENTIONS * NUM_TYPES, "cubes": NUM_INVENTIONS * MAX_PLAYERS,
            "bonus": NUM_INVENTIONS * TOKENS_PER_INVENTION, "owner": NUM_INVENTIONS}


@cache
def _plan(players: int, seat: int) -> _Plan:
    """The gather/scatter program of one (player count, seat): built once."""
    parts = layout((*((name, 1) for name in HEADER), *raw_lengths(players).items()))
    src = {name: start for name, (start, _) in parts.items()}
    size = sum(length for _, length in parts.values())
    spare = OBSERVATION_SIZE
    target = np.full(size * WIDTH, spare, dtype=np.int64)
    value = np.zeros(size * WIDTH, dtype=np.float32)
    counts = np.arange(WIDTH - 1, dtype=np.float32)  # every value but NONE

    def scaled(at: int, to: int, most: float) -> None:  # value v -> v * (1 / most) at `to`
        target[at * WIDTH:at * WIDTH + NONE] = to
        value[at * WIDTH:at * WIDTH + NONE] = counts * np.float32(1 / most)

    def ratio(at: int, to: int, most: int) -> None:  # value v -> v / most (in double) at `to`
        target[at * WIDTH:at * WIDTH + NONE] = to
        value[at * WIDTH:at * WIDTH + NONE] = [v / most for v in range(NONE)]

    def hot(at: int, to: int, offsets: dict[int, int]) -> None:  # value v -> 1 at to + offset
        for v, offset in offsets.items():
            target[at * WIDTH + v] = to + offset
            value[at * WIDTH + v] = 1.0

    plain = {v: v for v in range(NONE)}
    seats = {v: (v - seat) % players for v in range(players)}
    hot(src["age"], _AGE - 1, {age: age for age in AGES})
    hot(src["phase"], _PHASE, {v: v for v in range(len(PHASES))})
    hot(src["current"], _CURRENT, seats)
    scaled(src["chocolate"], _CHOC, 1)
    for age in AGES:
        ratio(src[f"deck{age}"], _DECKS + age - 1, MAX_DECK)
        ratio(src[f"bag{age}"], _BAGS + age - 1, MAX_BAG)
    for rel in range(players):
        s = (seat + rel) % players
        at = _PLAYERS + rel * PLAYER_SIZE
        for n in range(_TYPES4):
            scaled(src["level"] + s * _TYPES4 + n, at + _P_LEVELS + n, MAX_LEVEL)
        for i in range(INVENTORS_PER_TEAM):
            scaled(src["used"] + s * INVENTORS_PER_TEAM + i, at + _P_USED + i, 1)
        for k in range(NUM_KINDS):
            scaled(src["held"] + s * NUM_KINDS + k, at + _P_TOKENS + k, _BOX_KINDS[k])
        hot(src["team"] + s, at + _P_TEAM, plain)
    for inv in range(NUM_INVENTIONS):
        at = _INVENTIONS + inv * INVENTION_SIZE
        hot(src["status"] + inv, at, plain)
        for ty in range(NUM_TYPES):
            scaled(src["filled"] + inv * NUM_TYPES + ty, at + _I_FILLED + ty, MAX_FILL)
        for rel in range(players):
            s = (seat + rel) % players
            scaled(src["cubes"] + inv * MAX_PLAYERS + s, at + _I_CUBES + rel, MAX_CUBES)
        for slot in range(TOKENS_PER_INVENTION):
            hot(src["bonus"] + inv * TOKENS_PER_INVENTION + slot,
                at + _I_BONUS + slot * NUM_KINDS, plain)
        hot(src["owner"] + inv, at + _I_OWNER, seats)
    present = tuple(_PLAYERS + rel * PLAYER_SIZE for rel in range(players))
    return _Plan(np.arange(size, dtype=np.int64) * WIDTH, target, value,
                 np.array([_PLAYERS + ((s - seat) % players) * PLAYER_SIZE + _P_SCORE + n
                           for s in range(players) for n in range(len(SCORE_PARTS))]),
                 present)


@lru_cache(maxsize=1 << 14)
def _scores(teams: bytes, level: bytes, held: bytes, owner: bytes) -> np.ndarray:
    """Every seat's score parts (the view's breakdown) over their largest values, seat by seat,
    as float32 (memoized on exactly what they depend on: it changes far less often than the
    table; read only, copied into each observation)."""
    players = len(teams)
    cards = [0] * players
    classes = [[0] * CLASSIFICATIONS for _ in range(players)]
    for inv, who in enumerate(owner):
        if who < players:  # 255 is "none"
            cards[who] += _VP[inv]
            classes[who][_CLASS[inv]] += 1
    values: list[float] = []
    for s in range(players):
        values += _seat_parts(teams[s], level[s * _TYPES4:(s + 1) * _TYPES4],
                              held[s * NUM_KINDS:(s + 1) * NUM_KINDS], tuple(classes[s]),
                              cards[s])
    return np.array(values, dtype=np.float32)


@lru_cache(maxsize=1 << 14)
def _seat_parts(team: int, level: bytes, held: bytes, classes: tuple[int, ...],
                cards: int) -> tuple[float, ...]:
    """Scoring 1-4 of one seat from its levels, tokens and cards, each over its largest
    value (memoized too: when the table's scores change, mostly one seat's did)."""
    goals = 0
    for vp, needs in _GOAL_AT[team]:
        if all(level[offset] >= n for offset, n in needs):
            goals += vp
    ribbons = sum(vp * held[k] for k, vp in _RIBBON)
    runs = best_runs(classes, held[_STAR])
    parts = (cards, ribbons, goals, runs, cards + ribbons + goals + runs)
    return tuple(value / most for value, most in zip(parts, SCORE_MAX, strict=True))


# goal requirements per team and inventor as (level offset within the seat's block, level)
_GOAL_AT = tuple(tuple((vp, tuple((i * NUM_TYPES + ty, n) for ty, n in needs))
                       for i, (vp, needs) in enumerate(team)) for team in GOALS)


def _decision(a: np.ndarray, state: State[LITable], seat: int, ones: list[int]) -> None:
    """The pending question as the view shows it: who answers, its kind, what its prompt
    names, and the options when it is this seat's own; or the chance node waiting. One-hot
    flags are added to `ones` (the caller sets them all at once)."""
    node = state.chance
    if node is not None:
        ones.append(_CHANCE + _CHANCE_INDEX[node.kind])
        return
    decision = state.decision
    if decision is None:
        return
    t = state.table
    ones.append(_DECIDER + (decision.seat - seat) % t.players)
    ones.append(_DECISION + _KIND_INDEX[decision.kind])
    if decision.seat == seat:
        ones += [_LEGAL + option.code for option in decision.options]
    if not t.pending:
        return
    step = cast(tuple[int, ...], t.pending[-1])  # the records are int tuples
    kind = step[0]
    if kind == STEP_INVENTION:
        ones.append(_S_INVENTOR + step[1])
    elif kind == STEP_TARGET:
        ones.append(_S_TOKEN + step[1])
        ones.append(_S_FACE + step[2])
    elif kind == STEP_CHOCOLATE:
        ones.append(_S_INVENTION + step[1])
        a[_S_LEFT] = step[2] / CHOCOLATE_CUBES
    elif kind == STEP_BONUS:
        ones.append(_S_INVENTION + step[1])
