"""Questions the rules of several sections ask of the continent and the consoles."""

from __future__ import annotations

from itertools import compress
from operator import or_
from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.board import ENC_OF, TERRITORIES, geometry
from ingenium.games.civolution.steps import Step
from ingenium.games.civolution.table import (
    CivTable,
    P,
    boat_index,
    feature_at,
    on_place,
    space_at,
    storage_at,
)

ENC_TERRITORY = board.C.encampment_territory  # encampment -> its territory
TERRITORY_NUMBERS = range(TERRITORIES)
SITE_TYPE = tuple(site.type.value for site in board.C.sites)  # site -> its type's name
SITES_OF_TYPE = {kind: frozenset(s for s, k in enumerate(SITE_TYPE) if k == kind)
                 for kind in SITE_TYPE}  # a type's name -> its sites
NO_SITES: frozenset[int] = frozenset()
RECESS_SETS = tuple(frozenset(ts) for ts in board.RECESS_TERRITORIES)  # recess -> territories

if TYPE_CHECKING:
    from ingenium.games.civolution.board import Geometry


def seating_order(t: CivTable) -> list[int]:
    """Every civilization once, clockwise from the starting civilization."""
    return [(t.starting + i) % t.players for i in range(t.players)]


def push_each(t: CivTable, steps: list[Step]) -> None:
    """Push steps so that the first listed runs first."""
    t.pending.extend(reversed(steps))


def geo(t: CivTable) -> Geometry:
    """The continent's geometry for this table's layout."""
    return geometry(tuple(t.layout))


def tribes_in(t: CivTable, seat: int, terr: int) -> int:
    """The seat's tribes in a territory: encampments, wilderness, and its boat there."""
    enc_seat = t.enc_seat
    n = [enc_seat[e] for e in ENC_OF[terr]].count(seat)
    at = on_place(terr, seat)
    n += t.wild_strong[at] + t.wild_weak[at]
    for b in (0, 1):
        boat = boat_index(seat, b)
        if t.boat_at[boat] == terr:
            n += t.boat_strong[boat] + t.boat_weak[boat]
    return n


def strong_in(t: CivTable, seat: int, terr: int) -> int:
    """The seat's upright tribes in a territory (encampments, wilderness, its boat there)."""
    n = sum(1 for e in ENC_OF[terr] if t.enc_seat[e] == seat and t.enc_strong[e])
    n += t.wild_strong[on_place(terr, seat)]
    for b in (0, 1):
        boat = boat_index(seat, b)
        if t.boat_at[boat] == terr:
            n += t.boat_strong[boat]
    return n


def my_territories(t: CivTable, seat: int) -> list[int]:
    """Territories where the seat has at least one tribe, in order."""
    return sorted(territories_of(t, seat))


def territories_of(t: CivTable, seat: int) -> set[int]:
    """Territories where the seat has at least one tribe (the scans in C: its encampments
    counted, then found by list.index; its wilderness by compress); the Expansion count."""
    there = set(compress(TERRITORY_NUMBERS, map(or_, t.wild_strong[seat::P],
                                                t.wild_weak[seat::P])))
    enc_seat = t.enc_seat
    at = -1
    for _ in range(enc_seat.count(seat)):
        at = enc_seat.index(seat, at + 1)
        there.add(ENC_TERRITORY[at])
    first = boat_index(seat, 0)
    for boat in (first, first + 1):  # a boat on the continent with a tribe aboard
        if 0 <= t.boat_at[boat] < TERRITORIES and t.boat_strong[boat] + t.boat_weak[boat]:
            there.add(t.boat_at[boat])
    return there


def tribes_on_continent(t: CivTable, seat: int) -> int:
    """All the seat's tribes on the continent (Population): `tribes_in` summed over the
    territories, in one pass (every encampment lies in one territory; a boat counts where it
    lies)."""
    n = t.enc_seat.count(seat) + sum(t.wild_strong[seat::P]) + sum(t.wild_weak[seat::P])
    first = boat_index(seat, 0)
    boat_at = t.boat_at
    if 0 <= boat_at[first] < TERRITORIES:
        n += t.boat_strong[first] + t.boat_weak[first]
    if 0 <= boat_at[first + 1] < TERRITORIES:
        n += t.boat_strong[first + 1] + t.boat_weak[first + 1]
    return n


def adjacent_to_site(t: CivTable, site_type: str) -> list[tuple[int, frozenset[int]]]:
    """(recess, territories adjacent to it) for every revealed site of a type (none revealed:
    found by one scan in C, the common case)."""
    if SITES_OF_TYPE.get(site_type, NO_SITES).isdisjoint(t.recess_site):
        return []
    out = []
    for r, s in enumerate(t.recess_site):
        if s >= 0 and SITE_TYPE[s] == site_type:
            out.append((r, RECESS_SETS[r]))
    return out


# The marker supply (Important additional notes): what may be returned to an empty supply.
RETURNABLE_SPACES = ("food", "money", "ideas", "focus")
FEATURE, STORAGE, PLANNING, RAW = 4, 5, 6, 7  # kinds after the four plain console spaces
RETURNABLE_KINDS = 8


def returnable(t: CivTable, seat: int, kind: int) -> list[int]:
    """Indexes holding a marker of a kind the seat may return to its supply (a plain space:
    [0] or []): console spaces and raw materials, never statues, reset markers or boats'."""
    if kind < FEATURE:
        return [0] if getattr(t, RETURNABLE_SPACES[kind])[seat] else []
    if kind == FEATURE:
        return [f for f in range(6) if t.feature[feature_at(seat, f)]]
    if kind == STORAGE:
        return [m for m in range(18) if t.storage[storage_at(seat, m)]]
    if kind == PLANNING:
        return [v for v in range(6) if t.planning[space_at(seat, v)]]
    return [x for x in range(TERRITORIES) if t.raw[on_place(x, seat)]]


def replenishable(t: CivTable, seat: int) -> bool:
    """Markers the civilization could return to an empty supply."""
    return any(returnable(t, seat, k) for k in range(RETURNABLE_KINDS))


def has_markers(t: CivTable, seat: int) -> bool:
    """Markers in the supply, or markers that could be returned to it first."""
    return t.supply[seat] > 0 or replenishable(t, seat)
