"""The undo policy as the server applies it: the engine's barriers, own moves only."""

from __future__ import annotations

import random

from secret_rules import GAME

import ingenium
from ingenium.server.undo import can_undo, is_barrier


def test_drawing_a_hidden_card_is_a_barrier_playing_one_is_not() -> None:
    state = GAME.new_game(2, 3)
    rng = random.Random(0)
    kinds: dict[bool, set[str]] = {True: set(), False: set()}
    while state.decision is not None:
        option = rng.choice(state.decision.options).id
        state.apply(option)
        kinds[is_barrier(state)].add(option[:4])
    assert kinds == {True: {"draw"}, False: {"play"}}


def test_a_new_age_revealing_inventions_is_a_barrier() -> None:
    state = ingenium.get_game("legendary-inventors").new_game(2, 5)
    rng = random.Random(1)
    ages = uses = 0
    while state.decision is not None:
        option = rng.choice(state.decision.options).id
        events = len(state.events)
        state.apply(option)
        new_kinds = {e.kind for e in state.events[events:]}
        if "age" in new_kinds:
            assert is_barrier(state), option
            ages += 1
        if option.startswith("use:"):
            assert not is_barrier(state), option
            uses += 1
    assert ages == 2 and uses > 10


def test_can_undo_only_ones_own_moves_while_nobody_else_acted() -> None:
    state = ingenium.get_game("legendary-inventors").new_game(3, 5)
    assert not can_undo(0, state) and not can_undo(None, state)
    state.apply(next(o for o in state.decision.options if o.id.startswith("use:")))  # type: ignore[union-attr]
    assert can_undo(0, state) and not can_undo(1, state) and not can_undo(None, state)
    state.apply(state.decision.options[0])  # type: ignore[union-attr]
    state.apply(state.decision.options[0])  # type: ignore[union-attr]  # seat 1 acts
    assert not can_undo(0, state) and can_undo(1, state)
