"""The RL observation of Inventions: view(seat) as one flat float32 array.

Everything `view(seat)` shows is encoded, and nothing else: another seat's Private Goals only
once the game is over, the Idea stack only as its face-up top card and its counts per era.
Seats are *relative*: block 0 is the observing seat, block 1 the next colour, and so on; blocks
past the player count stay 0, except that with 2 players block 2 is Chronos (2-Player Rules:
his citizens, tokens, roles, turn-order place and Milestone; the rest of his pieces are the
``chronos_opponent`` slice, `encoding_chronos.py`). Every value lies in [0, 1] (one-hot flags,
or a count divided by the largest it can reach; IP, which has no printed maximum, is IP / 200,
capped at 1).

Named slices (OpenSpiel style): `SLICES[name] = (start, length)`; a block repeated per seat,
milestone, idea or region covers all its copies, and `FIELDS[block]` gives the layout of one.

- ``phase`` (3: setup, play, over), ``chronos`` (14: Chronos's space on the Era track, which
  fixes the era and round), ``current`` (4: the seat taking its turn), ``order`` (4 x 4: the
  seat at each turn-order position), ``chain_left`` (Chain Action tokens left / 3),
  ``ideas_owed`` (/ 3, capped), ``tech_used`` (1), ``stack_by_era`` (4: Idea-stack cards of
  eras 3-6 / 48), ``progress_supply`` (21 tiles, copies left / 3), ``overflow`` (6 x 4: the
  held-over Aspiration tiles in order, one-hot economy / culture / technology / wild),
  ``chronos_opponent`` (2 players: present, his pillar's region, supply, tokens in supply and
  on the Era track, Era-marker space, the Progress and Wealth tiles he discarded).
- ``milestones`` (21 x 12): ``where`` (Common Knowledge, Eureka display, discard, or the
  private display of a relative seat), ``position`` (its place in that row, (i + 1) / 21),
  ``diplomats`` (per relative seat).
- ``ideas`` (48 x 20): ``display`` (slot 1-3), ``region`` (1-7), ``hand`` and ``invented``
  (relative seat holding it to the right / left of its Society board), ``stack_top``,
  ``called`` (chained by Call Specialists this turn).
- ``regions`` (7 x 58): ``specialist_tile`` (7), ``invented``, ``presenter`` (seat),
  ``presenter_citizens`` (/ 30), ``inventor``, ``innovator`` (seats), ``wealth`` (letter A-G),
  ``wealth_left`` (/ 4), ``citizens`` (per seat / 30), ``sage``, ``knowledge`` (7),
  ``knowledge_ip_side``, ``influence_spaces`` (4 spaces x seat).
- ``players`` (4 x 839), per relative seat: ``present``, ``ip``, ``influence`` (/ 10), ``era``
  (/ 6), ``era_space`` (17), ``supply`` (/ 30), ``academy`` (/ 6), ``home`` and ``exhausted``
  (per specialty / 30), ``sages`` (/ 7), ``tiles`` (4 spaces x 32 tile kinds), ``progress_map``
  (19 hexes x 28 tile kinds), ``flipped``, ``economy_used``, ``economy_token_hexes`` (19 each),
  ``economy_tokens`` (/ 3), ``token_region`` (5 tokens x 7 regions), ``token_face_up`` (5),
  ``epoch`` (10 Action spaces), ``seasons`` (2 x 10), ``private_goals`` (21).
- ``decider`` (4), ``decision`` (its kind, one-hot over DECISION_KINDS), ``legal`` (the
  options offered to this seat, by action code), ``chance`` (a chance node waiting in explicit
  mode, one-hot over CHANCE_KINDS).

>>> import ingenium
>>> state = ingenium.get_game("inventions").new_game(players=3, seed=1)
>>> obs = observation(state, 0)
>>> obs.shape == (OBSERVATION_SIZE,), float(obs.max()) <= HIGH
(True, True)
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import cache
from typing import NamedTuple

import numpy as np

from ingenium.engine import State
from ingenium.engine.slices import cut, layout
from ingenium.games.inventions import encoding_chronos, machine
from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.options import SPACE
from ingenium.games.inventions.table import (
    CHRONOS,
    CHRONOS_PLAYERS,
    LOC_HAND,
    LOC_LEFT,
    M_CK,
    M_DISCARD,
    M_EUREKA,
    M_PRIVATE,
    OVER,
    InvTable,
    diplomat_at,
    goals_of,
    hex_at,
    influence_at,
    map_at,
    pillar_at,
    space_at,
    token_at,
    type_at,
)

P, R, H, T = K.MAX_SEATS, K.NUM_REGIONS, K.NUM_HEXES, K.NUM_TOKENS
NUM_SPACES, NUM_IDEAS, NUM_MILESTONES = K.NUM_SPACES, K.NUM_IDEAS, K.NUM_MILESTONES
NUM_GOALS, NUM_ERA_SPACES = len(K.GOALS), len(K.ERA_SPACES)
# tile codes (catalog): aspirations 1-4, progress 10 + id, wealth 40 + letter -> a column
TILE_CODES = (*range(K.ASP_BASE, K.ASP_WILD + 1),
              *range(K.PROGRESS_BASE, K.PROGRESS_BASE + K.NUM_PROGRESS),
              *range(K.WEALTH_BASE, K.WEALTH_BASE + K.NUM_WEALTH))
MAP_CODES = TILE_CODES[K.ASP_WILD:]  # no Aspiration tile is ever built on the map
PHASES = ("setup", "play", "over")
DECISION_KINDS = tuple(dict.fromkeys(step.decision for step in machine.STEPS.values()
                                     if isinstance(step, machine.Asks)))
CHANCE_KINDS = ("first_player", "turn_order", "knowledge_tile", "specialist_tile", "wealth_stack",
                "milestone_a", "milestone_b", "idea_era2_a", "prehistoric", "private_goal",
                *(f"idea_stack_era{era}" for era in range(1, 7)))
STACK_ERAS = (3, 4, 5, 6)
MAX_OVERFLOW = 6
MAX_COPIES = 3  # Progress tiles of each kind for 4 players
MAX_WEALTH = 4
IP_SCALE = 200.0
MAX_OWED = 3
WHERE = ("common_knowledge", "eureka", "discard", *(f"private_{n}" for n in range(P)))


FIELDS = {
    "milestones": layout((("where", len(WHERE)), ("position", 1), ("diplomats", P))),
    "ideas": layout((("display", 3), ("region", R), ("hand", P), ("invented", P),
                      ("stack_top", 1), ("called", 1))),
    "regions": layout((
        ("specialist_tile", len(K.SPECIALIST_TILES)), ("invented", 1), ("presenter", P),
        ("presenter_citizens", 1), ("inventor", P), ("innovator", P), ("wealth", K.NUM_WEALTH),
        ("wealth_left", 1), ("citizens", P), ("sage", 1), ("knowledge", len(K.KNOWLEDGE_TILES)),
        ("knowledge_ip_side", 1), ("influence_spaces", K.INFLUENCE_SPACES * P))),
    "players": layout((
        ("present", 1), ("ip", 1), ("influence", 1), ("era", 1), ("era_space", NUM_ERA_SPACES),
        ("supply", 1), ("academy", 1), ("home", 3), ("exhausted", 3), ("sages", 1),
        ("tiles", 4 * len(TILE_CODES)), ("progress_map", H * len(MAP_CODES)), ("flipped", H),
        ("economy_used", H), ("economy_token_hexes", H), ("economy_tokens", 1),
        ("token_region", T * R), ("token_face_up", T), ("epoch", NUM_SPACES),
        ("seasons", 2 * NUM_SPACES), ("private_goals", NUM_GOALS))),
}
SIZE = {block: sum(length for _, length in fields.values()) for block, fields in FIELDS.items()}
SLICES = layout((
    ("phase", len(PHASES)), ("chronos", len(K.TRACK)), ("current", P), ("order", P * P),
    ("chain_left", 1), ("ideas_owed", 1), ("tech_used", 1), ("stack_by_era", len(STACK_ERAS)),
    ("progress_supply", K.NUM_PROGRESS), ("overflow", MAX_OVERFLOW * len(K.ASPIRATION_NAMES)),
    ("chronos_opponent", encoding_chronos.SIZE),
    ("milestones", NUM_MILESTONES * SIZE["milestones"]), ("ideas", NUM_IDEAS * SIZE["ideas"]),
    ("regions", R * SIZE["regions"]), ("players", P * SIZE["players"]),
    ("decider", P), ("decision", len(DECISION_KINDS)), ("legal", SPACE.size),
    ("chance", len(CHANCE_KINDS)),
))
OBSERVATION_SIZE = sum(length for _, length in SLICES.values())
LOW, HIGH = 0.0, 1.0  # every value lies in [LOW, HIGH]


def named(obs: np.ndarray) -> dict[str, np.ndarray]:
    """The observation cut into its named slices (views, not copies)."""
    return cut(obs, SLICES)


def _at(name: str) -> int:
    return SLICES[name][0]


def _f(block: str, name: str) -> int:
    return FIELDS[block][name][0]


NONE = 255  # how -1 reads in the raw byte string (and -2 as 254)
# the table lists read through the plan, in raw order; the signed ones may hold -1 or -2
_PLAIN = ("influence", "era_space", "supply", "academy", "home", "exhausted", "sages_held",
          "on_map", "diplomats", "invented", "specialist_tile", "presenter_count",
          "wealth_letter", "wealth_left", "sage", "knowledge", "knowledge_ip_side", "token_up",
          "milestone_loc", "progress_supply", "tiles", "progress_map", "flipped", "hex_token",
          "eco_home", "eco_used")
_SIGNED = ("order", "presenter", "inventor", "innovator", "influence_spaces", "token_region",
           "epoch", "season", "idea_loc")
_IDEA_ERA = K.IDEA_ERA
_STACK_COLUMN = {era: n for n, era in enumerate(STACK_ERAS)}


def _stack_shares() -> tuple[float, ...]:
    """count -> the float32 value of count additions of 1 / NUM_IDEAS to an element (so the
    counts written at once equal those added card by card)."""
    element = np.zeros(1, dtype=np.float32)
    shares = [0.0]
    for _ in range(NUM_IDEAS):
        element[0] += 1.0 / NUM_IDEAS
        shares.append(float(element[0]))
    return tuple(shares)


_STACK_SHARE = _stack_shares()
# per idea, its column of stack_by_era (len(STACK_ERAS): an era not counted)
_STACK_COLUMN_OF = tuple(_STACK_COLUMN.get(era, len(STACK_ERAS)) for era in _IDEA_ERA)
# the same as a bytes.translate table: idea id byte -> column byte
_STACK_COLUMN_BYTES = bytes(_STACK_COLUMN_OF) + bytes([len(STACK_ERAS)] * (256 - NUM_IDEAS))
_KIND_INDEX = {kind: n for n, kind in enumerate(DECISION_KINDS)}
_CHANCE_INDEX = {kind: n for n, kind in enumerate(CHANCE_KINDS)}
_ASP = len(K.ASPIRATION_NAMES)


class _Plan(NamedTuple):
    """Where each byte of the raw table string goes, for one player count and seat."""

    scaled_from: np.ndarray  # raw index -> obs index, times scale
    scaled_to: np.ndarray
    scale: np.ndarray
    hot_from: np.ndarray  # raw index whose value picks a one-hot offset through lut
    hot_to: np.ndarray
    hot_row: np.ndarray  # 256 x the lut row that reads it
    lut: np.ndarray  # [256 x row + raw value] -> offset from hot_to, or far past the end (none)


def observation(state: State[InvTable], seat: int) -> np.ndarray:
    """view(seat) as a float32 array of OBSERVATION_SIZE (see the module docstring)."""
    t = state.table
    players = t.players
    # one spare element at the end: "none" entries of the plan land there (put, mode "clip")
    buffer = np.zeros(OBSERVATION_SIZE + 1, dtype=np.float32)
    obs = buffer[:OBSERVATION_SIZE]
    w = _Writes()
    if not players:  # explicit chance before the setup: nothing is on the table yet
        _decision(w, state, seat)
        w.write(buffer)
        return obs
    plan = _plan(players, seat)
    raw = np.frombuffer(_raw_bytes(t), dtype=np.uint8)
    buffer.put(plan.scaled_to, raw.take(plan.scaled_from) * plan.scale)
    buffer.put(plan.hot_to + plan.lut.take(plan.hot_row + raw.take(plan.hot_from)), 1.0,
               mode="clip")
    _globals(w, t, seat)
    _cards(w, t, seat)
    _players(w, t, seat)
    _decision(w, state, seat)
    w.write(buffer)
    encoding_chronos.encode(obs, _CHRONOS_OPPONENT, t)
    return obs


# each list the plan reads, as bytes (signed lists as two's complement: -1 is 255), with the
# list it was made from: a list equal to the last one seen reuses its bytes (comparing lists is
# far cheaper than converting them, and most lists are unchanged from one position to the next)
_LAST_SEEN: dict[str, tuple[list[int], bytes]] = {name: ([], b"") for name in (*_PLAIN, *_SIGNED)}
_IS_SIGNED = frozenset(_SIGNED)


def _raw_bytes(t: InvTable) -> bytes:
    """The plan's input: the lists `_PLAIN` then `_SIGNED` of the table, one byte per entry."""
    d = t.__dict__
    parts = []
    for name, (seen, raw) in _LAST_SEEN.items():
        values = d[name]
        if values != seen:
            raw = array("b", values).tobytes() if name in _IS_SIGNED else bytes(values)
            _LAST_SEEN[name] = (values.copy(), raw)
        parts.append(raw)
    return b"".join(parts)


