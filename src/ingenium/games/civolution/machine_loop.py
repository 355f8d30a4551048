"""The step machine's hot loop (`machine.run` and `machine.resolve`), apart from machine.py so
the accelerated build compiles it (issue #23: a search resolves every move of every world
through it; machine.py, which answers for what a save holds, stays pure).

`Loop` holds machine.py's table split by kind of step: the steps that run by themselves
(their `run`) and the steps that ask (their `ask` and `answer`), and each step's decision
kind. It validates nothing: State.apply hands it only an offered option, and a loaded save's
steps were checked when the table was read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ingenium.engine import Decision, Option
from ingenium.games.civolution.options import picked
from ingenium.games.civolution.rules import attributes
from ingenium.games.civolution.table import OVER, CivTable

if TYPE_CHECKING:
    from ingenium.engine import State

    CState = State[CivTable]

RunStep = Callable[["CState", Any], None]
AskStep = Callable[[CivTable, Any], tuple[str, list[Option]]]
AnswerStep = Callable[["CState", Any, Option], None]


class Loop:
    """machine.py's STEPS as the loop reads them (see the module)."""

    def __init__(self, runs: dict[type, RunStep], asks: dict[type, tuple[AskStep, AnswerStep]],
                 kinds: dict[type, str]) -> None:
        self.runs = runs
        self.asks = asks
        self.kinds = kinds

    def run(self, state: CState) -> Decision | None:
        """`machine.run`: automatic steps until a decision is due (or the game is over); a
        question with nothing to decide is passed over."""
        t = state.table
        pending = t.pending
        runs, asks = self.runs, self.asks
        while pending:
            step: Any = pending[-1]
            kind = type(step)
            runner = runs.get(kind)
            if runner is not None:
                pending.pop()
                runner(state, step)
                continue
            prompt, options = asks[kind][0](t, step)
            if options:
                return None if t.phase == OVER else self.decision(t, step, prompt, options)
            pending.pop()
        return None

    def resolve(self, state: CState, option: Option) -> Decision | None:
        """`machine.resolve`: answer the step on top of the stack, then run on."""
        t = state.table
        step: Any = t.pending.pop()
        if picked(option)[0] == attributes.TAKE_BLOCK:  # an added option: the step waits
            t.pending.append(step)
            attributes.take_now(t, step.seat)
            return self.run(state)
        kind = type(step)
        if kind in self.runs:
            raise ValueError(f"pending step {step} asks nothing")
        self.asks[kind][1](state, step, option)
        return self.run(state)

    def decision(self, t: CivTable, step: Any, prompt: str, options: list[Option]
                 ) -> Decision:
        """The step's question, with the options other rules add (an attribute chip may be
        taken at any time in your own turn); its kind is the step's name."""
        if options:
            options = [*options, *attributes.offer(t, step)]
        return Decision(step.seat, self.kinds[type(step)], prompt, tuple(options))
