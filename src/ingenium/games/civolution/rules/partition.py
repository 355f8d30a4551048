"""The stage partition (Module: Building, Gain 1 income chip; Install 1 research card; Install 1
goal chip; Attribute chips; Completion bonuses).

A column reaches the stages whose `columns` include it, so columns 5-9 start higher; each column
fills from its lowest stage up (goal chips two per stage). Income chips are wild: any column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.names import income_text
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules.interpreter import (
    Action,
    list_id,
    push_effects,
    push_target,
)
from ingenium.games.civolution.rules.setup import refill
from ingenium.games.civolution.rules.starting_a import START_CHIPS
from ingenium.games.civolution.steps import S_EFFECTS, Continue, Effects
from ingenium.games.civolution.table import (
    COL_EMPTY,
    COL_GOAL,
    COLUMNS,
    ITEM_GOAL,
    ITEM_INCOME,
    ITEM_START_CHIP,
    CivTable,
    Installed,
    column_at,
    column_types,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

STAGES = K.stages


def bottom_stage(column: int) -> int:
    """The lowest stage column (0-based) reaches."""
    return next(s.number for s in STAGES if s.columns > column)


def next_stage(t: CivTable, seat: int, column: int) -> int:
    """The lowest free stage of a column (goal chips: two side by side per stage)."""
    items = [i for i in t.installed if i.seat == seat and i.column == column]
    if not items:
        return bottom_stage(column)
    top = max(i.stage for i in items)
    if t.column_type[column_at(seat, column)] == COL_GOAL:
        at_top = sum(1 for i in items if i.stage == top and i.kind == ITEM_GOAL)
        if at_top == 1:
            return top
    return top + 1


def columns_for(t: CivTable, seat: int, kind: int) -> list[int]:
    """Columns a card or chip of column type `kind` may go to (COL_EMPTY: an income chip)."""
    types = column_types(t, seat)
    if kind == COL_EMPTY:  # wild, but full width: "the bottom edge must be in full contact
        # with the part below it", so never beside (or above) a goal chip alone on its stage
        return [c for c in range(COLUMNS) if not _lone_goal_chip_on_top(t, seat, c)]
    if kind in types:
        return [types.index(kind)]
    return [c for c in range(COLUMNS) if types[c] == COL_EMPTY]


def _lone_goal_chip_on_top(t: CivTable, seat: int, column: int) -> bool:
    """Whether the column's top stage holds a single (half-width) goal chip."""
    if t.column_type[column_at(seat, column)] != COL_GOAL:
        return False
    items = [i for i in t.installed if i.seat == seat and i.column == column]
    return bool(items) and next_stage(t, seat, column) == max(i.stage for i in items)


def install(state: CState, seat: int, column: int, kind: int, item: int, col_type: int) -> int:
    """Put a card or chip into a column's lowest free stage; the completion bonus of stage 1
    or 2 is "gained at the end of the turn in which you install a chip or card that completes
    the stage" (outside a turn: at once)."""
    t = state.table
    stage = next_stage(t, seat, column)
    if col_type != COL_EMPTY:
        t.column_type[column_at(seat, column)] = col_type
    t.installed.append(Installed(seat, column, stage, kind, item))
    for rec in STAGES[:2]:
        if stage == rec.number and _complete(t, seat, rec.number):
            _at_end_of_turn(t, seat, rec.completion)
    return stage


def _at_end_of_turn(t: CivTable, seat: int, effects: tuple[Any, ...]) -> None:
    """Carry out effects when the seat's current turn ends (just above its Continue step)."""
    end = next((i for i, step in reversed(list(enumerate(t.pending)))
                if isinstance(step, Continue) and step.seat == seat), -1)
    if end < 0:
        push_effects(t, seat, effects)
        return
    t.pending.insert(end + 1, Effects(S_EFFECTS, seat=seat, effects=list_id(effects), at=0))


def _complete(t: CivTable, seat: int, stage: int) -> bool:
    cols = STAGES[stage - 1].columns
    for column in range(cols):
        here = [i for i in t.installed
                if i.seat == seat and i.column == column and i.stage == stage]
        need = 2 if t.column_type[column_at(seat, column)] == COL_GOAL else 1
        if len(here) < need:
            return False
    return True


def income_effects(t: CivTable, seat: int) -> list[tuple[int, tuple[Any, ...]]]:
    """(item index in `installed`, action) of every installed income chip, starting chip too."""
    found: list[tuple[int, tuple[Any, ...]]] = []
    for n, (s, _c, _st, kind, item) in enumerate(t.installed):
        if s != seat:
            continue
        if kind == ITEM_INCOME:
            found.append((n, C.income_chips[item].effects))
        elif kind == ITEM_START_CHIP:
            found.append((n, START_CHIPS[item].income))
    return found


# ---------------------------------------------------------------- Gain 1 income chip

def can_gain_income_chip(t: CivTable, seat: int) -> bool:
    """A chip is on the display (every column takes an income chip)."""
    return any(c >= 0 for c in t.income_display)


def push_gain_income_chip(t: CivTable, seat: int) -> None:
    """(1) choose a displayed chip, (2) refill, (3) install it, (4) carry out its action."""
    push_target(t, seat, GAIN_INCOME, -1)


def _income_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    if arg >= 0:
        return [opt("column", c, f"column:{c + 1}", f"Column {c + 1} (stage "
                    f"{next_stage(t, seat, c)})") for c in columns_for(t, seat, COL_EMPTY)]
    return [opt("income_slot", s, f"income:{C.income_chips[chip].id}",
                f"Take income chip: {income_text(chip)}")
            for s, chip in enumerate(t.income_display) if chip >= 0]


def _gain_income(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    block, index = picked(option)
    if block == "income_slot":
        chip = t.income_display[index]
        t.income_display[index] = -1
        refill(state, t.income_display, t.income_bag, "income_chip")
        push_target(t, seat, GAIN_INCOME, chip)
        return -1
    install(state, seat, index, ITEM_INCOME, arg, COL_EMPTY)
    push_effects(t, seat, C.income_chips[arg].effects)  # (4), before any completion bonus
    return -1


GAIN_INCOME = 80


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        GAIN_INCOME,
        "gain_income",
        "Gain which income chip (then: into which column)?",
        _income_options,
        _gain_income,
    ),
)
