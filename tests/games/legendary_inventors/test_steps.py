"""Pending steps (steps.py) and the one table that handles them (machine.py): every record has
a kind code and a handler, saves as a flat list of ints and loads back into its record."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import ingenium
from ingenium.games.legendary_inventors import machine, steps
from ingenium.games.legendary_inventors.table import step_from_data


def test_every_kind_code_names_one_record_and_every_record_has_a_handler() -> None:
    assert len(set(steps.STEP_TYPES.values())) == len(steps.STEP_TYPES)
    assert set(machine.STEPS) == set(steps.STEP_TYPES.values())


@pytest.mark.parametrize(("saved", "record"), [
    ([1, 3, 1], steps.TokenTarget), ([2, 0], steps.ChooseInvention),
    ([3, 7, 2], steps.ChocolateCubes), ([6], steps.EndTurn), ([4, 7], steps.Bonus),
    ([4, 7, 2, 0, 1], steps.Bonus), ([5], steps.FinalTokens), ([5, 1, 2, 0], steps.FinalTokens),
])
def test_a_saved_step_loads_back_into_its_record(saved: list[int], record: type) -> None:
    loaded = step_from_data(saved)
    assert type(loaded) is record and list(loaded) == saved


def test_the_seat_lists_are_named_and_copy_like_any_record() -> None:
    bonus, final = steps.Bonus(7, [2, 0]), steps.FinalTokens([1, 2])
    assert (bonus.kind, bonus.invention, bonus.choosers) == (steps.STEP_BONUS, 7, (2, 0))
    assert (final.kind, final.seats) == (steps.STEP_FINAL, (1, 2))
    for record in (bonus, final):
        for twin in (pickle.loads(pickle.dumps(record)), copy.deepcopy(record)):
            assert twin == record and type(twin) is type(record)


@pytest.mark.parametrize("saved", [[], [9], [1, 0], [2, 0, 0], [4], ["a"]])
def test_a_step_that_is_no_record_is_rejected(saved: list[object]) -> None:
    with pytest.raises(ValueError, match="pending step"):
        step_from_data(saved)


def test_a_save_with_a_bonus_pending_loads_its_records() -> None:
    game = ingenium.get_game("legendary-inventors")
    rng = random.Random(3)
    for seed in range(20):
        state = game.new_game(3, seed)
        while state.decision is not None and not any(
                isinstance(s, steps.Bonus) for s in state.table.pending):
            state.apply(rng.choice(state.decision.options))
        if state.table.pending:
            break
    loaded = game.from_json(state.to_json())
    assert [type(s) for s in loaded.table.pending] == [type(s) for s in state.table.pending]
    assert loaded.table.pending == state.table.pending and loaded.table.pending
