"""Phases 1-3 and 5-8 (rulebook: How to Play and each phase's section)."""

from __future__ import annotations

from ingenium.games.civolution import board, machine
from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.rules import event_phase, new_cards, sites
from ingenium.games.civolution.steps import Auto, ExtraFind, Feed, NewGoal
from ingenium.games.civolution.table import EMPTY, CoveredGoal, P

from .scenario import CState, answer, clear_continent, ids, new, push, put_tribe, territory


def test_phase1_new_cards_reveal_the_event_and_one_card_per_research_deck() -> None:
    state = new(2)
    t = state.table
    up = list(t.face_up)
    new_cards.begin(state)
    assert len(t.face_up) == len(up) + 5 and len(t.event_stack) == len(C.events) - 2


def test_phase2_new_goals_take_one_in_seating_order_then_refill() -> None:
    state = new(3)
    t = state.table
    order = [(t.starting + i) % 3 for i in range(3)]
    assert state.decision is not None and state.decision.seat == order[0]
    answer(state, ids(state)[0])
    answer(state, ids(state)[0])
    assert EMPTY in t.goal_display  # no refill before everybody had the opportunity
    assert state.decision is not None and state.decision.seat == order[1]
    answer(state, "done", "done")
    assert EMPTY not in t.goal_display  # refilled after all


def test_phase2_new_goals_full_goal_area_covers_a_chip() -> None:
    state = new(2)
    t = state.table
    t.goal_area[0:3] = [0, 1, 2]
    push(state, NewGoal, 0, -1)
    answer(state, ids(state)[0])
    assert ids(state) == ["goal_space:1", "goal_space:2", "goal_space:3"]
    answer(state, "goal_space:2")
    assert t.goal_under == [CoveredGoal(seat=0, space=1, chip=1)]


def test_phase3_extra_find_stores_a_material_of_the_territory_type() -> None:
    state = new(2)
    t = state.table
    push(state, ExtraFind, 0, -1)
    assert ids(state) == ["terrain:forest", "terrain:grassland"]
    answer(state, "terrain:forest")
    assert ids(state) == ["material:wood", "material:beeswax", "material:oil"]
    answer(state, "material:oil")
    assert t.storage[0 * 18 + C.material_index["oil"]] == 1  # type: ignore[index]


def _site(state, type_name: str, recess: int) -> None:  # type: ignore[no-untyped-def]
    t = state.table
    site = next(i for i, s in enumerate(C.sites) if s.type.value == type_name)
    t.site_pool.remove(site)
    t.recess_site[recess] = site


def _site_phase(state: CState) -> None:
    """Phase 5 on its own: its steps, up to its first question (if any)."""
    state.table.pending = []
    sites.begin(state)
    machine.run(state)
    state.invalidate()


def test_phase5_site_phase_gorge_takes_one_food_from_neighbours() -> None:
    state = new(2)
    t = state.table
    r = next(i for i, ts in enumerate(board.RECESS_TERRITORIES) if territory("b2") in ts)
    _site(state, "gorge_of_the_grimwolves", r)
    t.food[0], t.food[1] = 2, 0
    sites.begin(state)
    assert (t.food[0], t.food[1]) == (1, 0)  # no food: exempt


def test_phase5_site_phase_glacier_weakens_one_strong_tribe() -> None:
    state = new(2)
    t = state.table
    r = next(i for i, ts in enumerate(board.RECESS_TERRITORIES) if territory("c3") in ts)
    _site(state, "glacier", r)
    _site_phase(state)
    for seat in (0, 1):
        enc = next(e for e in board.ENC_OF[territory("c3")] if t.enc_seat[e] == seat)
        assert t.enc_strong[enc] == 0


def test_phase5_site_phase_mystic_oak_scores_adjacent_territories() -> None:
    state = new(2)
    t = state.table
    r = next(i for i, ts in enumerate(board.RECESS_TERRITORIES) if ts == (territory("c3"),)
             or territory("c3") in ts)
    _site(state, "mystic_oak", r)
    before = list(t.score)
    _site_phase(state)
    near = board.RECESS_TERRITORIES[r]
    expected = sum(2 if board.TERRAIN[x].value in ("water", "swamp", "desert") else 1
                   for x in near if x in (territory("c3"), territory("b2")))
    assert t.score[0] - before[0] == expected


def test_phase6_feeding_wilderness_tribe_needs_two_food() -> None:
    state = new(2)
    t = state.table
    clear_continent(state)
    put_tribe(state, 0, "d3", wild=True)
    t.food[0] = 1
    push(state, Feed, 0, 0, 0, 0)
    assert ids(state)[0] == "unfed"  # 1 food cannot feed a wilderness tribe (2 needed)
    t.food[0] = 2
    state.invalidate()
    assert ids(state)[0] == "feed:2"


