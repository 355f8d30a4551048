"""End of the Game, Era 6: Final Scoring (Influence track, Wealth tiles, the best 2 of 3
Private Goals) and the tie-breakers; one interpreter for every `score` effect."""

from __future__ import annotations

from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.effects import Score
from ingenium.games.inventions.components.terms import Counted, TileKind
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.key_concepts import who
from ingenium.games.inventions.table import (
    M_CK,
    M_PRIVATE,
    OVER,
    InvTable,
    IState,
    T,
    diplomat_at,
    goals_of,
    map_at,
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


def count(t: InvTable, seat: int, s: Score) -> int:
    """How many things a `score` effect counts for this seat."""
    c = s.counter
    if c in (Counted.PROGRESS_TILE, Counted.PROGRESS_SET, Counted.NUMBER_IN_TWO_TYPES):
        tiles = map_tiles(t, seat)
        if c is Counted.PROGRESS_SET:
            return min(_type_counts(tiles))
        if c is Counted.NUMBER_IN_TWO_TYPES:
            numbers = [(x - catalog.PROGRESS_BASE) % 7 for x in tiles if x < catalog.WEALTH_BASE]
            return sum(1 for n in range(7) if numbers.count(n) >= 2)
        if s.tile is TileKind.ANY:
            return len(tiles)
        if s.tile is TileKind.WEALTH:
            return sum(1 for x in tiles if x >= catalog.WEALTH_BASE)
        return _type_counts(tiles)[KIND_OF[s.tile]] if s.tile else 0
    if c in (Counted.INVENTION, Counted.INVENTION_SET, Counted.INVENTION_ERA):
        cards = conditions.inventions(t, seat)
        if c is Counted.INVENTION_SET:
            return min(sum(1 for i in cards if catalog.IDEA_TYPE[i] == k) for k in range(3))
        if c is Counted.INVENTION_ERA:
            return len({catalog.IDEA_ERA[i] for i in cards})
        return sum(1 for i in cards
                   if (s.specialty is None
                       or catalog.IDEA_TYPE[i] == catalog.TYPE_INDEX[s.specialty])
                   and catalog.IDEA_ERA[i] >= (s.era_min or 1)
                   and catalog.IDEA_ERA[i] <= (s.era_max or 6))
    if c is Counted.SPECIALIST:
        kinds = range(3) if s.specialty is None else (catalog.TYPE_INDEX[s.specialty],)
        return sum(t.home[type_at(seat, k)] + t.exhausted[type_at(seat, k)] for k in kinds)
    if c is Counted.SCHOLAR:
        return t.academy[seat]
    if c is Counted.INFLUENCE_TOKEN:
        return sum(1 for k in range(T) if t.token_region[token_at(seat, k)] >= 0)
    if c is Counted.DIPLOMAT:
        return sum(t.diplomats[diplomat_at(m, seat)] for m in range(catalog.NUM_MILESTONES)
                   if t.milestone_loc[m] == M_CK or t.milestone_loc[m] >= M_PRIVATE)
    if c is Counted.REGION_WITH_CITIZEN:
        return sum(1 for r in range(catalog.NUM_REGIONS) if t.on_map[map_at(r, seat)])
    region = (s.region or 1) - 1
    if c is Counted.CITIZEN_IN_REGION:
        return t.on_map[map_at(region, seat)]
    return 1 if conditions.has_token_in(t, seat, region) else 0


def points(t: InvTable, seat: int, effects: tuple[object, ...]) -> int:
    """IP of a Wealth tile or Private Goal card."""
    total = 0
    for e in effects:
        if isinstance(e, Score):
            n = count(t, seat, e)
            total += e.ip * (min(n, e.limit) if e.limit else n)
    return total


def goal_points(t: InvTable, seat: int) -> list[int]:
    """IP of each of the seat's 3 Private Goal cards."""
    return [points(t, seat, catalog.GOALS[g].effects) for g in goals_of(t, seat)]


def wealth_points(t: InvTable, seat: int) -> int:
    """Final Scoring 2: IP of the Wealth tiles on the seat's Progress map."""
    return sum(points(t, seat, catalog.WEALTH[c - catalog.WEALTH_BASE].effects)
               for c in map_tiles(t, seat) if c >= catalog.WEALTH_BASE)


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
