"""Information-set MCTS (single observer, Cowling et al. 2012) over the engine contract.

Every iteration samples a world consistent with the bot's view (`determinize`), walks the shared
tree choosing among the options available in that world (UCB1 with availability counts), adds a
node, plays a short random rollout and scores it with the game's evaluation, turned into a value
per seat. The bot never reads hidden information: only determinized copies are searched.
"""

from __future__ import annotations

import math
import time
from typing import Any, ClassVar

from ingenium.bots.base import Bot, Param
from ingenium.engine import Decision, Option, State

MAX_ITERS = 10_000_000  # sanity bounds of the spec; a server sets its own, far lower
MAX_MS = 3_600_000.0
MARGIN = 0.005  # seconds kept for the last iteration and the answer, so `ms` is not overrun


class Node:
    """Statistics of one option path: visits, availability and value sum per seat."""

    __slots__ = ("available", "children", "value", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.available = 0
        self.value = [0.0] * players
        self.children: dict[str, Node] = {}


class IsmctsBot(Bot):
    """Search with a budget of iterations (`iters`) and/or milliseconds (`ms`).

    A spec with `ms` and no `iters` thinks for the whole `ms` (wall clock, since that is what a
    player waits for): the default iteration count caps only a spec that gives no time."""

    name = "ismcts"
    searches = True
    parameters: ClassVar[dict[str, Param]] = {
        "iters": Param(int, 200, 1, MAX_ITERS),
        "ms": Param(float, 0, 0, MAX_MS),  # 0: no time limit of its own
        "c": Param(float, 0.7, 0, 100),
        "rollout": Param(int, 12, 0, 1000),
    }

    def __init__(self, seat: int, seed: int = 0, **params: Any) -> None:
        super().__init__(seat, seed, **params)
        self.iters = MAX_ITERS if "ms" in params and "iters" not in params else int(
            self.values["iters"])
        self.ms = self.values["ms"]
        self.c = self.values["c"]
        self.rollout = int(self.values["rollout"])

    def decide(self, world: State[Any], decision: Decision) -> Option:
        root = Node(world.players)
        # this decision's own budget; the caller's deadline (limit) still applies on top
        until = time.perf_counter() + self.ms / 1000 - MARGIN if self.ms else math.inf
        for done in range(self.iters):
            if done and (time.perf_counter() > until or self.must_stop()):
                break
            self._iterate(root, world.determinize(self.seat, self.rng))
        best = max(decision.options,
                   key=lambda o: (root.children[o.id].visits if o.id in root.children else -1,
                                  self.rng.random()))
        return best

    def _iterate(self, root: Node, world: State[Any]) -> None:
        path = [root]
        node = root
        while (decision := world.decision) is not None:
            for option in decision.options:
                child = node.children.get(option.id)
                if child is not None:
                    child.available += 1
            untried = [o for o in decision.options if o.id not in node.children]
            if untried:
                option = untried[self.rng.randrange(len(untried))]
                child = Node(world.players)
                child.available = 1
                node.children[option.id] = child
                world.apply(option.id)
                path.append(child)
                break
            option = self._select(node, decision)
            world.apply(option.id)
            node = node.children[option.id]
            path.append(node)
        values = self._playout(world)
        for index, visited in enumerate(path):
            visited.visits += 1
            if index:
                for seat, v in enumerate(values):
                    visited.value[seat] += v

    def _select(self, node: Node, decision: Decision) -> Option:
        seat = decision.seat
        best, best_score = decision.options[0], -math.inf
        for option in decision.options:
            child = node.children[option.id]
            score = (child.value[seat] / child.visits
                     + self.c * math.sqrt(math.log(max(child.available, 1)) / child.visits))
            if score > best_score:
                best, best_score = option, score
        return best

    def _playout(self, world: State[Any]) -> list[float]:
        """A short random rollout, then each seat's evaluation squashed to (0, 1)."""
        for _ in range(self.rollout):
            decision = world.decision
            if decision is None:
                break
            world.apply(decision.options[self.rng.randrange(len(decision.options))])
        if world.is_terminal:
            winners = world.winners()
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(world.players)]
        return [1 / (1 + math.exp(-v / 4)) for v in world.game.evaluate_all(world)]
