"""End of the Game, Era 6: Final Scoring (Influence track, Wealth tiles, the best 2 of 3
Private Goals) and the tie-breakers; one interpreter for every `score` effect."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.effects import Score
from ingenium.games.inventions.components.terms import Counted, TileKind
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.key_concepts import who
from ingenium.games.inventions.table import (
    ASIDE,
    M_CK,
    M_PRIVATE,
    ON_BOARD,
    OVER,
    TYPES,
    H,
    InvTable,
    IState,
    P,
    R,
    T,
    diplomats_of,
    goals_of,
    map_at,
    on_map_of,
    progress_map_of,
    token_at,
    type_at,
)

KIND_OF = {TileKind.ECONOMY: 0, TileKind.CULTURE: 1, TileKind.TECHNOLOGY: 2}


def map_tiles(t: InvTable, seat: int) -> list[int]:
    """Tile codes on the Progress map."""
    return [c for c in progress_map_of(t, seat) if c]


def _type_counts(codes: list[int]) -> list[int]:
    counts = [0, 0, 0]
    for c in codes:
        if catalog.PROGRESS_BASE <= c < catalog.WEALTH_BASE:
            counts[(c - catalog.PROGRESS_BASE) // 7] += 1
    return counts


class Holdings(NamedTuple):
    """What most `score` effects count, read from the table once for all the cards of one
    scoring (the three Private Goals and every Wealth tile count the same tiles and cards)."""

    tiles: list[int]  # tile codes on the Progress map
    cards: list[int]  # inventions to the left of the Society board


def holdings(t: InvTable, seat: int) -> Holdings:
    """The seat's Progress-map tiles and inventions now."""
    return Holdings(map_tiles(t, seat), conditions.inventions(t, seat))