class _Writes:
    """Single values for the observation, gathered in Python lists and written with two numpy
    calls (a numpy item assignment costs several times a list append): `flags` (1.0) and
    `at`/`value` pairs, never the same element in both."""

    __slots__ = ("at", "flags", "value")

    def __init__(self) -> None:
        self.flags: list[int] = []
        self.at: list[int] = []
        self.value: list[float] = []

    def write(self, buffer: np.ndarray) -> None:
        buffer.put(self.flags, 1.0)
        buffer.put(self.at, self.value)


def _globals(w: _Writes, t: InvTable, seat: int) -> None:
    """Phase, Chronos, turn, the current turn's counters, the stack and held-over tiles."""
    flag = w.flags.append
    at, value = w.at.append, w.value.append
    flag(_PHASE + t.phase)
    flag(_CHRONOS + t.chronos)
    if t.current >= 0:
        flag(_CURRENT + (t.current - seat) % t.players)
    at(_CHAIN)
    value(t.chain_left / K.CHAIN_TOKENS_MAX)
    at(_OWED)
    value(min(t.owed_ideas / MAX_OWED, 1.0))
    at(_TECH)
    value(t.tech_used)
    columns = bytes(t.stack).translate(_STACK_COLUMN_BYTES)  # counted in C, not card by card
    for column in range(len(STACK_ERAS)):
        count = columns.count(column)
        if count:
            at(_STACK + column)
            value(_STACK_SHARE[count])
    for n, side in enumerate(t.overflow[:MAX_OVERFLOW]):
        flag(_OVERFLOW + n * _ASP + side)


