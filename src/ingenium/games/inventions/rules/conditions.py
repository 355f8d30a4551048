"""The conditions the rules put on a move, as pure questions of the table: a society's era and
holdings (Key Concepts A, F-H), whether specialists can be paid, Access to Milestones (Invent),
where each action can be carried out (The Actions) and the Golden Rule of the Assembly (Key
Concepts B). Kept cheap: random play asks them at every decision."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.terms import Action
from ingenium.games.inventions.table import (
    LOC_HAND,
    LOC_LEFT,
    M_CK,
    M_DISCARD,
    M_PRIVATE,
    ON_BOARD,
    InvTable,
    R,
    diplomat_at,
    diplomats_of,
    home_of,
    influence_at,
    influence_spaces_of,
    map_at,
    milestone_slots,
    on_map_of,
    pillar_at,
    progress_map_of,
    region_slots,
    tiles_of,
    tokens,
    type_at,
)

# action indices (catalog.ACTIONS)
# (Final: `can` compares with them as native constants in the compiled build)
PRESENT: Final = catalog.ACTION_INDEX[Action.PRESENT_IDEA]
INVENT: Final = catalog.ACTION_INDEX[Action.INVENT]
INNOVATE: Final = catalog.ACTION_INDEX[Action.INNOVATE]
SHARE: Final = catalog.ACTION_INDEX[Action.SHARE_INVENTION]
CALL: Final = catalog.ACTION_INDEX[Action.CALL_SPECIALISTS]
GAIN_INF: Final = catalog.ACTION_INDEX[Action.GAIN_INFLUENCE]
TRAVEL: Final = catalog.ACTION_INDEX[Action.TRAVEL]
EUREKA: Final = catalog.ACTION_INDEX[Action.EUREKA]
SEND: Final = catalog.ACTION_INDEX[Action.SEND_DIPLOMAT]
RECALL: Final = catalog.ACTION_INDEX[Action.CALL_DIPLOMAT]
SPECIALIST_TILE_N = tuple(t.specialists for t in catalog.SPECIALIST_TILES)


def era_of(t: InvTable, seat: int) -> int:
    """Your society's era: your private Milestone's era (also the academy limit)."""
    return catalog.M_ERA[t.private[seat]]


def chronos_era(t: InvTable) -> int:
    """The era Chronos stands in."""
    return catalog.TRACK_ERA[t.chronos]


def can_pay(t: InvTable, seat: int, need: tuple[int, int, int], wild: int = 0) -> bool:
    """Specialists of each type (scholars stand in for any), then `wild` of any type."""
    economy, culture, technology = home_of(t, seat)  # the three types written out: it runs
    for_economy, for_culture, for_technology = need  # for every payment of every decision
    short = spare = 0
    if for_economy > economy:
        short += for_economy - economy
    else:
        spare += economy - for_economy
    if for_culture > culture:
        short += for_culture - culture
    else:
        spare += culture - for_culture
    if for_technology > technology:
        short += for_technology - technology
    else:
        spare += technology - for_technology
    scholars = t.academy[seat]
    return short <= scholars and wild <= spare + scholars - short


def one_of(t: InvTable, seat: int, kind: int) -> bool:
    """One available specialist of this type or a scholar."""
    return t.home[type_at(seat, kind)] > 0 or t.academy[seat] > 0


def has_access(t: InvTable, seat: int, m: int) -> bool:
    """Invent: Access to Milestones (own, diplomat, earlier than Chronos, common, discard)."""
    loc = t.milestone_loc[m]
    if loc in (M_CK, M_DISCARD):
        return True
    if loc >= M_PRIVATE:
        return (loc - M_PRIVATE == seat or t.diplomats[diplomat_at(m, seat)] > 0
                or catalog.M_ERA[m] < chronos_era(t))
    return False


def hand(t: InvTable, seat: int) -> list[int]:
    """Ideas to the right of the Society board."""
    return _indices(t.idea_loc, LOC_HAND + seat)


def inventions(t: InvTable, seat: int) -> list[int]:
    """Inventions to the left of the Society board."""
    return _indices(t.idea_loc, LOC_LEFT + seat)


def _indices(values: list[int], value: int) -> list[int]:
    """The indices holding `value`, in order, found by the list's own scans (in C): a seat
    holds a few of the game's ideas, a scan in Python would read them all."""
    found = []
    at = -1
    for _ in range(values.count(value)):
        at = values.index(value, at + 1)
        found.append(at)
    return found


def present_regions(t: InvTable, seat: int, idea: int) -> list[int]:
    """Empty Region displays whose Specialist tile this seat can pay for this idea."""
    kind = catalog.IDEA_TYPE[idea]
    have = t.home[type_at(seat, kind)] + t.academy[seat]
    return [r for r in range(R)
            if t.card[r] < 0 and SPECIALIST_TILE_N[t.specialist_tile[r]] <= have]


