"""Summary sections on ages, the end of the game and "Scoring" (all four sources)."""

from __future__ import annotations

import random

from ingenium.games.legendary_inventors.rules.scoring import best_runs, breakdown
from ingenium.games.legendary_inventors.table import COMPLETED, DISCARDED, OVER
from tests.games.legendary_inventors.scenario import (
    INVENTION,
    C,
    display,
    fill,
    give,
    ids,
    levels,
    new,
    own,
    use,
)


def finish_all_but(state, keep: str) -> None:  # type: ignore[no-untyped-def]
    """Mark every invention in play but one complete (their bonuses already taken)."""
    t = state.table
    for inv in t.display:
        if inv != INVENTION[keep]:
            t.status[inv] = COMPLETED
            t.bonus[inv * 2:inv * 2 + 2] = [-1, -1]
    state.invalidate()


def test_ages_two_players_play_five_inventions_and_the_age_ends_at_four() -> None:
    state = new(2)
    assert len(state.table.display) == 5
    display(state, ["bow", "wheel", "sundial", "writing", "fire"])
    t = state.table
    for slug in ("wheel", "sundial", "writing"):
        t.status[INVENTION[slug]] = COMPLETED
        t.bonus[INVENTION[slug] * 2:INVENTION[slug] * 2 + 2] = [-1, -1]
    fill(state, "bow", 0, [0, 0, 2, 1])
    fill(state, "fire", 1, [0, 1, 0, 0])
    levels(state, 0, 0, [1, 0, 0, 0])
    use(state, 0, "bow")  # the fourth completion
    state.apply("bonus:card")
    assert t.age == 2
    assert t.status[INVENTION["fire"]] == DISCARDED  # unfinished, even with cubes on it
    assert sum(t.cubes[INVENTION["fire"] * 5:INVENTION["fire"] * 5 + 5]) == 0
    assert len(t.display) == 5 and all(C.inventions[i].age == 2 for i in t.display)
    assert t.current == 1


def test_ages_age_ends_when_all_but_one_of_players_plus_three_are_complete() -> None:
    state = new(4)
    slugs = ["bow", "wheel", "sundial", "writing", "fire", "sail", "flute"]
    display(state, slugs)
    finish_all_but(state, "bow")
    state.table.status[INVENTION["sail"]] = 1  # two still open: the age goes on
    fill(state, "bow", 0, [0, 0, 2, 1])
    levels(state, 0, 0, [1, 0, 0, 0])
    use(state, 0, "bow")
    state.apply("bonus:card")
    assert state.table.age == 2  # 6 of 7 complete


def test_ages_moving_to_the_next_age_does_not_refresh_inventors() -> None:
    state = new(2)
    display(state, ["bow", "wheel", "sundial", "writing", "fire"])
    finish_all_but(state, "bow")
    state.table.status[INVENTION["fire"]] = 1
    state.table.used[0:4] = [1, 1, 1, 0]
    fill(state, "bow", 0, [0, 0, 2, 1])
    levels(state, 0, 3, [1, 0, 0, 0])
    use(state, 3, "bow")
    state.apply("bonus:card")
    assert state.table.age == 2
    assert state.table.used[0:4] == [1, 1, 1, 1]


