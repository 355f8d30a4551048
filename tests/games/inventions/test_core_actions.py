"""The Actions: Present an Idea, Invent (Access to Milestones), Innovate, Share an Invention."""

from __future__ import annotations

from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.rules import conditions as Q
from ingenium.games.inventions.steps import S_END_ACTIONS, S_MAIN, EndOfActions, MainAction
from ingenium.games.inventions.table import LOC_HAND, LOC_LEFT, M_DISCARD
from tests.games.inventions import scenario as S

P = K.MAX_SEATS
TILE = {t.id: n for n, t in enumerate(K.SPECIALIST_TILES)}


def _board(players: int = 4, seed: int = 0) -> S.IState:
    state = S.after_stone_age(players, seed)
    S.clear_regions(state)
    for seat in range(players):
        S.drop_hand(state, seat)
    t = state.table
    order = ["gain_3_ip", "share_invention", "influence", "scholar", "place_citizen",
             "present_idea", "invent"]
    t.specialist_tile = [TILE[i] for i in order]
    return state


def test_present_an_idea_specialist_tile_cost_and_benefit() -> None:
    state = _board()
    S.give_idea(state, 0, "wheel")  # technology
    S.specialists(state, 0, [0, 0, 1], academy=0)
    S.main(state, 0)
    S.play(state, "main:space=present_idea")
    options = S.ids(state)
    assert "present:region=1" in options  # the gain-3-IP tile asks 1 specialist
    assert "present:region=2" not in options  # the Share tile asks 2
    S.play(state, "present:region=1")
    t = state.table
    assert t.card[0] == S.idea("wheel") and t.presenter[0] == 0 and t.presenter_count[0] == 1
    assert t.home[2] == 0 and t.ip[0] == 3  # the thinker stands on the tile; +3 IP
    assert t.owed_ideas == 1
    assert not S.sound(state)


def test_present_an_idea_scholars_stand_in_and_refill_after_step_2() -> None:
    state = _board()
    S.give_idea(state, 0, "wheel")
    S.give_idea(state, 0, "silk")
    S.specialists(state, 0, [0, 1, 0], academy=2)
    t = state.table
    top, display = t.stack[-1], list(t.display)
    S.at(state, EndOfActions(S_END_ACTIONS, 0), MainAction(S_MAIN, 0), chain=1, current=0)
    S.play(state, "main:space=present_idea", "present:idea=silk", "present:region=6")
    assert "pay:artisan" in S.ids(state) and "pay:scholar" in S.ids(state)
    S.play(state, "pay:artisan")  # the second one can only be a scholar: automatic
    # the Present-an-Idea tile gives a free Present: the wheel goes out before any refill
    assert S.ids(state) == ["free:action=present_idea", "skip"]
    S.play(state, "free:action=present_idea", "present:region=1")
    assert t.owed_ideas == 2 and Q.hand(t, 0) == []
    assert S.ids(state) == ["refill:slot=1", "refill:slot=2", "refill:slot=3", "refill:stack"]
    S.play(state, "refill:slot=3")  # the rightmost display card
    assert t.idea_loc[display[2]] == LOC_HAND
    assert t.display == [top, display[0], display[1]]  # slid away from the stack, refilled
    S.play(state, "refill:stack")
    assert len(Q.hand(t, 0)) == 2
    assert not S.sound(state)


def test_invent_access_to_milestones() -> None:
    state = _board()
    t = state.table
    S.set_private(state, 1, "agriculture")
    S.put_card(state, 3, "irrigation", presenter=2)  # needs Agriculture (era 2)
    S.specialists(state, 0, [2, 0, 0], academy=0)
    assert not Q.has_access(t, 0, S.milestone("agriculture"))  # an opponent's, no diplomat
    assert "main:space=invent" not in (S.main(state, 0) or S.ids(state))
    t.diplomats[S.milestone("agriculture") * P + 0] = 1  # your diplomat on it
    assert Q.has_access(t, 0, S.milestone("agriculture"))
    t.diplomats[S.milestone("agriculture") * P + 0] = 0
    t.chronos = 4  # Chronos in Era 3: an opponent's Era-2 Milestone is open to all
    assert Q.has_access(t, 0, S.milestone("agriculture"))
    t.chronos = 1
    assert Q.has_access(t, 1, S.milestone("agriculture"))  # your own
    common = t.common[0]
    assert Q.has_access(t, 0, common)  # common knowledge
    t.milestone_loc[common] = M_DISCARD  # ... and the discard
    assert Q.has_access(t, 0, common)
    assert not Q.has_access(t, 0, t.eureka[0])  # not yet on the board


def test_invent_exhausts_specialists_flips_and_aspiration() -> None:
    state = _board()
    t = state.table
    S.set_private(state, 0, "agriculture")
    S.put_card(state, 3, "irrigation", presenter=2)  # economy, 1 extra economy
    S.specialists(state, 0, [1, 0, 0], academy=1)
    S.main(state, 0)
    S.play(state, "main:space=invent")
    assert t.invented[2] == 1 and t.tiles[0] == K.ASP_BASE + 2  # technology Aspiration
    assert S.ids(state) == ["pay:trader", "pay:scholar"]
    S.play(state, "pay:scholar")  # the scholar goes to the Invent space
    assert t.inventor[2] == 0
    assert t.exhausted[0] == 1 and t.home[0] == 0 and t.academy[0] == 0  # trader exhausted
    assert not S.sound(state)


