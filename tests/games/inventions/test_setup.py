"""Setup (main board 1-15, tiles 16-17, Society boards A-J) and the Stone Age setup round."""

from __future__ import annotations

import pytest

from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.rules import conditions as Q
from ingenium.games.inventions.table import (
    ASIDE,
    LOC_HAND,
    LOC_LEFT,
    LOC_OUT,
    LOC_REGION,
    ON_BOARD,
    PLAY,
)
from tests.games.inventions import scenario as S

P = K.MAX_SEATS


@pytest.mark.parametrize("players", [3, 4])
def test_setup_main_board_steps_1_to_15(players: int) -> None:
    t = S.new(players, 5).table
    assert t.ip == [0] * players and t.influence == [1] * players  # 2, 5
    assert sorted(t.order) == list(range(players))  # 3: clockwise from a first player
    assert all(K.ERA_SPACE_ERA[s] == 2 for s in t.era_space)  # 4
    assert t.chronos == 0  # 6
    assert t.sage == [1] * 7 and sorted(t.knowledge) == list(range(7))  # 7, 8
    assert not any(t.knowledge_ip_side)
    assert sorted(K.M_LETTER[m] for m in t.common) == [0] * 4  # 9
    assert [K.M_LETTER[m] for m in t.private] == [1] * 4  # 10: even absent colours
    assert sorted(K.M_LETTER[m] for m in t.eureka) == [2] * 3  # 11
    assert sorted(t.specialist_tile) == list(range(7))  # 12
    for r in range(7):  # 14: an A idea except in the two regions of the illustration
        tile = K.SPECIALIST_TILES[t.specialist_tile[r]]
        if not tile.setup_idea:
            assert t.card[r] < 0
    eras = [K.IDEA_ERA[i] for i in t.stack]
    assert eras == sorted(eras, reverse=True)  # 15: Era 3 on top ... Era 6 at the bottom
    assert max(K.IDEA_ERA[c] for c in t.display) <= K.IDEA_ERA[t.stack[-1]]  # F: display


@pytest.mark.parametrize(("players", "a_to_d", "e_to_g", "copies"), [(3, 3, 2, 2), (4, 4, 3, 3)])
def test_setup_wealth_and_progress_tiles_by_player_count(players: int, a_to_d: int,
                                                         e_to_g: int, copies: int) -> None:
    t = S.new(players, 1).table
    for r in range(7):
        expected = a_to_d if t.wealth_letter[r] < 4 else e_to_g
        assert t.wealth_left[r] == expected  # 16: one letter per region
    assert sorted(t.wealth_letter) == list(range(7))
    assert t.progress_supply == [copies] * 21  # 17


def test_society_board_setup_a_to_j() -> None:
    state = S.new(4, 2)
    t = state.table
    for seat in range(4):
        assert t.academy[seat] == 2 and t.home[seat * 3:seat * 3 + 3] == [1, 1, 1]  # A
        assert t.diplomats[t.private[seat] * P + seat] == 1
        assert t.supply[seat] == 30 - 6
        goals = t.goals[seat * 3:seat * 3 + 3]  # B: one of each type
        assert sorted(K.GOALS[g].type for g in goals) == sorted(K.GOAL_TYPES)
        tokens = t.token_region[seat * 5:seat * 5 + 5]  # C
        assert tokens[K.PLUS_ONE_TOKEN] == ASIDE and tokens.count(ON_BOARD) == 4
        assert t.eco_home[seat] == 1 and sum(t.hex_token[seat * 19:seat * 19 + 19]) == 2  # D
        hand = Q.hand(t, seat)  # E, F
        assert sorted(K.IDEA_ERA[i] for i in hand) == [2, 3]
        b_idea = next(i for i in hand if K.IDEA_ERA[i] == 2)
        assert K.IDEA_MILESTONE[b_idea] == t.private[seat]
        left = Q.inventions(t, seat)  # G
        assert len(left) == 2 and all(K.IDEA_ERA[i] == 1 for i in left)
        assert t.tiles[seat * 4:seat * 4 + 4] == [0] * 4
    # F: the first player takes the first Era-3 card, in turn order
    assert all(loc != LOC_HAND + 9 for loc in t.idea_loc)


def test_stone_age_reverse_turn_order_steps_i_to_v() -> None:
    state = S.new(4, 3)
    t = state.table
    last = t.order[-1]
    decision = state.decision
    assert decision is not None and decision.seat == last  # reverse turn order
    option = decision.options[0]
    r = int(option.id.split("=")[1]) - 1
    idea = t.card[r]
    need = Q.SPECIALIST_TILE_N[t.specialist_tile[r]]
    state.apply(option)
    while state.decision is not None and state.decision.seat == last:
        state.apply(state.decision.options[0])
    assert t.presenter[r] == last and t.presenter_count[r] == need  # ii
    assert t.influence_spaces[r * 4] == last  # iv: leftmost space ...
    assert t.ip[last] in (0, 3)  # ... without its IP (3 only from the gain-3-IP tile)
    assert t.on_map[r * P + last] >= 1  # v
    assert K.IDEA_TYPE[idea] in range(3)
    assert not S.sound(state)


def test_stone_age_discards_ideas_without_specialists() -> None:
    state = S.after_stone_age(3, 4)
    t = state.table
    assert t.phase == PLAY
    for r in range(7):
        if t.card[r] >= 0:
            assert t.presenter[r] >= 0 and t.presenter_count[r] > 0
    placed = sum(1 for r in range(7) if t.card[r] >= 0)
    assert placed == 3  # one per player, the other A ideas discarded
    a_ideas = [i for i in range(K.NUM_IDEAS) if K.IDEA_ERA[i] == 2
               and K.M_LETTER[K.IDEA_MILESTONE[i]] == 0]
    assert sum(1 for i in a_ideas if t.idea_loc[i] == LOC_OUT) == 2
    assert sum(1 for i in a_ideas if t.idea_loc[i] == LOC_REGION) == 3
    assert all(t.idea_loc[i] != LOC_LEFT for i in a_ideas)


def test_stone_age_iii_free_present_refills_the_idea_at_once() -> None:
    # iii. The Specialist tile's benefit may be a free Present an Idea: the presented idea is
    # replaced from the Idea display before the next player's Stone Age turn (not lost).
    state = S.new(4, 3)
    t = state.table
    tile = {x.id: n for n, x in enumerate(K.SPECIALIST_TILES)}
    last = t.order[-1]
    r = next(r for r in range(7) if t.card[r] >= 0)
    t.specialist_tile[t.specialist_tile.index(tile["present_idea"])] = t.specialist_tile[r]
    t.specialist_tile[r] = tile["present_idea"]
    state.invalidate()
    S.play(state, f"stone:region={r + 1}", "pay:trader" if "pay:trader" in S.ids(state) else
           "pay:scholar")
    while state.decision is not None and state.decision.kind == "pay":
        state.apply(state.decision.options[0])
    assert S.ids(state) == ["free:action=present_idea", "skip"]
    S.play(state, "free:action=present_idea")
    while state.decision is not None and state.decision.kind != "refill":
        assert state.decision.seat == last
        state.apply(state.decision.options[-1])
    assert state.decision is not None and state.decision.seat == last
    state.apply(state.decision.options[0])
    assert len(Q.hand(t, last)) == 2 and t.owed_ideas == 0
    assert not S.sound(state)
