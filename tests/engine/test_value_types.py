"""Decision and Event build through their slots' own setters (speed): they must stay frozen
values that compare, copy and pickle like the dataclasses they are."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError, replace

import pytest

from ingenium.engine.types import Decision, Event, Option


def test_decision_built_fast_is_a_frozen_value() -> None:
    option = Option("refresh", "Refresh all inventors", 8)
    decision = Decision(seat=1, kind="turn", prompt="Your turn", options=(option,))
    assert (decision.seat, decision.kind, decision.prompt, decision.options) == (
        1, "turn", "Your turn", (option,))
    assert decision == Decision(1, "turn", "Your turn", (option,))
    assert pickle.loads(pickle.dumps(decision)) == decision
    assert replace(decision, seat=2).seat == 2
    with pytest.raises(FrozenInstanceError):
        decision.seat = 0  # type: ignore[misc]


def test_event_without_data_gets_its_own_empty_dict() -> None:
    first, second = Event(0, None, "setup", "Age 1 begins"), Event(1, 0, "use", "uses")
    assert first.data == {} and first.data is not second.data
    assert first.visible_to is None
    private = Event(2, 1, "deal", "dealt", {"card": 3}, (1,))
    assert Event.from_dict(private.to_dict()) == private
    assert copy.deepcopy(private) == private
    with pytest.raises(FrozenInstanceError):
        private.text = ""  # type: ignore[misc]