def test_phase6_feeding_farm_feeds_encampments_and_halves_the_wilderness() -> None:
    state = new(2)
    t = state.table
    clear_continent(state)
    put_tribe(state, 0, "d3")
    put_tribe(state, 0, "d3", wild=True)
    t.farm[territory("d3")] = 0
    t.food[0] = 1
    push(state, Feed, 0, 0, 0, 0)
    assert ids(state) == ["feed:1", "unfed"]  # only the wilderness tribe is asked about
    answer(state, "feed:1")
    assert t.food[0] == 0


def test_phase6_feeding_all_tribes_at_once_when_the_food_suffices() -> None:
    """Phase 6 A: "For each tribe, decide whether to pay": with food for every tribe, one
    answer feeds them all (1 on an encampment, 2 in the wilderness)."""
    state = new(2)
    t = state.table
    clear_continent(state)
    put_tribe(state, 0, "d3")
    put_tribe(state, 0, "c3")
    put_tribe(state, 0, "d3", wild=True)
    t.food[0] = 4
    push(state, Feed, 0, 0, 0, 0)
    assert ids(state) == ["feed:all", "feed:1", "unfed"]
    assert state.decision is not None
    assert state.decision.options[0].label == "Feed all 3 tribes still to feed (4 food)"
    supply = t.supply[0]
    answer(state, "feed:all")
    assert t.food[0] == 0 and t.supply[0] == supply + 4
    assert state.decision is None or state.decision.kind != "feed"
    t.food[0] = 3  # not enough for all: tribe by tribe
    push(state, Feed, 0, 0, 0, 0)
    assert "feed:all" not in ids(state)


def test_phase6_feeding_unfed_strong_lies_down_weak_dies() -> None:
    state = new(2)
    t = state.table
    clear_continent(state)
    enc = put_tribe(state, 0, "d3")
    t.food[0] = 0
    t.favor[0] = 0
    push(state, Feed, 0, 0, 0, 0)
    answer(state, "unfed")
    assert t.enc_strong[enc] == 0 and t.enc_seat[enc] == 0
    push(state, Feed, 0, 0, 0, 0)
    tribes = t.tribes[0]
    answer(state, "unfed")
    assert t.enc_seat[enc] < 0 and t.tribes[0] == tribes + 1


def test_phase6_feeding_deus_ex_machina_saves_a_dying_tribe() -> None:
    state = new(2)
    t = state.table
    clear_continent(state)
    enc = put_tribe(state, 0, "d3", strong=0)
    t.food[0] = 0
    t.favor[0] = 2
    push(state, Feed, 0, 0, 0, 0)
    answer(state, "deus_ex_machina")
    assert t.enc_seat[enc] == 0 and t.favor[0] == 1


def test_phase6_feeding_strong_tribes_score_one_point_each() -> None:
    state = new(2)
    t = state.table
    before = list(t.score)
    push(state, Auto, 1)
    assert [t.score[s] - before[s] for s in (0, 1)] == [2, 2]


def test_phase7_weather_beyond_the_white_line_returns_to_hot() -> None:
    state = new(2)
    t = state.table
    t.weather = 1  # Hot
    hot = next(i for i, e in enumerate(C.events) if e.weather == 2)
    t.event_up = hot
    event_phase.begin(state)
    assert K.weather[t.weather].id == "hot"


def test_phase7_negative_weather_must_be_carried_out() -> None:
    state = new(2)
    t = state.table
    t.weather = 2  # Warm, one step hotter is Hot: 1 food or 1 tribe
    t.event_up = next(i for i, e in enumerate(C.events) if e.weather == 1)
    t.pending = []
    event_phase.begin(state)
    machine.run(state)
    state.invalidate()
    assert "done" not in ids(state)


def test_phase7_era_scoring_then_monolith_to_the_most_points_ties_pass_on() -> None:
    state = new(3)
    t = state.table
    t.era_tiles[0] = 7  # Population
    t.starting = 0
    push(state, Auto, 3, 0)  # C and D
    # everybody has 2 tribes: a tie, the monolith passes to the next tied civilization
    assert t.starting == 1 and t.era_tiles[0] == -1
    assert t.score[0] == 5 * 2


def test_phase8_income_statues_hunting_tokens_and_reset_columns() -> None:
    state = new(2)
    t = state.table
    t.statues[0 * P + 0] = 2
    t.favor[0] = 5
    t.hunted[territory("b2")] = 1
    t.hunting_supply -= 1
    t.reset_marker[0:4] = [0, 0, 1, 1]
    before = t.score[0]
    push(state, Auto, 4, 0)
    assert t.score[0] - before == 2 * K.favor[5].statue_sp
    assert t.hunted[territory("b2")] == 0 and t.hunting_supply == 6
    assert t.reset_marker[0:4] == [1, 1, 1, 1]
