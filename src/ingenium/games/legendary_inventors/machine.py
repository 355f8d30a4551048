"""The step machine: the one table from each pending-step record (`steps.py`) to the rule that
handles it, and the loop that runs steps until a question is due.

With the stack empty the current player is asked for a turn (`gameplay.turn_decision`). A step
either runs by itself (`Runs`) or asks (`Asks`: the decision and how an answer is carried out);
two questions first check whether there is anything to ask (`prepare`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ingenium.engine import Decision, Option
from ingenium.games.legendary_inventors import options, steps
from ingenium.games.legendary_inventors.rules import ages, bonus_tokens, completion, gameplay
from ingenium.games.legendary_inventors.table import FINAL, OVER, LIState, LITable

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Runs(Generic[S]):
    """A step that runs by itself (it pops itself and may push further steps)."""

    run: Callable[[LIState, S], None]


@dataclass(frozen=True, slots=True)
class Asks(Generic[S]):
    """A step that asks: `answer(state, step, seat, block, index)` carries out the choice."""

    decide: Callable[[LITable, S], Decision]
    answer: Callable[[LIState, S, int, str, int], None]
    prepare: Callable[[LIState, S], bool] | None = None  # True: it ran by itself instead


STEPS: dict[type[steps.Step], Runs[Any] | Asks[Any]] = {
    steps.ChooseInvention: Asks(gameplay.invention_decision, gameplay.answer_invention),
    steps.EndTurn: Runs(gameplay.end_turn),
    steps.TokenTarget: Asks(bonus_tokens.target_decision, bonus_tokens.answer_target),
    steps.ChocolateCubes: Asks(bonus_tokens.chocolate_decision,
                               bonus_tokens.place_chocolate_cube),
    steps.Bonus: Asks(completion.bonus_decision, completion.take_bonus,
                      prepare=completion.close_if_done),
    steps.FinalTokens: Asks(ages.final_decision, ages.answer_final,
                            prepare=ages.skip_final_seat),
}


# the table above split by what the loop asks of a step, so that each step costs one lookup:
# what runs before a step's question (a step that runs by itself returns None, a prepare
# returns whether it ran instead of asking), its decision and how an answer is carried out
_AUTOMATIC: dict[type[steps.Step], Callable[[LIState, Any], bool | None]] = {
    **{kind: handler.run for kind, handler in STEPS.items() if isinstance(handler, Runs)},
    **{kind: handler.prepare for kind, handler in STEPS.items()
       if isinstance(handler, Asks) and handler.prepare is not None}}
_DECIDE = {kind: handler.decide for kind, handler in STEPS.items() if isinstance(handler, Asks)}
_ANSWER = {kind: handler.answer for kind, handler in STEPS.items() if isinstance(handler, Asks)}
_DECODED = tuple(options.SPACE.decode(code) for code in range(options.SPACE.size))
_TURN_ANSWERS = gameplay.TURN_ANSWERS


def resolve(state: LIState, decision: Decision, option: Option) -> None:
    """Carry out an answer, then the automatic steps that follow it until a question is due or
    the game is over."""
    t = state.table
    pending = t.pending
    block, index = _DECODED[option.code]
    if not pending:
        _TURN_ANSWERS[block](state, decision.seat, block, index)
    else:
        step = pending[-1]
        answer = _ANSWER.get(type(step))
        if answer is None:
            raise ValueError(f"unexpected pending step {step}")
        answer(state, step, decision.seat, block, index)
    while pending:
        step = pending[-1]
        automatic = _AUTOMATIC.get(type(step))
        if automatic is None or automatic(state, step) is False:
            return  # the step asks
    if t.phase == FINAL:
        ages.end_of_game(state)


def decide(state: LIState) -> Decision | None:
    """The pending question: the top pending step's, else the current player's turn (the
    engine's `Game.decide` itself)."""
    t = state.table
    if t.phase == OVER:
        return None
    pending = t.pending
    if not pending:
        return gameplay.turn_decision(t)
    step = pending[-1]
    ask = _DECIDE.get(type(step))
    if ask is None:
        raise ValueError(f"unexpected pending step {step}")
    return ask(t, step)
