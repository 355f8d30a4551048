"""The search tree of ismcts: its nodes' statistics and the two steps every iteration takes on
them, choosing at a node (availability counts and UCB1) and backing a leaf's values up.

Apart from the bot (bots/ismcts.py) so that the opt-in compiled build can compile them
(acceleration.MODULES): they run at every node of every iteration. Nothing here reads a game;
only the options of a decision, by id.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ingenium.engine import Decision, Option

__all__ = ["Node", "back_up", "pick"]


class Node:
    """Statistics of one option path: visits, availability, value sum per seat, and the score
    the evaluation gave the option when its parent was expanded (for widening)."""

    __slots__ = ("available", "children", "score", "value", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0.0
        self.available = 0
        self.value = [0.0] * players
        self.children: dict[str, Node] = {}
        self.score = 0.0


def pick(node: Node, decision: Decision, c: float,
         below: Callable[[int], int]) -> tuple[Option, Node, bool]:
    """The option to play at `node`, its child and whether that child is new: one of the
    untried options drawn by `below` (and added to the tree), else the best by UCB1 with
    availability counts and exploration constant `c`.

    Counting availability and scoring are one pass over the options: the scores are worked out
    only while none of the options is untried. It chooses as `IsmctsBot._select` (the same
    numbers in the same order) without a second pass."""
    children = node.children
    get = children.get
    seat, sqrt, log = decision.seat, math.sqrt, math.log
    untried: list[Option] | None = None
    best: Option | None = None
    best_score = -math.inf
    for option in decision.options:
        child = get(option.id)
        if child is None:
            if untried is None:
                untried = [option]
            else:
                untried.append(option)
            continue
        available = child.available + 1  # at least 2: a child starts at 1
        child.available = available
        if untried is None:
            visits = child.visits
            score = child.value[seat] / visits + c * sqrt(log(available) / visits)
            if score > best_score:
                best, best_score = option, score
    if untried is not None:
        option = untried[below(len(untried))]
        child = Node(len(node.value))
        child.available = 1
        children[option.id] = child
        return option, child, True
    if best is None:  # no score beat -inf (a NaN evaluation): the first, as _select
        best = decision.options[0]
    return best, children[best.id], False


def back_up(root: Node, path: list[Node], values: list[float]) -> None:
    """Count the iteration at the root and add its leaf's values along the nodes below."""
    root.visits += 1
    for visited in path:
        visited.visits += 1
        visited.value = [total + v for total, v in zip(visited.value, values, strict=True)]