def test_game_end_after_the_third_age_players_get_a_last_chance_to_play_tokens() -> None:
    state = new(3)
    t = state.table
    t.age = 3
    display(state, ["dynamite", "automobile", "zeppelin", "telephone", "photography", "cinema"])
    finish_all_but(state, "telephone")
    t.status[INVENTION["cinema"]] = 1
    fill(state, "cinema", 0, [3, 2, 2, 1])  # one mathematics square open
    levels(state, 0, 0, [0, 0, 0, 1])
    levels(state, 1, 0, [1, 1, 1, 0])
    give(state, 1, "coffee")  # can only be played on its back now: Player 2 has a blank
    give(state, 2, "up2")
    levels(state, 2, 1, [1, 3, 3, 3])
    use(state, 0, "cinema")
    state.apply("bonus:card")
    assert t.phase != OVER
    assert state.decision is not None and state.decision.kind == "final_tokens"
    assert state.decision.seat == 1  # starting after the player who ended the game
    assert sorted(ids(state)) == ["back:coffee", "done"]
    before = sum(t.level[16:32])
    state.apply("back:coffee")
    state.apply(state.decision.options[0])
    assert sum(t.level[16:32]) == before + 1  # a blank of seat 1 opened at level 1
    assert state.decision.seat == 2  # seat 1 has no token left: nothing more to ask
    assert "token:up2" in ids(state)
    state.apply("done")
    assert state.is_terminal  # seat 0 held no token and was not asked
    assert t.phase == OVER


def test_scoring_1_card_points_go_to_whoever_took_the_card() -> None:
    state = new(3)
    own(state, 0, ["fire", "cannon", "photography"])
    assert breakdown(state.table, 0)["cards"] == 1 + 2 + 3


def test_scoring_3_inventor_goal_met_or_exceeded_scores_its_ribbon() -> None:
    state = new(3)
    team = C.teams[state.table.team[0]]
    for inventor in range(4):
        levels(state, 0, inventor, [0, 0, 0, 0])
    assert breakdown(state.table, 0)["inventors"] == 0
    goal = list(team.inventors[2].goal)
    levels(state, 0, 2, goal)
    assert breakdown(state.table, 0)["inventors"] == team.inventors[2].goal_vp
    levels(state, 0, 2, [min(4, g + 1) for g in goal])
    assert breakdown(state.table, 0)["inventors"] == team.inventors[2].goal_vp


def test_scoring_3_published_goals_ada_lovelace_and_einstein() -> None:
    inventors = {i.name: i for team in C.teams for i in team.inventors}
    assert inventors["Ada Lovelace"].goal == (0, 0, 1, 3) and inventors["Ada Lovelace"].goal_vp == 3
    assert inventors["Albert Einstein"].goal == (3, 0, 0, 3)
    assert inventors["Albert Einstein"].goal_vp == 9


def test_scoring_4_card_run_must_start_with_zero_and_scores_its_highest_number() -> None:
    assert best_runs((0, 1, 1, 1, 1, 1), 0) == 0  # no 0: no run
    assert best_runs((1, 1, 1, 1, 0, 0), 0) == 3
    assert best_runs((1, 1, 1, 0, 1, 1), 0) == 2  # the gap at 3 stops the run
    assert best_runs((1, 1, 1, 0, 1, 1), 1) == 5  # a star fills it
    assert best_runs((2, 2, 1, 0, 0, 0), 0) == 3  # two runs: 0-1-2 and 0-1
    state = new(3)
    own(state, 1, ["stone-axe", "wheel", "writing"])
    assert breakdown(state.table, 1)["runs"] == 2


def test_scoring_total_adds_all_four_sources_and_ranking_breaks_ties_by_cards() -> None:
    state = new(3)
    own(state, 0, ["fire"])
    give(state, 1, "ribbon1")
    for seat in range(3):
        for inventor in range(4):
            levels(state, seat, inventor, [0, 0, 0, 0])
    assert state.scores() == [1, 1, 0]
    assert state.ranking() == [0, 1, 2]  # same points: the card holder first
    assert state.winners() == [0]


def test_scoring_scores_match_breakdown_over_random_games() -> None:
    from ingenium import get_game

    game = get_game("legendary-inventors")
    for seed in range(10):
        state = game.new_game(4, seed)
        rng = random.Random(seed)
        while state.decision is not None:
            state.apply(rng.choice(state.decision.options))
        for seat in range(4):
            parts = breakdown(state.table, seat)
            assert parts["total"] == sum(v for k, v in parts.items() if k != "total")
            assert parts["total"] == state.scores()[seat]