def _cards(w: _Writes, t: InvTable, seat: int) -> None:
    """Where each face-up idea and Milestone is: display slots, regions, the stack top, the
    rows of Milestones in their order, this turn's chained inventions."""
    flag = w.flags.append
    for slot, idea in enumerate(t.display):
        if idea >= 0:
            flag(_IDEAS + idea * _IDEA_SIZE + _I_DISPLAY + slot)
    for r, idea in enumerate(t.card):
        if idea >= 0:
            flag(_IDEAS + idea * _IDEA_SIZE + _I_REGION + r)
    if t.stack:
        flag(_IDEAS + t.stack[-1] * _IDEA_SIZE + _I_TOP)
    for idea in t.called:
        flag(_IDEAS + idea * _IDEA_SIZE + _I_CALLED)
    rows = (t.common, t.eureka, t.discard)
    seen, places, positions = _ROWS_SEEN[0]
    if rows != seen:  # the rows change a few times a game: their writes are kept
        places = [_MILESTONES + m * _MILESTONE_SIZE + _M_POSITION for row in rows for m in row]
        positions = [(n + 1) / NUM_MILESTONES for row in rows for n in range(len(row))]
        _ROWS_SEEN[0] = ((t.common.copy(), t.eureka.copy(), t.discard.copy()), places, positions)
    w.at.extend(places)
    w.value.extend(positions)


