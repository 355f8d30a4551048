"""The greedy bot: one move of lookahead with the game's own evaluation.

A "move" is the chain of the bot's own atomic decisions until another seat must answer (or a
depth limit): choosing an inventor alone changes nothing worth evaluating, the invention after it
does. The lookahead runs on the seat's world (Bot.choose hands it over), so it cannot peek.

Without a `depth` in its spec the bot follows the game's `greedy_depth` if the game declares one
(a game whose moves are long chains of small decisions: Civolution's activation is the module,
its dice, then each effect's questions), else 3. With `learned=1` it judges with the learned
evaluation shipped for its game and player count (bots/learned.py) instead of the game's own;
with `learned=2` where one is shipped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ingenium.bots.base import Bot, Param
from ingenium.bots.learned import evaluation, own_evaluation
from ingenium.engine import Decision, Option, State

MAX_DEPTH = 16  # a chain of own decisions longer than this is evaluated where it stands


class GreedyBot(Bot):
    """Best immediate value for its seat; ties broken at random."""

    name = "greedy"
    parameters: ClassVar[dict[str, Param]] = {
        "depth": Param(int, 3, 1, MAX_DEPTH),
        "noise": Param(float, 0, 0, 1),  # chance of a random option instead (the easy level)
        "learned": Param(int, 0, 0, 2),  # 1: the learned evaluation, 2: where shipped
    }

    def __init__(self, seat: int, seed: int = 0, **params: Any) -> None:
        super().__init__(seat, seed, **params)
        self.depth = int(self.values["depth"])
        self.depth_given = "depth" in params  # else the game's greedy_depth, if it has one
        self.noise = self.values["noise"]
        self.learned = int(self.values["learned"])
        # the game's own evaluation until a decision picks the learned one (`learned`)
        self.evaluate: Callable[[State[Any], int], float] = own_evaluation

    def decide(self, world: State[Any], decision: Decision) -> Option:
        if self.noise and self.rng.random() < self.noise:
            return decision.options[self.rng.randrange(len(decision.options))]
        best: list[Option] = []
        best_value = float("-inf")
        for option, value in zip(decision.options, self.option_values(world, decision),
                                 strict=False):
            if value > best_value + 1e-9:
                best, best_value = [option], value
            elif abs(value - best_value) <= 1e-9:
                best.append(option)
        return best[self.rng.randrange(len(best))]

    def option_values(self, world: State[Any], decision: Decision) -> list[float]:
        """The value of each of the decision's options, in order: its move played on greedily
        (`_value`) and evaluated, plus `preference`. Out of time, only the first ones (always
        at least one)."""
        depth = self.depth if self.depth_given else int(getattr(world.game, "greedy_depth",
                                                                 self.depth))
        self.evaluate = evaluation(world, self.learned)
        values: list[float] = []
        for option in decision.options:
            if values and self.must_stop():
                break  # out of time: the options valued so far
            child = world.clone()
            child.apply(option.id)
            values.append(self._value(child, depth - 1) + self.preference(decision, option))
        return values

    def fallback(self) -> str:
        """Greedy looking one decision ahead (its cheapest thinking); random for the easy
        level (it plays random options anyway) and for greedy at depth 1 already."""
        if self.noise or (self.depth_given and self.depth == 1):
            return "random"
        return "greedy:depth=1"

    def preference(self, decision: Decision, option: Option) -> float:
        """Extra value a variant bot gives an option (none here); lets studies bias the bot."""
        return 0.0

    def _value(self, state: State[Any], depth: int) -> float:
        """Evaluation after finishing our own chain of decisions, each step picked greedily.

        Following one greedy path (not the full tree) keeps the cost linear in the chain."""
        while depth > 0:
            decision = state.decision
            if decision is None or decision.seat != self.seat:
                break
            if len(decision.options) == 1:  # nothing to compare: play it on, unevaluated
                state.apply(decision.options[0].id)
                depth -= 1
                continue
            best_child, best_value = None, float("-inf")
            for option in decision.options:
                child = state.clone()
                child.apply(option.id)
                value = self.evaluate(child, self.seat)
                if value > best_value:
                    best_child, best_value = child, value
            assert best_child is not None
            state, depth = best_child, depth - 1
        return self.evaluate(state, self.seat)
