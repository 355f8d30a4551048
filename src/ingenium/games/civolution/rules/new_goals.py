"""Phase 2: New goals — in seating order each civilization may take one goal chip from the
display (covering one of its goal area spaces when all 3 are full); only after everybody had the
opportunity are the empty display spaces refilled from the bag."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution.board import C
from ingenium.games.civolution.names import goal_chip_name, goal_text
from ingenium.games.civolution.options import DONE, opt, picked
from ingenium.games.civolution.rules.common import push_each, seating_order
from ingenium.games.civolution.rules.setup import refill
from ingenium.games.civolution.rules.solo.table import VICI_GOAL, is_vici
from ingenium.games.civolution.steps import S_AUTO, S_NEW_GOAL, S_REFILL, Auto, NewGoal, Refill
from ingenium.games.civolution.table import (
    EMPTY,
    GOAL_AREA,
    CivTable,
    CoveredGoal,
    goal_space_at,
    goal_spaces,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]


def begin(state: CState) -> None:
    """Each civilization in seating order, then the refill (Solo Mode: V.I.C.I's turn is its
    goal-chip roll, rules/solo/flow.py)."""
    t = state.table
    t.pending.append(Refill(S_REFILL))
    push_each(t, [Auto(S_AUTO, what=VICI_GOAL) if is_vici(t, seat)
                  else NewGoal(S_NEW_GOAL, seat=seat, chip_slot=-1)
                  for seat in seating_order(t)])


def place_goal(t: CivTable, seat: int, chip: int, space: int) -> None:
    """A goal chip face up on a goal area space (covering the chip there, if any)."""
    at = goal_space_at(seat, space)
    if t.goal_area[at] >= 0:
        t.goal_under.append(CoveredGoal(seat, space, t.goal_area[at]))
    t.goal_area[at] = chip


def goal_space_options(t: CivTable, seat: int) -> list[Option]:
    """An empty space if there is one (which empty one is the same), else any to cover."""
    area = goal_spaces(t, seat)
    if EMPTY in area:
        s = area.index(EMPTY)
        return [opt("goal_space", s, f"goal_space:{s + 1}", f"Goal area space {s + 1}")]
    return [opt("goal_space", s, f"goal_space:{s + 1}",
                f"Cover the {goal_chip_name(area[s])} on space {s + 1}") for s in range(GOAL_AREA)]


def ask(t: CivTable, step: NewGoal) -> tuple[str, list[Option]]:
    if step.chip_slot >= 0:
        return "Place the goal chip on which goal area space?", goal_space_options(t, step.seat)
    options = [opt("goal_slot", slot, f"goal:{C.goal_chips[chip].id}",
                   f"Take goal chip: {goal_text(chip)}")
               for slot, chip in enumerate(t.goal_display) if chip >= 0]
    return "Take a goal chip from the display?", [*options, DONE] if options else []


def answer(state: CState, step: NewGoal, option: Option) -> None:
    t = state.table
    if option is DONE:
        return
    if step.chip_slot < 0:
        slot = picked(option)[1]
        t.pending.append(NewGoal(S_NEW_GOAL, seat=step.seat, chip_slot=slot))
        return
    space = picked(option)[1]
    chip = t.goal_display[step.chip_slot]
    t.goal_display[step.chip_slot] = EMPTY
    place_goal(t, step.seat, chip, space)
    if state.keeps_log:  # a search's world has no log: skip building the text
        state.log(step.seat, "goal", f"Player {step.seat + 1} takes goal chip "
                  f"({goal_text(chip)})", {"chip": C.goal_chips[chip].id})


def refill_step(state: CState, step: Refill) -> None:
    t = state.table
    refill(state, t.goal_display, t.goal_bag, "goal_chip")