# the Milestone rows last seen (copies) and their writes: elements and values
_ROWS_SEEN: list[tuple[tuple[list[int], ...], list[int], list[float]]] = [((), [], [])]


def _players(w: _Writes, t: InvTable, seat: int) -> None:
    """What the plan does not cover per seat: IP, the era, Private Goals where visible."""
    flag = w.flags.append
    at, value = w.at.append, w.value.append
    players = t.players
    show_all = t.phase == OVER
    for rel in range(players):
        s = (seat + rel) % players
        block = _PLAYERS + rel * _PLAYER_SIZE
        flag(block)
        at(block + _P_IP)
        value(min(t.ip[s] / IP_SCALE, 1.0))
        if t.private[s] >= 0:
            at(block + _P_ERA)
            value(K.M_ERA[t.private[s]] / 6)
        if s == seat or show_all:
            for goal in goals_of(t, s):
                flag(block + _P_GOALS + goal)


def _decision(w: _Writes, state: State[InvTable], seat: int) -> None:
    """The pending question as the view shows it (who, its kind, the options when it is this
    seat's own), or the chance node waiting."""
    flag = w.flags.append
    node = state.chance
    if node is not None:
        flag(_CHANCE + _CHANCE_INDEX[node.kind])
        return
    decision = state.decision
    if decision is None:
        return
    flag(_DECIDER + (decision.seat - seat) % state.table.players)
    flag(_DECISION + _KIND_INDEX[decision.kind])
    if decision.seat == seat:
        for option in decision.options:
            flag(_LEGAL + option.code)


