"""The Game base class: what every game declares and the hooks its rules implement."""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np

from ingenium.engine.errors import (
    BadPlayerCount,
    BadSave,
    IllegalMove,
    IngeniumError,
    UnknownVariant,
)
from ingenium.engine.rng import Rng
from ingenium.engine.state import SAVE_FORMAT, State
from ingenium.engine.table import FlatTable, table_from_data
from ingenium.engine.types import Decision, Event, Option

T = TypeVar("T", bound=FlatTable)


class Game(ABC, Generic[T]):
    """A registered game. Subclasses set the class data and implement the rule hooks."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    variants: ClassVar[tuple[str, ...]] = ()
    num_actions: ClassVar[int]
    observation_shape: ClassVar[tuple[int, ...]]
    version: ClassVar[str] = "1"
    max_game_length: ClassVar[int] = 10_000  # decisions; an upper bound for RL frameworks
    table_type: ClassVar[type[FlatTable]]

    # -- construction ---------------------------------------------------------------------------
    def new_game(self, players: int, seed: int = 0, variant: str | None = None) -> State[T]:
        """A fresh game, set up by the rules; raises BadPlayerCount or UnknownVariant."""
        self.check_setup(players, variant)
        rng = Rng.from_seed(seed)
        state: State[T] = State(self, players, seed, variant, self.empty_table(), rng)
        state.table = self.setup(state)
        return state

    def check_setup(self, players: int, variant: str | None) -> None:
        """Raise a clear error for a player count or variant this game does not offer."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadPlayerCount(
                f"{self.title} is for {self.min_players}-{self.max_players} players, "
                f"not {players!r}")
        if variant is not None and variant not in self.variants:
            offered = ", ".join(self.variants) or "none"
            raise UnknownVariant(f"{self.title} has no variant {variant!r} (offered: {offered})")

    def replay(self, players: int, seed: int, variant: str | None,
               history: Iterable[tuple[int, str] | list[Any]]) -> State[T]:
        """Rebuild a game from its creation record and answers; raises BadSave on a bad move."""
        state = self.new_game(players, seed, variant)
        for index, entry in enumerate(history):
            seat, option_id = entry
            decision = state.decision
            if decision is None or decision.seat != seat:
                raise BadSave(f"history move {index} ({seat}, {option_id!r}) is out of turn")
            try:
                state.apply(option_id)
            except IllegalMove as exc:
                raise BadSave(f"history move {index}: {exc}") from None
        return state

    def from_json(self, text: str | bytes) -> State[T]:
        """Load a save made by State.to_json; raises BadSave for anything malformed or corrupt."""
        try:
            body = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise BadSave(f"save is not valid JSON: {exc.msg if hasattr(exc, 'msg') else exc}")\
                from None
        if not isinstance(body, dict):
            raise BadSave("save is not a JSON object")
        checksum = body.pop("checksum", None)
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
        if checksum != hashlib.sha256(canonical.encode()).hexdigest():
            raise BadSave("corrupt save: checksum does not match its content")
        if body.get("game") != self.name:
            raise BadSave(f"save is of game {body.get('game')!r}, not {self.name!r}")
        if body.get("format") != SAVE_FORMAT:
            raise BadSave(f"save format {body.get('format')!r} is not supported")
        try:
            self.check_setup(body["players"], body["variant"])
            table = table_from_data(self.table_type, body["table"])
            state: State[T] = State(self, body["players"], int(body["seed"]), body["variant"],
                                    table, Rng(int(body["rng"])))  # type: ignore[arg-type]
            state.history = [(int(s), str(o)) for s, o in body["history"]]
            state.undo_floor = int(body["undo_floor"])
            state.events = [Event.from_dict(e) for e in body["events"]]
            state.decision  # noqa: B018 - fail now, not later, on an inconsistent table
        except BadSave:
            raise
        except (IngeniumError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise BadSave(f"corrupt save: {exc}") from None
        return state

    # -- rule hooks -----------------------------------------------------------------------------
    @abstractmethod
    def empty_table(self) -> T:
        """A placeholder table that setup replaces."""

    @abstractmethod
    def setup(self, state: State[T]) -> T:
        """The table after the rulebook's setup, drawing chance from state.rng."""

    @abstractmethod
    def decide(self, state: State[T]) -> Decision | None:
        """The pending decision, or None when the game is over. Pure: no state change."""

    @abstractmethod
    def resolve(self, state: State[T], decision: Decision, option: Option) -> None:
        """Carry out an offered option and everything that follows until the next question."""

    @abstractmethod
    def scores(self, state: State[T]) -> list[int]:
        """Points per seat."""

    def rank_key(self, state: State[T], seat: int) -> tuple[int, ...]:
        """Sort key of a seat, smaller is better: points, then the rulebook's tie-breakers."""
        return (-self.scores(state)[seat],)

    def ranking(self, state: State[T]) -> list[int]:
        """Seats best-first; seats the tie-breakers cannot separate stay in seat order."""
        keys = [self.rank_key(state, s) for s in range(state.players)]
        return sorted(range(state.players), key=lambda s: (keys[s], s))

    def winners(self, state: State[T]) -> list[int]:
        """Every seat sharing first place after all tie-breakers."""
        keys = [self.rank_key(state, s) for s in range(state.players)]
        best = min(keys)
        return [s for s in range(state.players) if keys[s] == best]

    @abstractmethod
    def view_table(self, state: State[T], seat: int | None) -> dict[str, Any]:
        """The table as `seat` may see it (JSON-compatible)."""

    def determinize_table(self, state: State[T], seat: int) -> None:
        """Resample, in place, every hidden thing `seat` has not seen (uses state.rng)."""

    @abstractmethod
    def observation(self, state: State[T], seat: int) -> np.ndarray:
        """Float32 array of observation_shape from what `seat` may see."""

    def invariants(self, state: State[T]) -> list[str]:
        """Broken conservation rules in this position (empty when sound); the soak tests ask."""
        return []

    def evaluate(self, state: State[T], seat: int) -> float:
        """Heuristic value of a position for `seat` (greedy bot); default: score margin."""
        points = self.scores(state)
        others = [p for s, p in enumerate(points) if s != seat]
        return float(points[seat] - (max(others) if others else 0))

    def describe(self) -> dict[str, Any]:
        """Public facts about the game, for lobbies and the CLI."""
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "variants": list(self.variants),
            "num_actions": self.num_actions,
            "observation_shape": list(self.observation_shape),
            "version": self.version,
        }

    # -- analysis (issue #13): what describes a finished game's play, for simulate's reports --
    def statistics(self, state: State[T]) -> list[dict[str, dict[str, float]]]:
        """Per seat, group -> key -> number ("points" by source adding up to the score,
        "actions" taken, components used), read from the finished state and its log.
        Default: nothing beyond what every game reports (scores, ranking, length)."""
        return [{} for _ in range(state.players)]
