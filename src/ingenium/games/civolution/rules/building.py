"""Module: Building — the four building projects (farm, boat, statue, settlement) and the
Building grounds with their limits (The Sites: Volcano; Building ground).

Statue costs are data (`statue_cost` of the island territory and of each Building-ground site,
validated at load): 2 or 3 materials, one of which becomes the statue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution import board
from ingenium.games.civolution.board import TERRITORIES, C, K
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Project, Trigger, title
from ingenium.games.civolution.console import gain_markers
from ingenium.games.civolution.names import recess_touching
from ingenium.games.civolution.options import DONE, opt, picked, territory_option
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.rules.common import (
    adjacent_to_site,
    my_territories,
    territories_of,
    tribes_in,
)
from ingenium.games.civolution.rules.gains import ADVANCE_ANY
from ingenium.games.civolution.rules.improvements import FLIP_TILE
from ingenium.games.civolution.rules.interpreter import Action, EffectRule, push_repeat
from ingenium.games.civolution.rules.partition import push_gain_income_chip
from ingenium.games.civolution.rules.tribes import (
    BOAT,
    adjacent,
    neighbours,
    place_of,
    place_option,
    places,
    put,
    take,
    territory_of,
)
from ingenium.games.civolution.steps import (
    S_BUILD_PROJECTS,
    S_BUILD_WHERE,
    BuildProjects,
    BuildWhere,
)
from ingenium.games.civolution.table import (
    CivTable,
    boat_index,
    on_place,
    settlement_at,
    settlements_built,
    storage_at,
    stored,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

PROJECTS = (Project.FARM, Project.BOAT, Project.STATUE, Project.SETTLEMENT)
FARM, BOAT_PROJECT, STATUE, SETTLEMENT = range(4)  # indices of PROJECTS
M = C.material_index
ISLAND_COST = tuple(M[m] for m in C.territories[board.ISLAND_TERRITORY].statue_cost)
SITE_COST = tuple(tuple(M[m] for m in s.statue_cost) for s in C.sites)
BUILT = (Trigger.BUILD_FARM, Trigger.BUILD_BOAT, Trigger.BUILD_STATUE, Trigger.BUILD_SETTLEMENT)
WATER_TERRITORIES = frozenset(board.WATER)
SITE_GROUNDS = frozenset(i for i, s in enumerate(C.sites) if s.type.value == "building_ground")
# each settlement's building cost: (material, how many of it), each material once
SETTLEMENT_NEEDS = tuple(tuple((M[m], list(s.cost).count(m)) for m in dict.fromkeys(s.cost))
                         for s in K.settlements)


def grounds(t: CivTable) -> list[int]:
    """Building grounds on the continent: 0 the island, 1 + recess for revealed site ones
    (none revealed: found by one scan in C, the common case)."""
    if SITE_GROUNDS.isdisjoint(t.recess_site):
        return [0]
    return [0] + [1 + r for r, s in enumerate(t.recess_site) if s in SITE_GROUNDS]


def statue_cost(t: CivTable, ground: int) -> tuple[int, ...]:
    """The materials a statue on a ground may be made of."""
    if ground == 0:
        return ISLAND_COST
    return SITE_COST[t.recess_site[ground - 1]]


def may_build_on(t: CivTable, seat: int, ground: int, settlement: bool) -> bool:
    """(1) a tribe adjacent (the island: your boat there with a tribe); (2) at most two of
    your buildings on it, only one a settlement."""
    if ground == 0:
        boats = [boat_index(seat, b) for b in (0, 1)]
        ok = any(t.boat_at[at] == board.ISLAND_TERRITORY and t.boat_strong[at] + t.boat_weak[at]
                 for at in boats)
    else:
        ok = any(tribes_in(t, seat, x) for x in board.RECESS_TERRITORIES[ground - 1])
    at = on_place(ground, seat)
    mine = t.statues[at] + t.settled[at]
    return ok and mine < 2 and not (settlement and t.settled[at])


def farm_places(t: CivTable, seat: int) -> list[int]:
    """Land territories with your tribe, no farm, and no face-up Volcano adjacent."""
    if not t.farms_left[seat]:
        return []
    volcanic = {x for _, near in adjacent_to_site(t, "volcano") for x in near}
    return [x for x in my_territories(t, seat) if x not in WATER_TERRITORIES
            and t.farm[x] < 0 and x not in volcanic]


def boat_places(t: CivTable, seat: int) -> list[int]:
    """Water territories without your boat, adjacent to a territory with your tribe."""
    if all(t.boat_at[boat_index(seat, b)] >= 0 for b in (0, 1)):
        return []
    mine = territories_of(t, seat)
    have = {t.boat_at[boat_index(seat, b)] for b in (0, 1)}
    near = neighbours(t)
    return [w for w in board.WATER if w not in have and near[w] & mine]


def statue_places(t: CivTable, seat: int) -> list[int]:
    """Grounds where a statue can be built and paid for."""
    return [g for g in grounds(t) if may_build_on(t, seat, g, False)
            and any(t.storage[storage_at(seat, m)] for m in statue_cost(t, g))]


def settlement_slots(t: CivTable, seat: int) -> list[int]:
    """Settlements whose whole building cost is in storage (`SETTLEMENT_NEEDS`)."""
    store, built, first = stored(t, seat), t.settlement_built, settlement_at(seat, 0)
    slots = []
    for i, needs in enumerate(SETTLEMENT_NEEDS):
        if not built[first + i]:
            for material, count in needs:
                if store[material] < count:
                    break
            else:
                slots.append(i)
    return slots


def settlement_places(t: CivTable, seat: int) -> list[int]:
    """Grounds where a settlement can go (with one payable)."""
    if not settlement_slots(t, seat):
        return []
    return [g for g in grounds(t) if may_build_on(t, seat, g, True)]


PLACES = (farm_places, boat_places, statue_places, settlement_places)


def can_build(t: CivTable, seat: int) -> bool:
    """Some project has a place (any of PLACES answers): the seat's territories listed once
    for a farm and a boat, each question stopping at its first place."""
    mine = territories_of(t, seat)
    if t.farms_left[seat]:
        free = [x for x in mine if x not in WATER_TERRITORIES and t.farm[x] < 0]
        if free:
            volcanic = {x for _, near in adjacent_to_site(t, "volcano") for x in near}
            if any(x not in volcanic for x in free):
                return True
    first = boat_index(seat, 0)
    have = {t.boat_at[first], t.boat_at[first + 1]}
    if min(have) < 0:  # a boat still to build
        near = neighbours(t)
        if any(w not in have and near[w] & mine for w in board.WATER):
            return True
    return bool(settlement_places(t, seat)) or bool(statue_places(t, seat))


def ask_build(t: CivTable, step: BuildProjects) -> tuple[str, list[Option]]:
    """One more building project (any, or the first one's when `same`), or done."""
    kinds = range(4) if step.project < 0 else [step.project]
    options = [opt("branch", k, f"build:{PROJECTS[k].value}", f"Build a {PROJECTS[k].value}")
               for k in kinds if PLACES[k](t, step.seat)]
    return (f"Complete which building project? ({step.left} left)",
            [*options, DONE] if options else [])


def answer_build(state: CState, step: BuildProjects, option: Option) -> None:
    """Where the project goes is asked next; the next project waits beneath."""
    if option is DONE:
        return
    t = state.table
    at = len(t.pending)
    kind = picked(option)[1]
    t.pending.append(BuildWhere(S_BUILD_WHERE, seat=step.seat, project=kind, ground=-1))
    if step.left > 1:
        t.pending.insert(at, step._replace(left=step.left - 1,
                                           project=kind if step.same else -1))


def _ground_option(g: int) -> Option:
    where = "the island" if g == 0 else f"the Building ground touching {recess_touching(g - 1)}"
    return opt("ground", g, f"ground:{g}", f"On {where}")


def ask_where(t: CivTable, step: BuildWhere) -> tuple[str, list[Option]]:
    return "Where (and how)?", _where_options(t, step.seat, step.project, step.ground)


def _where_options(t: CivTable, seat: int, project: int, ground: int) -> list[Option]:
    if project in (FARM, BOAT_PROJECT):
        return [territory_option(x, "In") for x in PLACES[project](t, seat)]
    if ground < 0:
        grounds = statue_places if project == STATUE else settlement_places
        return [_ground_option(g) for g in grounds(t, seat)]
    if project == STATUE:
        return [opt("material", m, f"material:{C.materials[m].value}",
                    f"A statue of {title(C.materials[m])}")
                for m in statue_cost(t, ground) if t.storage[storage_at(seat, m)]]
    return [opt("branch", i, f"settlement:{i + 1}", f"Settlement {i + 1} (" + ", ".join(
        title(m) for m in K.settlements[i].cost) + ")") for i in settlement_slots(t, seat)]


def answer_where(state: CState, step: BuildWhere, option: Option) -> None:
    t = state.table
    seat, project, ground = step.seat, step.project, step.ground
    index = picked(option)[1]
    if project == FARM:
        t.farm[index] = seat
        t.farms_left[seat] -= 1
        gain_markers(t, seat, "idea", 1)
    elif project == BOAT_PROJECT:
        b = 0 if t.boat_at[boat_index(seat, 0)] < 0 else 1
        t.boat_at[boat_index(seat, b)] = index
        push_repeat(t, seat, BOARD_BOAT, 1, b)
    elif ground < 0:  # the ground is chosen; the statue's material or settlement comes next
        t.pending.append(step._replace(ground=index))
        return
    else:
        if project == STATUE:
            t.storage[storage_at(seat, index)] -= 1
            t.statues[on_place(ground, seat)] += 1
            push_repeat(t, seat, ADVANCE_ANY, 1, 1)  # "you may ... advance a disc 1 step"
        else:
            for m in K.settlements[index].cost:
                t.storage[storage_at(seat, M[m])] -= 1
                t.supply[seat] += 1
            t.settlement_built[settlement_at(seat, index)] = 1
            t.settled[on_place(ground, seat)] += 1
            if sum(settlements_built(t, seat)) == 4:
                push_repeat(t, seat, FLIP_TILE, 1)  # the fourth settlement: "you may" flip
            push_gain_income_chip(t, seat)
    fire(t, seat, BUILT[project])
    # the log names the project, and the Building ground of a statue or settlement (-1: none)
    state.log(seat, "build", f"Player {seat + 1} builds",
              {"building": PROJECTS[project].value, "ground": ground})


def _board_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    water = t.boat_at[boat_index(seat, arg)]
    return [place_option(p, "Move onto the boat from") for p in places(t, seat, 1)
            if p < BOAT and territory_of(t, seat, p) in adjacent(t, water)
            and territory_of(t, seat, p) < TERRITORIES]


def _board(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    take(t, seat, place_of(option), 1)
    put(t, seat, BOAT + arg, 1)
    return arg


BOARD_BOAT = 62


def _do_build(state: CState, seat: int, e: fx.Build) -> None:
    if e.count > 0:  # `same`: each the same project as the first (Building II)
        state.table.pending.append(BuildProjects(S_BUILD_PROJECTS, seat=seat, left=e.count,
                                                 same=int(e.same), project=-1))


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        BOARD_BOAT,
        "board_boat",
        "Move one of your strong tribes onto the new boat?",
        _board_options,
        _board,
    ),
)

# How each effect type of this family is checked and carried out (rules/vocabulary.py).
EFFECTS: dict[type[Any], EffectRule] = {
    fx.Build: EffectRule(lambda t, s, e: can_build(t, s), _do_build),
}
