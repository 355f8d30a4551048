"""Era Change steps 1-6 (with the Era 1 -> 2 exception), the end after Era 5, Final Scoring
and the tie-breakers."""

from __future__ import annotations

import pytest

from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.rules import conditions as Q
from ingenium.games.inventions.rules import final_scoring as scoring
from ingenium.games.inventions.steps import S_ERA_CHANGE, S_MAIN, S_NEXT, EraChangeStage, NextRound
from ingenium.games.inventions.table import (
    LOC_DISPLAY,
    LOC_HAND,
    LOC_OUT,
    M_CK,
    M_DISCARD,
    M_EUREKA,
    OVER,
)
from tests.games.inventions import scenario as S
from tests.games.inventions.test_core_actions import _board

P = K.MAX_SEATS
ERA_SPACE = {s.id: n for n, s in enumerate(K.ERA_SPACES)}
GOAL = {g.id: n for n, g in enumerate(K.GOALS)}


def _change_to(state: S.IState, era: int) -> None:
    state.table.chronos = 1 + 3 * (era - 2)
    S.at(state, EraChangeStage(S_ERA_CHANGE, 0, stage=1))


def test_era_change_step1_turn_order_rightmost_space_chooses() -> None:
    state = _board()
    t = state.table
    t.order = [0, 1, 2, 3]
    t.era_space[2] = ERA_SPACE["era3_3"]
    t.era_space[3] = ERA_SPACE["era4_3"]  # further right: this one chooses
    _change_to(state, 3)
    assert state.decision is not None and state.decision.seat == 3
    assert S.ids(state) == [f"turn_order:position={n}" for n in (1, 2, 3, 4)]
    S.play(state, "turn_order:position=1")
    assert t.order == [3, 0, 1, 2]  # the others keep their relative order


@pytest.mark.parametrize("players", [3, 4])
def test_era_change_step1_player_3_on_furthest_right_turn_order_space_chooses(
        players: int) -> None:
    # Era Change step 1 at 3 and 4 players: Player 3 (colour slot 2, Chronos' slot in a
    # 2-player game) on the furthest-right Turn Order space is asked for a space like anyone
    # else; no Chronos rule applies in a game without Chronos.
    state = _board(players)
    t = state.table
    t.order = list(range(players))
    t.era_space[0] = ERA_SPACE["era3_3"]
    t.era_space[2] = ERA_SPACE["era4_3"]  # Player 3 is furthest right
    _change_to(state, 3)
    assert state.decision is not None and state.decision.kind == "turn_order"
    assert state.decision.seat == 2
    assert S.ids(state) == [f"turn_order:position={n}" for n in range(1, players + 1)]
    assert not any("Chronos" in event.text for event in state.events)
    S.play(state, f"turn_order:position={players}")
    assert t.order == [s for s in range(players) if s != 2] + [2]


def test_era_change_step1_skipped_without_turn_order_space() -> None:
    state = _board()
    state.table.order = [0, 1, 2, 3]
    _change_to(state, 3)
    assert state.table.order == [0, 1, 2, 3]
    assert state.decision is not None and state.decision.kind != "turn_order"


def test_era_change_step2_influence_adjust() -> None:
    state = _board()
    t = state.table
    t.influence = [0, 3, 7, 10]
    _change_to(state, 3)
    assert t.influence == [1, 3, 6, 8]


def test_era_change_era_1_to_2_skips_steps_3_to_6() -> None:
    state = _board()
    t = state.table
    t.exhausted[0] = 1
    t.home[0] -= 1
    t.season[0] = 3
    eureka = list(t.eureka)
    _change_to(state, 2)
    assert t.exhausted[0] == 1 and t.season[0] == 3 and t.eureka == eureka
    assert t.pending[-1][0] == S_MAIN


def test_era_change_step3_exhausted_specialists_become_available() -> None:
    state = _board()
    t = state.table
    t.home[0:3], t.exhausted[0:3] = [0, 1, 0], [2, 0, 1]
    _change_to(state, 3)
    assert t.home[0:3] == [2, 1, 1] and t.exhausted[0:3] == [0, 0, 0]


def test_era_change_step4_pillars_sages_and_economy_tokens() -> None:
    state = _board()
    t = state.table
    t.epoch[0], t.season[0], t.season[1] = 0, 3, 5
    t.sage[1] = t.sage[2] = 0
    t.sages_held[0] = 2
    S.specialists(state, 0, [1, 1, 1], academy=1)  # limit 2: only 1 more scholar
    t.progress_map[4] = K.PROGRESS_BASE + 5
    t.progress_supply[5] -= 1
    t.eco_used[4] = 1
    t.eco_home[0] = 0
    _change_to(state, 3)
    assert S.ids(state) == ["sage:return=2", "sage:return=3"]  # to empty sage spaces
    S.play(state, "sage:return=3")  # the second sage has one place left: automatic
    assert t.epoch[0] == 0 and t.season[0:2] == [-1, -1]  # the Epoch pillar stays
    assert t.academy[0] == 2 and t.sages_held[0] == 0 and sum(t.sage) == 7
    assert t.eco_home[0] == 1 and t.eco_used[4] == 0
    assert not S.sound(state)


