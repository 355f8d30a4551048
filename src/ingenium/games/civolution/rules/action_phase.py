"""Phase 4: Action phase — action rounds from the starting civilization clockwise; on a turn a
civilization activates a module or does a Reset (rulebook: Do a Reset; End of the Action phase).

A Reset is allowed with 3 or fewer activation dice on the dice spaces (planning markers do not
count): A moves the phase indicator (onto the reset end space for the player count: the end is
triggered); B takes the used dice and, space by space, any dice still there, and rolls them; C
puts the leftmost reset marker (or, with none left, a marker from supply) on the idea or the
food space. After the trigger the current round is completed, then one full final round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components.icons import Trigger
from ingenium.games.civolution.console import dice_on_spaces, take_markers
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules import activation, attributes, supply
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.rules.solo.table import VICI_TURN, is_vici
from ingenium.games.civolution.steps import (
    S_ACTIVATION,
    S_AUTO,
    S_CONTINUE,
    S_REROLL_RESET,
    S_RESET_PLACE,
    S_TURN,
    Activation,
    Auto,
    Continue,
    RerollReset,
    ResetPlace,
    Turn,
)
from ingenium.games.civolution.table import (
    DICE_SPACES,
    CivTable,
    dice_spaces,
    reset_column_at,
    reset_columns,
    space_at,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

RESET_ALLOWED = 3


def begin(state: CState) -> None:
    """The phase indicator on the first reset space; the starting civilization's turn."""
    t = state.table
    t.reset_space = 0
    t.end_triggered = 0
    t.final_round_left = -1
    t.current = t.starting
    t.pending.append(turn_step(t, t.starting))


def turn_step(t: CivTable, seat: int) -> Auto | Turn:
    """A civilization's turn; Solo Mode: V.I.C.I's turn is automatic (rules/solo/flow.py)."""
    return Auto(S_AUTO, what=VICI_TURN) if is_vici(t, seat) else Turn(S_TURN, seat=seat)


def can_reset(t: CivTable, seat: int) -> bool:
    """Do a Reset: "only allowed if you currently have 3 or fewer activation dice on your dice
    spaces (planning markers don't count)"."""
    return dice_on_spaces(t, seat) <= RESET_ALLOWED


def _reset_option() -> Option:
    return opt("reset", 0, "reset", "Do a Reset (take back your used dice and roll them)")


MODULE_OPTIONS = tuple(opt("module", m, f"module:{module.id}", f"Activate {module.name}")
                       for m, module in enumerate(C.modules))  # each module's answer


def ask_turn(t: CivTable, step: Turn) -> tuple[str, list[Option]]:
    options = [MODULE_OPTIONS[m] for m in activation.activatable(t, step.seat)]
    if can_reset(t, step.seat):
        options.append(_reset_option())
        if len(options) == 1:
            return "No module can be activated now: do a Reset", options
    return "Activate a module or do a Reset", options


def answer_turn(state: CState, step: Turn, option: Option) -> None:
    t = state.table
    seat = step.seat
    block, index = picked(option)
    t.pending.append(Continue(S_CONTINUE, seat=seat))
    if block == "module":
        if state.keeps_log:  # a search's world has no log: skip building the text
            state.log(seat, "activate", f"Player {seat + 1} activates {C.modules[index].name}",
                      {"module": C.modules[index].id})
        t.pending.append(Activation(S_ACTIVATION, seat=seat, module=index, which=1, first=-1))
        return
    state.log(seat, "reset", f"Player {seat + 1} does a Reset")
    t.reset_space += 1  # A
    if t.reset_space >= K.player_counts[t.players].reset_spaces and not t.end_triggered:
        t.end_triggered = 1
        state.log(None, "end_trigger", "The phase indicator reaches the reset end space")
    fire(t, seat, Trigger.RESET)  # after the Reset (pushed beneath its steps B and C)
    t.pending.append(ResetPlace(S_RESET_PLACE, seat=seat))
    if not any(reset_columns(t, seat)):
        supply.ask_if_empty(t, seat)  # C takes a marker from an empty supply: replenish?
    first = _next_space(t, seat, 0)  # B
    if first < 0:
        _roll(state, seat, 0)
    else:
        t.pending.append(RerollReset(S_REROLL_RESET, seat=seat, space=first, taken=0))


