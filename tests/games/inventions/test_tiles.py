"""Aspiration tiles, Step 3 (Aspirations become Progress), Step 4 (Build Progress) and the
Progress tiles (I. Economy, Culture, Technology, Wealth)."""

from __future__ import annotations

import random

import ingenium
from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.rules import tiles as B
from ingenium.games.inventions.rules.key_concepts import gain_aspiration
from ingenium.games.inventions.steps import (
    S_ASPIRE,
    S_BUILD,
    S_MAIN,
    S_OVERFLOW,
    S_POST,
    AspirationsBecomeProgress,
    BuildProgress,
    EconomyBeforeEnd,
    KeepAspirations,
    MainAction,
)
from tests.games.inventions import scenario as S
from tests.games.inventions.test_core_actions import _board

H = K.NUM_HEXES
HEX = {h.id: n for n, h in enumerate(K.HEXES)}
ECO, CUL, TEC = K.PROGRESS_BASE, K.PROGRESS_BASE + 7, K.PROGRESS_BASE + 14


def _take(state: S.IState, code: int) -> None:
    state.table.progress_supply[code - K.PROGRESS_BASE] -= 1


def test_aspiration_tiles_leftmost_space_and_overflow_choice() -> None:
    state = _board()
    t = state.table
    t.tiles[0:4] = [ECO + 2, 0, 0, 0]
    _take(state, ECO + 2)
    for side in (0, 1, 2, 3):  # economy, culture, technology, wild: one too many
        gain_aspiration(state, 0, side)
    assert t.tiles[0:4] == [ECO + 2, K.ASP_BASE, K.ASP_BASE + 1, K.ASP_BASE + 2]
    assert t.overflow == [3]
    S.at(state, KeepAspirations(S_OVERFLOW, 0, started=0), current=0)
    assert S.ids(state) == ["keep:side=economy", "keep:side=culture", "keep:side=technology",
                            "keep:side=wild"]
    S.play(state, "keep:side=wild", "keep:side=technology")
    assert state.decision is not None
    S.play(state, "keep:side=economy")
    assert sorted(t.tiles[0:4]) == sorted([ECO + 2, K.ASP_WILD, K.ASP_BASE + 2, K.ASP_BASE])
    assert t.overflow == []  # the excess returned to the supply


def test_step3_aspirations_become_progress_one_of_each_number() -> None:
    state = _board()
    t = state.table
    t.tiles[0:4] = [K.ASP_BASE, K.ASP_WILD, 0, 0]
    t.progress_map[0] = ECO + 0  # already holds economy 1
    _take(state, ECO)
    t.progress_supply[3] = 0  # economy 4 is gone
    S.at(state, AspirationsBecomeProgress(S_ASPIRE, 0), current=0)
    options = S.ids(state)
    assert "progress:tile=economy_1" not in options and "progress:tile=economy_4" not in options
    assert len(options) == 5
    S.play(state, "progress:tile=economy_2")
    assert len(S.ids(state)) == 21 - 3  # wild: any type, minus held numbers and empty stacks
    S.play(state, "progress:tile=technology_5")
    assert t.tiles[0:2] == [ECO + 1, TEC + 4]


def test_step4_influence_cost_by_tiles_in_display_and_era_limit() -> None:
    state = _board()
    t = state.table
    for i in scenario_inventions(state, 0):
        t.idea_loc[i] = -1
    t.tiles[0:4] = [ECO, CUL, 0, 0]  # 2 tiles: 2 influence
    _take(state, ECO)
    _take(state, CUL)
    S.specialists(state, 0, [3, 3, 3], academy=0)
    t.influence[0] = 1
    S.at(state, BuildProgress(S_BUILD, 0, left=-1, first=1, influence_cost=-1), current=0)
    assert state.decision is None  # cannot pay 2 influence
    t.influence[0] = 3
    S.at(state, BuildProgress(S_BUILD, 0, left=-1, first=1, influence_cost=-1), current=0)
    assert S.ids(state) == ["build:slot=1", "build:slot=2", "skip"]
    S.play(state, "build:slot=1")
    assert t.influence[0] == 1
    S.play(state, "build:hex=2,-2")  # gains a trader first
    assert state.decision is None  # era 2 - 1 = 1 tile only
    assert t.progress_map[HEX["2,-2"]] == ECO
    assert t.home[0] == 3 + 1 - 1 and t.exhausted[0] == 1
    assert not S.sound(state)


