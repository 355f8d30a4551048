"""Pending steps (steps.py) and the one table that handles them (machine.py): every record has
a kind code and a handler, saves as a flat list of ints and loads back into its record."""

from __future__ import annotations

import json
import random

import pytest

from ingenium.engine import BadSave
from ingenium.games.inventions import machine, steps
from ingenium.games.inventions.table import step_from_data
from tests.games.inventions import scenario as S


def test_every_kind_code_names_one_record_and_every_record_has_a_handler() -> None:
    assert len(set(steps.STEP_TYPES.values())) == len(steps.STEP_TYPES)
    assert set(machine.STEPS) == set(steps.STEP_TYPES.values())


@pytest.mark.parametrize("kind", sorted(steps.STEP_TYPES))
def test_a_saved_step_loads_back_into_its_record(kind: int) -> None:
    record = steps.STEP_TYPES[kind]
    saved = [kind] + [1] * (len(record._fields) - 1)
    loaded = step_from_data(saved)
    assert type(loaded) is record and list(loaded) == saved and loaded.seat == 1


@pytest.mark.parametrize("saved", [[], [99, 0], [14, 0, 0], ["x", 0], [5, 0, 0]])
def test_a_step_that_is_no_record_is_rejected(saved: list[object]) -> None:
    with pytest.raises(ValueError, match="pending step"):
        step_from_data(saved)


def test_a_save_mid_turn_loads_records_and_rejects_a_bad_step() -> None:
    state = S.new(4, 3)
    rng = random.Random(5)
    for _ in range(90):
        state.apply(rng.choice(state.decision.options))  # type: ignore[union-attr]
    loaded = S.GAME.from_json(state.to_json())
    assert loaded.table.pending == state.table.pending
    assert [type(s) for s in loaded.table.pending] == [type(s) for s in state.table.pending]
    body = json.loads(state.to_json())
    body.pop("checksum")
    body["table"]["pending"][-1] = [99, 0]
    with pytest.raises(BadSave, match="not a known step"):
        S.GAME.from_json(_signed(body))


def test_a_record_carrying_another_kind_code_breaks_the_invariants() -> None:
    state = S.after_stone_age(4, 1)
    state.table.pending.append(steps.MainAction(steps.S_TURN, 0))
    assert any("kind code" in p for p in S.sound(state))


def _signed(body: dict[str, object]) -> str:
    import hashlib

    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    body["checksum"] = hashlib.sha256(text.encode()).hexdigest()
    return json.dumps(body, sort_keys=True, separators=(",", ":"))
