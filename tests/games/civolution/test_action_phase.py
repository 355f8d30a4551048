"""Phase 4: Action phase — activating a module (dice, idea markers, planning and focus markers,
the Sleep and feature modules), Do a Reset, End of the Action phase."""

from __future__ import annotations

from ingenium.games.civolution import board
from ingenium.games.civolution.rules import action_phase, activation
from ingenium.games.civolution.steps import Activation, Phase, Turn
from ingenium.games.civolution.table import ACTION, SITE

from .scenario import answer, ids, make, new, push

SLEEP = board.MODULE["sleep"]
STAMINA = board.MODULE["stamina"]  # 1-1
MIGRATION = board.MODULE["migration"]  # 2-3


def _dice(state, seat: int, values: list[int]) -> None:  # type: ignore[no-untyped-def]
    t = state.table
    t.dice[seat * 6:seat * 6 + 6] = [values.count(v) for v in range(1, 7)]
    state.invalidate()


def test_activation_needs_two_dice_of_the_module_values() -> None:
    state = new(2)
    state.table.ideas[0] = 0
    _dice(state, 0, [2, 3, 5])
    push(state, Turn, 0)
    assert "module:migration" in ids(state)
    assert "module:stamina" not in ids(state)  # needs two 1s


def test_activation_idea_markers_turn_a_die_with_6_and_1_adjacent() -> None:
    state = new(2)
    t = state.table
    t.ideas[0] = 1
    _dice(state, 0, [6, 1])
    push(state, Activation, 0, STAMINA, 1, -1)
    assert ids(state) == ["die:1:ideas=0", "die:6:ideas=1"]
    labels = [o.label for o in state.decision.options]  # type: ignore[union-attr]
    assert labels == ["Use the die on 1", "Use the die on 6 (costs 1 idea marker)"]
    answer(state, "die:6:ideas=1")
    assert ids(state) == ["die:1:ideas=0"]  # the 6 is spoken for, the 1 remains
    answer(state, "die:1:ideas=0")
    assert t.ideas[0] == 0 and t.used_dice[0] == 2 and t.feature[0] == 1 + (
        t.start_marker[0] == 0)


def test_activation_first_die_offered_only_if_a_second_completes_it() -> None:
    state = new(2)
    state.table.ideas[0] = 0
    _dice(state, 0, [1, 5])
    assert activation.first_sources(state.table, 0, STAMINA) == []  # Stamina is 1-1
    _dice(state, 0, [1, 1, 5])
    assert activation.first_sources(state.table, 0, STAMINA) == [0]


def test_activation_planning_marker_stands_in_for_a_die_of_its_space() -> None:
    state = new(2)
    t = state.table
    t.ideas[0] = 0
    _dice(state, 0, [2])
    t.planning[0 * 6 + 2] = 1  # on the 3 space
    push(state, Activation, 0, MIGRATION, 1, -1)
    answer(state, "die:2:ideas=0")
    assert "planning:3:ideas=0" in ids(state)
    supply = t.supply[0]
    answer(state, "planning:3:ideas=0")
    assert t.planning[2] == 0 and t.supply[0] == supply + 1


def test_activation_focus_marker_stands_in_for_any_value() -> None:
    state = new(2)
    t = state.table
    t.ideas[0] = 0
    t.focus[0] = 1
    _dice(state, 0, [1])
    push(state, Activation, 0, STAMINA, 1, -1)
    assert ids(state) == ["die:1:ideas=0", "focus"]
    answer(state, "focus")
    assert ids(state) == ["die:1:ideas=0"]
    answer(state, "die:1:ideas=0")
    assert t.focus[0] == 0 and t.used_dice[0] == 1  # the focus marker went back to supply

def test_sleep_module_takes_any_two_dice_and_gives_focus_or_ideas() -> None:
    state = new(2)
    t = state.table
    _dice(state, 0, [1, 6])
    push(state, Activation, 0, SLEEP, 1, -1)
    answer(state, "die:1:ideas=0", "die:6:ideas=0")
    assert ids(state) == ["or:1", "or:2", "done"]
    ideas = t.ideas[0]
    answer(state, "or:2")
    assert t.ideas[0] == ideas + 2


def test_reset_only_with_three_or_fewer_dice() -> None:
    state = new(2)
    _dice(state, 0, [1, 2, 3, 4])
    assert not action_phase.can_reset(state.table, 0)
    _dice(state, 0, [1, 2, 3])
    state.table.planning[0] = 5  # planning markers do not count
    assert action_phase.can_reset(state.table, 0)


