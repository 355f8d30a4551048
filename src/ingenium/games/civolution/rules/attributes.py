"""Attribute chips (Module: Planning, Attribute chips): "You can take and install one at any time
during your own turn, provided you fulfill its requirement" — at least 3 or 4 markers of the
chip's feature, one of which goes back to the supply.

Every decision of the civilization whose turn it is in the Action phase (its turn question, an
OR, an "up to N" action, a die of an activation) carries one extra option, "Take an attribute
chip", when a displayed chip's requirement is met; it leads to the chip (no "done" there: a
way back to the same question would let a turn loop for ever), then (when more than one column
fits) the column, and back to the question it interrupted. Questions in the middle of
paying a cost or moving a marker are left alone, so a checked cost stays payable; at the end of
the turn (action_phase's Continue) the chip is offered once more, with `done` to end the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution import board
from ingenium.games.civolution.board import K
from ingenium.games.civolution.names import attribute_name, attribute_text
from ingenium.games.civolution.options import DONE, opt, picked
from ingenium.games.civolution.rules.interpreter import Action, push_target
from ingenium.games.civolution.rules.partition import columns_for, install, next_stage
from ingenium.games.civolution.rules.setup import refill
from ingenium.games.civolution.steps import (
    Activation,
    Activities,
    BuildProjects,
    Choice,
    Repeat,
    Trade,
    Turn,
)
from ingenium.games.civolution.table import (
    ACTION,
    COL_ATTRIBUTE,
    ITEM_ATTRIBUTE,
    CivTable,
    feature_at,
    features,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

ATTRIBUTES = tuple(K.attribute_chips.values())
IN_TURN = (Turn, Choice, Repeat, Activation, Trade, Activities, BuildProjects)
TAKE_BLOCK = "attribute"  # the block of the option added to other questions
TAKE = opt(TAKE_BLOCK, 0, "attribute", "Take an attribute chip")


# each chip's feature (its index) and the markers of it needed, looked up once
CHIP_FEATURE = tuple(board.FEATURES.index(chip.feature) for chip in ATTRIBUTES)
CHIP_AMOUNT = tuple(chip.amount for chip in ATTRIBUTES)
FEWEST_MARKERS = min(CHIP_AMOUNT)


def attribute_slots(t: CivTable, seat: int) -> list[int]:
    """Displayed attribute chips whose feature markers the seat holds (and a column); none
    while every feature of the seat is below the smallest requirement (asked at every
    decision of a turn: one scan in C, the common case)."""
    if max(features(t, seat)) < FEWEST_MARKERS:
        return []
    slots = [s for s, chip in enumerate(t.attribute_display) if chip >= 0 and
             t.feature[feature_at(seat, CHIP_FEATURE[chip])] >= CHIP_AMOUNT[chip]]
    return slots if slots and columns_for(t, seat, COL_ATTRIBUTE) else []


def offer(t: CivTable, step: Any) -> list[Option]:
    """The extra option at a decision of the seat whose turn it is (see the module doc)."""
    if t.phase != ACTION or not isinstance(step, IN_TURN) or step.seat != t.current:
        return []
    return [TAKE] if attribute_slots(t, step.seat) else []


INTERRUPT, TURN_END = -2, -1  # PICK's arg before a chip is chosen: where it was asked from


def take_now(t: CivTable, seat: int, at_turn_end: bool = False) -> None:
    """Ask which chip: the extra option was answered (the interrupted step stays beneath), or
    the turn is ending (then `done` ends it without a chip)."""
    push_target(t, seat, PICK, TURN_END if at_turn_end else INTERRUPT)


def _pick_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    if arg >= 0:
        return [opt("column", c, f"column:{c + 1}", f"Column {c + 1} (stage "
                    f"{next_stage(t, seat, c)})") for c in columns_for(t, seat, COL_ATTRIBUTE)]
    options = []
    for slot in attribute_slots(t, seat):
        chip = ATTRIBUTES[t.attribute_display[slot]]
        options.append(opt("attribute_slot", slot, f"attribute:{chip.id}",
                           f"Install attribute chip {attribute_name(t.attribute_display[slot])}: "
                           f"{attribute_text(t.attribute_display[slot])}"))
    if arg == TURN_END and options:
        options.append(DONE)
    return options


def _pick(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    if option is DONE:
        return arg
    block, index = picked(option)
    if block == "attribute_slot":
        columns = columns_for(t, seat, COL_ATTRIBUTE)
        if len(columns) > 1:  # the first attribute chip: any empty or income-only column
            push_target(t, seat, PICK, index)
        else:
            take_attribute(state, seat, index, columns[0])
        return arg
    take_attribute(state, seat, arg, index)
    return arg


def take_attribute(state: CState, seat: int, slot: int, column: int) -> None:
    """Return one marker of the feature, take the chip, refill, install it in `column`."""

    t = state.table
    chip = t.attribute_display[slot]
    f = board.FEATURES.index(ATTRIBUTES[chip].feature)
    t.feature[feature_at(seat, f)] -= 1
    t.supply[seat] += 1
    t.attribute_display[slot] = -1
    refill(state, t.attribute_display, t.attribute_bag, "attribute_chip")
    install(state, seat, column, ITEM_ATTRIBUTE, chip, COL_ATTRIBUTE)
    if state.keeps_log:  # a search's world has no log: skip building the text
        state.log(seat, "attribute", f"Player {seat + 1} installs attribute chip "
                  f"{attribute_name(chip)}", {"chip": ATTRIBUTES[chip].id})


PICK = 75


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        PICK,
        "attribute",
        "Take which attribute chip (then: into which column)?",
        _pick_options,
        _pick,
    ),
)