def test_era_change_step5_milestones_cycle_3_players() -> None:
    state = _board(players=3)
    t = state.table
    absent = t.private[3]
    bottom = t.common[-1]
    t.diplomats[bottom * P + 1] = 1  # becomes a scholar when pushed out
    t.supply[1] -= 1
    S.specialists(state, 1, [1, 1, 1], academy=0)
    leftover = list(t.eureka)
    _change_to(state, 3)
    assert t.private[3] == -1 and t.milestone_loc[absent] == M_CK  # non-player first
    assert t.common == [*leftover, absent]  # then the Eureka display's, on top
    assert t.milestone_loc[bottom] == M_DISCARD and t.academy[1] == 1
    assert len(t.common) == 4
    assert all(K.M_LETTER[m] == 3 and t.milestone_loc[m] == M_EUREKA for m in t.eureka)
    assert not S.sound(state)


def test_era_change_step6_discard_old_ideas_and_take_new_ones() -> None:
    state = _board()
    t = state.table
    t.order = [0, 1, 2, 3]
    S.give_idea(state, 0, "coins")  # Era 3
    S.give_idea(state, 0, "wheel")  # Era 2
    old_display = t.display[2]
    t.idea_loc[old_display] = LOC_OUT
    t.display[2] = S.idea("glass")  # an Era-3 card in the display
    t.idea_loc[S.idea("glass")] = LOC_DISPLAY
    _change_to(state, 4)
    assert t.idea_loc[S.idea("glass")] == LOC_OUT  # from the display
    assert t.idea_loc[S.idea("coins")] == LOC_OUT and t.idea_loc[S.idea("wheel")] == LOC_OUT
    assert state.decision is not None and state.decision.kind == "new_idea"
    assert state.decision.seat == 0
    S.play(state, S.ids(state)[0], S.ids(state)[0])
    assert len(Q.hand(t, 0)) == 2
    assert all(K.IDEA_ERA[i] >= 4 for i in Q.hand(t, 0))
    assert all(loc != LOC_HAND + 9 for loc in t.idea_loc)


def test_end_of_the_game_after_era_5_final_scoring() -> None:
    state = _board()
    t = state.table
    t.chronos = 12  # Era 5, round 3
    t.influence = [2, 5, 9, 0]
    ip = list(t.ip)
    S.at(state, NextRound(S_NEXT, 0))
    assert t.phase == OVER and state.decision is None
    assert [t.ip[s] - ip[s] >= bonus for s, bonus in enumerate((1, 5, 10, 1))] == [True] * 4


def test_final_scoring_wealth_tiles_and_best_two_goals() -> None:
    state = _board()
    t = state.table
    for h, code in enumerate([K.PROGRESS_BASE, K.PROGRESS_BASE + 1, K.PROGRESS_BASE + 7,
                              K.WEALTH_BASE + 0, K.WEALTH_BASE + 5]):
        t.progress_map[h] = code
    t.tiles[0] = K.WEALTH_BASE + 1  # not built: does not score
    t.goals[0:3] = [GOAL["region_africa"], GOAL["inventions_economy"], GOAL["society_scholars"]]
    for r in range(1, 8):
        S.citizens(state, 0, r, 0)
    S.citizens(state, 0, 1, 3)
    t.token_region[0 * 5 + K.PLUS_ONE_TOKEN] = -2  # no Influence token in Africa
    for i in Q.inventions(t, 0):
        t.idea_loc[i] = LOC_OUT
    S.give_invention(state, 0, "bread")
    S.specialists(state, 0, [1, 1, 1], academy=2)
    parts = scoring.final_parts(t, 0)
    assert parts["wealth"] == 2 * 2 + 5 * 1  # A: 2 economy tiles; F: 5 tiles
    goals = sorted(scoring.goal_points(t, 0), reverse=True)
    assert goals == [6, 6, 3] and parts["goals"] == 12  # any 2 of 3: the best two


def test_final_scoring_tie_breakers() -> None:
    state = _board()
    t = state.table
    t.ip = [50, 50, 50, 40]
    t.progress_map[0] = K.PROGRESS_BASE  # seat 0: one more Progress-map tile
    assert state.ranking()[0] == 0
    t.progress_map[1 * 19] = K.PROGRESS_BASE + 1
    for s in range(3):
        for i in Q.inventions(t, s):
            t.idea_loc[i] = LOC_OUT
    S.give_invention(state, 1, "bread")  # seat 1: more inventions
    assert state.ranking()[0] == 1
    S.give_invention(state, 0, "trade")
    t.supply[0], t.supply[1] = 10, 12  # seat 0: fewest citizens left in supply
    assert scoring.rank_key(t, 0) < scoring.rank_key(t, 1)
    assert state.ranking()[0] == 0


def test_era_change_era_1_to_2_still_does_steps_1_and_2() -> None:
    # The exception is printed under step 2: a Eureka in the Era-1 round onto a Turn Order
    # space still changes the turn order, and influence is still adjusted, before Era 2.
    state = _board()
    t = state.table
    t.order = [0, 1, 2, 3]
    t.era_space[1] = ERA_SPACE["era3_3"]
    t.influence = [0, 1, 5, 9]
    t.exhausted[0], t.home[0] = 1, t.home[0] - 1
    _change_to(state, 2)
    assert state.decision is not None and state.decision.kind == "turn_order"
    assert state.decision.seat == 1
    S.play(state, "turn_order:position=1")
    assert t.order == [1, 0, 2, 3]
    assert t.influence == [1, 1, 4, 7]
    assert t.exhausted[0] == 1  # step 3 skipped
    assert t.pending[-1][0] == S_MAIN and state.decision is not None
    assert state.decision.seat == 1  # the new first player opens Era 2
