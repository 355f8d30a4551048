"""Tribes on the continent (The Modules: Migration, Procreation, Sustenance's strengthening;
developing a territory; fire encampments; Deus ex machina; the weather's "remove one of your
tribes"; Caves).

A tribe is on an encampment (`enc_seat`, upright or lying), in a territory's wilderness
(`wild_strong` / `wild_weak` counts) or on one of its boats. Places are coded for the options:
an encampment by its index, a wilderness by its territory, a boat by its number.
"""

from __future__ import annotations

from itertools import compress
from operator import or_
from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.board import ENC_OF, ENCAMPMENTS, FIRE_SP, TERRITORIES, C
from ingenium.games.civolution.components.icons import Trigger
from ingenium.games.civolution.console import gain_sp, take_markers
from ingenium.games.civolution.masks import NONE
from ingenium.games.civolution.names import encampment_name, territory_name
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules import supply
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.rules.common import adjacent_to_site, geo, tribes_on_continent
from ingenium.games.civolution.steps import S_AUTO, Auto
from ingenium.games.civolution.table import FREE, CivTable, P, boat_index, on_place

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

WILD = ENCAMPMENTS  # place codes: encampment e; WILD + territory; BOAT + boat; TRANSIT
BOAT = ENCAMPMENTS + TERRITORIES
TRANSIT = BOAT + 2  # a migrating tribe crossing through a territory


name = territory_name  # a territory's name for people


RAW_MATERIAL = 9  # the Auto step's `what` (machine.AUTOS; saved: never renumber)


def neighbours(t: CivTable) -> tuple[frozenset[int], ...]:
    """Every territory's `adjacent` at once (the geometry and the caves looked up once; with
    no cave revealed, the geometry's own table)."""
    near = geo(t).adjacent
    caves = adjacent_to_site(t, "cave")
    if not caves:
        return near
    group = frozenset().union(*(ts for _, ts in caves))
    return tuple(n | (group - {x}) if x in group else n for x, n in enumerate(near))


def adjacent(t: CivTable, terr: int) -> frozenset[int]:
    """Adjacent territories; "all territories adjacent to any Cave are considered adjacent to
    one another" (The Sites: Cave)."""
    near = geo(t).adjacent[terr]
    caves = adjacent_to_site(t, "cave")
    if caves:
        group = frozenset().union(*(ts for _, ts in caves))
        if terr in group:
            near = near | (group - {terr})
    return near


def place_option(code: int, verb: str) -> Option:
    """A place of a tribe as an answer."""
    if code < WILD:
        return opt("encampment", code, f"encampment:{C.encampments[code].id}",
                   f"{verb} {encampment_name(code)}")
    if code < BOAT:
        terr = code - WILD
        return opt("territory", terr, f"wilderness:{C.territories[terr].id}",
                   f"{verb} the wilderness of {name(terr)}")
    return opt("boat", code - BOAT, f"boat:{code - BOAT + 1}", f"{verb} boat {code - BOAT + 1}")


def place_of(option: Option) -> int:
    """The place code of an answer built by place_option."""
    block, index = picked(option)
    return index if block == "encampment" else WILD + index if block == "territory" \
        else BOAT + index


def places(t: CivTable, seat: int, strong: int | None) -> list[int]:
    """Places holding a tribe of the seat (upright only / lying only / either: None); the
    scans in C (its encampments by list.index, its wildernesses by compress)."""
    found = []
    enc_seat, enc_strong = t.enc_seat, t.enc_strong
    e = -1
    try:
        while True:
            e = enc_seat.index(seat, e + 1)
            if strong is None or enc_strong[e] == strong:
                found.append(e)
    except ValueError:  # no more of its encampments
        pass
    ups, downs = t.wild_strong[seat::P], t.wild_weak[seat::P]
    held = map(or_, ups, downs) if strong is None else ups if strong == 1 else \
        downs if strong == 0 else ()
    found += compress(range(WILD, WILD + TERRITORIES), held)
    for b in (0, 1):
        at = boat_index(seat, b)
        s, w = t.boat_strong[at], t.boat_weak[at]
        if t.boat_at[at] >= 0 and ((strong is None and s + w) or (strong == 1 and s)
                                   or (strong == 0 and w)):
            found.append(BOAT + b)
    return found


def place_words(t: CivTable, seat: int, place: int) -> tuple[str, dict[str, str]]:
    """Where a tribe now stands, for a log line ('encampment 2 (fire) in Forest b2', 'boat 1
    off Coast a3'), and the board's names of it for the last-move highlight (an encampment or
    a territory, as the map marks them), never a place code."""
    if place < WILD:
        return encampment_name(place), {"encampment": C.encampments[place].id}
    terr = territory_of(t, seat, place)
    where = {"territory": C.territories[terr].id}
    if place < BOAT:
        return f"the wilderness of {territory_name(terr)}", where
    return f"boat {place - BOAT + 1} in {territory_name(terr)}", where


