"""The Actions: Call Specialists, Gain Influence, Travel, Eureka, Send and Call Diplomat."""

from __future__ import annotations

from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.rules import conditions as Q
from ingenium.games.inventions.rules.actions import citizens as M
from ingenium.games.inventions.table import M_CK, M_DISCARD, M_PRIVATE
from tests.games.inventions import scenario as S
from tests.games.inventions.test_core_actions import _board

P = K.MAX_SEATS
KNOW = {t.id: n for n, t in enumerate(K.KNOWLEDGE_TILES)}


def _no_map(state: S.IState) -> None:
    for seat in range(state.players):
        for r in range(1, 8):
            S.citizens(state, seat, r, 0)


def test_call_specialists_specialty_from_the_region_card() -> None:
    state = _board()
    _no_map(state)
    t = state.table
    S.put_card(state, 2, "wheel", presenter=1)  # technology
    S.citizens(state, 0, 2, 3)
    S.specialists(state, 0, [0, 0, 0], academy=2)
    S.main(state, 0, chain=0)
    S.play(state, "main:space=call_specialists")
    assert t.tiles[0] == K.ASP_BASE  # economy Aspiration
    assert S.ids(state) == ["home:count=1", "home:count=2", "home:count=3"]  # 1 or more
    S.play(state, "home:count=2")
    assert t.home[0:3] == [0, 0, 2] and t.on_map[1 * P] == 1
    assert not S.sound(state)


def test_call_specialists_no_card_rightmost_display_else_chosen() -> None:
    state = _board()
    _no_map(state)
    t = state.table
    S.citizens(state, 0, 3, 1)
    rightmost = t.display[2]
    assert M.region_specialty(t, 2) == K.IDEA_TYPE[rightmost]
    t.display = [-1, -1, -1]
    t.stack = []
    assert M.region_specialty(t, 2) == -1
    S.main(state, 0, chain=0)
    S.play(state, "main:space=call_specialists")
    assert S.ids(state) == ["specialty:economy", "specialty:culture", "specialty:technology"]
    S.play(state, "specialty:culture")
    assert t.home[1] == 2


def test_call_specialists_chain_never_the_same_invention_twice() -> None:
    state = _board()
    _no_map(state)
    t = state.table
    for seat in range(4):
        for i in Q.inventions(t, seat):
            t.idea_loc[i] = -1
    S.give_invention(state, 0, "boats")  # chain: travel
    S.citizens(state, 0, 4, 2)
    S.main(state, 0, chain=2)
    S.play(state, "main:space=call_specialists", "home:count=1")
    assert S.ids(state) == ["chain:invention=boats", "skip"]
    S.play(state, "chain:invention=boats")
    assert t.called == [S.idea("boats")] and t.chain_left == 1
    assert M.call_chain_options(t, 0) == []  # a second Call Specialists cannot chain it


def test_gain_influence_majority_token_cost_leftmost_ip_and_influence() -> None:
    state = _board()
    _no_map(state)
    t = state.table
    S.put_card(state, 5, "seawall", presenter=2)  # technology
    S.citizens(state, 0, 5, 3)
    S.citizens(state, 1, 5, 2)
    S.citizens(state, 0, 6, 1)
    S.citizens(state, 1, 6, 1)  # a tie: no majority
    S.citizens(state, 0, 7, 4)
    t.influence_spaces[6 * 4] = 0  # already a token of seat 0 in region 7
    t.token_region[0 * 5 + K.PLUS_ONE_TOKEN] = 6
    assert Q.gain_influence_regions(t, 0) == [4]
    t.influence_spaces[4 * 4] = 3  # someone holds the leftmost space
    t.token_region[3 * 5 + K.PLUS_ONE_TOKEN] = 4
    thinkers = t.home[2]
    S.main(state, 0, chain=0)
    S.play(state, "main:space=gain_influence")
    assert S.ids(state) == ["influence:token=present_idea", "influence:token=innovate",
                            "influence:token=invent", "influence:token=share"]
    S.play(state, "influence:token=share")  # 3 citizens
    assert t.on_map[4 * P] == 0 and t.home[2] == thinkers + 3  # home as thinkers (card's type)
    assert t.influence_spaces[4 * 4 + 1] == 0
    assert t.ip[0] == K.INFLUENCE_IP[4][1]  # the IP of the space covered
    assert t.influence[0] == 1 + 2  # face-up tokens on the board: +1 and Share
    assert not S.sound(state)


def test_gain_influence_chain_flips_a_face_up_token() -> None:
    state = _board()
    _no_map(state)
    t = state.table
    S.citizens(state, 0, 5, 1)
    for seat in range(4):
        t.token_region[seat * 5 + K.PLUS_ONE_TOKEN] = -2
    t.influence_spaces = [-1] * len(t.influence_spaces)
    S.give_idea(state, 0, "wheel")
    S.specialists(state, 0, [0, 0, 1], academy=0)
    S.main(state, 0, chain=1)
    S.play(state, "main:space=gain_influence")  # the Present token: 1 citizen
    assert S.ids(state) == ["flip:region=5", "skip"]
    S.play(state, "flip:region=5")
    assert t.token_up[0 * 5 + 1] == 0 and t.chain_left == 0  # flipped for good
    assert S.ids(state)[0].startswith("present:region=")  # its chain: Present an Idea


