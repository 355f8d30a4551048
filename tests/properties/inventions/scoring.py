"""The score track and End of the Game: IP comes only from the rules that give it, Era 6 Final
Scoring 1-3 (recounted here by an interpreter of the printed scoring of our own), the end after
Era 5 and the tie-breakers."""

from __future__ import annotations

from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.effects import Score
from ingenium.games.inventions.components.terms import Counted, TileKind
from tests.properties.harness import Transition
from tests.properties.inventions.common import (
    LAST_TRACK,
    M_CK,
    M_PRIVATE,
    PROGRESS_BASE,
    PROPERTIES,
    REGIONS,
    SEATS,
    WEALTH_BASE,
    inventions,
    map_tiles,
)

rule = PROPERTIES.rule
TYPE = {"economy": 0, "culture": 1, "technology": 2}
IP_SOURCES = ("(benefit)", "(inventing)", "(presented ", "(Influence space)", "(Knowledge tiles)")


def _count(t: object, seat: int, s: Score) -> int:
    """What one printed scoring line counts for a player, read from the table."""
    tiles = map_tiles(t, seat)
    progress = [c - PROGRESS_BASE for c in tiles if PROGRESS_BASE <= c < WEALTH_BASE]
    cards = inventions(t, seat)
    c = s.counter
    if c is Counted.PROGRESS_TILE:
        if s.tile is TileKind.ANY:
            return len(tiles)
        if s.tile is TileKind.WEALTH:
            return sum(1 for x in tiles if x >= WEALTH_BASE)
        return sum(1 for p in progress if p // 7 == TYPE[s.tile.value])
    if c is Counted.PROGRESS_SET:
        return min(sum(1 for p in progress if p // 7 == k) for k in range(3))
    if c is Counted.NUMBER_IN_TWO_TYPES:
        return sum(1 for n in range(7) if len({p // 7 for p in progress if p % 7 == n}) >= 2)
    if c is Counted.INVENTION:
        return sum(1 for i in cards
                   if (s.specialty is None or catalog.IDEA_TYPE[i] == TYPE[s.specialty.value])
                   and (s.era_min or 1) <= catalog.IDEA_ERA[i] <= (s.era_max or 6))
    if c is Counted.INVENTION_SET:
        return min(sum(1 for i in cards if catalog.IDEA_TYPE[i] == k) for k in range(3))
    if c is Counted.INVENTION_ERA:
        return len({catalog.IDEA_ERA[i] for i in cards})
    if c is Counted.SPECIALIST:
        kinds = range(3) if s.specialty is None else (TYPE[s.specialty.value],)
        return sum(t.home[seat * 3 + k] + t.exhausted[seat * 3 + k] for k in kinds)
    if c is Counted.SCHOLAR:
        return t.academy[seat]
    if c is Counted.INFLUENCE_TOKEN:
        return sum(1 for k in range(5) if t.token_region[seat * 5 + k] >= 0)
    if c is Counted.DIPLOMAT:
        return sum(t.diplomats[m * SEATS + seat] for m in range(catalog.NUM_MILESTONES)
                   if t.milestone_loc[m] == M_CK or t.milestone_loc[m] >= M_PRIVATE)
    if c is Counted.REGION_WITH_CITIZEN:
        return sum(1 for r in range(REGIONS) if t.on_map[r * SEATS + seat])
    r = (s.region or 1) - 1
    if c is Counted.CITIZEN_IN_REGION:
        return t.on_map[r * SEATS + seat]
    return 1 if seat in t.influence_spaces[r * 4:(r + 1) * 4] else 0


def _points(t: object, seat: int, effects: tuple) -> int:
    total = 0
    for e in effects:
        if isinstance(e, Score):
            n = _count(t, seat, e)
            total += e.ip * (min(n, e.limit) if e.limit else n)
    return total


def _finals(tr: Transition) -> dict[int, dict]:
    return {e.seat: e.data for e in tr.new_events if e.kind == "final"}


@rule("Score track: IP is gained only where the rules give it (benefits, Era-6 inventing, "
      "presenting a shared invention, Influence spaces, Knowledge tiles, final scoring)")
def ip_track_gains_only_where_the_rules_give_them(tr: Transition) -> str | None:
    t = tr.after.table
    start = tr.before.table.ip if tr.before is not None else [0] * t.players
    finals = _finals(tr)
    for seat in range(t.players):
        lines = [e for e in tr.new_events if e.kind == "ip" and e.seat == seat]
        if any(not any(src in e.text for src in IP_SOURCES) or e.data["ip"] <= 0 for e in lines):
            return f"Player {seat + 1} scored IP from an unknown source"
        gained = sum(e.data["ip"] for e in lines)
        if seat in finals:
            gained += finals[seat]["influence"] + finals[seat]["wealth"] + finals[seat]["goals"]
        if t.ip[seat] != start[seat] + gained:
            return f"Player {seat + 1}: {start[seat]} IP + {gained} logged, now {t.ip[seat]}"
    return None


@rule("Final Scoring 1: IP for the level reached on the Influence track - 1, 5 or 10")
def final_scoring_1_influence_track(tr: Transition) -> str | None:
    t = tr.after.table
    for seat, data in _finals(tr).items():
        want = catalog.INFLUENCE_TRACK[t.influence[seat]].final_ip
        if data["influence"] != want or want not in (1, 5, 10):
            return f"Player {seat + 1} at influence {t.influence[seat]} scored " \
                f"{data['influence']}, not {want}"
    return None


@rule("Final Scoring 2: score each Wealth tile on your Society board's Progress map")
def final_scoring_2_wealth_tiles(tr: Transition) -> str | None:
    """Reading (the code's): a Wealth tile scores once built on the Progress map ("once you
    build these onto the Progress map ... you can use them"), not while in the tiles display."""
    t = tr.after.table
    for seat, data in _finals(tr).items():
        want = sum(_points(t, seat, catalog.WEALTH[c - WEALTH_BASE].effects)
                   for c in map_tiles(t, seat) if c >= WEALTH_BASE)
        if data["wealth"] != want:
            return f"Player {seat + 1}'s Wealth tiles scored {data['wealth']}, not {want}"
    return None


@rule("Final Scoring 3: score any 2 of your 3 Private Goal cards (the best two)")
def final_scoring_3_two_private_goals(tr: Transition) -> str | None:
    t = tr.after.table
    for seat, data in _finals(tr).items():
        each = sorted((_points(t, seat, catalog.GOALS[g].effects)
                       for g in t.goals[seat * 3:seat * 3 + 3]), reverse=True)
        if data["goals"] != sum(each[:2]):
            return f"Player {seat + 1}'s goals scored {data['goals']}, the best two of " \
                f"{each} give {sum(each[:2])}"
    return None


@rule("End of the Game: after Era 5's three rounds, Era 6 is final scoring only - once for every "
      "player, and the game does not end before")
def end_of_game_after_era_5(tr: Transition) -> str | None:
    t = tr.after.table
    finals = _finals(tr)
    if finals and (sorted(finals) != list(range(t.players)) or t.chronos != LAST_TRACK):
        return f"final scoring for {sorted(finals)} with Chronos on space {t.chronos}"
    if tr.after.is_terminal and (t.chronos != LAST_TRACK or
                                 sum(1 for e in tr.after.events if e.kind == "final")
                                 != t.players):
        return "the game ended before final scoring in Era 6"
    if not tr.after.is_terminal and t.chronos >= LAST_TRACK:
        return "final scoring reached but the game goes on"
    return None


@rule("Score track: no rule takes IP away")
def ip_track_never_decreases(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    down = [s for s in range(tr.after.players) if tr.after.table.ip[s] < tr.before.table.ip[s]]
    return f"players {down} lost IP" if down else None


def _key(t: object, seat: int) -> tuple[int, ...]:
    """Most IP; then most tiles on the Progress map; most inventions left of the board; the
    highest population (fewest citizens left in the supply)."""
    return (-t.ip[seat], -len(map_tiles(t, seat)), -len(inventions(t, seat)), t.supply[seat])


@rule("End of the Game, Tiebreakers: most IP; then most Progress-map tiles, most inventions, "
      "fewest citizens in supply (ranking recomputed)", final=True)
def end_of_game_tiebreakers(tr: Transition) -> str | None:
    t = tr.after.table
    want = sorted(range(t.players), key=lambda s: (_key(t, s), s))
    got = tr.after.ranking()
    return None if got == want else f"ranking {got}, the tie-breakers give {want}"


@rule("End of the Game: the winner is the player with the most IP (ties broken as above)",
      final=True)
def end_of_game_winner_most_ip(tr: Transition) -> str | None:
    t = tr.after.table
    best = min(_key(t, s) for s in range(t.players))
    want = [s for s in range(t.players) if _key(t, s) == best]
    got = tr.after.winners()
    if got != want or any(t.ip[s] != max(t.ip) for s in got):
        return f"winners {got}, expected {want} (IP {t.ip})"
    return None