def invent_cost(idea: int) -> tuple[int, int, int]:
    """Specialists exhausted or placed to invent: 1 of the idea's type plus the extras."""
    need = [0, 0, 0]
    need[catalog.IDEA_TYPE[idea]] += 1
    for s in catalog.IDEAS[idea].invent_exhaust:
        need[catalog.TYPE_INDEX[s]] += 1
    return need[0], need[1], need[2]


INVENT_COST = tuple(invent_cost(i) if catalog.IDEA_ERA[i] > 1 else (0, 0, 0)
                    for i in range(catalog.NUM_IDEAS))


def invent_regions(t: InvTable, seat: int) -> list[int]:
    """Presented ideas this seat may invent: access to the Milestone and the specialists."""
    return list(_inventable(t, seat))


def _inventable(t: InvTable, seat: int) -> Iterator[int]:
    for r in range(R):
        idea = t.card[r]
        if idea >= 0 and not t.invented[r] and has_access(t, seat, catalog.IDEA_MILESTONE[idea]) \
                and can_pay(t, seat, INVENT_COST[idea]):
            yield r


def innovate_regions(t: InvTable, seat: int) -> list[int]:
    """Inventions not invented by this seat with a free Innovate space and a payable citizen."""
    return list(_innovatable(t, seat))


def _innovatable(t: InvTable, seat: int) -> Iterator[int]:
    return (r for r in range(R)
            if t.invented[r] and t.inventor[r] != seat and t.innovator[r] < 0
            and one_of(t, seat, catalog.IDEA_TYPE[t.card[r]]))


def share_regions(t: InvTable, seat: int) -> list[int]:
    """Inventions with this seat's citizen beside them (presenter, inventor or innovator)."""
    return list(_shareable(t, seat))


def _shareable(t: InvTable, seat: int) -> Iterator[int]:
    return (r for r in range(R)
            if t.invented[r] and (t.inventor[r] == seat or t.innovator[r] == seat
                                  or (t.presenter[r] == seat and t.presenter_count[r] > 0)))


def map_regions(t: InvTable, seat: int) -> list[int]:
    """Regions where this seat has citizens on the map."""
    on_map = t.on_map
    return [r for r in range(R) if on_map[map_at(r, seat)] > 0]


def board_tokens(t: InvTable, seat: int) -> list[int]:
    """Influence tokens still on the Society board."""
    return [k for k, region in enumerate(t.token_region[tokens(seat)]) if region == ON_BOARD]


def has_token_in(t: InvTable, seat: int, region: int) -> bool:
    """Whether this seat has an Influence token in the region."""
    return region in t.token_region[tokens(seat)]


def gain_influence_regions(t: InvTable, seat: int) -> list[int]:
    """Gain Influence 1: no token of yours, a strict majority over every colour (Chronos' too,
    2 players), enough for some token."""
    return list(_influenceable(t, seat))


def _influenceable(t: InvTable, seat: int) -> Iterator[int]:
    places = t.token_region[tokens(seat)]
    if ON_BOARD not in places:
        return
    cheapest = min(catalog.TOKEN_CITIZENS[k] for k, at in enumerate(places) if at == ON_BOARD)
    enough = max(cheapest, 1)
    mine_by_region = on_map_of(t, seat)
    if max(mine_by_region) < enough:  # too few citizens anywhere (most turns)
        return
    on_map = t.on_map
    for r, mine in enumerate(mine_by_region):
        if mine < enough or r in places:
            continue
        slots = on_map[region_slots(r)]
        slots[seat] = 0  # the others' citizens only (mine is at least 1)
        if max(slots) < mine and min(t.influence_spaces[influence_spaces_of(r)]) < 0:
            yield r


def leftmost_space(t: InvTable, region: int) -> int:
    """The leftmost empty Influence space of a region (-1 if none)."""
    for i in range(catalog.INFLUENCE_SPACES):
        if t.influence_spaces[influence_at(region, i)] < 0:
            return i
    return -1


def eureka_choices(t: InvTable, seat: int) -> list[int]:
    """Eureka display Milestones from a later era than this seat's private Milestone."""
    mine = era_of(t, seat)
    return [m for m in t.eureka if catalog.M_ERA[m] > mine]


def diplomat_targets(t: InvTable, seat: int) -> list[int]:
    """Milestones on the board (private or common) with a free space and none of yours."""
    return list(_diplomat_targets(t, seat))


def _diplomat_targets(t: InvTable, seat: int) -> Iterator[int]:
    dip = t.diplomats
    for m in [*t.common, *(x for x in t.private if x >= 0)]:
        if dip[diplomat_at(m, seat)] == 0 and sum(dip[milestone_slots(m)]) < catalog.M_SPACES[m]:
            yield m


