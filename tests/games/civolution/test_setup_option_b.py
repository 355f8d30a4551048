"""Setup, starting cards by Option B (advanced, the variant `advanced`): 2 cards of each research
deck and 3 starting marker cards per civilization, six secret choices each, unchosen research
cards to the bottoms of their stacks, unchosen marker cards to the box, then the starting
markers, the monolith and a starting chip card chosen from the display in seating order."""

from __future__ import annotations

import json
import random

from ingenium.games.civolution.board import C
from ingenium.games.civolution.rules.starting_a import ALL_MARKER_CARDS, START_CHIPS
from ingenium.games.civolution.table import ITEM_START_CHIP, NEW_CARDS

from .scenario import answer, ids, new


def test_setup_option_b_deals_two_cards_per_deck_and_three_marker_cards_secretly() -> None:
    state = new(4, seed=3, variant="advanced")
    t = state.table
    assert not t.hand and len(t.looking) == 4 * 10 and len(t.marker_offer) == 4 * 3
    assert sorted(d.card for d in t.marker_offer) == list(range(12))  # all 12 dealt
    decision = state.decision
    assert decision is not None and decision.seat == 0 and t.phase == NEW_CARDS
    assert ids(state) == ["start_markers:1", "start_markers:2", "start_markers:3"]
    others = json.dumps(state.view(1)) + json.dumps(state.view(None))
    mine = [C.cards[h.card].id for h in t.looking if h.seat == 0]
    assert not any(f'"{card}"' in others for card in mine)
    offered = [ALL_MARKER_CARDS[d.card].id for d in t.marker_offer if d.seat == 0]
    assert state.view(0)["table"]["marker_offer"] == offered
    assert sorted(state.view(0)["table"]["looking"]) == sorted(mine)
    assert not any(f'"{card}"' in others for card in offered)


def test_setup_option_b_each_seat_chooses_six_cards_in_seating_order() -> None:
    state = new(2, seed=5, variant="advanced")
    t = state.table
    for seat in (0, 1):
        assert state.decision is not None and state.decision.seat == seat
        answer(state, "start_markers:2")
        for _deck in range(5):
            assert ids(state) == ["start_card:1", "start_card:2"]
            answer(state, "start_card:1")
    assert not t.looking and len(t.bottom) == 10 and t.bottom_seat.count(0) == 5
    assert sorted(h.seat for h in t.hand) == [0] * 5 + [1] * 5
    assert {C.cards[h.card].deck for h in t.hand if h.seat == 0} == {
        C.cards[c].deck for c in range(len(C.cards))}
    # revealed: the chosen marker card's markers; the rest went back to the box
    assert not t.marker_offer and all(0 <= m < len(ALL_MARKER_CARDS) for m in t.start_marker)
    # then the starting chip cards, in seating order from the starting civilization
    decision = state.decision
    assert decision is not None and decision.seat == t.starting
    chips = ids(state)
    assert len(chips) == len(START_CHIPS)
    answer(state, chips[0])
    assert state.decision is not None and chips[0] not in ids(state)
    answer(state, ids(state)[0])
    starts = [i for i in t.installed if i.kind == ITEM_START_CHIP]
    assert len(starts) == 2 and all(t.goal_area[s * 3] >= 0 for s in (0, 1))


def test_setup_option_b_markers_come_from_the_chosen_card() -> None:
    state = new(2, seed=1, variant="advanced")
    t = state.table
    offer = [d.card for d in t.marker_offer if d.seat == 0]
    answer(state, "start_markers:3")
    for _ in range(5):
        answer(state, "start_card:2")
    answer(state, "start_markers:1", *["start_card:1"] * 5)
    assert t.start_marker[0] == offer[2]
    card = ALL_MARKER_CARDS[offer[2]]
    food = sum(g.amount for g in card.markers if g.what.value == "food")
    assert t.food[0] == food


def test_setup_option_b_determinize_resamples_others_marker_cards_only() -> None:
    state = new(3, seed=2, variant="advanced")
    t = state.table
    answer(state, "start_markers:1")
    mine = sorted(d for d in t.marker_offer if d.seat == 1)
    worlds = set()
    for k in range(10):
        world = state.determinize(1, random.Random(k)).table
        assert sorted(d for d in world.marker_offer if d.seat == 1) == mine
        worlds.add(tuple(world.marker_offer))
        assert world.marker_pick[0] in [d.card for d in world.marker_offer if d.seat == 0]
    assert len(worlds) > 1


def test_setup_option_b_with_the_first_play_layout() -> None:
    from ingenium.games.civolution import board

    t = new(2, seed=4, variant="first-play-advanced").table
    assert len(t.marker_offer) == 6 and not t.hand  # Option B
    placed = {board.TILE_LETTERS[a]: (b, c, d) for a, b, c, d in t.layout}
    for p in C.first_play:  # tiles A, B and C as shown
        assert placed[p.tile] == (p.col, p.row, p.rotation)