def test_step4_build_cost_adjacency_inventions_and_hex_discount() -> None:
    state = _board()
    t = state.table
    for i in scenario_inventions(state, 0):
        t.idea_loc[i] = -1
    t.progress_map[HEX["1,0"]] = CUL
    t.progress_map[HEX["1,-1"]] = CUL + 1
    assert B.build_cost(t, 0, ECO, HEX["2,-1"]) == 1 + 2  # two neighbours
    S.give_invention(state, 0, "bread")  # economy
    S.give_invention(state, 0, "trade")  # economy
    assert B.build_cost(t, 0, ECO, HEX["2,-1"]) == 1
    assert B.build_cost(t, 0, K.WEALTH_BASE, HEX["2,-1"]) == 2 + 2  # no discount for Wealth
    assert B.build_cost(t, 0, ECO, HEX["0,0"]) == 0  # the printed discount of 2


def test_step4_wealth_tile_two_specialists_of_any_mix() -> None:
    state = _board()
    t = state.table
    t.tiles[0:4] = [K.WEALTH_BASE, 0, 0, 0]
    t.wealth_left[t.wealth_letter.index(0)] -= 1
    S.specialists(state, 0, [1, 1, 0], academy=0)
    t.influence[0] = 3
    S.at(state, BuildProgress(S_BUILD, 0, left=-1, first=1, influence_cost=-1), current=0)
    S.play(state, "build:slot=1", "build:hex=-2,2")  # a thinker first: 3 citizens to choose
    assert S.ids(state) == ["pay:trader", "pay:artisan", "pay:thinker"]
    S.play(state, "pay:thinker")
    assert S.ids(state) == ["pay:trader", "pay:artisan"]
    S.play(state, "pay:artisan")
    assert t.exhausted[0:3] == [0, 1, 1]
    assert not S.sound(state)


def test_economy_tile_once_per_era_with_a_token() -> None:
    state = _board()
    t = state.table
    t.progress_map[HEX["-1,1"]] = ECO + 5  # economy 6: 4 IP
    _take(state, ECO + 5)
    S.at(state, EconomyBeforeEnd(S_POST, 0), MainAction(S_MAIN, 0), current=0, chain=1)
    assert "economy:tile=6" in S.ids(state)
    S.play(state, "economy:tile=6")
    assert t.ip[0] == 4 and t.eco_home[0] == 0
    assert "economy:tile=6" not in S.ids(state)  # once per era


def test_economy_token_from_building_over_its_hex() -> None:
    state = _board()
    t = state.table
    t.tiles[0:4] = [TEC, 0, 0, 0]
    _take(state, TEC)
    t.influence[0] = 3
    S.specialists(state, 0, [0, 0, 2], academy=0)
    S.at(state, BuildProgress(S_BUILD, 0, left=-1, first=1, influence_cost=-1), current=0)
    S.play(state, "build:slot=1", "build:hex=2,0")
    assert t.eco_home[0] == 2 and t.hex_token[HEX["2,0"]] == 0
    assert not S.sound(state)


def test_culture_tile_improves_its_action() -> None:
    state = _board()
    t = state.table
    t.progress_map[0] = CUL + 0  # culture 1: +2 IP per Present an Idea
    _take(state, CUL)
    S.give_idea(state, 0, "wheel")
    S.specialists(state, 0, [0, 0, 2], academy=0)
    S.main(state, 0)
    S.play(state, "main:space=present_idea", "present:region=3")
    assert t.ip[0] == 2