def diplomat_milestones(t: InvTable, seat: int) -> list[int]:
    """Milestones on the board holding one of this seat's citizens."""
    dip = t.diplomats
    return [m for m in [*t.common, *(x for x in t.private if x >= 0)] if dip[diplomat_at(m, seat)]]


def call_chain_cards(t: InvTable, seat: int) -> list[int]:
    """Inventions left of the board whose chain can be done, not yet chained this turn."""
    return [i for i in inventions(t, seat)
            if i not in t.called and can(t, seat, catalog.ACTION_INDEX[catalog.IDEAS[i].chain])]


def can(t: InvTable, seat: int, action: int) -> bool:
    """Whether the action can be carried out now (so offering it never leads to a dead end):
    each action's question below, chosen by a chain of comparisons (direct calls in the
    compiled build, where a table of functions is a call through Python)."""
    if action == PRESENT:
        return _can_present(t, seat)
    if action == INVENT:
        return _can_invent(t, seat)
    if action == INNOVATE:
        return _can_innovate(t, seat)
    if action == SHARE:
        return _can_share(t, seat)
    if action in (CALL, TRAVEL):
        return _has_citizen_on_map(t, seat)
    if action == GAIN_INF:
        return _can_gain_influence(t, seat)
    if action == EUREKA:
        return _can_eureka(t, seat)
    if action == SEND:
        return _can_send(t, seat)
    return action == RECALL and _can_recall(t, seat)


# `can`, one question per action, each stopping at the first place the action can be done
# (they run for every action space at every Main Action of every simulated turn)
def _can_present(t: InvTable, seat: int) -> bool:
    """Some idea in hand has a Region display to be presented in (`present_regions`: an
    empty display whose Specialist tile the idea's type pays; the cheapest such tile is
    enough, found once)."""
    if LOC_HAND + seat not in t.idea_loc:  # no idea in hand (a scan in C)
        return False
    need = cheapest_empty_display(t)
    if need < 0:
        return False
    home, at, academy = t.home, type_at(seat, 0), t.academy[seat]
    return any(home[at + catalog.IDEA_TYPE[idea]] + academy >= need for idea in hand(t, seat))


def cheapest_empty_display(t: InvTable) -> int:
    """The fewest specialists a Specialist tile of an empty Region display asks (-1: no
    empty display)."""
    cheapest = -1
    for r in range(R):
        if t.card[r] < 0:
            n = SPECIALIST_TILE_N[t.specialist_tile[r]]
            if cheapest < 0 or n < cheapest:
                cheapest = n
    return cheapest


def _can_invent(t: InvTable, seat: int) -> bool:
    return next(_inventable(t, seat), -1) >= 0


def _can_innovate(t: InvTable, seat: int) -> bool:
    return next(_innovatable(t, seat), -1) >= 0


def _can_share(t: InvTable, seat: int) -> bool:
    return next(_shareable(t, seat), -1) >= 0


def _has_citizen_on_map(t: InvTable, seat: int) -> bool:
    return any(on_map_of(t, seat))


def _can_gain_influence(t: InvTable, seat: int) -> bool:
    return next(_influenceable(t, seat), -1) >= 0


def _can_eureka(t: InvTable, seat: int) -> bool:
    return bool(eureka_choices(t, seat))


def _can_send(t: InvTable, seat: int) -> bool:
    return (t.academy[seat] > 0 or any(home_of(t, seat))) \
        and next(_diplomat_targets(t, seat), -1) >= 0


def _can_recall(t: InvTable, seat: int) -> bool:
    return any(diplomats_of(t, seat)) and bool(diplomat_milestones(t, seat))




def accessible_spaces(t: InvTable, seat: int) -> list[int]:
    """Action spaces in forums without any of this seat's Pillars of Time (Golden Rule)."""
    blocked = 1 << t.epoch[seat] // 2 if t.epoch[seat] >= 0 else 0  # a bit per forum
    for i in (0, 1):
        s = t.season[pillar_at(seat, i)]
        if s >= 0:
            blocked |= 1 << s // 2
    return list(OPEN_SPACES[blocked])


# by the bit set of blocked forums (two Action spaces each), the spaces left open
OPEN_SPACES = tuple(tuple(s for s in range(catalog.NUM_SPACES) if not blocked >> s // 2 & 1)
                    for blocked in range(1 << (catalog.NUM_SPACES + 1) // 2))


def tiles_owned(t: InvTable, seat: int) -> list[int]:
    """Tile codes in the tiles display and on the Progress map."""
    return [c for c in (*tiles_of(t, seat), *progress_map_of(t, seat))
            if c >= catalog.PROGRESS_BASE]


def academy_room(t: InvTable, seat: int) -> bool:
    """A scholar can be gained: room under the academy limit and a citizen in supply."""
    return t.academy[seat] < era_of(t, seat) and t.supply[seat] > 0
