"""Rounds and turns: Chronos and the Era track, Step 1 (Chain Action tokens), Step 2's main
action (Season vs Epoch pillar, the Golden Rule, influencing Epoch pillars, the fallback)."""

from __future__ import annotations

from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.steps import S_MAIN, S_NEXT, S_TURN, NextRound, Turn
from ingenium.games.inventions.table import ON_BOARD
from tests.games.inventions import scenario as S
from tests.games.inventions.test_core_actions import _board

SPACE = {a.value: n for n, a in enumerate(K.SPACES)}


def test_how_to_play_eras_rounds_and_pillars_on_the_era_track() -> None:
    rounds = {era: [s for s in K.TRACK if s.era == era] for era in range(1, 7)}
    assert [len(rounds[e]) for e in range(1, 7)] == [1, 3, 3, 3, 3, 1]
    assert K.TRACK_EPOCH[0]  # Era 1: a single Epoch round
    for era in range(2, 6):  # Season, Season, Epoch
        assert [s.pillar.value for s in rounds[era]] == ["season", "season", "epoch"]
    assert K.TRACK_NONE[-1]  # Era 6: scoring only


def test_step1_prepare_chain_action_tokens_by_influence() -> None:
    state = _board()
    t = state.table
    for influence, tokens in ((0, 1), (3, 1), (4, 2), (7, 2), (8, 3), (10, 3)):
        t.influence[0] = influence
        S.at(state, Turn(S_TURN, 0))
        assert t.chain_left == tokens and t.current == 0


def test_step2_golden_rule_one_pillar_per_forum() -> None:
    state = _board()
    t = state.table
    t.chronos = 1  # a Season round
    t.epoch[0] = SPACE["present_idea"]
    t.season[0] = SPACE["gain_influence"]
    S.main(state, 0)
    offered = [SPACE[o.split("=")[1]] for o in S.ids(state) if o.startswith("main:")]
    assert offered and {s // 2 for s in offered} <= {2, 3, 4}  # forums 1 and 2 are blocked


def test_step2_season_pillar_or_epoch_pillar_as_chronos_shows() -> None:
    state = _board()
    t = state.table
    S.give_idea(state, 0, "wheel")
    t.chronos = 2  # Season round
    t.epoch[0] = SPACE["eureka"]
    S.main(state, 0)
    S.play(state, "main:space=present_idea")
    assert t.season[0] == SPACE["present_idea"] and t.epoch[0] == SPACE["eureka"]
    t.chronos = 3  # Epoch round: the Epoch pillar moves to another accessible forum
    S.main(state, 0)
    assert "main:space=travel" not in S.ids(state)  # the Epoch pillar's own forum
    S.play(state, "main:space=send_diplomat")
    assert t.epoch[0] == SPACE["send_diplomat"]


def test_step2_influence_epoch_pillars_on_the_chosen_space_max_10() -> None:
    """Step 2 A: with 3-4 players only Epoch pillars gain from another player's main action
    (the Season pillars gain only in the 2-Player Rules)."""
    state = _board()
    t = state.table
    S.give_idea(state, 0, "wheel")
    t.chronos = 1
    t.epoch[1] = SPACE["present_idea"]
    t.season[2 * 2] = SPACE["present_idea"]  # a Season pillar: no influence with 4 players
    t.epoch[3] = SPACE["present_idea"]
    t.influence[1:4] = [4, 4, 10]
    S.main(state, 0)
    S.play(state, "main:space=present_idea")
    assert t.influence[1:4] == [5, 4, 10]  # capped at 10


def test_two_player_how_to_play_season_pillars_gain_influence_too() -> None:
    """2-Player Rules, How to Play: you also gain influence when your opponent's main action is
    on the Action space of your Season pillar (and, as always, of your Epoch pillar)."""
    state = S.after_stone_age(players=2)
    t = state.table
    S.give_idea(state, 0, "wheel")
    S.clear_regions(state)
    t.chronos = 1
    t.season[1 * 2] = SPACE["present_idea"]
    t.influence[1] = 4
    S.main(state, 0)
    S.play(state, "main:space=present_idea")
    assert t.influence[1] == 5
    t.epoch[1], t.season[1 * 2] = SPACE["present_idea"], -1
    t.season[0] = -1
    S.main(state, 0)
    S.play(state, "main:space=present_idea")
    assert t.influence[1] == 6


def test_step2_no_main_action_possible_gain_1_influence() -> None:
    state = _board()
    t = state.table
    for r in range(1, 8):
        for seat in range(4):
            S.citizens(state, seat, r, 0)
    S.specialists(state, 0, [0, 0, 0], academy=0)
    for m in t.eureka:  # nothing to Eureka
        t.milestone_loc[m] = 0
        t.milestone_decks.append(m)
    t.eureka = []
    for m in range(K.NUM_MILESTONES):
        t.diplomats[m * 4] = 0
    t.supply[0] += 1
    t.chronos = 1
    S.main(state, 0)
    options = S.ids(state)
    assert options and all(o.startswith("idle:") for o in options)
    S.play(state, "idle:space=travel")
    assert t.influence[0] == 2 and t.season[0] == SPACE["travel"]
    assert not S.sound(state)


def test_era_1_single_epoch_round_then_next_round_advances_chronos() -> None:
    state = S.after_stone_age(4, 7)
    t = state.table
    assert t.chronos == 0 and state.decision is not None
    first = state.decision.seat
    assert first == t.order[0]
    while t.chronos == 0:
        state.apply(state.decision.options[-1])  # type: ignore[union-attr]
    assert all(e >= 0 for e in t.epoch) and all(s < 0 for s in t.season)
    assert t.chronos == 1


def test_next_round_same_era_continues() -> None:
    state = _board()
    t = state.table
    t.chronos = 1
    S.at(state, NextRound(S_NEXT, 0))
    assert t.chronos == 2 and state.decision is not None
    assert state.decision.seat == t.order[0] and t.pending[-1][0] == S_MAIN


def test_the_actions_important_fallback_only_if_no_main_action_is_possible() -> None:
    # "If (and only if) you cannot take any of the main actions": one possible action on an
    # accessible space rules the fallback out; the same action in a blocked forum does not.
    state = _board()
    t = state.table
    for r in range(1, 8):
        for seat in range(4):
            S.citizens(state, seat, r, 0)
    S.specialists(state, 0, [0, 0, 0], academy=0)
    for m in t.eureka:
        t.milestone_loc[m] = 0
        t.milestone_decks.append(m)
    t.eureka = []
    for m in range(K.NUM_MILESTONES):
        t.diplomats[m * 4] = 0
    for k in range(K.NUM_TOKENS):  # no Influence token placed in the Stone Age, whatever the deal
        if t.token_region[k] >= 0:
            t.token_region[k] = ON_BOARD
    t.influence_spaces = [-1] * len(t.influence_spaces)
    S.citizens(state, 0, 2, 1)  # Travel, Call Specialists and Gain Influence are possible
    t.chronos = 1
    S.main(state, 0)
    possible = ["call_specialists", "gain_influence", "travel"]
    assert sorted(S.ids(state)) == [f"main:space={a}" for a in possible]
    t.epoch[0] = SPACE["travel"]
    t.season[0:2] = [SPACE["call_specialists"], SPACE["gain_influence"]]
    S.main(state, 0)
    options = S.ids(state)
    assert options and all(o.startswith("idle:") for o in options)
    assert not any(f"idle:space={a}" in options for a in possible)
