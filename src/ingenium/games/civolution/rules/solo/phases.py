"""Solo Mode, Phases 2 and 6 for V.I.C.I (rules/solo/flow.py runs them in the era's flow).

Phase 2: "When V.I.C.I 'chooses' a goal chip, roll one of its dice and remove the goal chip from
the display position matching the rolled value (1=top ... 4=fourth; 5/6 or empty = none removed).
Return removed chips to the box."
Phase 6: "first perform 1 provision action, then feed based on provision markers (1 provision
marker feeds 1 tribe on an encampment; 2+ feed all encampment tribes plus 1 in the wilderness).
Unfed tribes are weakened. V.I.C.I gains 1 point per strong tribe in step B." Read per territory
(its markers lie beside a territory's farm building space); they stay there (like a farm).
Weakening is the usual one: an upright tribe lies down, a lying one dies back to its supply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution.board import ENC_OF
from ingenium.games.civolution.components.solo import DIE
from ingenium.games.civolution.names import goal_chip_name
from ingenium.games.civolution.rules.solo.table import VICI, SoloTable
from ingenium.games.civolution.rules.solo.territory import LAND, provide
from ingenium.games.civolution.rules.tribes import name
from ingenium.games.civolution.table import COVERED, EMPTY, CivTable, on_place

if TYPE_CHECKING:
    from ingenium.engine import State

GOAL_POSITIONS = 4


def remove_goal_chip(state: State[CivTable], t: SoloTable) -> str:
    """Phase 2, V.I.C.I's choice: its die names a display position; that chip goes to the box."""
    roll = state.draw("vici_goal_roll", DIE)
    slot = roll - 1
    if roll > GOAL_POSITIONS or t.goal_display[slot] in (EMPTY, COVERED):
        text = f"V.I.C.I rolls {roll}: no goal chip removed"
    else:
        chip = t.goal_display[slot]
        t.goal_display[slot] = EMPTY
        t.boxed_goals.append(chip)
        text = f"V.I.C.I rolls {roll}: {goal_chip_name(chip)} goes to the box"
    state.log(None, "vici_goal", text, {"roll": roll})
    return text


def feed(state: State[CivTable], t: SoloTable) -> str:
    """Phase 6 A for V.I.C.I: one provision action, then each territory's tribes fed by its
    provision markers there; the unfed are weakened."""
    done = [provide(state, t)]
    for x in LAND:
        markers = t.vici_provision[x]
        mine = sorted((e for e in ENC_OF[x] if t.enc_seat[e] == VICI),
                      key=lambda e: t.enc_strong[e])  # the weak are fed first (reconstructed)
        up, down = t.wild_strong[on_place(x, VICI)], t.wild_weak[on_place(x, VICI)]
        if not mine and not up + down:
            continue
        fed_camp = len(mine) if markers >= 2 else min(markers, len(mine))
        fed_weak = min(1 if markers >= 2 else 0, down)
        fed_up = min((1 if markers >= 2 else 0) - fed_weak, up)
        unfed = len(mine) - fed_camp + (down - fed_weak) + (up - fed_up)
        for e in mine[fed_camp:]:
            if t.enc_strong[e]:
                t.enc_strong[e] = 0
            else:
                t.enc_seat[e] = -1
                t.tribes[VICI] += 1
        t.tribes[VICI] += down - fed_weak  # unfed weak tribes die
        t.wild_weak[on_place(x, VICI)] = fed_weak + (up - fed_up)  # unfed strong ones lie down
        t.wild_strong[on_place(x, VICI)] = fed_up
        if unfed:
            done.append(f"{unfed} unfed in {name(x)}")
    text = "V.I.C.I feeds: " + "; ".join(done)
    state.log(None, "vici_feed", text)
    return text