_PHASE, _CHRONOS, _CURRENT, _ORDER = _at("phase"), _at("chronos"), _at("current"), _at("order")
_CHAIN, _OWED, _TECH = _at("chain_left"), _at("ideas_owed"), _at("tech_used")
_STACK, _SUPPLY, _OVERFLOW = _at("stack_by_era"), _at("progress_supply"), _at("overflow")
_CHRONOS_OPPONENT = _at("chronos_opponent")
_MILESTONES, _IDEAS, _REGIONS, _PLAYERS = (_at("milestones"), _at("ideas"), _at("regions"),
                                           _at("players"))
_DECIDER, _DECISION, _LEGAL, _CHANCE = (_at("decider"), _at("decision"), _at("legal"),
                                        _at("chance"))
_MILESTONE_SIZE, _IDEA_SIZE = SIZE["milestones"], SIZE["ideas"]
_REGION_SIZE, _PLAYER_SIZE = SIZE["regions"], SIZE["players"]
_M_POSITION = _f("milestones", "position")
_I_DISPLAY, _I_REGION, _I_TOP, _I_CALLED = (_f("ideas", "display"), _f("ideas", "region"),
                                            _f("ideas", "stack_top"), _f("ideas", "called"))
_P_IP, _P_ERA, _P_GOALS = _f("players", "ip"), _f("players", "era"), _f("players", "private_goals")