def test_reset_moves_indicator_rolls_dice_and_places_the_reset_marker() -> None:
    state = new(2)
    t = state.table
    t.phase = ACTION
    _dice(state, 0, [4])
    t.used_dice[0] = 5
    push(state, Turn, 0)
    answer(state, "reset")
    assert t.reset_space == 1
    assert ids(state) == ["take:0", "take:1"]  # B: leave or take the die on the 4
    answer(state, "take:1")
    assert sum(t.dice[0:6]) == 6 and t.used_dice[0] == 0
    food = t.food[0]
    answer(state, "place:food")  # C
    assert t.food[0] == food + 1 and t.reset_marker[0:4] == [0, 1, 1, 1]


def test_reset_step_b_one_answer_for_every_dice_space() -> None:
    """Reset B: "For each die still on your dice spaces, decide whether to leave it or take
    it": with dice on several spaces, one answer may leave or take them all."""
    state = new(2)
    t = state.table
    t.phase = ACTION
    _dice(state, 0, [2, 4, 4])
    t.used_dice[0] = 4
    push(state, Turn, 0)
    answer(state, "reset")
    assert ids(state) == ["take:0", "take:1", "take:none", "take:all"]
    answer(state, "take:none")
    assert sum(t.dice[0:6]) == 7 and t.used_dice[0] == 0  # the 4 used dice rolled, 3 left
    assert state.decision is not None and state.decision.kind != "rerollreset"
    state = new(2)
    t = state.table
    t.phase = ACTION
    _dice(state, 0, [2, 4, 4])
    t.used_dice[0] = 4
    push(state, Turn, 0)
    answer(state, "reset", "take:all")
    assert sum(t.dice[0:6]) == 7 and t.used_dice[0] == 0
    rolled = next(e for e in reversed(state.events) if e.kind == "roll")
    assert len(rolled.data["dice"]) == 7  # the used dice and all three taken


def test_reset_step_b_last_space_has_no_all_option() -> None:
    state = new(2)
    t = state.table
    t.phase = ACTION
    _dice(state, 0, [4])
    push(state, Turn, 0)
    answer(state, "reset")
    assert ids(state) == ["take:0", "take:1"]


def test_turn_with_no_module_to_activate_says_a_reset_is_the_only_choice() -> None:
    state = new(2)
    t = state.table
    t.phase = ACTION
    t.ideas[0] = 0
    t.planning[0:6] = [0] * 6
    _dice(state, 0, [1])
    push(state, Turn, 0)
    decision = state.decision
    assert decision is not None and decision.forced and ids(state) == ["reset"]
    assert decision.prompt == "No module can be activated now: do a Reset"


def test_module_either_or_question_names_the_module() -> None:
    """A module's OR is asked naming the module, not as a bare "Choose one"."""
    state = new(2)
    t = state.table
    t.phase = ACTION
    t.ideas[0] = 0
    _dice(state, 0, [3, 6])
    push(state, Turn, 0)
    answer(state, "module:insight")
    for _ in range(4):
        decision = state.decision
        assert decision is not None
        if decision.kind == "choice":
            break
        answer(state, ids(state)[0])
    assert state.decision is not None
    assert state.decision.prompt == "The Insight module (I): which one?"


def test_reset_without_reset_markers_takes_a_marker_from_supply() -> None:
    state = new(2)
    t = state.table
    t.reset_marker[0:4] = [0, 0, 0, 0]
    _dice(state, 0, [])
    t.used_dice[0] = 6
    push(state, Turn, 0)
    supply = t.supply[0]
    answer(state, "reset", "place:idea")
    assert t.supply[0] == supply - 1


def test_action_phase_end_trigger_completes_the_round_then_one_final_round() -> None:
    state = new(2, seed=1)
    t = state.table
    t.phase = ACTION
    t.starting = 0
    t.reset_space = 4  # one step before the end space (5 free reset spaces with 2 players)
    _dice(state, 0, [])
    t.used_dice[0] = 6
    t.pending = [make(Phase, SITE), make(Turn, 0)]  # Phase 5 waits beneath the turns
    state.invalidate()
    answer(state, "reset", "place:idea")
    assert t.end_triggered
    turns = []
    while t.phase == ACTION:
        decision = state.decision
        assert decision is not None
        if decision.kind == "turn":
            turns.append(decision.seat)
        state.apply(decision.options[0])
    assert turns[:3] == [1, 0, 1]  # seat 1 completes the round, then a full final round
    assert t.phase >= SITE