def territory_of(t: CivTable, seat: int, place: int) -> int:
    """The territory a place lies in."""
    if place < WILD:
        return C.encampment_territory[place]
    if place < BOAT:
        return place - WILD
    if place == TRANSIT:
        return t.transit[seat]
    return t.boat_at[boat_index(seat, place - BOAT)]


def take(t: CivTable, seat: int, place: int, strong: int) -> None:
    """Lift a tribe of the given state off its place."""
    if place < WILD:
        t.enc_seat[place] = FREE
        t.enc_strong[place] = 0
    elif place < BOAT:
        (t.wild_strong if strong else t.wild_weak)[on_place(place - WILD, seat)] -= 1
    elif place == TRANSIT:
        t.transit[seat] = -1
        t.transit_path[seat] = NONE
    else:
        (t.boat_strong if strong else t.boat_weak)[boat_index(seat, place - BOAT)] -= 1


def put(t: CivTable, seat: int, place: int, strong: int) -> None:
    """Set a tribe on a place (an encampment must be free)."""
    if place < WILD:
        t.enc_seat[place], t.enc_strong[place] = seat, strong
    elif place < BOAT:
        (t.wild_strong if strong else t.wild_weak)[on_place(place - WILD, seat)] += 1
    else:
        (t.boat_strong if strong else t.boat_weak)[boat_index(seat, place - BOAT)] += 1


def develop(state: CState, seat: int, terr: int) -> None:
    """"Whenever a tribe is the first to settle in a territory": its material tile is flipped
    face up and the settler places a marker there as a raw material."""
    t = state.table
    if t.developed[terr]:
        return
    t.developed[terr] = 1
    land = board.LAND_TERRAINS.index(board.TERRAIN[terr])
    pool = [m for m in t.material_pool if board.MATERIAL_TERRAIN[m] == land]
    if pool:
        tile = state.draw("material_tile", pool)
        t.material_pool.remove(tile)
        t.material_tile[terr] = tile
    if not t.supply[seat]:  # "if empty when you would gain markers, you may replenish"
        t.pending.append(Auto(S_AUTO, what=RAW_MATERIAL, seat=seat, place=terr))
        if supply.ask_if_empty(t, seat):
            return
        t.pending.pop()
    t.raw[on_place(terr, seat)] += take_markers(t, seat, 1)


def raw_material_after_replenishing(state: CState, step: Auto) -> None:
    """Development's raw material, placed once the civilization could replenish its supply."""
    terr, seat = step.place, step.seat
    t = state.table
    t.raw[on_place(terr, seat)] += take_markers(t, seat, 1)




def settle(state: CState, seat: int, enc: int, strong: int) -> None:
    """Settle on an encampment: a free one as given; an occupied one displaces its tribe into
    the wilderness (keeping its state) and the newcomer lies down; fire points; development."""
    t = state.table
    terr = C.encampment_territory[enc]
    if t.enc_seat[enc] >= 0:
        other = t.enc_seat[enc]
        put(t, other, WILD + terr, t.enc_strong[enc])
        t.enc_seat[enc] = FREE
        strong = 0
    put(t, seat, enc, strong)
    if FIRE_SP[enc]:
        gain_sp(t, seat, FIRE_SP[enc])

        fire(t, seat, Trigger.FIRE_ENCAMPMENT)
    develop(state, seat, terr)


def weaken_one_in(t: CivTable, seat: int, terr: int) -> None:
    """Lay down one upright tribe of the seat in a territory (encampment first)."""
    for e in ENC_OF[terr]:
        if t.enc_seat[e] == seat and t.enc_strong[e]:
            t.enc_strong[e] = 0
            return
    if t.wild_strong[on_place(terr, seat)]:
        t.wild_strong[on_place(terr, seat)] -= 1
        t.wild_weak[on_place(terr, seat)] += 1
        return
    for b in (0, 1):
        if t.boat_at[boat_index(seat, b)] == terr and t.boat_strong[boat_index(seat, b)]:
            t.boat_strong[boat_index(seat, b)] -= 1
            t.boat_weak[boat_index(seat, b)] += 1
            return


def remove(t: CivTable, seat: int, place: int, strong: int) -> None:
    """A tribe dies or is removed: back to its supply."""
    take(t, seat, place, strong)
    t.tribes[seat] += 1


def free_encampments(t: CivTable, terr: int) -> list[int]:
    """Free, uncovered encampments of a territory."""
    return [e for e in ENC_OF[terr] if t.enc_seat[e] == FREE]


def open_encampments(t: CivTable, terr: int) -> list[int]:
    """Encampments a tribe can settle on: free ones and occupied ones (displacement)."""
    return [e for e in ENC_OF[terr] if t.enc_seat[e] != -2]


def has_tribes(t: CivTable, seat: int) -> bool:
    """Whether the seat has any tribe on the continent."""
    return tribes_on_continent(t, seat) > 0
