"""Summary section "Bonus Tokens": 2/3/4, Coffee, Chocolate, Star, Ribbons and the '1' back."""

from __future__ import annotations

import pytest

from ingenium.engine import IllegalMove
from ingenium.games.legendary_inventors.rules.scoring import breakdown
from tests.games.legendary_inventors.scenario import (
    INVENTION,
    display,
    get_levels,
    give,
    held,
    ids,
    inventor_slug,
    levels,
    new,
    own,
    use,
)

AGE1 = ["wheel", "sundial", "writing", "fire", "bow", "sail"]


def all_levels(state, seat, value):  # type: ignore[no-untyped-def]
    for inventor in range(4):
        levels(state, seat, inventor, [value] * 4)


def test_bonus_tokens_upgrades_must_be_sequential() -> None:
    state = new(3)
    all_levels(state, 0, 2)
    levels(state, 0, 1, [1, 2, 3, 4])
    give(state, 0, "up3")
    give(state, 0, "up4")
    assert "token:up3" in ids(state) and "token:up4" in ids(state)
    state.apply("token:up4")  # a 4 goes only on a 3
    slug = inventor_slug(state, 0, 1)
    assert ids(state) == [f"target:inventor={slug}:type=mechanics"]
    state.apply(f"target:inventor={slug}:type=mechanics")
    assert get_levels(state, 0, 1) == [1, 2, 4, 4]
    state.apply("token:up3")  # a 3 goes on any 2
    targets = ids(state)
    assert f"target:inventor={slug}:type=chemistry" in targets
    assert f"target:inventor={slug}:type=physics" not in targets  # a 1 needs the 2 first
    with pytest.raises(IllegalMove):
        state.apply(f"target:inventor={slug}:type=physics")
    assert held(state, 0, "up3") == 1  # nothing spent until a target is chosen
    state.apply(f"target:inventor={slug}:type=chemistry")
    assert held(state, 0, "up3") == 0
    assert state.table.current == 0  # playing tokens is not the turn's action


def test_bonus_tokens_no_upgrade_offered_without_a_level_below_it() -> None:
    state = new(3)
    all_levels(state, 0, 1)
    give(state, 0, "up4")
    assert "token:up4" not in ids(state)


def test_bonus_tokens_every_token_has_a_one_on_its_back_for_blank_knowledge() -> None:
    state = new(3)
    all_levels(state, 0, 1)
    levels(state, 0, 2, [0, 1, 1, 1])
    give(state, 0, "ribbon3")
    state.apply("back:ribbon3")
    slug = inventor_slug(state, 0, 2)
    assert ids(state) == [f"target:inventor={slug}:type=physics"]
    state.apply(f"target:inventor={slug}:type=physics")
    assert get_levels(state, 0, 2) == [1, 1, 1, 1]
    assert held(state, 0, "ribbon3") == 0  # the ribbon's points are given up


def test_bonus_tokens_back_side_needs_a_blank_knowledge() -> None:
    state = new(3)
    all_levels(state, 0, 1)
    give(state, 0, "coffee")
    assert not [i for i in ids(state) if i.startswith("back:")]


def test_bonus_tokens_coffee_refreshes_for_free_and_the_player_still_acts() -> None:
    state = new(2)
    display(state, AGE1[:5])
    state.table.used[0:4] = [1, 1, 1, 1]
    give(state, 0, "coffee")
    all_levels(state, 0, 1)  # no blank: the '1' back has no use here
    assert sorted(ids(state)) == ["coffee", "refresh"]
    state.apply("coffee")
    assert state.table.used[0:4] == [0, 0, 0, 0]
    assert state.table.current == 0 and any(i.startswith("use:") for i in ids(state))


def test_bonus_tokens_chocolate_adds_two_cubes_on_the_same_invention_any_type() -> None:
    state = new(3)
    display(state, AGE1)
    levels(state, 0, 0, [0, 0, 1, 0])
    give(state, 0, "chocolate")
    state.apply("chocolate")
    assert "refresh" not in ids(state)  # the cubes go with an inventor's this turn
    use(state, 0, "wheel")  # wheel: P1 M3 Ma2; the inventor adds 1 mechanics
    assert state.decision is not None and state.decision.kind == "chocolate"
    assert sorted(ids(state)) == ["place:type=mathematics", "place:type=mechanics",
                                  "place:type=physics"]
    state.apply("place:type=physics")
    assert sorted(ids(state)) == ["place:type=mathematics", "place:type=mechanics"]  # P full
    state.apply("place:type=mathematics")
    wheel = INVENTION["wheel"]
    assert state.table.filled[wheel * 4:wheel * 4 + 4] == [1, 0, 1, 1]
    assert state.table.cubes[wheel * 5] == 3
    assert state.table.current == 1


def test_bonus_tokens_chocolate_works_even_where_the_inventor_adds_nothing() -> None:
    state = new(3)
    display(state, AGE1)
    levels(state, 0, 0, [0, 2, 0, 0])  # chemistry: wheel needs none
    give(state, 0, "chocolate")
    state.apply("chocolate")
    state.apply(f"use:inventor={inventor_slug(state, 0, 0)}")
    assert "invent:invention=wheel" in ids(state)
    state.apply("invent:invention=wheel")
    state.apply("place:type=mechanics")
    state.apply("place:type=mechanics")
    wheel = INVENTION["wheel"]
    assert state.table.cubes[wheel * 5] == 2


def test_bonus_tokens_star_fills_a_gap_in_a_card_run() -> None:
    state = new(3)
    own(state, 0, ["stone-axe", "wheel", "flute"])  # 0, 1, 3
    assert breakdown(state.table, 0)["runs"] == 1
    give(state, 0, "star")
    assert breakdown(state.table, 0)["runs"] == 3  # 0, 1, star as 2, 3


def test_bonus_tokens_ribbons_give_one_two_or_three_points() -> None:
    state = new(3)
    give(state, 0, "ribbon1")
    give(state, 0, "ribbon2")
    give(state, 0, "ribbon3", 2)
    assert breakdown(state.table, 0)["ribbons"] == 9
