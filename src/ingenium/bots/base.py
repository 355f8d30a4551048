"""The Bot contract, spec strings ("random", "greedy", "greedy:depth=2") and their parameters.

Every bot declares the parameters it takes (`Param`: a type and a range). A spec naming an
unknown parameter, a value that is not a finite number, or one out of range is an UnknownBot
error wherever specs are read (CLI, simulation, server). A bot also honours a deadline and a stop
flag (`limit`), so whoever runs it can bound and cancel its thinking.
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ingenium.engine import Decision, IngeniumError, Option, State


class UnknownBot(IngeniumError, ValueError):
    """A bot spec that names no shipped bot or has bad parameters."""


@dataclass(frozen=True)
class Param:
    """One parameter of a bot: integer or real, with its default and inclusive range."""

    kind: type[int] | type[float]
    default: float
    low: float
    high: float

    def parse(self, bot: str, key: str, text: str) -> float:
        """The value of `text`; UnknownBot unless it is a finite number within the range."""
        try:
            value = self.kind(text)
        except ValueError:
            raise UnknownBot(f"{bot} {key} must be {_kind_name(self.kind)}, "
                             f"not {text!r}") from None
        if not math.isfinite(value) or not self.low <= value <= self.high:
            raise UnknownBot(f"{bot} {key} must be between {_num(self.low)} and "
                             f"{_num(self.high)}, not {text!r}")
        return value


def _kind_name(kind: type[int] | type[float]) -> str:
    return "an integer" if kind is int else "a number"


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def never() -> bool:
    """The default stop flag: never asked to stop."""
    return False


class Bot(ABC):
    """A player program. It sees only its seat: search must determinize from the seat's view."""

    name: ClassVar[str] = "bot"
    parameters: ClassVar[dict[str, Param]] = {}
    searches: ClassVar[bool] = False  # thinks for a budget (time or iterations), not at once
    instant: ClassVar[bool] = False  # answers in constant time, whatever the position

    def __init__(self, seat: int, seed: int = 0, **params: Any) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.params = params
        self.values = self.parse_params({k: str(v) for k, v in params.items()})
        self.deadline = math.inf  # time.perf_counter() value after which to answer at once
        self.stop_requested: Callable[[], bool] = never
        # the samples of the worlds it is handed, apart from its own choices' generator
        self.world_rng = random.Random(f"world-{seed}")

    @classmethod
    def parse_params(cls, params: dict[str, str]) -> dict[str, float]:
        """Every declared parameter's value (given or default); UnknownBot for any bad one."""
        unknown = sorted(set(params) - set(cls.parameters))
        if unknown:
            known = ", ".join(sorted(cls.parameters)) or "no parameters"
            raise UnknownBot(f"the {cls.name} bot takes {known}, not {', '.join(unknown)}")
        values = {key: param.default for key, param in cls.parameters.items()}
        for key, text in params.items():
            values[key] = cls.parameters[key].parse(cls.name, key, text)
        return values

    def limit(self, seconds: float | None = None, stop: Callable[[], bool] | None = None) -> Bot:
        """Answer within `seconds` from now, and as soon as `stop()` turns true; returns self."""
        if seconds is not None:
            self.deadline = time.perf_counter() + seconds
        if stop is not None:
            self.stop_requested = stop
        return self

    def must_stop(self) -> bool:
        """Whether the thinking must end now (deadline passed or stop requested)."""
        return time.perf_counter() > self.deadline or self.stop_requested()

    def choose(self, state: State[Any], decision: Decision) -> Option:
        """Pick one of decision.options for self.seat: the one place every caller asks a bot
        (simulation, server, terminal, RL). The bot's own logic (`decide`) is handed only
        `seen_world`: a copy in which everything hidden from its seat is already resampled,
        never the real state."""
        if len(decision.options) == 1:
            return decision.options[0]
        world = seen_world(state, self.seat, self.world_rng.getrandbits(64))
        world_decision = world.decision
        if world_decision is None or world_decision.seat != decision.seat:
            raise RuntimeError("the seat's world does not offer the decision it was asked")
        return decision.find(self.decide(world, world_decision).id)

    @abstractmethod
    def decide(self, world: State[Any], decision: Decision) -> Option:
        """Pick one of decision.options for self.seat, from a world that holds only what the
        seat may know (hidden information resampled, no seed to replay the real game from)."""

    def fallback(self) -> str:
        """The spec of the bot that plays instead when this one cannot think in time (a
        server whose worker overran): cheaper thinking of about its level; `random` at last."""
        return "random"

    @property
    def spec(self) -> str:
        """The spec string that rebuilds this bot."""
        extra = ",".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.name}:{extra}" if extra else self.name


# The levels a person picks, each a name for a bot spec (wherever a spec is read, so is a level):
# easy is greedy that plays a random option one decision in three, medium is greedy, hard is the
# search at one second a decision with the enhancements that won their ladders (benchmarks/
# search_ladder.py, bot_strength.py): the evaluation straight at the leaf instead of random
# rollouts, the leaf taken at the end of the mover's whole move, its chain completed greedily,
# and the root started at greedy's values where the game declares a `search_guide`.
# A bot that cannot think in time plays its fallback (Bot.fallback): hard falls back to
# medium (greedy), medium to greedy looking one decision ahead, easy to random.
LEVELS: dict[str, str] = {
    "easy": "greedy:noise=0.33",
    "medium": "greedy",
    "hard": "ismcts:ms=1000,rollout=0,chain=2,center=1,horizon=1,learned=2",
}


def seen_world(state: State[Any], seat: int, sample: int) -> State[Any]:
    """What `seat` may know of `state`, as a state to search: the engine's determinize (hidden
    information resampled from `sample`, so two states with the same view and sample give the
    same world) without the real seed, from which the real game could be replayed."""
    world = state.determinize(seat, sample)
    world.seed = None
    return world


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """'ismcts:iters=500,c=1.4' -> ('ismcts', {'iters': '500', 'c': '1.4'}); a level is its spec.

    >>> parse_spec("greedy")
    ('greedy', {})
    >>> parse_spec("greedy:depth=2")
    ('greedy', {'depth': '2'})
    >>> parse_spec("Medium")
    ('greedy', {})
    """
    name, _, rest = spec.strip().partition(":")
    level = LEVELS.get(name.strip().lower())
    if level is not None:
        if rest.strip():
            raise UnknownBot(f"the level {name.strip()!r} takes no parameters (it is {level!r})")
        return parse_spec(level)
    params: dict[str, str] = {}
    for part in filter(None, rest.split(",")):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise UnknownBot(f"bad bot parameter {part!r} in {spec!r} (expected key=value)")
        key = key.strip()
        if key in params:
            raise UnknownBot(f"bot parameter {key!r} given twice in {spec!r}")
        params[key] = value.strip()
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