def test_gain_influence_chain_not_offered_when_its_action_is_impossible() -> None:
    state = _board()
    _no_map(state)
    t = state.table
    S.citizens(state, 0, 5, 1)
    for seat in range(4):
        t.token_region[seat * 5 + K.PLUS_ONE_TOKEN] = -2
    t.influence_spaces = [-1] * len(t.influence_spaces)
    S.main(state, 0, chain=1)
    S.play(state, "main:space=gain_influence")  # no idea to present: no chain offered
    assert state.decision is None and t.chain_left == 1


def test_travel_ropes_including_asia_north_america() -> None:
    state = _board()
    _no_map(state)
    S.citizens(state, 0, 4, 1)
    S.citizens(state, 0, 6, 1)
    S.main(state, 0, chain=0)
    S.play(state, "main:space=travel")
    options = S.ids(state)
    assert "travel:from=4:to=6" in options and "travel:from=6:to=4" in options
    assert "travel:from=4:to=1" not in options
    assert state.table.tiles[0] == K.ASP_BASE + 1  # culture Aspiration


def test_travel_sage_knowledge_chain_then_sage_to_academy() -> None:
    state = _board()
    _no_map(state)
    t = state.table
    t.knowledge[5] = KNOW["place_citizen"]
    S.citizens(state, 0, 4, 1)
    S.main(state, 0, chain=1)
    S.play(state, "main:space=travel", "travel:from=4:to=6")
    assert S.ids(state) == ["sage:chain", "skip"]
    S.play(state, "sage:chain", "place:region=2")
    assert t.sage[5] == 0 and t.sages_held[0] == 1 and t.knowledge_ip_side[5] == 1
    assert t.on_map[1 * P] == 1 and t.chain_left == 0
    assert not S.sound(state)


def test_travel_sage_scores_2_ip_per_flipped_tile_and_flips_all() -> None:
    state = _board()
    _no_map(state)
    t = state.table
    t.knowledge_ip_side = [1, 1, 0, 0, 0, 1, 0]
    S.citizens(state, 0, 4, 1)
    S.main(state, 0, chain=1)
    S.play(state, "main:space=travel", "travel:from=4:to=6")
    assert S.ids(state) == ["sage:score", "skip"]
    S.play(state, "sage:score")
    assert t.ip[0] == 6 and t.knowledge_ip_side == [0] * 7 and t.sages_held[0] == 1


def test_travel_sage_needs_a_chain_token() -> None:
    state = _board()
    _no_map(state)
    S.citizens(state, 0, 4, 1)
    S.main(state, 0, chain=0)
    S.play(state, "main:space=travel", "travel:from=4:to=6")
    assert state.table.sage[5] == 1 and state.table.sages_held[0] == 0


def test_eureka_common_knowledge_insertion_discard_and_scholars() -> None:
    state = _board()
    t = state.table
    old = t.private[0]
    bottom = t.common[-1]
    t.diplomats[bottom * P + 0] = 1  # seat 0 has a diplomat on the bottom A tile
    t.supply[0] -= 1
    new = t.eureka[0]
    S.main(state, 0)
    S.play(state, "main:space=eureka", f"eureka:milestone={K.MILESTONES[new].id}")
    assert t.milestone_loc[bottom] == M_DISCARD and t.discard[-1] == bottom
    assert t.academy[0] == 3  # back as a scholar: the new era-3 limit applies
    assert t.common[0] == old and t.milestone_loc[old] == M_CK  # above all A tiles
    assert t.diplomats[old * P] == 1  # diplomats move along
    assert t.private[0] == new and t.diplomats[new * P] == 1
    assert t.milestone_loc[new] == M_PRIVATE
    assert S.ids(state) == ["era:space=era3_1", "era:space=era3_2", "era:space=era3_3"]
    S.play(state, "era:space=era3_2")
    assert t.influence[0] == 2 and Q.era_of(t, 0) == 3
    assert not S.sound(state)


def test_eureka_only_for_a_later_era() -> None:
    state = _board()
    t = state.table
    S.set_private(state, 0, "iron")
    assert Q.eureka_choices(t, 0) == []
    assert Q.eureka_choices(t, 1) == [m for m in t.eureka if K.M_ERA[m] > 2]


def test_eureka_old_milestone_earlier_than_bottommost_is_discarded() -> None:
    state = _board()
    t = state.table
    for m in t.common:
        t.milestone_loc[m] = 0
        t.milestone_decks.append(m)
    t.common = [t.eureka.pop(), t.eureka.pop()]  # two C tiles (Era 3) in common knowledge
    for m in t.common:
        t.milestone_loc[m] = M_CK
    old = t.private[0]
    S.main(state, 0)
    S.play(state, "main:space=eureka")
    assert t.milestone_loc[old] == M_DISCARD  # B is earlier than even the bottommost C


