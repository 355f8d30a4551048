"""The Bot contract and spec strings ("random", "greedy", "greedy:depth=2")."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from ingenium.engine import Decision, IngeniumError, Option, State


class UnknownBot(IngeniumError, ValueError):
    """A bot spec that names no shipped bot or has bad parameters."""


class Bot(ABC):
    """A player program. It sees only its seat: search must determinize from the seat's view."""

    name: str = "bot"

    def __init__(self, seat: int, seed: int = 0, **params: Any) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.params = params

    @abstractmethod
    def choose(self, state: State[Any], decision: Decision) -> Option:
        """Pick one of decision.options for self.seat."""

    @property
    def spec(self) -> str:
        """The spec string that rebuilds this bot."""
        extra = ",".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.name}:{extra}" if extra else self.name


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """'ismcts:iters=500,c=1.4' -> ('ismcts', {'iters': '500', 'c': '1.4'}).

    >>> parse_spec("greedy")
    ('greedy', {})
    >>> parse_spec("greedy:depth=2")
    ('greedy', {'depth': '2'})
    """
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, rest.split(",")):
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise UnknownBot(f"bad bot parameter {part!r} in {spec!r} (expected key=value)")
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


def split_specs(text: str) -> list[str]:
    """A comma list of bot specs, where parameters also use commas.

    >>> split_specs("ismcts:iters=100,c=1,greedy, human")
    ['ismcts:iters=100,c=1', 'greedy', 'human']
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs
