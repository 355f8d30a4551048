"""Choices the rulebook leaves to the player: attribute chips at any time in your own turn (and
their column), the Glacier's tribe, Holy rock's favor test and procreation, forgoing instant
and event bonuses, the source that pays a cost."""

from __future__ import annotations

from ingenium.games.civolution import board
from ingenium.games.civolution.rules.attributes import ATTRIBUTES
from ingenium.games.civolution.steps import Repeat, Turn
from ingenium.games.civolution.table import ACTION, COL_ATTRIBUTE, ITEM_ATTRIBUTE

from .scenario import CState, answer, ids, new, push


def _ready_for_attribute(state: CState, seat: int = 0) -> str:
    """Give `seat` the markers the first displayed attribute chip asks for; its id."""
    t = state.table
    t.phase, t.current = ACTION, seat
    chip = ATTRIBUTES[t.attribute_display[0]]
    t.feature[seat * 6 + board.FEATURES.index(chip.feature)] = chip.amount
    t.supply[seat] -= chip.amount
    state.invalidate()
    return chip.id


def test_attribute_chips_taken_at_the_turn_and_the_column_chosen() -> None:
    state = new(2)
    chip = _ready_for_attribute(state)
    push(state, Turn, 0)
    assert ids(state).count("attribute") == 1  # one option, leading to a sub-decision
    answer(state, "attribute")
    assert f"attribute:{chip}" in ids(state) and "done" in ids(state)
    answer(state, f"attribute:{chip}")
    columns = ids(state)
    assert len(columns) > 1 and all(c.startswith("column:") for c in columns)
    answer(state, columns[-1])
    t = state.table
    col = int(columns[-1].split(":")[1]) - 1
    assert any(i[0] == 0 and i[1] == col and i[3] == ITEM_ATTRIBUTE for i in t.installed)
    assert t.column_type[col] == COL_ATTRIBUTE
    assert state.decision is not None and state.decision.kind == "turn"  # back to the turn


def test_attribute_chips_at_any_decision_of_your_own_turn_only() -> None:
    from ingenium.games.civolution.rules.gains import ADVANCE_ANY

    state = new(2)
    _ready_for_attribute(state)
    push(state, Repeat, 0, ADVANCE_ANY, 1, 1)  # a decision inside the turn
    assert "attribute" in ids(state)
    answer(state, "attribute", "done")
    assert state.decision is not None and state.decision.kind == "repeat"
    state.table.current = 1  # not this seat's turn
    state.invalidate()
    assert "attribute" not in ids(state)