def test_invent_not_offered_without_specialists() -> None:
    state = _board()
    S.set_private(state, 0, "agriculture")
    S.put_card(state, 3, "irrigation", presenter=2)
    S.specialists(state, 0, [1, 1, 1], academy=0)  # needs 2 economy
    assert not Q.invent_regions(state.table, 0)


def test_innovate_not_on_ideas_nor_your_own_invention() -> None:
    state = _board()
    t = state.table
    S.put_card(state, 2, "wheel", presenter=1, inventor=2)
    S.put_card(state, 5, "seawall", presenter=1)  # still an idea
    S.specialists(state, 0, [0, 0, 1], academy=0)
    S.specialists(state, 2, [0, 0, 1], academy=0)
    assert Q.innovate_regions(t, 0) == [1]
    assert Q.innovate_regions(t, 2) == []  # the inventor cannot
    S.citizens(state, 0, 4, 2)
    S.main(state, 0, chain=1)
    S.play(state, "main:space=innovate")
    assert t.innovator[1] == 0 and t.home[2] == 1  # the thinker went, a new one came
    assert S.ids(state) == ["chain:action=call_specialists", "skip"]  # the card's chain
    S.play(state, "chain:action=call_specialists")
    assert t.chain_left == 0
    assert not S.sound(state)


def test_share_an_invention_presenter_inventor_innovator_and_citizens() -> None:
    state = _board()
    t = state.table
    S.put_card(state, 4, "wheel", presenter=1, count=2, inventor=2, innovator=3)
    before = list(t.on_map)
    S.main(state, 3)
    assert "main:space=share_invention" in S.ids(state)
    S.play(state, "main:space=share_invention")
    assert t.ip[1] == 2 * 2  # era 2 x 2 presenter citizens
    assert t.idea_loc[S.idea("wheel")] == LOC_LEFT + 2  # the inventor takes the card
    moved = [t.on_map[3 * P + s] - before[3 * P + s] for s in range(4)]
    assert moved == [0, 2, 1, 2]  # the innovator's citizen + a new one
    assert t.card[3] == -1
    assert S.ids(state) == ["reward:wealth", "reward:wild", "reward:none"]
    S.play(state, "reward:wealth")
    assert t.tiles[3 * 4] == K.WEALTH_BASE + t.wealth_letter[3]
    assert not S.sound(state)


def test_share_an_invention_wealth_letter_once_and_full_display() -> None:
    state = _board()
    t = state.table
    S.put_card(state, 4, "wheel", presenter=1, inventor=0)
    letter = t.wealth_letter[3]
    t.progress_map[0] = K.WEALTH_BASE + letter  # already one of this letter
    t.wealth_left[3] -= 1
    t.tiles[0:4] = [K.PROGRESS_BASE, K.PROGRESS_BASE + 8, K.ASP_BASE, K.PROGRESS_BASE + 15]
    t.progress_supply[0] -= 1
    t.progress_supply[8] -= 1
    t.progress_supply[15] -= 1
    S.main(state, 0)
    S.play(state, "main:space=share_invention")
    assert S.ids(state) == ["reward:wild", "reward:none"]  # no second tile of a letter
    S.play(state, "reward:wild")
    assert t.tiles[2] == K.ASP_WILD  # the only Aspiration tile was replaced
    assert not S.sound(state)


def test_share_needs_your_citizen_beside_an_invention() -> None:
    state = _board()
    S.put_card(state, 4, "wheel", presenter=1, inventor=2)
    S.put_card(state, 5, "seawall", presenter=0)  # an idea: nothing to share
    assert Q.share_regions(state.table, 0) == []
    assert Q.share_regions(state.table, 1) == [3]


def test_share_an_invention_4_full_display_wealth_tile_waits_for_the_replaced_aspiration() -> None:
    # Share an Invention 4: "If your tiles display has no empty spaces for it, either replace
    # any Aspiration tile in your tiles display, or do not take the tile at all." While the
    # player chooses which Aspiration tile to replace, the Wealth tile is still the region's:
    # no tile is lost from the box (the invariants held only after the answer before).
    state = _board()
    t = state.table
    S.put_card(state, 4, "wheel", presenter=1, inventor=0)
    left = t.wealth_left[3]
    t.tiles[0:4] = [K.ASP_BASE, K.PROGRESS_BASE + 8, K.ASP_BASE + 2, K.PROGRESS_BASE + 15]
    t.progress_supply[8] -= 1
    t.progress_supply[15] -= 1
    S.main(state, 0)
    S.play(state, "main:space=share_invention", "reward:wealth")
    assert S.ids(state) == ["replace:slot=1", "replace:slot=3"]
    assert not S.sound(state)  # the Wealth tile is neither lost nor counted twice
    assert t.wealth_left[3] == left
    S.play(state, "replace:slot=3")
    assert t.tiles[2] == K.WEALTH_BASE + t.wealth_letter[3]
    assert t.wealth_left[3] == left - 1
    assert not S.sound(state)
