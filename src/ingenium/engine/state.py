"""The engine's State: flow bookkeeping (history, events, RNG) around a game's table.

Rules live in the game (`Game.decide` and `Game.resolve`); this class only enforces the contract:
an option not offered raises IllegalMove and changes nothing, every answer is logged, and the
whole state clones, saves and fingerprints as data.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import numpy as np

from ingenium.engine.errors import IllegalMove
from ingenium.engine.rng import Rng
from ingenium.engine.table import FlatTable
from ingenium.engine.types import Decision, Event, Option

if TYPE_CHECKING:
    import random

    from ingenium.engine.game import Game

T = TypeVar("T", bound=FlatTable)
_UNSET: Any = object()
SAVE_FORMAT = 1


class State(Generic[T]):
    """One game in progress. Plain data underneath; see ARCHITECTURE.md for the contract."""

    __slots__ = ("_decision", "events", "game", "history", "players", "rng", "seed", "table",
                 "undo_floor", "variant")

    def __init__(self, game: Game[T], players: int, seed: int, variant: str | None,
                 table: T, rng: Rng) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.variant = variant
        self.table = table
        self.rng = rng
        self.history: list[tuple[int, str]] = []
        self.events: list[Event] = []
        self.undo_floor = 0  # moves before this index revealed information: never undone
        self._decision: Decision | None = _UNSET

    # -- flow ------------------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """The question pending now; None exactly when the game is over."""
        if self._decision is _UNSET:
            self._decision = self.game.decide(self)
        return self._decision

    @property
    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        return self.decision is None

    def apply(self, choice: Option | str | int) -> None:
        """Answer the pending decision with an Option, its id or its code."""
        decision = self.decision
        if decision is None:
            raise IllegalMove(f"illegal move {choice!r}: the game is over")
        option = decision.find(choice)
        self.history.append((decision.seat, option.id))
        self._decision = _UNSET
        chance_before = self.rng.state
        self.game.resolve(self, decision, option)
        if self.rng.state != chance_before:
            self.reveal()

    def reveal(self) -> None:
        """Rules call this when the current move shows hidden information (an undo barrier);
        chance drawn from the state's RNG counts without a call."""
        self.undo_floor = len(self.history)

    def undoable(self, seat: int) -> int:
        """How many of its latest moves `seat` may take back (the Board Game Arena policy).

        Only the seat's own moves since the last one that resolved chance or revealed hidden
        information, and only while no other seat has acted since."""
        count = 0
        for index in range(len(self.history) - 1, self.undo_floor - 1, -1):
            if self.history[index][0] != seat:
                break
            count += 1
        return count

    def undo(self, seat: int, moves: int = 1) -> State[T]:
        """The game as it was `moves` of seat's moves ago, rebuilt by replay; IllegalMove if the
        undo policy forbids it."""
        allowed = self.undoable(seat)
        if not 1 <= moves <= allowed:
            raise IllegalMove(f"seat {seat} may take back {allowed} move(s) now, not {moves}")
        return self.game.replay(self.players, self.seed, self.variant, self.history[:-moves])

    def invalidate(self) -> None:
        """Forget the cached decision after the table was edited directly (scenario builders)."""
        self._decision = _UNSET

    def log(self, seat: int | None, kind: str, text: str, data: dict[str, Any] | None = None,
            visible_to: tuple[int, ...] | None = None) -> None:
        """Append an event; rules call this, never print."""
        self.events.append(Event(len(self.events), seat, kind, text, data or {}, visible_to))

    # -- results -----------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Points per seat (final once terminal)."""
        return self.game.scores(self)

    def ranking(self) -> list[int]:
        """Seats best-first after the rulebook's tie-breakers."""
        return self.game.ranking(self)

    def winners(self) -> list[int]:
        """Every seat sharing first place after all tie-breakers (several only on a true tie)."""
        return self.game.winners(self)

    # -- information ---------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` (None = spectator) may see, as a JSON-compatible dict."""
        decision = self.decision
        return {
            "game": self.game.name,
            "players": self.players,
            "variant": self.variant,
            "seat": seat,
            "terminal": decision is None,
            "decision": None if decision is None
            else decision.to_dict(with_options=seat == decision.seat),
            "scores": self.scores(),
            "table": self.game.view_table(self, seat),
        }

    def visible_events(self, seat: int | None, since: int = 0) -> list[Event]:
        """The log as `seat` may see it, from sequence number `since`."""
        return [e for e in self.events[since:] if e.visible(seat)]

    def observation(self, seat: int) -> np.ndarray:
        """Float32 tensor of game.observation_shape built from view(seat) information only."""
        return self.game.observation(self, seat)

    def determinize(self, seat: int, rng: random.Random | int) -> State[T]:
        """A copy with the same view(seat) whose unseen hidden information is resampled."""
        import random as _random

        source = rng if isinstance(rng, _random.Random) else _random.Random(rng)
        copy = self.clone()
        copy.rng = Rng.from_seed(source.getrandbits(64))
        self.game.determinize_table(copy, seat)
        copy._decision = _UNSET
        return copy

    # -- copies and saves -----------------------------------------------------------------------
    def clone(self) -> State[T]:
        """An independent copy, cheap: list copies only."""
        new = object.__new__(State)
        new.game = self.game
        new.players = self.players
        new.seed = self.seed
        new.variant = self.variant
        new.table = self.table.clone()
        new.rng = Rng(self.rng.state)
        new.history = self.history.copy()
        new.events = self.events.copy()
        new.undo_floor = self.undo_floor
        new._decision = self._decision
        return new

    def position_data(self) -> dict[str, Any]:
        """Everything that decides the future of the game (no log)."""
        return {
            "players": self.players,
            "variant": self.variant,
            "rng": self.rng.state,
            "table": self.table.to_data(),
        }

    def fingerprint(self) -> str:
        """Hash of the full position; equal positions, equal fingerprints."""
        text = json.dumps(self.position_data(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def to_json(self) -> str:
        """Lossless save: creation record, history, log and position, with a checksum."""
        body = {
            "format": SAVE_FORMAT,
            "game": self.game.name,
            "version": self.game.version,
            "seed": self.seed,
            "history": [[seat, option] for seat, option in self.history],
            "undo_floor": self.undo_floor,
            "events": [e.to_dict() for e in self.events],
            **self.position_data(),
        }
        text = json.dumps(body, sort_keys=True, separators=(",", ":"))
        body["checksum"] = hashlib.sha256(text.encode()).hexdigest()
        return json.dumps(body, sort_keys=True, separators=(",", ":"))

    def __repr__(self) -> str:
        return (f"<State {self.game.name} players={self.players} seed={self.seed} "
                f"moves={len(self.history)} terminal={self.is_terminal}>")
