"""The random bot: a uniform choice among the offered options."""

from __future__ import annotations

from typing import Any

from ingenium.bots.base import Bot
from ingenium.engine import Decision, Option, State


class RandomBot(Bot):
    """Uniformly random; the baseline every other bot must beat."""

    name = "random"
    instant = True

    def decide(self, world: State[Any], decision: Decision) -> Option:
        return decision.options[self.rng.randrange(len(decision.options))]