@cache
def _plan(players: int, seat: int) -> _Plan:
    """The gather/scatter program of one (player count, seat): built once."""
    lengths = raw_lengths(players)
    src = {name: start for name, (start, _) in
           layout(tuple((name, lengths[name]) for name in (*_PLAIN, *_SIGNED))).items()}
    b = _Builder(players, seat)
    for rel in range(players):
        s = (seat + rel) % players
        at = _PLAYERS + rel * _PLAYER_SIZE

        def f(name: str, at: int = at) -> int:
            return at + _f("players", name)

        b.scaled(src["influence"] + s, f("influence"), 1 / 10)
        b.hot(src["era_space"] + s, f("era_space"), b.plain)
        b.scaled(src["supply"] + s, f("supply"), 1 / K.CITIZENS)
        b.scaled(src["academy"] + s, f("academy"), 1 / 6)
        for k in range(3):
            b.scaled(src["home"] + type_at(s, k), f("home") + k, 1 / K.CITIZENS)
            b.scaled(src["exhausted"] + type_at(s, k), f("exhausted") + k, 1 / K.CITIZENS)
        b.scaled(src["sages_held"] + s, f("sages"), 1 / R)
        for n in range(4):
            b.hot(src["tiles"] + space_at(s, n), f("tiles") + n * len(TILE_CODES), b.tile)
        for h in range(H):
            b.hot(src["progress_map"] + hex_at(s, h), f("progress_map") + h * len(MAP_CODES),
                  b.map_tile)
            b.scaled(src["flipped"] + hex_at(s, h), f("flipped") + h, 1.0)
            b.scaled(src["eco_used"] + hex_at(s, h), f("economy_used") + h, 1.0)
            b.scaled(src["hex_token"] + hex_at(s, h), f("economy_token_hexes") + h, 1.0)
        b.scaled(src["eco_home"] + s, f("economy_tokens"), 1 / K.ECONOMY_TOKENS)
        for k in range(T):
            b.hot(src["token_region"] + token_at(s, k), f("token_region") + k * R, b.plain)
            b.scaled(src["token_up"] + token_at(s, k), f("token_face_up") + k, 1.0)
        b.hot(src["epoch"] + s, f("epoch"), b.plain)
        for i in range(2):
            b.hot(src["season"] + pillar_at(s, i), f("seasons") + i * NUM_SPACES, b.plain)
    for r in range(R):
        at = _REGIONS + r * _REGION_SIZE

        def g(name: str, at: int = at) -> int:
            return at + _f("regions", name)

        b.hot(src["specialist_tile"] + r, g("specialist_tile"), b.plain)
        b.scaled(src["invented"] + r, g("invented"), 1.0)
        b.hot(src["presenter"] + r, g("presenter"), b.seats)
        b.scaled(src["presenter_count"] + r, g("presenter_citizens"), 1 / K.CITIZENS)
        b.hot(src["inventor"] + r, g("inventor"), b.seats)
        b.hot(src["innovator"] + r, g("innovator"), b.seats)
        b.hot(src["wealth_letter"] + r, g("wealth"), b.plain)
        b.scaled(src["wealth_left"] + r, g("wealth_left"), 1 / MAX_WEALTH)
        for rel, s in enumerate(b.colours):
            b.scaled(src["on_map"] + map_at(r, s), g("citizens") + rel, 1 / K.CITIZENS)
        b.scaled(src["sage"] + r, g("sage"), 1.0)
        b.hot(src["knowledge"] + r, g("knowledge"), b.plain)
        b.scaled(src["knowledge_ip_side"] + r, g("knowledge_ip_side"), 1.0)
        for i in range(K.INFLUENCE_SPACES):
            b.hot(src["influence_spaces"] + influence_at(r, i),
                  g("influence_spaces") + i * P, b.seats)
    for m in range(NUM_MILESTONES):
        at = _MILESTONES + m * _MILESTONE_SIZE
        b.hot(src["milestone_loc"] + m, at + _f("milestones", "where"), b.where)
        for rel in range(players):
            s = (seat + rel) % players
            b.scaled(src["diplomats"] + diplomat_at(m, s),
                     at + _f("milestones", "diplomats") + rel, 1.0)
    for i in range(NUM_IDEAS):
        at = _IDEAS + i * _IDEA_SIZE
        b.hot(src["idea_loc"] + i, at, b.idea_place)
    for p in range(K.NUM_PROGRESS):
        b.scaled(src["progress_supply"] + p, _SUPPLY + p, 1 / MAX_COPIES)
    for n in range(len(b.colours)):
        b.hot(src["order"] + n, _ORDER + n * P, b.seats)
    return b.build()


