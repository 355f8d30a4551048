"""The step machine's hot loop (`machine.advance` and `machine.resolve`), apart from machine.py
so the accelerated build compiles it (issue #23: a search resolves every move of every world
through it; machine.py, which holds the pydantic-facing step table and is read by saves and
answers, stays pure).

`Loop` holds machine.py's table split by what a step does: the steps that run by themselves
(their `run`) and the steps that ask (an `Ask`: the handler's callables and its decision kind
and prompt, as one tuple). It validates nothing: State.apply hands it only an offered option,
and a loaded save's steps were checked when the table was read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ingenium.engine import Decision, Option
from ingenium.games.inventions import options
from ingenium.games.inventions.table import OVER, InvTable

if TYPE_CHECKING:
    from ingenium.engine import State

    IState = State[InvTable]

RunStep = Callable[["IState", Any], None]
OptionsOf = Callable[[InvTable, Any], list[Option]]
AnswerStep = Callable[["IState", Any, str, int], None]
Prepare = Callable[["IState", Any], bool] | None
Passed = Callable[["IState", Any], None] | None
# an asking step's handler as the loop reads it: options, answer, prepare, passed, the
# decision kind and the prompt (machine.Asks' fields)
Ask = tuple[OptionsOf, AnswerStep, Prepare, Passed, str, str]


class Loop:
    """machine.py's STEPS as the loop reads them (see the module)."""

    def __init__(self, runs: dict[type, RunStep], asks: dict[type, Ask]) -> None:
        self.runs = runs
        self.asks = asks

    def advance(self, state: IState) -> tuple[list[Option], Ask | None]:
        """`machine.advance`: run automatic steps and single-answer questions until a real
        choice is due; its options ([] once nothing is pending) and its handler (None then)."""
        t: InvTable = state.table
        pending = t.pending
        runs, asks, decoded = self.runs, self.asks, options.DECODED
        while pending:
            step: Any = pending[-1]
            kind = type(step)
            run = runs.get(kind)
            if run is not None:
                run(state, step)
                continue
            handler = asks[kind]
            prepare = handler[2]
            if prepare is not None and prepare(state, step):
                continue
            offered = handler[0](t, step)
            if not offered:
                pending.pop()
                passed = handler[3]
                if passed is not None:
                    passed(state, step)
            elif len(offered) == 1:
                block, index = decoded[offered[0].code]
                handler[1](state, step, block, index)
            else:
                return offered, handler
        return [], None

    def resolve(self, state: IState, decision: Decision, option: Option) -> None:
        """`machine.resolve`: carry out the chosen option (of `decision`, the question on top
        of the stack) on the step on top of the stack, then everything automatic that
        follows; the state keeps the question found on the way (its options are computed
        once a position)."""
        t: InvTable = state.table
        step: Any = t.pending[-1]
        handler = self.asks.get(type(step))
        if handler is None:
            raise ValueError(f"pending step {step} asks nothing")
        block, index = options.DECODED[option.code]  # an offered option's code: in range
        handler[1](state, step, block, index)
        offered, asking = self.advance(state)
        if asking is None or t.phase == OVER:
            state.keep_decision(None)
            return
        step = t.pending[-1]
        state.keep_decision(Decision(step.seat, asking[4], asking[5], tuple(offered)))