def _progress_tiles(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    tiles = held.tiles
    if s.tile is TileKind.ANY:
        return len(tiles)
    if s.tile is TileKind.WEALTH:
        return sum(1 for x in tiles if x >= catalog.WEALTH_BASE)
    return _type_counts(tiles)[KIND_OF[s.tile]] if s.tile else 0


def _progress_sets(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    return min(_type_counts(held.tiles))


def _numbers_in_two_types(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    numbers = [(x - catalog.PROGRESS_BASE) % 7 for x in held.tiles if x < catalog.WEALTH_BASE]
    return sum(1 for n in range(7) if numbers.count(n) >= 2)


def _inventions(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    return sum(1 for i in held.cards
               if (s.specialty is None
                   or catalog.IDEA_TYPE[i] == catalog.TYPE_INDEX[s.specialty])
               and catalog.IDEA_ERA[i] >= (s.era_min or 1)
               and catalog.IDEA_ERA[i] <= (s.era_max or 6))


def _invention_sets(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    counts = [0, 0, 0]
    for i in held.cards:
        counts[catalog.IDEA_TYPE[i]] += 1
    return min(counts)


def _invention_eras(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    return len({catalog.IDEA_ERA[i] for i in held.cards})


def _specialists(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    if s.specialty is not None:
        at = type_at(seat, catalog.TYPE_INDEX[s.specialty])
        return t.home[at] + t.exhausted[at]
    return sum(t.home[type_at(seat, k)] + t.exhausted[type_at(seat, k)] for k in range(3))


def _scholars(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    return t.academy[seat]


def _influence_tokens(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    """Tokens in a region: neither on the Society board nor set aside (the only other
    places), counted in C."""
    start = token_at(seat, 0)
    places = t.token_region[start:start + T]
    return T - places.count(ON_BOARD) - places.count(ASIDE)


def _diplomats(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    """Diplomats on Milestones on the board (a seat has few: only those are looked at)."""
    sent = diplomats_of(t, seat)
    total = 0
    if not any(sent):
        return total
    for m, n in enumerate(sent):
        if n and (t.milestone_loc[m] == M_CK or t.milestone_loc[m] >= M_PRIVATE):
            total += n
    return total


def _regions_with_citizens(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    return catalog.NUM_REGIONS - on_map_of(t, seat).count(0)


def _citizens_in_region(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    return t.on_map[map_at((s.region or 1) - 1, seat)]


def _token_in_region(t: InvTable, seat: int, s: Score, held: Holdings) -> int:
    return 1 if conditions.has_token_in(t, seat, (s.region or 1) - 1) else 0


Counter = Callable[[InvTable, int, Score, Holdings], int]
COUNTERS: dict[Counted, Counter] = {  # what each `score` effect counts, by its counter
    Counted.PROGRESS_TILE: _progress_tiles,
    Counted.PROGRESS_SET: _progress_sets,
    Counted.NUMBER_IN_TWO_TYPES: _numbers_in_two_types,
    Counted.INVENTION: _inventions,
    Counted.INVENTION_SET: _invention_sets,
    Counted.INVENTION_ERA: _invention_eras,
    Counted.SPECIALIST: _specialists,
    Counted.SCHOLAR: _scholars,
    Counted.INFLUENCE_TOKEN: _influence_tokens,
    Counted.DIPLOMAT: _diplomats,
    Counted.REGION_WITH_CITIZEN: _regions_with_citizens,
    Counted.CITIZEN_IN_REGION: _citizens_in_region,
    Counted.INFLUENCE_TOKEN_IN_REGION: _token_in_region,
}


def count(t: InvTable, seat: int, s: Score, held: Holdings | None = None) -> int:
    """How many things a `score` effect counts for this seat (`held`: its holdings, when the
    caller scores several cards)."""
    return COUNTERS[s.counter](t, seat, s, held or holdings(t, seat))


def points(t: InvTable, seat: int, effects: tuple[object, ...],
           held: Holdings | None = None) -> int:
    """IP of a Wealth tile or Private Goal card."""
    return _points(t, seat, _scores(effects), held or holdings(t, seat))


def _scores(effects: tuple[object, ...]) -> tuple[Score, ...]:
    return tuple(e for e in effects if isinstance(e, Score))


# the `score` effects of each Private Goal card and Wealth tile, picked out once
GOAL_SCORES = tuple(_scores(goal.effects) for goal in catalog.GOALS)
WEALTH_SCORES = tuple(_scores(wealth.effects) for wealth in catalog.WEALTH)


def _points(t: InvTable, seat: int, scores: tuple[Score, ...], held: Holdings) -> int:
    total = 0
    for e in scores:
        n = COUNTERS[e.counter](t, seat, e, held)
        total += e.ip * (min(n, e.limit) if e.limit else n)
    return total


# -- the evaluation's fast path: a Private Goal's IP with its numbers found once --------------
# (the evaluation scores three goals of every seat at every leaf of a search; `goal_ip` equals
# `_points` over the goal's `score` effects, checked at every position of seeded games). Written
# as plain loops over the table's lists and one branch per kind of goal: the accelerated build
# compiles them to native code, where slices, list methods and closures are calls into Python.
CARD_COUNTERS = frozenset({Counted.INVENTION, Counted.INVENTION_SET, Counted.INVENTION_ERA})
# the kinds of goal `goal_ip` tells apart
BY_REGION: Final = 0  # citizens in a region (at most `cap`) and an Influence token there
BY_INVENTION: Final = 1  # inventions only, without a limit: IP per invention held
BY_EFFECTS: Final = 2  # any other: `_points` over its effects with the seat's holdings
# one effect, `goal_ip` counting what it counts itself (`_count`), by its counter
BY_SETS: Final = 3
BY_ERAS: Final = 4
BY_SPECIALISTS: Final = 5
BY_SCHOLARS: Final = 6
BY_TOKENS: Final = 7
BY_DIPLOMATS: Final = 8
BY_REGIONS: Final = 9
BY_COUNTER = {Counted.INVENTION_SET: BY_SETS, Counted.INVENTION_ERA: BY_ERAS,
              Counted.SPECIALIST: BY_SPECIALISTS, Counted.SCHOLAR: BY_SCHOLARS,
              Counted.INFLUENCE_TOKEN: BY_TOKENS, Counted.DIPLOMAT: BY_DIPLOMATS,
              Counted.REGION_WITH_CITIZEN: BY_REGIONS}


def _invention_weights(scores: tuple[Score, ...]) -> tuple[int, ...] | None:
    """IP per invention when the goal only counts inventions without a limit (its IP is then
    a sum over the seat's inventions); None for any other goal."""
    if not all(s.counter is Counted.INVENTION and not s.limit for s in scores):
        return None
    return tuple(sum(s.ip for s in scores if _counts_invention(s, i))
                 for i in range(catalog.NUM_IDEAS))


def _counts_invention(s: Score, idea: int) -> bool:
    """Whether an INVENTION `score` effect counts this invention (`_inventions`' test)."""
    return ((s.specialty is None or catalog.IDEA_TYPE[idea] == catalog.TYPE_INDEX[s.specialty])
            and catalog.IDEA_ERA[idea] >= (s.era_min or 1)
            and catalog.IDEA_ERA[idea] <= (s.era_max or 6))


def _is_regional(scores: tuple[Score, ...]) -> bool:
    """The regional goals: citizens in a region and an Influence token there (no limit)."""
    return (len(scores) == 2 and scores[0].counter is Counted.CITIZEN_IN_REGION
            and scores[1].counter is Counted.INFLUENCE_TOKEN_IN_REGION
            and scores[0].region == scores[1].region and not scores[1].limit)


def _goal_kind(scores: tuple[Score, ...]) -> int:
    """Which branch of `goal_ip` scores this goal."""
    if _invention_weights(scores) is not None:
        return BY_INVENTION
    if _is_regional(scores):
        return BY_REGION
    if len(scores) == 1 and scores[0].counter in BY_COUNTER:
        return BY_COUNTER[scores[0].counter]
    return BY_EFFECTS


GOAL_KIND: Final = tuple(_goal_kind(scores) for scores in GOAL_SCORES)
# BY_INVENTION: IP per invention; BY_REGION: the region, its citizens' cap and IP, the token's
# IP; one effect: its IP and cap (0: none), and the specialty a SPECIALIST effect counts (-1: any)
GOAL_WEIGHTS: Final = tuple(_invention_weights(scores) or () for scores in GOAL_SCORES)
GOAL_REGION: Final = tuple((scores[0].region or 1) - 1 for scores in GOAL_SCORES)
GOAL_CAP: Final = tuple(scores[0].limit or 0 for scores in GOAL_SCORES)
GOAL_PER: Final = tuple(scores[0].ip for scores in GOAL_SCORES)
GOAL_TOKEN_IP: Final = tuple(scores[-1].ip for scores in GOAL_SCORES)
GOAL_SPECIALTY: Final = tuple(-1 if scores[0].specialty is None
                              else catalog.TYPE_INDEX[scores[0].specialty]
                              for scores in GOAL_SCORES)


def goal_ip(t: InvTable, seat: int, goal: int, cards: list[int]) -> int:
    """IP of a Private Goal card for this seat now, given its inventions (`_points` over the
    goal's effects)."""
    kind = GOAL_KIND[goal]
    if kind == BY_REGION:
        region = GOAL_REGION[goal]
        n = t.on_map[region * P + seat]
        cap = GOAL_CAP[goal]
        value = GOAL_PER[goal] * (min(n, cap) if cap else n)
        token_region = t.token_region
        for at in range(seat * T, seat * T + T):
            if token_region[at] == region:
                return value + GOAL_TOKEN_IP[goal]
        return value
    if kind == BY_INVENTION:
        weights = GOAL_WEIGHTS[goal]
        total = 0
        for card in cards:
            total += weights[card]
        return total
    if kind == BY_EFFECTS:
        return _points(t, seat, GOAL_SCORES[goal], Holdings(map_tiles(t, seat), cards))
    n = _count(t, seat, kind, goal, cards)
    cap = GOAL_CAP[goal]
    return GOAL_PER[goal] * (min(n, cap) if cap else n)


def _count(t: InvTable, seat: int, kind: int, goal: int, cards: list[int]) -> int:
    """What the one effect of a goal of this kind counts (its counter in COUNTERS, written
    out)."""
    if kind == BY_SETS:  # `_invention_sets`
        by_type = [0, 0, 0]
        for card in cards:
            by_type[catalog.IDEA_TYPE[card]] += 1
        return min(by_type[0], min(by_type[1], by_type[2]))
    if kind == BY_ERAS:  # `_invention_eras`
        eras = 0
        for card in cards:
            eras |= 1 << catalog.IDEA_ERA[card]
        return _bits(eras)
    if kind == BY_SPECIALISTS:  # `_specialists`
        at = seat * TYPES
        specialty = GOAL_SPECIALTY[goal]
        if specialty >= 0:
            return t.home[at + specialty] + t.exhausted[at + specialty]
        home, exhausted = t.home, t.exhausted
        return (home[at] + exhausted[at] + home[at + 1] + exhausted[at + 1]
                + home[at + 2] + exhausted[at + 2])
    if kind == BY_SCHOLARS:
        return t.academy[seat]
    if kind == BY_TOKENS:  # `_influence_tokens`: those in a region
        token_region = t.token_region
        n = 0
        for at in range(seat * T, seat * T + T):
            if token_region[at] != ON_BOARD and token_region[at] != ASIDE:
                n += 1
        return n
    if kind == BY_DIPLOMATS:  # `_diplomats`: those on Milestones on the board
        diplomats, where = t.diplomats, t.milestone_loc
        n = 0
        for m in range(len(diplomats) // P):
            sent = diplomats[m * P + seat]
            if sent and (where[m] == M_CK or where[m] >= M_PRIVATE):
                n += sent
        return n
    on_map = t.on_map  # BY_REGIONS, `_regions_with_citizens`
    n = 0
    for r in range(R):
        if on_map[r * P + seat]:
            n += 1
    return n


def _bits(value: int) -> int:
    """The number of bits set in a small non-negative int."""
    n = 0
    while value:
        n += value & 1
        value >>= 1
    return n


# -- the evaluation's fast path for Wealth tiles: every Wealth tile scores one count of the
# Progress map's tiles (checked at import); `wealth_ips` finds those counts in one pass over
# the seat's map and gives each tile's IP (equal to `wealth_tile_points`, checked at every
# position of seeded games)
BY_TYPE: Final = 0  # tiles of one type (the census' first three entries)
BY_WEALTH: Final = 3  # Wealth tiles
BY_ANY: Final = 4  # any tile
BY_SET: Final = 5  # sets of the three types
BY_NUMBER: Final = 6  # numbers found in two types or more


def _census_entry(s: Score) -> int:
    """Which entry of the map's census (`_census`) a Wealth tile's effect counts."""
    if s.counter is Counted.PROGRESS_SET:
        return BY_SET
    if s.counter is Counted.NUMBER_IN_TWO_TYPES:
        return BY_NUMBER
    assert s.counter is Counted.PROGRESS_TILE and s.tile, f"a Wealth tile counting {s}"
    if s.tile is TileKind.ANY:
        return BY_ANY
    return BY_WEALTH if s.tile is TileKind.WEALTH else BY_TYPE + KIND_OF[s.tile]


assert all(len(scores) == 1 for scores in WEALTH_SCORES), "a Wealth tile of several effects"
WEALTH_ENTRY: Final = tuple(_census_entry(scores[0]) for scores in WEALTH_SCORES)
WEALTH_IP: Final = tuple(scores[0].ip for scores in WEALTH_SCORES)
WEALTH_CAP: Final = tuple(scores[0].limit or 0 for scores in WEALTH_SCORES)
PROGRESS_BASE: Final = catalog.PROGRESS_BASE
WEALTH_BASE: Final = catalog.WEALTH_BASE


def wealth_ips(t: InvTable, seat: int) -> list[int]:
    """Each Wealth tile's IP for this seat's Progress map now, by Wealth tile (its code less
    WEALTH_BASE)."""
    census = _census(t.progress_map, seat)
    ips = []
    for w in range(len(WEALTH_ENTRY)):
        n = census[WEALTH_ENTRY[w]]
        cap = WEALTH_CAP[w]
        ips.append(WEALTH_IP[w] * (min(n, cap) if cap else n))
    return ips


def _census(progress_map: list[int], seat: int) -> list[int]:
    """What the Wealth tiles count on a seat's Progress map, by BY_* entry: tiles of each type,
    Wealth tiles, all tiles, sets of the three types, numbers in two types or more (the
    counters `_progress_tiles`, `_progress_sets` and `_numbers_in_two_types`)."""
    census = [0, 0, 0, 0, 0, 0, 0]
    numbers = [0, 0, 0, 0, 0, 0, 0]
    for at in range(seat * H, seat * H + H):
        code = progress_map[at]
        if not code:
            continue
        census[BY_ANY] += 1
        if code >= WEALTH_BASE:
            census[BY_WEALTH] += 1
            continue
        numbers[(code - PROGRESS_BASE) % 7] += 1
        if code >= PROGRESS_BASE:
            census[BY_TYPE + (code - PROGRESS_BASE) // 7] += 1
    census[BY_SET] = min(census[0], min(census[1], census[2]))
    for n in numbers:
        if n >= 2:
            census[BY_NUMBER] += 1
    return census


def goal_points(t: InvTable, seat: int, held: Holdings | None = None) -> list[int]:
    """IP of each of the seat's 3 Private Goal cards."""
    held = held or holdings(t, seat)
    return [_points(t, seat, GOAL_SCORES[g], held) for g in goals_of(t, seat)]


def wealth_tile_points(t: InvTable, seat: int, code: int, held: Holdings) -> int:
    """IP of one Wealth tile (by tile code) for this seat's holdings."""
    return _points(t, seat, WEALTH_SCORES[code - catalog.WEALTH_BASE], held)


def wealth_points(t: InvTable, seat: int, held: Holdings | None = None) -> int:
    """Final Scoring 2: IP of the Wealth tiles on the seat's Progress map."""
    held = held or holdings(t, seat)
    return sum(wealth_tile_points(t, seat, c, held)
               for c in held.tiles if c >= catalog.WEALTH_BASE)


def final_parts(t: InvTable, seat: int) -> dict[str, int]:
    """Final Scoring 1-3."""
    goals = sorted(goal_points(t, seat), reverse=True)
    return {"influence": catalog.FINAL_IP[t.influence[seat]], "wealth": wealth_points(t, seat),
            "goals": sum(goals[:2])}


def rank_key(t: InvTable, seat: int) -> tuple[int, ...]:
    """Most IP; then most Progress-map tiles; most inventions; fewest citizens in supply."""
    return (-t.ip[seat], -len(map_tiles(t, seat)), -len(conditions.inventions(t, seat)),
            t.supply[seat])


def final(state: IState, step: steps.FinalScoring) -> None:
    """Era 6: Final Scoring."""
    t = state.table
    t.pending.pop()
    for seat in range(t.players):
        parts = final_parts(t, seat)
        t.ip[seat] += sum(parts.values())
        state.log(seat, "final", f"{who(seat)} final scoring: " + ", ".join(
            f"{k} {v}" for k, v in parts.items()) + f"; total {t.ip[seat]}",
            {**parts, "total": t.ip[seat]})
    t.phase = OVER