def raw_lengths(players: int) -> dict[str, int]:
    """How many entries each table list the plan reads has (tests hold the table to it)."""
    n = players  # lists per seat have one entry (or one block) per player
    order = n + 1 if n == CHRONOS_PLAYERS else n  # the turn order holds Chronos too
    return {"influence": n, "era_space": n, "supply": n, "academy": n, "home": n * 3,
               "exhausted": n * 3, "sages_held": n, "on_map": R * P,
               "diplomats": NUM_MILESTONES * P, "invented": R, "specialist_tile": R,
               "presenter_count": R, "wealth_letter": R, "wealth_left": R, "sage": R,
               "knowledge": R, "knowledge_ip_side": R, "token_up": n * T,
               "milestone_loc": NUM_MILESTONES, "progress_supply": K.NUM_PROGRESS,
               "tiles": n * 4, "progress_map": n * H, "flipped": n * H, "hex_token": n * H,
               "eco_home": n, "eco_used": n * H, "order": order, "presenter": R, "inventor": R,
               "innovator": R, "influence_spaces": R * K.INFLUENCE_SPACES, "token_region": n * T,
               "epoch": n, "season": n * 2, "idea_loc": NUM_IDEAS}


class _Builder:
    """Collects the plan's entries and its value -> offset tables (one row per table)."""

    def __init__(self, players: int, seat: int) -> None:
        self.none = 10 * OBSERVATION_SIZE  # an offset far past the end: the spare element
        none = self.none

        chronos = CHRONOS if players == CHRONOS_PLAYERS else -1

        def rel(v: int) -> int:
            return (v - seat) % players if v < players else players if v == chronos else none

        # colour slots in relative order: the players', then Chronos' (2 players)
        self.colours = [(seat + k) % players for k in range(players)] + (
            [chronos] if chronos >= 0 else [])

        self.rows: list[list[int]] = []
        self.plain = self._row(lambda v: v if v < 128 else none)
        self.seats = self._row(rel)
        tile_column = {code: n for n, code in enumerate(TILE_CODES)}
        map_column = {code: n for n, code in enumerate(MAP_CODES)}
        self.tile = self._row(lambda v: tile_column.get(v, none))
        self.map_tile = self._row(lambda v: map_column.get(v, none))
        where = {M_CK: 0, M_EUREKA: 1, M_DISCARD: 2}
        self.where = self._row(lambda v: where.get(v, 3 + rel(v - M_PRIVATE)
                                                   if v >= M_PRIVATE and v < 128 else none))
        hand, left = _f("ideas", "hand"), _f("ideas", "invented")
        self.idea_place = self._row(
            lambda v: hand + rel(v - LOC_HAND) if LOC_HAND <= v < LOC_HAND + P
            else left + rel(v - LOC_LEFT) if LOC_LEFT <= v < LOC_LEFT + P else none)
        self.entries: list[tuple[int, int, float]] = []
        self.hots: list[tuple[int, int, int]] = []

    def _row(self, offset: Callable[[int], int]) -> int:
        """A value -> offset table over every byte value (raw 255 is -1, 254 is -2)."""
        self.rows.append([min(offset(v), self.none) for v in range(256)])
        return len(self.rows) - 1

    def scaled(self, raw: int, to: int, scale: float) -> None:
        self.entries.append((raw, to, scale))

    def hot(self, raw: int, to: int, row: int) -> None:
        self.hots.append((raw, to, row))

    def build(self) -> _Plan:
        return _Plan(np.array([f for f, _, _ in self.entries], dtype=np.int64),
                     np.array([to for _, to, _ in self.entries], dtype=np.int64),
                     np.array([s for _, _, s in self.entries], dtype=np.float32),
                     np.array([f for f, _, _ in self.hots], dtype=np.int64),
                     np.array([to for _, to, _ in self.hots], dtype=np.int64),
                     np.array([256 * row for _, _, row in self.hots], dtype=np.int64),
                     np.array(self.rows, dtype=np.int64).ravel())
