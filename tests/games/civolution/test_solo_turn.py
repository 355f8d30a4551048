"""Solo Mode, Phase 4: V.I.C.I's turn — the revealed action card (a chance draw), the half the
level sets for the era, each action logged with its card, roll and effect, and its Reset."""

from __future__ import annotations

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components.icons import Category
from ingenium.games.civolution.invariants import vici_components
from ingenium.games.civolution.rules.common import tribes_in
from ingenium.games.civolution.rules.research import top_up
from ingenium.games.civolution.rules.solo.table import HUMAN, VICI
from ingenium.games.civolution.rules.solo.turn import take_turn
from ingenium.games.civolution.rules.tribes import adjacent
from ingenium.games.civolution.table import EMPTY, ISLAND, P
from tests.games.civolution.solo_scenario import SState, new_solo, script_chance

CATS = list(Category)
TECH, PRESTIGE, KNOWLEDGE, CONSTRUCTION, CULTURE = range(5)


def _turn(state: SState, card: int, roll: int | None = None, chip: int | None = None,
          more: list[tuple[str, int]] | None = None) -> list[str]:
    outcomes = [("vici_action_card", card)]
    if roll is not None:
        outcomes.append(("vici_action_roll", roll))
    if chip is not None:
        outcomes.append(("vici_chip_roll", chip))
    script_chance(state, outcomes + (more or []))
    before = len(state.events)
    take_turn(state)
    assert not state._recorded, "a scripted outcome was not drawn"
    return [e.text for e in state.events[before:]]


def test_solo_phase_4_vici_reveals_an_action_card_by_chance() -> None:
    state = new_solo(seed=5)
    t = state.table
    take_turn(state)  # the seeded draw: whatever card, it comes from the stack
    kinds = [entry.split(":")[0] for seat, entry in state.history if seat == -1]
    assert "vici_action_card" in kinds
    assert len(t.action_up) == 1 and len(t.action_stack) == 14
    assert t.action_up[0] not in t.action_stack
    assert state.events[0].data["card"] == t.action_up[0]


def test_solo_phase_4_action_card_1_normal_side_roll_1() -> None:
    state = new_solo("beginner")
    t = state.table
    t.face_up = [c for c in t.down if C.cards[c].deck.value == "invention"][:1]
    card = t.face_up[0]
    log = _turn(state, 1, 1)
    assert t.track[VICI * 5 + TECH] == 1 and top_up(t, TECH) == -1
    assert log[1] == ("V.I.C.I, action card 1 (blue half, roll 1): advances technology by 1")
    assert C.cards[card].name in log[2]
    assert t.track[HUMAN * 5 + TECH] == 0


def test_solo_phase_4_action_card_1_advanced_side_by_level_and_era() -> None:
    state = new_solo("medium")
    t = state.table
    t.era = 3  # Medium: the advanced sides in eras 3-4
    log = _turn(state, 1, 2)
    assert t.track[VICI * 5 + TECH] == 1 and t.score[VICI] == 3
    assert "red half, roll 2" in log[1]
    state = new_solo("medium")
    state.table.era = 2
    _turn(state, 1, 2)
    assert state.table.fate[VICI] == 2 and state.table.fate_display == 2  # normal: FATE


def test_solo_phase_4_action_card_2_statue_on_the_water_building_ground() -> None:
    state = new_solo("expert")
    t = state.table
    supply = t.supply[VICI]
    _turn(state, 2, 1)  # advanced 1-2: STAT + FAV
    assert t.statues[ISLAND * P + VICI] == 1 and t.favor[VICI] == 1
    assert t.supply[VICI] == supply - 1  # the statue is one of its markers


def test_solo_phase_4_action_card_3_activation_die_from_the_display() -> None:
    state = new_solo("beginner")
    t = state.table
    _turn(state, 3, 3)  # 2-3: ADV(constr,1) + ACT
    assert t.track[VICI * 5 + CONSTRUCTION] == 1
    assert (t.vici_dice, t.activation_display) == (7, 2)
    t.activation_display = 0
    t.action_stack.append(t.action_up.pop())  # the same card again
    log = _turn(state, 3, 2)
    assert t.vici_dice == 7 and "no activation die left" in log[-1]


def test_solo_phase_4_evolution_grid_removes_an_attribute_chip_at_6() -> None:
    state = new_solo("beginner")
    t = state.table
    t.vici_evolution = 5
    chip = t.attribute_display[1]
    log = _turn(state, 10, 5, chip=4)  # EVO 1 covers the icon at 6; ceil(4/2) = 2
    assert t.vici_evolution == 6 and t.attribute_display[1] == EMPTY
    assert chip != EMPTY and "attribute chip at display position 2" in log[-1]
    assert t.supply[VICI] == 50 - 6 - 1


