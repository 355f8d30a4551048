"""Module: Migration — crossing through (the same tribe for several migrations), a boat's seats
and stop, the Cave's "no going back", displacement and the rest of the Additional rules."""

from __future__ import annotations

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.rules.tribes import adjacent
from ingenium.games.civolution.table import P

from .scenario import CState, answer, clear_continent, do, ids, new, put_tribe


def _coast(state: CState) -> tuple[int, int]:
    """(a Water territory, a land territory next to it) of this layout."""
    t = state.table
    for water in board.WATER:
        land = [x for x in sorted(adjacent(t, water)) if C.territories[x].land]
        if land:
            return water, land[0]
    raise AssertionError("no coast")


def _start(state: CState, tid: str, count: int) -> int:
    """A strong tribe of player 1 alone in `tid`, then Migrate(count) up to its first question."""
    clear_continent(state)
    enc = put_tribe(state, 0, tid)
    do(state, 0, fx.Migrate(count))
    answer(state, f"encampment:{C.encampments[enc].id}")
    return enc


def _territories_offered(state: CState) -> set[int]:
    out = set()
    for o in ids(state):
        kind, _, name = o.partition(":")
        if kind in ("territory", "cross"):
            out.add(C.territory_index[name])
        elif kind == "encampment":
            out.add(next(C.encampment_territory[e] for e, rec in enumerate(C.encampments)
                         if rec.id == name))
    return out


def test_migration_crossing_through_never_goes_back_to_the_territory_it_came_from() -> None:
    state = new(2, seed=2)
    origin = C.territory_index["b2"]
    _start(state, "b2", 2)
    cross = next(o for o in ids(state) if o.startswith("cross:"))
    answer(state, cross)
    assert origin not in _territories_offered(state)  # "no going back"
    assert state.table.transit_path[0] == 1 << origin | 1 << C.territory_index[cross[6:]]


def test_migration_crossing_through_water_needs_your_own_boat_with_a_free_seat() -> None:
    state = new(2, seed=2)
    t = state.table
    water, land = _coast(state)
    tid = C.territories[land].id
    _start(state, tid, 2)
    assert f"cross:{C.territories[water].id}" not in ids(state)  # no boat there
    t.boat_at[0] = water
    t.boat_strong[2] = 0  # player 2's boats are not player 1's
    state.invalidate()
    assert f"cross:{C.territories[water].id}" in ids(state)
    t.boat_strong[0], t.boat_weak[0] = 1, 1  # both seats taken
    t.tribes[0] -= 2
    state.invalidate()
    assert f"cross:{C.territories[water].id}" not in ids(state)
    assert "boat:1" not in ids(state)  # a full boat takes no migrating tribe either


def test_migration_onto_your_boat_then_on_from_the_boat() -> None:
    state = new(2, seed=2)
    t = state.table
    water, land = _coast(state)
    clear_continent(state)
    enc = put_tribe(state, 0, C.territories[land].id)
    t.boat_at[0] = water
    t.boat_at[2] = water  # player 2's boat there too: tribes only board their own colour
    do(state, 0, fx.Migrate(1))
    answer(state, f"encampment:{C.encampments[enc].id}")
    assert "boat:1" in ids(state) and "boat:2" not in ids(state)
    answer(state, "boat:1")
    assert t.boat_strong[0] == 1 and t.enc_seat[enc] < 0
    do(state, 0, fx.Migrate(1))
    answer(state, "boat:1")  # "Strong tribes can migrate from boats" to adjacent territories
    assert _territories_offered(state) <= set(adjacent(t, water))


def test_migration_displacement_keeps_the_displaced_state_and_weakens_the_newcomer() -> None:
    state = new(2, seed=2)
    t = state.table
    clear_continent(state)
    dest = next(x for x in sorted(adjacent(t, C.territory_index["b2"]))
                if C.territories[x].land)
    weak = put_tribe(state, 1, C.territories[dest].id, strong=0)
    mine = put_tribe(state, 0, "b2")
    do(state, 0, fx.Migrate(1))
    answer(state, f"encampment:{C.encampments[mine].id}",
           f"territory:{C.territories[dest].id}", f"encampment:{C.encampments[weak].id}")
    assert t.enc_seat[weak] == 0 and t.enc_strong[weak] == 0  # the newcomer lies down
    assert t.wild_weak[dest * P + 1] == 1  # the displaced tribe stays weak, in the wilderness


def test_migration_caves_make_all_their_neighbours_adjacent_to_one_another() -> None:
    state = new(2, seed=2)
    t = state.table
    near = board.RECESS_TERRITORIES
    first, second = next((r1, r2) for r1 in range(len(near)) for r2 in range(len(near))
                         if not set(near[r2]) & (set(adjacent(t, near[r1][0])) | {near[r1][0]}))
    x, y = near[first][0], near[second][0]
    assert y not in adjacent(t, x)
    for recess in (first, second):
        cave = next(i for i in t.site_pool if C.sites[i].type.value == "cave")
        t.site_pool.remove(cave)
        t.recess_site[recess] = cave
    assert y in adjacent(t, x) and x in adjacent(t, y)  # "adjacent to any Cave"
    assert x not in adjacent(t, x)  # never within the same territory
