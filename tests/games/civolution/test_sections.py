"""Rulebook sections not covered elsewhere: Build a statue (its ground's materials, the track
step), the Building-ground limits, the Volcano, the Mushroom valley, Exploration level II,
the progress tracks beyond space 12 and the Favor of Agera track's last space."""

from __future__ import annotations

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Project
from ingenium.games.civolution.console import FAVOR_TOP, advance_favor, advance_track
from ingenium.games.civolution.rules import building
from ingenium.games.civolution.rules.exploration import reveal_site
from ingenium.games.civolution.rules.materials import HUNTING
from ingenium.games.civolution.table import P

from .scenario import CState, answer, clear_continent, do, ids, new, put_tribe, territory


def _on_the_island(state: CState, seat: int = 0) -> None:
    """A boat of `seat` with a tribe in the large Water territory (the island ground)."""
    t = state.table
    t.boat_at[seat * 2] = board.ISLAND_TERRITORY
    t.boat_strong[seat * 2] = 1
    t.tribes[seat] -= 1
    state.invalidate()


def test_build_a_statue_from_one_of_its_grounds_materials_then_a_track_step() -> None:
    state = new(2)
    t = state.table
    _on_the_island(state)
    stone = building.ISLAND_COST[0]
    t.storage[0:18] = [0] * 18
    t.storage[stone] = 1
    do(state, 0, fx.Build(Project.ANY, 1))
    answer(state, "build:statue", "ground:0")
    assert ids(state) == [f"material:{C.materials[stone].value}"]  # only what is stored
    answer(state, ids(state)[0])
    assert t.statues[0 * P + 0] == 1 and t.storage[stone] == 0
    assert "done" in ids(state)  # "you may immediately advance a disc ... 1 step"
    answer(state, "track:technology")
    assert t.track[0] == 1


def test_building_grounds_two_buildings_each_only_one_a_settlement() -> None:
    state = new(2)
    t = state.table
    _on_the_island(state)
    assert building.may_build_on(t, 0, 0, True)
    t.settled[0 * P + 0] = 1
    assert building.may_build_on(t, 0, 0, False) and not building.may_build_on(t, 0, 0, True)
    t.statues[0 * P + 0] = 1
    assert not building.may_build_on(t, 0, 0, False)  # two already
    assert not building.may_build_on(t, 1, 0, False)  # no boat with a tribe there


def test_the_sites_volcano_returns_adjacent_farms_and_forbids_new_ones() -> None:
    state = new(2)
    t = state.table
    r = next(i for i, ts in enumerate(board.RECESS_TERRITORIES) if territory("c3") in ts)
    volcano = next(i for i in t.site_pool if C.sites[i].type.value == "volcano")
    t.farm[territory("c3")] = 0
    t.farms_left[0] = 2
    t.site_pool = [volcano]
    reveal_site(state, 1, r)
    assert t.farm[territory("c3")] == -1 and t.farms_left[0] == 3
    assert territory("c3") not in building.farm_places(t, 0)


def test_the_sites_mushroom_valley_adds_a_food_to_a_hunt_next_to_it() -> None:
    state = new(2)
    t = state.table
    clear_continent(state)
    put_tribe(state, 0, "c3")
    r = next(i for i, ts in enumerate(board.RECESS_TERRITORIES) if territory("c3") in ts)
    valley = next(i for i in t.site_pool if C.sites[i].type.value == "mushroom_valley")
    t.site_pool.remove(valley)
    t.recess_site[r] = valley
    t.ideas[0] = 0
    do(state, 0, fx.Hunt(1))
    answer(state, "territory:c3")
    use = ids(state)[0]  # "use:<value>:ideas=0"
    value = int(use.split(":")[1])
    food = t.food[0]
    answer(state, use)
    column = HUNTING[board.TERRAINS.index(board.TERRAIN[territory("c3")])]
    assert t.food[0] - food == column[value - 1] + 1


def test_exploration_level_2_reveals_one_more_site_anywhere_and_2_sp() -> None:
    state = new(2)
    t = state.table
    score = t.score[0]
    do(state, 0, fx.Explore(1, 2))
    answer(state, "territory:b2")
    near = sum(C.sites[s].sp for s in t.recess_site if s >= 0)
    assert t.score[0] == score + near + 2
    assert ids(state) and all(o.startswith("recess:") for o in ids(state))
    answer(state, ids(state)[0])
    assert sum(1 for s in t.recess_site if s >= 0) >= 2


def test_progress_tracks_beyond_space_12_two_sp_per_step_and_favor_last_space() -> None:
    state = new(2)
    t = state.table
    t.track[0] = 11
    score = t.score[0]
    advance_track(t, 0, 0, 3)
    assert t.track[0] == 12 and t.score[0] == score + 2 * 2
    t.favor[0] = FAVOR_TOP
    advance_favor(t, 0)
    assert t.favor[0] == FAVOR_TOP  # "you must forgo that bonus"


def test_planning_level_3_gain_and_or_install_a_goal_chip_either_may_be_left() -> None:
    from ingenium.games.civolution.components.icons import Installable, Resource

    state = new(2)
    t = state.table
    do(state, 0, fx.InAnyOrder(((fx.Gain(Resource.GOAL_CHIP),),
                                (fx.Install(Installable.GOAL_CHIP),))))
    options = ids(state)
    if options and options[0].startswith("first:"):  # both parts possible: which first
        answer(state, "first:1")
        options = ids(state)
    assert options[-1] == "done" and any(o.startswith("goal:") for o in options)
    area = list(t.goal_area[0:3])
    answer(state, "done")  # "and/or": no goal chip gained
    assert t.goal_area[0:3] == area