def test_technology_tile_paired_chain_once_per_turn_for_influence() -> None:
    state = _board()
    t = state.table
    t.progress_map[0] = TEC + 0  # present <-> invent
    _take(state, TEC)
    S.give_idea(state, 0, "wheel")
    S.set_private(state, 1, "agriculture")
    S.put_card(state, 2, "irrigation", presenter=1)
    S.set_private(state, 0, "agriculture")
    S.specialists(state, 0, [2, 0, 1], academy=0)
    t.influence[0] = 2
    S.main(state, 0, chain=1)
    S.play(state, "main:space=present_idea", "present:region=3")
    assert S.ids(state) == ["tech:tile=1", "skip"]
    S.play(state, "tech:tile=1")
    assert t.flipped[0] == 1 and t.influence[0] == 2 - 1 + 1 and t.chain_left == 0 and t.tech_used
    assert t.inventor[1] == 0  # invented Irrigation through the pairing
    assert not S.sound(state)


def scenario_inventions(state: S.IState, seat: int) -> list[int]:
    """Inventions left of a seat's board."""
    return [i for i, loc in enumerate(state.table.idea_loc) if loc == 20 + seat]



def test_economy_tile_usable_at_build_progress_to_pay() -> None:
    state = _board()
    t = state.table
    for i in scenario_inventions(state, 0):
        t.idea_loc[i] = -1
    t.progress_map[HEX["-2,2"]] = ECO + 6  # economy 7: an artisan and a thinker
    _take(state, ECO + 6)
    t.tiles[0:4] = [CUL, 0, 0, 0]
    _take(state, CUL)
    S.specialists(state, 0, [0, 0, 0], academy=0)
    t.influence[0] = 3
    S.at(state, BuildProgress(S_BUILD, 0, left=-1, first=1, influence_cost=-1), current=0)
    assert S.ids(state)[0] == "economy:tile=7" and S.ids(state)[-1] == "skip"
    S.play(state, "economy:tile=7")
    assert t.home[0:3] == [0, 1, 1] and t.eco_home[0] == 0
    assert "build:slot=1" in S.ids(state) and "economy:tile=7" not in S.ids(state)


def _affordable_hexes(t: S.InvTable, seat: int, code: int) -> list[int]:
    """Step 4, 3 as written: an empty hex whose build cost the seat's specialists (and
    scholars) cover, counting a specialist or scholar the hex itself gives first."""
    kind = B.tile_type(code)
    home = t.home[seat * 3:seat * 3 + 3]
    have = (home[kind] if kind >= 0 else sum(home)) + t.academy[seat]
    out = []
    for h in range(H):
        if t.progress_map[seat * H + h]:
            continue
        gives = t.supply[seat] > 0 and (B.HEX_GIVES[h][kind] or (
            B.conditions.academy_room(t, seat) and B.HEX_SCHOLAR[h]))
        if B.build_cost(t, seat, code, h) <= have + (1 if gives else 0):
            out.append(h)
    return out


def test_hex_choices_are_the_empty_hexes_whose_build_cost_can_be_paid() -> None:
    """Checked for every tile code at positions of random games (maps fill up)."""
    game, checked = ingenium.get_game("inventions"), 0
    codes = [*range(K.PROGRESS_BASE, K.PROGRESS_BASE + K.NUM_PROGRESS),
             *range(K.WEALTH_BASE, K.WEALTH_BASE + K.NUM_WEALTH)]
    for seed in range(3):
        state, rng = game.new_game(3, seed), random.Random(seed)
        while (decision := state.decision) is not None:
            t = state.table
            if rng.random() < 0.2:
                for code in codes:
                    assert B.hex_choices(t, decision.seat, code) == _affordable_hexes(
                        t, decision.seat, code)
                    checked += 1
            state.apply(decision.options[rng.randrange(len(decision.options))])
    assert checked > 1000
