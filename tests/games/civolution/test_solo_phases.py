"""Solo Mode, Phases 2 and 6 for V.I.C.I: its goal-chip removal roll, its feeding by provision
markers and its point per strong tribe."""

from __future__ import annotations

from ingenium.games.civolution import board
from ingenium.games.civolution.machine import AUTOS
from ingenium.games.civolution.rules.feeding import SCORE_STRONG
from ingenium.games.civolution.rules.solo.phases import feed, remove_goal_chip
from ingenium.games.civolution.rules.solo.table import VICI
from ingenium.games.civolution.steps import S_AUTO, Auto
from ingenium.games.civolution.table import EMPTY, P
from tests.games.civolution.solo_scenario import new_solo, script_chance


def _start(terrain: str) -> int:
    return next(x for x in board.START_TERRITORIES if board.TERRAIN[x].value == terrain)


def test_solo_phase_2_vici_removes_the_goal_chip_at_its_roll() -> None:
    state = new_solo()
    t = state.table
    chip = t.goal_display[2]
    script_chance(state, [("vici_goal_roll", 3)])
    text = remove_goal_chip(state, t)
    assert t.goal_display[2] == EMPTY and chip not in t.goal_bag and "goes to the box" in text
    script_chance(state, [("vici_goal_roll", 3)])  # now empty: none removed
    assert remove_goal_chip(state, t).endswith("no goal chip removed")


def test_solo_phase_2_vici_roll_5_or_6_removes_none() -> None:
    state = new_solo()
    t = state.table
    before = list(t.goal_display)
    for roll in (5, 6):
        script_chance(state, [("vici_goal_roll", roll)])
        remove_goal_chip(state, t)
    assert t.goal_display == before


def _vici_camps(t, x: int) -> list[int]:  # type: ignore[no-untyped-def]
    return [e for e in board.ENC_OF[x] if t.enc_seat[e] == VICI]


def test_solo_phase_6_vici_provision_then_feeding_by_provision_markers() -> None:
    state = new_solo()
    t = state.table
    forest, grassland = _start("forest"), _start("grassland")
    t.vici_provision[forest] = 0  # Forest: no marker; its provision action goes there
    t.vici_provision[grassland] = 1
    free = next(e for e in board.ENC_OF[grassland] if t.enc_seat[e] == -1)
    t.enc_seat[free], t.enc_strong[free] = VICI, 1  # Grassland: 2 on encampments, 1 marker
    t.wild_strong[grassland * P + VICI] = 1
    t.tribes[VICI] -= 2
    feed(state, t)  # its provision action: the territory without a provision marker
    assert t.vici_provision[forest] == 1 and not state._recorded
    assert sorted(t.enc_strong[e] for e in _vici_camps(t, grassland)) == [0, 1]  # 1 marker
    assert t.wild_weak[grassland * P + VICI] == 1  # the wilderness one is not fed
    assert all(t.enc_strong[e] for e in _vici_camps(t, forest))
    t.vici_provision[grassland] = 2  # 2+: every encampment tribe and 1 in the wilderness
    t.wild_weak[grassland * P + VICI], t.wild_strong[grassland * P + VICI] = 0, 1
    for e in _vici_camps(t, grassland):
        t.enc_strong[e] = 1
    t.supply[VICI] = 0
    feed(state, t)
    assert all(t.enc_strong[e] for e in _vici_camps(t, grassland))
    assert t.wild_strong[grassland * P + VICI] == 1


def test_solo_phase_6_vici_unfed_weak_tribes_die() -> None:
    state = new_solo()
    t = state.table
    for x in board.START_TERRITORIES:
        t.vici_provision[x] = 0
        for e in _vici_camps(t, x):
            t.enc_strong[e] = 0
    t.supply[VICI] = 0  # no marker for its provision action
    feed(state, t)
    assert t.tribes[VICI] == 15 and not any(s == VICI for s in t.enc_seat)


def test_solo_phase_6_b_vici_gains_1_point_per_strong_tribe() -> None:
    state = new_solo()
    t = state.table
    t.wild_strong[_start("forest") * P + VICI] = 1
    AUTOS[SCORE_STRONG](state, Auto(S_AUTO, what=SCORE_STRONG))  # Phase 6 B, as the flow runs it
    assert t.score[VICI] == 3
    assert state.events[-1].text == "V.I.C.I gains 3 success points for its strong tribes"