def test_solo_phase_4_prosperity_grid_removes_income_chips_at_6_9_12() -> None:
    state = new_solo("beginner")
    t = state.table
    t.vici_prosperity = 5
    t.supply[VICI] = 50
    chips = list(t.income_display)
    for card, roll, chip_roll in ((10, 3, 1), (10, 4, 0), (10, 3, 0), (10, 4, 6)):
        _turn(state, card, roll, chip_roll or None)
        t.action_up = []
        t.action_stack = list(range(1, 16))
    assert t.vici_prosperity == 9
    assert t.income_display == [EMPTY, chips[1], EMPTY]  # at 6: ceil(1/2) = 1; at 9: ceil(6/2)
    state2 = new_solo("beginner")
    state2.table.vici_prosperity = 11
    _turn(state2, 10, 3, chip=3)
    assert state2.table.income_display[1] == EMPTY


def test_solo_phase_4_category_cards_use_the_era_scoring_tiles() -> None:
    state = new_solo("beginner")
    t = state.table
    t.era_tiles = [CATS.index(Category.KNOWLEDGE), CATS.index(Category.EVOLUTION),
                   CATS.index(Category.CULTURE), CATS.index(Category.PROSPERITY)]
    _turn(state, 12)  # current era's category x2
    assert t.track[VICI * 5 + KNOWLEDGE] == 2
    _turn(state, 13)  # next era's category x2
    assert t.vici_evolution == 4
    _turn(state, 14)  # era 4's category x1
    assert t.vici_prosperity == 3
    t.era = 4
    _turn(state, 11)  # the current (fourth) era's category x1
    assert t.vici_prosperity == 4 and "vici_action_roll" not in str(state.history)


def test_solo_phase_4_action_card_13_in_era_4_gains_points_instead() -> None:
    state = new_solo("expert")
    t = state.table
    t.era = 4
    _turn(state, 13)
    assert t.score[VICI] == 7 and t.vici_evolution == 2


def test_solo_phase_4_action_card_15_scores_each_final_category() -> None:
    state = new_solo("beginner")
    t = state.table
    t.final_tiles = [CATS.index(Category.TECHNOLOGY), CATS.index(Category.PRESTIGE),
                     CATS.index(Category.EVOLUTION)]
    _turn(state, 15)
    assert (t.track[VICI * 5 + TECH], t.track[VICI * 5 + PRESTIGE], t.vici_evolution) == (1, 1, 3)


def test_solo_phase_4_vici_reset_at_4_blue_and_4_red() -> None:
    state = new_solo("beginner")
    t = state.table
    t.action_up = [1, 5]  # blue 3, red 3
    t.action_stack.remove(1)
    t.action_stack.remove(5)
    log = _turn(state, 8)  # blue 2, red 2: now 5 and 5
    assert log[-1] == "V.I.C.I does a Reset"
    assert t.reset_space == 1 and t.action_up == [] and sorted(t.action_discard) == [1, 5, 8]
    assert t.track[VICI * 5 + PRESTIGE] == t.track[VICI * 5 + CULTURE] == 0  # no action
    assert "vici_action_roll" not in str(state.history)


def test_solo_phase_4_no_reset_below_4_red() -> None:
    state = new_solo("beginner")
    t = state.table
    t.action_up = [1, 3]  # blue 4, red 2
    _turn(state, 12)  # blue 1, red 0
    assert t.reset_space == 0 and t.action_up == [1, 3, 12]


def test_solo_phase_4_extra_tough_reset_carries_out_the_card_too() -> None:
    state = new_solo("beginner+extra-tough")
    t = state.table
    t.action_up = [1, 5]
    log = _turn(state, 8, 5)  # 4-6: ADV(cult, 1), then the Reset
    assert t.track[VICI * 5 + CULTURE] == 1 and t.reset_space == 1
    assert log[-1] == "V.I.C.I does a Reset"


def test_solo_phase_4_empty_stack_reshuffles_the_discard_pile() -> None:
    state = new_solo("beginner")
    t = state.table
    t.action_stack, t.action_discard = [], [2, 12]
    _turn(state, 12)
    assert t.action_stack == [2] and t.action_discard == [] and t.action_up == [12]


def test_solo_phase_4_revealing_sites_by_display_card_5() -> None:
    state = new_solo("beginner", seed=2)
    t = state.table
    hidden = t.recess_site.count(-1)
    log = _turn(state, 2, 5)  # normal 5-6: REV
    revealed = hidden - t.recess_site.count(-1)
    assert revealed >= 1 and "reveals from" in log[-1]
    sp = sum(board.C.sites[s].sp for s in t.recess_site if s >= 0)
    assert t.score[VICI] == sp and t.score[HUMAN] == 0
    assert sum(1 for seat, e in state.history if seat == -1 and e.startswith("site:")) == revealed



def _start(terrain: str) -> int:
    return next(x for x in board.START_TERRITORIES if board.TERRAIN[x].value == terrain)