def test_send_diplomat_influence_to_a_more_advanced_owner() -> None:
    state = _board()
    t = state.table
    S.set_private(state, 1, "iron")  # Era 3, ahead of seat 0
    S.specialists(state, 0, [0, 1, 0], academy=0)
    S.main(state, 0, chain=0)
    S.play(state, "main:space=send_diplomat")
    assert "send:milestone=iron" in S.ids(state)
    assert f"send:milestone={K.MILESTONES[t.private[0]].id}" not in S.ids(state)  # yours
    S.play(state, "send:milestone=iron")
    assert t.influence[1] == 2 and t.diplomats[S.milestone("iron") * P] == 1
    assert t.home[0:3] == [0, 0, 1]  # Iron: gain a thinker (its chain needs a token)
    assert not S.sound(state)


def test_call_diplomat_home_as_scholar_with_benefit() -> None:
    state = _board()
    t = state.table
    S.set_private(state, 0, "copper_smelting")  # a scholar and 1 influence
    S.specialists(state, 0, [1, 1, 1], academy=1)
    S.main(state, 0)
    S.play(state, "main:space=call_diplomat")
    assert t.diplomats[S.milestone("copper_smelting") * P] == 0
    assert t.academy[0] == 2 + 0  # back as a scholar, then the benefit's scholar: limit 2
    assert t.influence[0] == 2
    assert not S.sound(state)


def test_eureka_turn_order_space_gives_no_benefit_now() -> None:
    state = _board()
    t = state.table
    influence, academy, ip = t.influence[0], t.academy[0], t.ip[0]
    S.main(state, 0)
    S.play(state, "main:space=eureka", f"eureka:milestone={K.MILESTONES[t.eureka[0]].id}",
           "era:space=era3_3")
    assert t.era_space[0] == K.ERA_SPACES.index(
        next(s for s in K.ERA_SPACES if s.id == "era3_3"))
    assert (t.influence[0], t.academy[0], t.ip[0]) == (influence, academy, ip)


def test_innovate_one_innovator_per_invention() -> None:
    state = _board()
    S.put_card(state, 2, "wheel", presenter=1, inventor=2, innovator=3)
    S.specialists(state, 0, [1, 1, 1], academy=1)
    assert Q.innovate_regions(state.table, 0) == []


def test_travel_3_knowledge_tile_flips_after_its_chain_action() -> None:
    # "perform that action, then flip the Knowledge tile to the scoring side": a sage scored
    # during the chained action does not count the tile in use, which ends on its 2-IP side.
    state = _board()
    _no_map(state)
    t = state.table
    t.knowledge[1] = KNOW["call_specialists"]
    t.knowledge_ip_side = [0, 0, 0, 1, 0, 0, 0]
    S.citizens(state, 0, 1, 1)
    S.citizens(state, 0, 3, 2)
    for i in Q.inventions(t, 0):
        t.idea_loc[i] = -1
    S.give_invention(state, 0, "boats")  # chain: Travel
    ip = t.ip[0]
    S.main(state, 0, chain=3)
    S.play(state, "main:space=travel", "travel:from=1:to=2", "sage:chain",
           "home:region=3", "home:count=1", "chain:invention=boats", "travel:from=3:to=4",
           "sage:score")
    assert t.ip[0] == ip + 2  # only region 4's tile showed its 2-IP side
    assert t.knowledge_ip_side == [0, 1, 0, 0, 0, 0, 0]
    assert t.sage[1] == 0 and t.sage[3] == 0 and t.sages_held[0] == 2
    assert not S.sound(state)


def test_send_diplomat_no_influence_unless_an_owner_is_more_advanced() -> None:
    # "If the Milestone belongs to another player and is from a more advanced era than yours":
    # an equal era, a Common Knowledge tile and the absent colour's display (3 players) give
    # no one influence; the diplomat opens Invent access to that private Milestone.
    for target in ("same_era", "common", "absent"):
        state = _board(players=3)
        t = state.table
        m = {"same_era": t.private[1], "common": t.common[0], "absent": t.private[3]}[target]
        S.specialists(state, 0, [1, 1, 1], academy=0)
        before = list(t.influence)
        S.main(state, 0, chain=0)
        S.play(state, "main:space=send_diplomat", "send:trader",
               f"send:milestone={K.MILESTONES[m].id}")
        while state.decision is not None and state.decision.seat == 0 \
                and state.decision.kind not in ("main_action", "economy", "build", "progress"):
            state.apply(state.decision.options[-1])
        assert t.influence[1:] == before[1:]
        assert t.diplomats[m * P] == 1 and Q.has_access(t, 0, m)
        assert not S.sound(state)
