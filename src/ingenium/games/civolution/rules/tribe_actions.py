"""The tribe actions as effects: Perform 1 migration, Perform 1 procreation, Strengthen 1 of your
weak tribes, the weather's Remove one of your tribes (with Deus ex machina), place tribes.

With migrations to spare, a tribe may cross through an adjacent territory (land, or Water with
its own boat there with a free seat) instead of settling; it then migrates on with the next one
and settles only in the territory it enters last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution import board
from ingenium.games.civolution.board import ENC_OF, ENCAMPMENTS, TERRITORIES
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Trigger
from ingenium.games.civolution.components.rulebook import BOAT_SEATS
from ingenium.games.civolution.masks import NONE, Mask, has, with_
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.rules.common import my_territories, territories_of
from ingenium.games.civolution.rules.interpreter import Action, EffectRule, push_repeat, push_target
from ingenium.games.civolution.rules.tribes import (
    BOAT,
    TRANSIT,
    WILD,
    adjacent,
    free_encampments,
    has_tribes,
    name,
    neighbours,
    open_encampments,
    place_of,
    place_option,
    place_words,
    places,
    put,
    remove,
    settle,
    take,
    territory_of,
)
from ingenium.games.civolution.steps import (
    S_DEUS_EX_MACHINA,
    S_MIGRATE_TO,
    S_PLACE_NEW_TRIBES,
    DeusExMachina,
    MigrateTo,
    PlaceNewTribes,
    Repeat,
)
from ingenium.games.civolution.table import CivTable, boat_index

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]


_WATER = frozenset(x for x in range(TERRITORIES) if board.TERRAIN[x].value == "water")


# ---------------------------------------------------------------- migration

def territory_choice(terr: int, verb: str) -> Option:
    """A territory as an answer."""

    return opt("territory", terr, f"territory:{board.C.territories[terr].id}",
               f"{verb} {name(terr)}")


def destinations(t: CivTable, seat: int, place: int) -> list[int]:
    """Where an upright tribe can migrate: an encampment of an adjacent territory (free, or
    displacing), or its own boat with a free seat in an adjacent Water territory; a tribe
    crossing through never back into a territory it has left or crossed (The Sites: Cave, "you
    may not move a tribe back into the territory it came from with a single migration")."""
    here = territory_of(t, seat, place)
    found = destinations_from(t, seat, here)
    if place == TRANSIT:
        return onward(t, seat, found, t.transit_path[seat])
    return found


def destination_territory(t: CivTable, seat: int, spot: int) -> int:
    """The territory of a migration destination (an encampment or a boat)."""
    if spot < ENCAMPMENTS:
        return board.C.encampment_territory[spot]
    return t.boat_at[boat_index(seat, spot - BOAT)]


def onward(t: CivTable, seat: int, spots: list[int], visited: Mask) -> list[int]:
    """Destinations outside the territories in the set `visited`."""
    return [p for p in spots if not has(visited, destination_territory(t, seat, p))]


def destinations_from(t: CivTable, seat: int, here: int) -> list[int]:
    """Migration destinations from a territory (see destinations)."""
    found: list[int] = []
    for terr in sorted(adjacent(t, here)):
        if board.TERRAIN[terr].value != "water":
            found += open_encampments(t, terr)
    for b in (0, 1):
        at = t.boat_at[boat_index(seat, b)]
        if at >= 0 and at != here and at in adjacent(t, here) and \
                t.boat_strong[boat_index(seat, b)] + t.boat_weak[boat_index(seat, b)] < BOAT_SEATS:
            found.append(BOAT + b)
    return found


def _movers(t: CivTable, seat: int) -> list[int]:
    return [p for p in places(t, seat, 1) if destinations(t, seat, p)]


def _can_migrate(t: CivTable, seat: int) -> bool:
    """`_movers` is not empty: stops at the first upright tribe with somewhere to go."""
    movers = places(t, seat, 1)
    if not movers:
        return False
    adjacency = neighbours(t)
    for p in movers:  # noqa: SIM110 (a loop: any() of a generator costs a frame)
        if _can_move(t, seat, p, adjacency):
            return True
    return False


def _can_move(t: CivTable, seat: int, place: int,
              adjacency: tuple[frozenset[int], ...]) -> bool:
    """`destinations` is not empty: stops at the first open encampment or boat seat (a tribe
    crossing through, whose way back is barred, has its destinations listed); `adjacency`:
    tribes.neighbours(t)."""
    if place == TRANSIT:
        return bool(destinations(t, seat, place))
    here = territory_of(t, seat, place)
    near = adjacency[here]
    enc_seat = t.enc_seat
    for terr in near:  # an adjacent land territory with an encampment to settle on
        if terr not in _WATER:
            for e in ENC_OF[terr]:
                if enc_seat[e] != -2:
                    return True
    first = boat_index(seat, 0)
    for boat in (first, first + 1):
        at = t.boat_at[boat]
        if at >= 0 and at != here and at in near and \
                t.boat_strong[boat] + t.boat_weak[boat] < BOAT_SEATS:
            return True
    return False


def _migrate_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [place_option(p, "Migrate from") for p in _movers(t, seat)]


def _migrate(state: CState, seat: int, option: Option, arg: int) -> int:
    """`arg`: the migrations left, this one included."""
    state.table.pending.append(MigrateTo(S_MIGRATE_TO, seat=seat, source=place_of(option),
                                         left=arg - 1, territory=-1))
    return arg - 1


def crossings(t: CivTable, seat: int, place: int) -> list[int]:
    """Territories a tribe may cross through: adjacent land, or adjacent Water with your own
    boat there with a free seat (Attention: crossing through), none it has left or crossed
    already, and only with somewhere to go on to."""
    here = territory_of(t, seat, place)
    visited = with_(t.transit_path[seat] if place == TRANSIT else NONE, here)
    boats = {t.boat_at[boat_index(seat, b)] for b in (0, 1)
             if t.boat_strong[boat_index(seat, b)] + t.boat_weak[boat_index(seat, b)] < BOAT_SEATS}
    return [x for x in sorted(adjacent(t, here)) if not has(visited, x)
            and (board.C.territories[x].land or x in boats)
            and onward(t, seat, destinations_from(t, seat, x), with_(visited, x))]


def ask_migrate_to(t: CivTable, step: MigrateTo) -> tuple[str, list[Option]]:
    """The destination territory (or boat, or a territory to cross through); then the
    encampment in the territory chosen."""
    seat, source = step.seat, step.source
    if step.territory >= 0:
        return "Migrate to where?", [
            place_option(p, "... onto") for p in destinations(t, seat, source)
            if p < ENCAMPMENTS and board.C.encampment_territory[p] == step.territory]
    spots = destinations(t, seat, source)
    terrs = sorted({board.C.encampment_territory[p] for p in spots if p < ENCAMPMENTS})
    options = [territory_choice(x, "... into") for x in terrs] + [
        place_option(p, "... onto") for p in spots if p >= ENCAMPMENTS]
    if step.left:
        options += [opt("cross", x, f"cross:{board.C.territories[x].id}",
                        f"... crossing through {board.C.territories[x].id} (one more migration)")
                    for x in crossings(t, seat, source)]
    return "Migrate to where?", options


def answer_migrate_to(state: CState, step: MigrateTo, option: Option) -> None:
    t = state.table
    seat, source = step.seat, step.source
    block, index = picked(option)
    if block == "territory":  # the encampment next (the migrations left no longer matter)
        t.pending.append(step._replace(left=0, territory=index))
        return
    if block == "cross":
        _cross(state, seat, source, step.left, index)
        return
    take(t, seat, source, 1)
    dest = place_of(option)
    if dest < WILD:
        settle(state, seat, dest, 1)
    else:
        put(t, seat, dest, 1)
    fire(t, seat, Trigger.MIGRATE)
    if state.keeps_log:  # a search's world has no log: skip building the text
        words, marks = place_words(t, seat, dest)
        state.log(seat, "migrate", f"Player {seat + 1} migrates to {words}",
                  {"to": dest, **marks})


def _cross(state: CState, seat: int, source: int, left: int, terr: int) -> None:
    """The tribe crosses through without settling; the next migration moves it on."""
    t = state.table
    crossed = t.transit_path[seat] if source == TRANSIT else NONE
    visited = with_(with_(crossed, territory_of(t, seat, source)), terr)
    take(t, seat, source, 1)
    t.transit[seat] = terr
    t.transit_path[seat] = visited
    if t.pending and isinstance(t.pending[-1], Repeat):
        below = t.pending[-1]
        if below.action == MIGRATE and below.seat == seat:
            t.pending.pop()
            if below.left > 1:
                t.pending.append(below._replace(left=below.left - 1, arg=below.arg - 1))
    t.pending.append(MigrateTo(S_MIGRATE_TO, seat=seat, source=TRANSIT, left=left - 1,
                               territory=-1))


MIGRATE = 20


# ---------------------------------------------------------------- procreation

def birth_places(t: CivTable, seat: int) -> list[int]:
    """Procreation: any encampment in a territory with your tribe (any territory if you have
    none), or a boat of yours with exactly one tribe on it; none with all 20 on the board."""
    if not t.tribes[seat]:
        return []
    terrs = my_territories(t, seat) if has_tribes(t, seat) else [
        x for x in range(TERRITORIES) if board.TERRAIN[x].value != "water"]
    found = [e for x in terrs if board.TERRAIN[x].value != "water"
             for e in open_encampments(t, x)]
    found += [BOAT + b for b in (0, 1) if t.boat_at[boat_index(seat, b)] >= 0
              and t.boat_strong[boat_index(seat, b)] + t.boat_weak[boat_index(seat, b)] == 1]
    return found


def _can_procreate(t: CivTable, seat: int) -> bool:
    """`birth_places` is not empty: stops at the first territory with an open encampment."""
    if not t.tribes[seat]:
        return False
    terrs = territories_of(t, seat) or range(TERRITORIES)  # none: the seat has no tribe out
    enc_seat = t.enc_seat
    if any(x not in _WATER and any(enc_seat[e] != -2 for e in ENC_OF[x]) for x in terrs):
        return True
    return any(t.boat_at[boat_index(seat, b)] >= 0
               and t.boat_strong[boat_index(seat, b)] + t.boat_weak[boat_index(seat, b)] == 1
               for b in (0, 1))


def _procreate_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    """First the territory (or boat), then, in PROCREATE_AT, the encampment."""
    spots = birth_places(t, seat)
    terrs = sorted({board.C.encampment_territory[p] for p in spots if p < ENCAMPMENTS})
    return [territory_choice(x, "Procreate in") for x in terrs] + [
        place_option(p, "New tribe on") for p in spots if p >= ENCAMPMENTS]


def _procreate(state: CState, seat: int, option: Option, arg: int) -> int:
    if picked(option)[0] == "territory":
        push_target(state.table, seat, PROCREATE_AT, picked(option)[1])
        return -1
    return _born(state, seat, option, arg)


def _at_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [place_option(p, "New tribe on") for p in birth_places(t, seat)
            if p < ENCAMPMENTS and board.C.encampment_territory[p] == arg]


def _born(state: CState, seat: int, option: Option, arg: int) -> int:
    born_at(state, seat, place_of(option))
    return -1


def born_at(state: CState, seat: int, where: int) -> None:
    """A new tribe from the supply on an encampment (settling there) or a boat."""
    t = state.table
    t.tribes[seat] -= 1
    if where < ENCAMPMENTS:
        settle(state, seat, where, 1)
    else:
        put(t, seat, where, 1)
    fire(t, seat, Trigger.PROCREATE)
    if state.keeps_log:  # a search's world has no log: skip building the text
        words, marks = place_words(t, seat, where)
        state.log(seat, "procreate", f"Player {seat + 1} procreates: a new tribe on {words}",
                  {"at": where, **marks})


PROCREATE = 22
PROCREATE_AT = 26


# ---------------------------------------------------------------- strengthening

def _strengthen_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [place_option(p, "Stand up the tribe on") for p in places(t, seat, 0)]


def _strengthen(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    where = place_of(option)
    take(t, seat, where, 0)
    put(t, seat, where, 1)
    return -1


STRENGTHEN = 23


# ---------------------------------------------------------------- removal, Deus ex machina

def _remove_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [place_option(p, "Remove a tribe (a lying one first) from")
            for p in places(t, seat, None)]


def _remove(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    where = place_of(option)
    strong = 0 if where in places(t, seat, 0) else 1  # a lying tribe goes first
    if t.favor[seat] > 0:
        t.pending.append(DeusExMachina(S_DEUS_EX_MACHINA, seat=seat, place=where,
                                       strong=strong))
    else:
        remove(t, seat, where, strong)
    return -1


def ask_deus_ex_machina(t: CivTable, step: DeusExMachina) -> tuple[str, list[Option]]:
    """Remove the tribe, or save it for 1 Favor (Deus ex machina)."""
    return "Deus ex machina: remove the tribe, or save it for 1 Favor?", [
        opt("branch", 0, "remove", "Remove it"),
        opt("branch", 1, "deus_ex_machina", "Deus ex machina: save it (Favor -1)")]


def answer_deus_ex_machina(state: CState, step: DeusExMachina, option: Option) -> None:
    if picked(option)[1] == 1:
        state.table.favor[step.seat] -= 1
    else:
        remove(state.table, step.seat, step.place, step.strong)


REMOVE = 24


# ---------------------------------------------------------------- placing tribes (cards)

def _place_terrs(t: CivTable, seat: int) -> list[int]:
    return [x for x in my_territories(t, seat) if free_encampments(t, x)] if t.tribes[seat] \
        else []


def ask_place(t: CivTable, step: PlaceNewTribes) -> tuple[str, list[Option]]:
    return "Place the new tribes in which of your territories?", _place_options(t, step.seat)


def _place_options(t: CivTable, seat: int) -> list[Option]:

    return [opt("territory", x, f"territory:{board.C.territories[x].id}", name(x))
            for x in _place_terrs(t, seat)]


def answer_place(state: CState, step: PlaceNewTribes, option: Option) -> None:
    t = state.table
    seat = step.seat
    terr = picked(option)[1]
    for enc in free_encampments(t, terr)[:step.tribes]:
        if not t.tribes[seat]:
            break
        t.tribes[seat] -= 1
        settle(state, seat, enc, 0 if step.weak else 1)


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        MIGRATE, "migrate", "Perform a migration: which upright tribe?", _migrate_options, _migrate
    ),
    Action(PROCREATE, "procreate", "Perform a procreation: where?", _procreate_options, _procreate),
    Action(PROCREATE_AT, "procreate_at", "On which encampment?", _at_options, _born),
    Action(
        STRENGTHEN, "strengthen", "Strengthen which weak tribe?", _strengthen_options, _strengthen
    ),
    Action(REMOVE, "remove_tribe", "Remove one of your tribes: which?", _remove_options, _remove),
)

# How each effect type of this family is checked and carried out (rules/vocabulary.py).
EFFECTS: dict[type[Any], EffectRule] = {
    fx.Migrate: EffectRule(
        lambda t, s, e: _can_migrate(t, s),
        lambda state, s, e: push_repeat(state.table, s, MIGRATE, e.count, e.count),
    ),
    fx.Procreate: EffectRule(
        lambda t, s, e: _can_procreate(t, s),
        lambda state, s, e: push_repeat(state.table, s, PROCREATE, e.count),
    ),
    fx.Strengthen: EffectRule(
        lambda t, s, e: bool(places(t, s, 0)),
        lambda state, s, e: push_repeat(state.table, s, STRENGTHEN, e.count),
    ),
    fx.RemoveTribe: EffectRule(
        lambda t, s, e: has_tribes(t, s),
        lambda state, s, e: push_target(state.table, s, REMOVE, -1, e.count),
    ),
    fx.PlaceTribes: EffectRule(
        lambda t, s, e: bool(_place_terrs(t, s)),
        lambda state, s, e: state.table.pending.append(PlaceNewTribes(
            S_PLACE_NEW_TRIBES, seat=s, tribes=e.count, weak=int(e.weak))),
    ),
}