def test_solo_phase_4_procreation_by_display_card_2_and_the_territory_roll() -> None:
    state = new_solo("beginner")
    t = state.table
    forest, grassland = _start("forest"), _start("grassland")
    log = _turn(state, 10, 1, more=[("vici_territory_roll", 1)])  # ring: Forest first
    fire = next(e for e in board.ENC_OF[forest] if board.FIRE_SP[e])
    assert t.enc_seat[fire] == VICI and t.enc_strong[fire] == 1
    assert t.score[VICI] == board.FIRE_SP[fire] and t.tribes[VICI] == 12
    assert "procreates: settles in Forest" in log[-1] and "fire encampment" in log[-1]
    t.action_stack.append(t.action_up.pop())  # the same card again
    _turn(state, 10, 2)  # fewest own tribes: Grassland, no roll needed
    assert tribes_in(t, VICI, grassland) == 2


def test_solo_phase_4_territory_roll_walks_the_ring() -> None:
    state = new_solo("beginner")
    _turn(state, 10, 1, more=[("vici_territory_roll", 2)])  # Swamp, Mountains, then Grassland
    assert tribes_in(state.table, VICI, _start("grassland")) == 2


def test_solo_phase_4_procreation_displaces_a_rival_when_nothing_is_free() -> None:
    state = new_solo("beginner")
    t = state.table
    forest = _start("forest")
    for e in board.ENC_OF[forest]:
        if t.enc_seat[e] == -1:
            t.enc_seat[e], t.enc_strong[e] = HUMAN, 1
    t.enc_seat[next(e for e in board.ENC_OF[_start("grassland")] if t.enc_seat[e] == VICI)] = -1
    t.tribes[VICI] += 1
    _turn(state, 10, 1)
    assert tribes_in(t, VICI, forest) == 2 and t.wild_strong[forest * P + HUMAN] == 1


def test_solo_phase_4_provision_by_display_card_4() -> None:
    state = new_solo("beginner")
    t = state.table
    forest = _start("forest")
    log = _turn(state, 9, 1, more=[("vici_territory_roll", 1)])  # PROC + PROV
    assert t.vici_provision[forest] == 2 and t.supply[VICI] == 50 - 6 - 1
    assert "places a provision marker in Forest" in log[-1]  # where it has most tribes


def test_solo_phase_4_hunting_by_display_card_6() -> None:
    state = new_solo("beginner")
    t = state.table
    grassland, supply = _start("grassland"), t.hunting_supply
    log = _turn(state, 4, 1, more=[("vici_territory_roll", 4)])  # FAV + HUNT; ring: Grassland
    assert t.favor[VICI] == 1 and t.hunted[grassland] == 1 and t.hunting_supply == supply - 1
    assert t.vici_provision[grassland] == 2 and "hunts in Grassland" in log[-1]
    t.hunted[_start("forest")] = 1
    t.action_stack.append(t.action_up.pop())
    log = _turn(state, 4, 2)
    assert log[-1].endswith("no territory to hunt in") and t.favor[VICI] == 2


def test_solo_phase_4_migration_by_display_card_3() -> None:
    for seed in range(4):
        state = new_solo("beginner", seed)
        t = state.table
        starts = set(board.START_TERRITORIES)
        log = _turn(state, 7, 3)  # MIG
        moved = [x for x in range(board.TERRITORIES) if x not in starts and tribes_in(t, VICI, x)]
        assert len(moved) == 1 and "migrates from" in log[-1]
        source = [x for x in starts if not tribes_in(t, VICI, x)]
        assert len(source) == 1 and moved[0] in adjacent(t, source[0])
        fires = [e for e in board.ENC_OF[moved[0]] if board.FIRE_SP[e] and t.enc_seat[e] == -1]
        assert any(t.enc_seat[e] == VICI for e in board.ENC_OF[moved[0]])  # on an encampment
        assert not fires or t.score[VICI] > 0  # a free fire encampment is its first choice
        assert t.tribes[VICI] == 13 and t.developed[moved[0]] == 1
        assert t.raw[moved[0] * P + VICI] == 0  # no storage: no raw material


def test_solo_phase_4_migration_needs_a_strong_tribe() -> None:
    state = new_solo("beginner")
    t = state.table
    for e in range(board.ENCAMPMENTS):
        if t.enc_seat[e] == VICI:
            t.enc_strong[e] = 0
    log = _turn(state, 7, 3)
    assert log[-1].endswith("no strong tribe that can migrate")


def test_solo_phase_4_vici_turns_keep_its_pieces_counted() -> None:
    """Every action card, seeded, at every level and era: its 15 tribes and 50 markers stay
    accounted for, and every turn is logged with its card."""
    for seed, level in enumerate(("beginner", "medium", "expert+extra-tough")):
        state = new_solo(level, seed)
        t = state.table
        for turn in range(48):
            t.era = 1 + turn // 12
            take_turn(state)
            on_board = sum(tribes_in(t, VICI, x) for x in range(board.TERRITORIES))
            assert on_board + t.tribes[VICI] == 15
            assert vici_components(t) == []  # its 50 markers, statues included
        cards = [e for e in state.events if e.kind == "vici_card"]
        assert len(cards) == 48 and t.vici_turns == 48
        assert any(e.kind == "vici_reset" for e in state.events)
