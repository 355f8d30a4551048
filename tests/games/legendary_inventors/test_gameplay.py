"""Summary sections "Basics" and "Gameplay": teams, using inventors, refreshing, completion."""

from __future__ import annotations

import pytest

from ingenium.engine import IllegalMove
from ingenium.games.legendary_inventors.table import COMPLETED
from tests.games.legendary_inventors.scenario import (
    INVENTION,
    C,
    display,
    fill,
    get_levels,
    held,
    ids,
    inventor_slug,
    levels,
    new,
    use,
)


def test_basics_each_player_gets_a_random_team_of_four_with_two_knowledge_each() -> None:
    teams = set()
    for seed in range(20):
        state = new(5, seed)
        t = state.table
        assert sorted(t.team) == list(range(5))  # five teams, one each, none shared
        teams.add(tuple(t.team))
        for seat in range(5):
            for inventor in range(4):
                assert sum(get_levels(state, seat, inventor)) == 2
    assert len(teams) > 5  # dealt at random


def test_basics_first_age_starts_with_players_plus_three_inventions() -> None:
    for players in range(2, 6):
        t = new(players, 1).table
        assert len(t.display) == players + 3
        assert all(C.inventions[i].age == 1 for i in t.display)
        assert all(t.bonus[i * 2] >= 0 and t.bonus[i * 2 + 1] >= 0 for i in t.display)


def test_gameplay_step1_using_an_inventor_prevents_reuse_until_refresh() -> None:
    state = new(3)
    display(state, ["wheel", "sundial", "writing", "fire", "bow", "sail"])
    levels(state, 0, 0, [1, 0, 1, 0])
    use(state, 0, "wheel")
    assert state.table.used[0] == 1
    for _ in range(2):  # the other two players refresh (nothing used yet? use instead)
        seat = state.table.current
        state.apply(next(i for i in ids(state) if i.startswith("use:")))
        state.apply(next(i for i in ids(state) if i.startswith("invent:")))
        assert state.table.current != seat
    assert state.table.current == 0
    assert f"use:inventor={inventor_slug(state, 0, 0)}" not in ids(state)
    with pytest.raises(IllegalMove):
        state.apply(f"use:inventor={inventor_slug(state, 0, 0)}")


def test_gameplay_step2_cubes_follow_the_inventors_levels_and_the_inventions_needs() -> None:
    state = new(3)
    display(state, ["wheel", "sundial", "writing", "fire", "bow", "sail"])  # wheel: P1 C0 M3 Ma2
    levels(state, 0, 0, [3, 2, 2, 0])
    use(state, 0, "wheel")
    t = state.table
    wheel = INVENTION["wheel"]
    # physics capped at the 1 square, chemistry not needed, mechanics 2 of 3, no mathematics
    assert t.filled[wheel * 4:wheel * 4 + 4] == [1, 0, 2, 0]
    assert t.cubes[wheel * 5 + 0] == 3


def test_gameplay_step2_only_inventions_where_the_inventor_adds_knowledge_are_offered() -> None:
    state = new(3)
    display(state, ["wheel", "sundial", "writing", "fire", "bow", "sail"])
    levels(state, 0, 0, [0, 2, 0, 0])  # chemistry only: of these, fire and writing need it
    state.apply(f"use:inventor={inventor_slug(state, 0, 0)}")
    assert sorted(ids(state)) == ["invent:invention=fire", "invent:invention=writing"]


def test_gameplay_refresh_may_be_done_at_any_time_once_an_inventor_is_used() -> None:
    state = new(3)
    assert "refresh" not in ids(state)  # nothing to refresh: would be a pass
    display(state, ["wheel", "sundial", "writing", "fire", "bow", "sail"])
    levels(state, 0, 0, [1, 1, 1, 1])
    use(state, 0, "wheel")
    for _ in range(2):
        state.apply(next(i for i in ids(state) if i.startswith("use:")))
        state.apply(next(i for i in ids(state) if i.startswith("invent:")))
    assert "refresh" in ids(state)
    state.apply("refresh")
    assert state.table.used[0:4] == [0, 0, 0, 0]
    assert state.table.current == 1  # refreshing is the whole turn


def test_gameplay_refresh_is_forced_when_all_four_inventors_are_used() -> None:
    state = new(2)
    state.table.used[0:4] = [1, 1, 1, 1]
    state.invalidate()
    assert ids(state) == ["refresh"]


def test_gameplay_step3_completion_top_three_choose_in_order_of_knowledge() -> None:
    state = new(4)
    display(state, ["bow", "wheel", "sundial", "writing", "fire", "sail", "flute"],
            bonus=[("coffee", "ribbon3")] * 7)  # bow needs P1 M2 Ma1
    fill(state, "bow", 1, [0, 0, 2, 0])
    fill(state, "bow", 2, [0, 0, 0, 1])
    levels(state, 0, 0, [1, 0, 0, 0])
    use(state, 0, "bow")  # seat 0 completes with 1 cube: order 1 (2 cubes), then 0 and 2 tied
    bow = INVENTION["bow"]
    assert state.table.status[bow] == COMPLETED
    assert state.decision is not None and state.decision.seat == 1
    assert sorted(ids(state)) == ["bonus:card", "bonus:slot=0", "bonus:slot=1"]
    state.apply("bonus:card")
    assert state.table.owner[bow] == 1
    assert state.decision.seat == 0  # tie between 0 and 2: clockwise from the finisher (0)
    state.apply("bonus:slot=1")
    assert held(state, 0, "ribbon3") == 1
    assert state.decision.seat == 2
    assert ids(state) == ["bonus:slot=0"]
    state.apply("bonus:slot=0")
    assert held(state, 2, "coffee") == 1
    assert state.table.current == 1  # the finisher's turn is over
    assert sum(state.table.cubes[bow * 5:bow * 5 + 5]) == 0  # cubes went home


def test_gameplay_step3_ties_go_clockwise_from_the_player_who_finished() -> None:
    state = new(4)
    display(state, ["bow", "wheel", "sundial", "writing", "fire", "sail", "flute"])
    fill(state, "bow", 3, [0, 0, 1, 0])
    fill(state, "bow", 1, [0, 0, 1, 0])
    fill(state, "bow", 0, [0, 0, 0, 1])
    state.table.current = 2
    levels(state, 2, 0, [1, 0, 0, 0])
    use(state, 0, "bow")  # everybody has 1 cube: order 2 (finisher), 3, 0; seat 1 is 4th
    order = []
    while state.decision is not None and state.decision.kind == "bonus":
        order.append(state.decision.seat)
        state.apply(state.decision.options[0])
    assert order == [2, 3, 0]


def test_gameplay_step3_fewer_than_three_contributors_leave_the_rest_unclaimed() -> None:
    state = new(3)
    display(state, ["bow", "wheel", "sundial", "writing", "fire", "sail"],
            bonus=[("chocolate", "star")] * 6)
    fill(state, "bow", 0, [0, 0, 2, 1])
    levels(state, 0, 0, [1, 0, 0, 0])
    use(state, 0, "bow")
    state.apply("bonus:slot=1")
    assert state.decision is not None and state.decision.kind == "turn"
    assert state.table.discarded[C.token("chocolate").id] == 1  # nobody left to take it
    assert state.table.owner[INVENTION["bow"]] == -1
