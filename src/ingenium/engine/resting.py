"""Positions kept at rest: a search that reaches the same position in many iterations (a game
without hidden information, bots/ismcts.py) keeps it once and wakes a copy to play on.

A kept position holds its table frozen (`FlatTable.frozen`) and its history as a tuple, so the
garbage collector, which scans every item of every live list at each full collection, soon
stops scanning it: thousands of kept positions would otherwise make each collection cost more
than the search saves. The question the position asks is asked once, of the live table,
before it is frozen.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar, cast

from ingenium.engine.chance import SEEDED
from ingenium.engine.rng import Rng
from ingenium.engine.state import State
from ingenium.engine.table import FlatTable
from ingenium.engine.types import Decision

T = TypeVar("T", bound=FlatTable)


class Resting(Generic[T]):
    """A copy of a search's world (seeded chance, none pending) kept to wake copies of; its log
    is not kept: the worlds woken from it keep none (`keeps_log` False)."""

    __slots__ = ("decision", "game", "history", "players", "private_chance", "seed", "table",
                 "undo_floor", "variant")

    def __init__(self, world: State[T]) -> None:
        if world.chance_mode != SEEDED or world.chance is not None:
            raise ValueError("only a world of seeded chance rests, none pending")
        self.decision: Decision | None = world.decision  # asked of the live table
        self.game = world.game
        self.players = world.players
        self.seed = world.seed
        self.variant = world.variant
        self.table = world.table.frozen()
        self.history = tuple(world.history)
        self.private_chance = tuple(world.private_chance.items())
        self.undo_floor = world.undo_floor

    def wake(self, rng: Rng) -> State[T]:
        """A world in this position, its future chance drawn from `rng` (seeded mode)."""
        world: State[Any] = object.__new__(State)
        world.game = self.game
        world.players = self.players
        world.seed = self.seed
        world.variant = self.variant
        world.table = cast(T, self.table.thaw())
        world.chance_mode = SEEDED
        world.rng = rng
        world.history = list(self.history)
        world.private_chance = dict(self.private_chance)
        world.events = []
        world.private_events = []
        world.keeps_log = False
        world.undo_floor = self.undo_floor
        world._recorded = []
        world._pending = None
        world._decision = self.decision
        return world
