"""Key Concepts D (Chain Actions), F (exhausted vs available), G (specialists), H (academy and
scholars), supply limits, free actions of Specialist tiles and the Era-6 invent IP."""

from __future__ import annotations

from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.rules import conditions as Q
from ingenium.games.inventions.rules.key_concepts import (
    gain_scholars,
    gain_specialist,
    place_citizen,
)
from ingenium.games.inventions.steps import S_PAY, TO_EXHAUST, Pay
from tests.games.inventions import scenario as S
from tests.games.inventions.test_core_actions import _board

P = K.MAX_SEATS


def test_key_concepts_d_chain_actions_need_a_prepared_token() -> None:
    state = _board()
    t = state.table
    S.put_card(state, 2, "wheel", presenter=1, inventor=2)  # innovate chain: call specialists
    S.citizens(state, 0, 4, 2)
    S.specialists(state, 0, [0, 0, 1], academy=0)
    S.main(state, 0, chain=0)
    S.play(state, "main:space=innovate")
    assert state.decision is None and t.innovator[1] == 0  # no token: no chain offered


def test_key_concepts_f_only_available_citizens_can_be_deployed() -> None:
    state = _board()
    t = state.table
    S.give_idea(state, 0, "wheel")
    S.specialists(state, 0, [0, 0, 0], academy=0)
    t.exhausted[2] = 3  # exhausted thinkers lie down: not available
    t.supply[0] -= 3
    assert not Q.can(t, 0, Q.PRESENT)


def test_key_concepts_h_scholar_commits_to_a_specialty_when_exhausted() -> None:
    state = _board()
    t = state.table
    S.specialists(state, 0, [0, 0, 0], academy=2)
    S.at(state, Pay(S_PAY, 0, TO_EXHAUST, 0, 0, exhaust_economy=0, exhaust_culture=1,
                   exhaust_technology=0, exhaust_any=0), current=0)  # exhaust 1 artisan
    assert t.academy[0] == 1 and t.exhausted[1] == 1  # now an exhausted artisan
    S.at(state, Pay(S_PAY, 0, TO_EXHAUST, 0, 0, exhaust_economy=0, exhaust_culture=0,
                   exhaust_technology=0, exhaust_any=1), current=0)  # any type (Wealth tile)
    assert S.ids(state) == ["pay:scholar=economy", "pay:scholar=culture",
                            "pay:scholar=technology"]
    S.play(state, "pay:scholar=technology")
    assert t.academy[0] == 0 and t.exhausted[2] == 1


def test_key_concepts_h_academy_limit_is_the_milestone_era() -> None:
    state = _board()
    t = state.table
    S.specialists(state, 0, [1, 1, 1], academy=2)
    assert gain_scholars(state, 0) == 0  # Era-2 Milestone: at most 2 scholars
    S.set_private(state, 0, "iron")
    assert gain_scholars(state, 0, 2) == 1 and t.academy[0] == 3


def test_components_supply_limit_of_30_citizens() -> None:
    state = _board()
    t = state.table
    t.home[0] += t.supply[0]
    t.supply[0] = 0
    home, on_map = list(t.home[0:3]), list(t.on_map)
    gain_specialist(state, 0, 1)
    place_citizen(state, 0, 2)
    assert gain_scholars(state, 0) == 0
    assert t.home[0:3] == home and t.on_map == on_map
    assert not S.sound(state)


def test_specialist_tile_free_action_is_optional_and_needs_no_token() -> None:
    state = _board()
    t = state.table
    S.give_idea(state, 0, "wheel")
    S.set_private(state, 0, "transport")
    S.put_card(state, 3, "domestication_horse", presenter=1)  # needs Transport
    S.specialists(state, 0, [1, 0, 2], academy=0)
    S.main(state, 0, chain=0)
    S.play(state, "main:space=present_idea", "present:region=7")  # the Invent tile: 2
    assert S.ids(state) == ["free:action=invent", "skip"]
    S.play(state, "free:action=invent")
    assert t.inventor[2] == 0 and t.chain_left == 0


def test_invent_era_6_ideas_score_their_printed_ip() -> None:
    state = _board()
    t = state.table
    S.set_private(state, 0, "solar_cell")
    S.put_card(state, 1, "satellite", presenter=1)  # economy + economy + technology
    S.specialists(state, 0, [2, 0, 1], academy=0)
    S.main(state, 0)
    S.play(state, "main:space=invent")
    assert t.ip[0] == K.IDEAS[S.idea("satellite")].invent_ip == 6


def test_send_diplomat_needs_a_free_space_and_none_of_yours() -> None:
    state = _board()
    t = state.table
    m = t.common[0]
    for seat in (1, 2, 3):
        t.diplomats[m * P + seat] = 1
        t.supply[seat] -= 1
    assert m not in Q.diplomat_targets(t, 0)  # 3 spaces, all taken
    m2 = t.common[1]
    t.diplomats[m2 * P] = 1
    t.supply[0] -= 1
    assert m2 not in Q.diplomat_targets(t, 0)  # you already have a citizen there
    assert m2 in Q.diplomat_targets(t, 1)
    assert not S.sound(state)


def test_call_diplomat_loses_access_to_an_opponents_milestone() -> None:
    state = _board()
    t = state.table
    S.set_private(state, 1, "agriculture")
    m = S.milestone("agriculture")
    t.diplomats[m * P] = 1
    t.supply[0] -= 1
    assert Q.has_access(t, 0, m)
    S.main(state, 0)
    S.play(state, "main:space=call_diplomat", "recall:milestone=agriculture")
    assert not Q.has_access(t, 0, m)
    assert Q.has_access(t, 0, t.private[0])  # never your own


def test_key_concepts_d_milestone_chain_action_with_a_token() -> None:
    state = _board()
    t = state.table
    S.set_private(state, 1, "iron")  # Diplomat Action: chain Invent, gain a thinker
    S.set_private(state, 0, "agriculture")
    S.put_card(state, 3, "irrigation", presenter=2)
    S.specialists(state, 0, [3, 0, 0], academy=0)
    S.main(state, 0, chain=1)
    S.play(state, "main:space=send_diplomat", "send:milestone=iron")
    assert S.ids(state) == ["chain:action=invent", "skip"]
    S.play(state, "chain:action=invent")
    assert t.inventor[2] == 0 and t.chain_left == 0 and t.home[2] == 1  # + a thinker
    assert not S.sound(state)