def _next_space(t: CivTable, seat: int, start: int) -> int:
    for space in range(start, 6):
        if t.dice[space_at(seat, space)]:
            return space
    return -1


LEAVE_ALL, TAKE_ALL = 5, 6  # "take" entries past any one space's dice (3 at most on spaces)


def ask_reroll(t: CivTable, step: RerollReset) -> tuple[str, list[Option]]:
    n = t.dice[space_at(step.seat, step.space)]
    options = [opt("take", k, f"take:{k}", f"Take {k} to roll" if k else "Leave them")
               for k in range(n + 1)]
    if _next_space(t, step.seat, step.space + 1) >= 0:  # more spaces to come: one answer
        rest = sum(dice_spaces(t, step.seat)[step.space:])
        options += [opt("take", LEAVE_ALL, "take:none", "Leave every die on its space"),
                    opt("take", TAKE_ALL, "take:all", f"Take all {rest} dice to roll")]
    return (f"Reset B: take how many of the dice on your {step.space + 1} space to roll?",
            options)


def answer_reroll(state: CState, step: RerollReset, option: Option) -> None:
    t = state.table
    k = picked(option)[1]
    if k in (LEAVE_ALL, TAKE_ALL):
        taken = sum(dice_spaces(t, step.seat)[step.space:]) if k == TAKE_ALL else 0
        if k == TAKE_ALL:
            for space in range(step.space, DICE_SPACES):
                t.dice[space_at(step.seat, space)] = 0
        _roll(state, step.seat, step.taken + taken)
        return
    t.dice[space_at(step.seat, step.space)] -= k
    nxt = _next_space(t, step.seat, step.space + 1)
    if nxt < 0:
        _roll(state, step.seat, step.taken + k)
    else:
        t.pending.append(RerollReset(S_REROLL_RESET, seat=step.seat, space=nxt,
                                     taken=step.taken + k))


def _roll(state: CState, seat: int, taken: int) -> None:
    """Roll all dice in hand once and place each on the dice space of its value."""
    t = state.table
    dice = t.used_dice[seat] + taken
    t.used_dice[seat] = 0
    rolled = [state.draw("die", range(1, 7)) for _ in range(dice)]
    for value in rolled:
        t.dice[space_at(seat, value - 1)] += 1
    if state.keeps_log:
        state.log(seat, "roll", f"Player {seat + 1} rolls "
                  + ", ".join(map(str, sorted(rolled))), {"dice": rolled})


def ask_place(t: CivTable, step: ResetPlace) -> tuple[str, list[Option]]:
    has = any(reset_columns(t, step.seat))
    if not has and not t.supply[step.seat]:
        return "", []
    return "Reset C: the marker goes on your idea space or your food space?", [
        opt("branch", 0, "place:idea", "Idea space"), opt("branch", 1, "place:food",
                                                          "Food space")]


def answer_place(state: CState, step: ResetPlace, option: Option) -> None:
    t = state.table
    seat = step.seat
    column = next((c for c, marker in enumerate(reset_columns(t, seat)) if marker), -1)
    if column >= 0:
        t.reset_marker[reset_column_at(seat, column)] = 0
    elif not take_markers(t, seat, 1):
        return
    if picked(option)[1] == 0:
        t.ideas[seat] += 1
    else:
        t.food[seat] += 1


def continue_turns(state: CState, step: Continue) -> None:
    """The next civilization's turn, unless the final action round is over. Before the turn
    ends, an attribute chip may still be taken ("at any time during your own turn"): one
    question, only when a chip's requirement is met (the step is then marked `asked`)."""
    t = state.table
    seat = step.seat
    if not step.asked and not is_vici(t, seat) and attributes.attribute_slots(t, seat):
        t.pending.append(Continue(S_CONTINUE, seat=seat, asked=1))
        attributes.take_now(t, seat, at_turn_end=True)
        return
    nxt = (seat + 1) % t.players
    t.current = nxt
    if t.final_round_left > 0:
        t.final_round_left -= 1
        if t.final_round_left == 0:
            t.final_round_left = -1
            return  # the phase indicator moves on to Phase 5
    elif t.end_triggered and nxt == t.starting:
        t.final_round_left = t.players
    t.pending.append(turn_step(t, nxt))


