"""The engine's State: flow bookkeeping (history, events, chance) around a game's table.

Rules live in the game (`Game.decide` and `Game.resolve`); this class only enforces the contract:
an option not offered raises IllegalMove and changes nothing, every answer and every chance
outcome is logged, and the whole state clones, saves and fingerprints as data.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

import numpy as np

from ingenium.engine.chance import (
    CHANCE,
    EXPLICIT,
    SECURE,
    SEEDED,
    ChanceMode,
    ChanceNode,
    NeedChance,
    PendingChance,
    outcome_id,
    parse_outcome,
)
from ingenium.engine.errors import BadSave, IllegalMove
from ingenium.engine.rng import Rng
from ingenium.engine.table import FlatTable
from ingenium.engine.types import Decision, Event, Option

if TYPE_CHECKING:
    from collections.abc import Iterable

T = TypeVar("T", bound=FlatTable)
_UNSET: Any = object()
SAVE_FORMAT = 2


class Rules(Protocol[T]):
    """The game as a State and its users see it; the engine's Game implements it.

    Declared here so that state.py needs nothing from game.py (which builds States)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def version(self) -> str: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int, ...]: ...
    @property
    def perfect_information(self) -> bool: ...
    @property
    def move_kinds(self) -> frozenset[str]: ...
    @property
    def progress_weights(self) -> dict[int, float]: ...
    @property
    def evaluation_terms(self) -> tuple[str, ...]: ...
    def hides_nothing_from(self, state: State[T], seat: int) -> bool: ...
    def hidden_read_only_at_end(self, state: State[T], seat: int) -> bool: ...

    def new_game(self, players: int, seed: int = 0, variant: str | None = None,
                 chance: ChanceMode = SEEDED) -> State[T]: ...
    def replay(self, players: int, seed: int | None, variant: str | None,
               history: Iterable[tuple[int, str] | list[Any]],
               chance: ChanceMode = SEEDED) -> State[T]: ...
    def setup(self, state: State[T]) -> T: ...
    def decide(self, state: State[T]) -> Decision | None: ...
    def is_over(self, state: State[T]) -> bool: ...
    def resolve(self, state: State[T], decision: Decision, option: Option) -> None: ...
    def scores(self, state: State[T]) -> list[int]: ...
    def ranking(self, state: State[T]) -> list[int]: ...
    def winners(self, state: State[T]) -> list[int]: ...
    def view_table(self, state: State[T], seat: int | None) -> dict[str, Any]: ...
    def observation(self, state: State[T], seat: int) -> np.ndarray: ...
    def determinize_table(self, state: State[T], seat: int, rng: Rng) -> None: ...
    def evaluate(self, state: State[T], seat: int) -> float: ...
    # search hook: every seat's evaluation at once, each seat's potential once
    def evaluate_all(self, state: State[T]) -> list[float]: ...
    def evaluate_terms(self, state: State[T]) -> list[list[float]]: ...
    def invariants(self, state: State[T]) -> list[str]: ...


class State(Generic[T]):
    """One game in progress. Plain data underneath; see ARCHITECTURE.md for the contract."""

    __slots__ = ("_decision", "_pending", "_recorded", "chance_mode", "events", "game",
                 "history", "keeps_log", "players", "private_chance", "private_events", "rng",
                 "seed", "table", "undo_floor", "variant")

    def __init__(self, game: Rules[T], players: int, seed: int | None, variant: str | None,
                 table: T, chance: ChanceMode = SEEDED) -> None:
        self.game = game
        self.players = players
        self.seed = seed if chance == SEEDED else None
        self.variant = variant
        self.table = table
        self.chance_mode: ChanceMode = chance
        # the seeded source's whole state; None for the secure and explicit sources
        self.rng: Rng | None = Rng.from_seed(seed or 0) if chance == SEEDED else None
        self.history: list[tuple[int, str]] = []
        # history index -> the seats that saw that chance outcome (a card dealt face down)
        self.private_chance: dict[int, tuple[int, ...]] = {}
        self.events: list[Event] = []
        self.private_events: list[int] = []  # indices of events some seats may not see
        # False in a search world (determinize with keep_log=False): `log` keeps nothing, and
        # rules may skip building the text of an event nobody will read
        self.keeps_log = True
        self.undo_floor = 0  # moves before this index revealed information: never undone
        self._recorded: list[str] = []  # outcomes to replay before asking the source, reversed
        self._pending: PendingChance | None = None
        self._decision: Decision | None = _UNSET

    # -- flow ------------------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """The question pending now; None when the game is over or (explicit mode) chance is."""
        if self._decision is _UNSET:
            self._decision = None if self._pending else self.game.decide(self)
        return self._decision

    @property
    def chance(self) -> ChanceNode | None:
        """The chance node waiting for `apply_chance` (explicit mode only), else None."""
        return self._pending.node if self._pending else None

    @property
    def is_terminal(self) -> bool:
        """Whether the game has ended (the game's `is_over` unless the pending question is
        already known: a search asks this of every leaf it scores, never its question)."""
        if self._pending is not None:
            return False
        decision = self._decision
        return self.game.is_over(self) if decision is _UNSET else decision is None

    def apply(self, choice: Option | str | int) -> None:
        """Answer the pending decision with an Option, its id or its code."""
        decision = self._decision
        if decision is _UNSET:
            decision = self.decision
        if decision is None:
            why = "a chance outcome is due first" if self._pending else "the game is over"
            raise IllegalMove(f"illegal move {choice!r}: {why}")
        if choice.__class__ is Option:  # a bot hands back an Option of decision.options
            for option in decision.options:
                if option is choice:
                    break
            else:
                option = decision.find(choice)
        else:
            option = decision.find(choice)
        self.history.append((decision.seat, option.id))
        self._decision = _UNSET
        if self.chance_mode == EXPLICIT:
            self._run(PendingChance(self.table, decision, option, len(self.history),
                                    len(self.events), self.undo_floor, ChanceNode("", ())))
        else:
            self.game.resolve(self, decision, option)

    def apply_chance(self, outcome: int | str) -> None:
        """Resolve the pending chance node with an outcome code (or its history id)."""
        pending = self._pending
        if pending is None:
            raise IllegalMove(f"no chance node is pending (outcome {outcome!r})")
        code = pending.node.find(outcome)
        pending = pending.copy()
        pending.outcomes.append(outcome_id(pending.node.kind, code))
        self._run(pending)

    def begin(self) -> None:
        """Set the game up by its rules (Game.new_game calls this once)."""
        if self.chance_mode == EXPLICIT:
            self._run(PendingChance(self.table, None, None, 0, 0, 0, ChanceNode("", ())))
        else:
            self.table = self.game.setup(self)

    def _run(self, pending: PendingChance) -> None:
        """Explicit mode: run a resolution from its snapshot with the outcomes known so far."""
        self.table = cast(T, pending.table.clone())
        del self.history[pending.history_len:]
        for index in [i for i in self.private_chance if i >= pending.history_len]:
            del self.private_chance[index]
        self._truncate_events(pending.events_len)
        self.undo_floor = pending.undo_floor
        self._recorded = pending.outcomes[::-1]
        self._decision = _UNSET
        try:
            if pending.decision is None:
                self.table = self.game.setup(self)
            else:
                assert pending.option is not None
                self.game.resolve(self, pending.decision, pending.option)
        except NeedChance as need:
            self.table = cast(T, pending.table.clone())
            self._truncate_events(pending.events_len)
            pending.node = need.node
            self._pending = pending
            self._decision = _UNSET
        else:
            self._pending = None
        self._recorded = []

    def draw(self, kind: str, items: Sequence[int],
             visible_to: tuple[int, ...] | None = None) -> int:
        """A chance node: one of `items` (a code listed twice is twice as likely), recorded in
        the history; rules call this for every draw, die roll and random pick. `visible_to`
        names the seats that see the outcome when it is dealt face down (None: everybody)."""
        count = len(items)
        if count == 1:
            return items[0]  # no chance in it: nothing to record
        if not count:
            raise ValueError(f"chance node '{kind}' has no outcome")
        if self._recorded:
            entry = self._recorded.pop()
            try:
                recorded_kind, code = parse_outcome(entry)
            except ValueError:
                raise BadSave(f"recorded chance {entry!r} is malformed") from None
            if recorded_kind != kind or code not in items:
                raise BadSave(f"recorded chance {entry!r} does not fit chance node '{kind}'")
            if self.rng is not None:
                self.rng.below(count)  # keep the generator where the recorded game left it
        elif self.rng is not None:
            code = items[self.rng.below(count)]
        elif self.chance_mode == SECURE:
            code = items[secrets.randbelow(count)]
        else:
            raise NeedChance(ChanceNode(kind, tuple(items)))
        self.history.append((CHANCE, outcome_id(kind, code)))
        if visible_to is not None:
            self.private_chance[len(self.history) - 1] = visible_to
        self.undo_floor = len(self.history)  # chance revealed something: no undo past it
        return code

    def deal(self, kind: str, items: Sequence[int], count: int | None = None,
             visible_to: tuple[int, ...] | None = None) -> list[int]:
        """`count` (default: all) of `items` drawn one by one without replacement: a random
        placement or hand, each draw a recorded chance node."""
        pool = list(items)
        dealt = []
        for _ in range(len(pool) if count is None else count):
            code = self.draw(kind, pool, visible_to)
            pool.remove(code)
            dealt.append(code)
        return dealt

    def reveal(self) -> None:
        """Rules call this when the current move shows hidden information (an undo barrier);
        every chance outcome counts without a call."""
        self.undo_floor = len(self.history)

    def undoable(self, seat: int) -> int:
        """How many of its latest moves `seat` may take back (the Board Game Arena policy).

        Only the seat's own moves since the last chance outcome or revealed information, and
        only while no other seat has acted since."""
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
            raise IllegalMove(f"Player {seat + 1} may take back {allowed} move(s) now, "
                              f"not {moves}")
        return self.game.replay(self.players, self.seed, self.variant, self.history[:-moves],
                                self.chance_mode)

    def keep_decision(self, decision: Decision | None) -> None:
        """Rules call this at the end of `resolve` or `setup` with the question the new position
        asks (None: the game is over) when finding what to ask already built its options: the
        state keeps it as its decision, so `decide` is not asked for the same position again.
        Any later change to the table goes through `apply` or `invalidate`, which forget it."""
        self._decision = decision

    def invalidate(self) -> None:
        """Forget the kept decision after the table was edited directly (scenario builders)."""
        self._decision = _UNSET

    def log(self, seat: int | None, kind: str, text: str, data: dict[str, Any] | None = None,
            visible_to: tuple[int, ...] | None = None) -> None:
        """Append an event; rules call this, never print. A world without a log keeps nothing."""
        if not self.keeps_log:
            return
        if visible_to is not None:
            self.private_events.append(len(self.events))
        self.events.append(Event(len(self.events), seat, kind, text, data or {}, visible_to))

    def _truncate_events(self, length: int) -> None:
        del self.events[length:]
        while self.private_events and self.private_events[-1] >= length:
            self.private_events.pop()

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
            "terminal": self.is_terminal,
            "decision": None if decision is None
            else decision.to_dict(with_options=seat == decision.seat),
            "chance": self._pending.node.kind if self._pending else None,
            "scores": [] if self._in_setup() else self.scores(),
            "table": None if self._in_setup() else self.game.view_table(self, seat),
        }

    def _in_setup(self) -> bool:
        """Explicit mode: setup waits for chance, so nothing is on the table yet."""
        return self._pending is not None and self._pending.decision is None

    def history_seen_by(self, seat: int | None) -> list[tuple[int, str]]:
        """The history as `seat` lived it: every answer and public chance outcome, and for a
        card dealt face down to others only that one was dealt ("kind:?"). Equal for two
        histories exactly when the seat cannot tell them apart (perfect recall)."""
        private = self.private_chance
        if not private:
            return self.history.copy()
        seen = self.history.copy()
        for index, seats in private.items():
            if seat is None or seat not in seats:
                kind = seen[index][1].rpartition(":")[0]
                seen[index] = (CHANCE, f"{kind}:?")
        return seen

    def visible_events(self, seat: int | None, since: int = 0) -> list[Event]:
        """The log as `seat` may see it, from sequence number `since`."""
        return [e for e in self.events[since:] if e.visible(seat)]

    def observation(self, seat: int) -> np.ndarray:
        """Float32 tensor of game.observation_shape built from view(seat) information only
        (also while an explicit-mode setup waits for chance on its placeholder table)."""
        return self.game.observation(self, seat)

    def determinize(self, seat: int, rng: random.Random | int,
                    chance: ChanceMode = SEEDED, keep_log: bool = True) -> State[T]:
        """A copy with the same view(seat) whose unseen hidden information is resampled.

        Face-down stacks have no order to resample; what was dealt and is hidden from `seat` is
        redealt by the game, and the copy's history and log keep only what the seat saw (so the
        copy cannot be undone or replayed: it is a world to search, not a record). Its future
        chance comes from a generator seeded by `rng` ("seeded", for bots), or from its caller
        ("explicit", for explicit-stochastic search). With `keep_log=False` the copy has no log
        and keeps none (`keeps_log`): a search's worlds are played, never read."""
        if chance == SECURE:
            raise ValueError("a determinized world is for search: seeded or explicit chance")
        source = rng if isinstance(rng, random.Random) else random.Random(rng)
        # the copy is a world, not a record: its history is the one the seat saw
        seen = self.history_seen_by(seat) if self.private_chance else None
        copy = self._copy(keep_log and self.keeps_log, seen)
        for index in copy.private_events:
            event = self.events[index]
            if not event.visible(seat):
                copy.events[index] = Event(index, event.seat, event.kind, "", {},
                                           event.visible_to)
        self.game.determinize_table(copy, seat, Rng.from_seed(source.getrandbits(64)))
        copy.chance_mode = chance
        copy.rng = Rng.from_seed(source.getrandbits(64)) if chance == SEEDED else None
        if copy._pending is not None and chance == SEEDED:
            copy._run(copy._pending)  # the seeded source resolves what waited for chance
        # The seat's own pending question carries over: its options come from what the seat
        # sees, which the resampling keeps (a search asks it once, not once per world).
        decision = self._decision
        if (self._pending is not None or decision is _UNSET or decision is None
                or decision.seat != seat):
            copy._decision = _UNSET
        return copy

    # -- copies and saves -----------------------------------------------------------------------
    def clone(self) -> State[T]:
        """An independent copy, cheap: list copies only."""
        return self._copy(self.keeps_log)

    def _copy(self, keep_log: bool, history: list[tuple[int, str]] | None = None) -> State[T]:
        """`clone`, with the log copied or (a search's world) left empty and not kept, and the
        history given (a world's, as its seat saw it) or copied."""
        new = object.__new__(State)
        new.game = self.game
        new.players = self.players
        new.seed = self.seed
        new.variant = self.variant
        new.table = self.table.clone()
        new.chance_mode = self.chance_mode
        new.rng = Rng(self.rng.state) if self.rng is not None else None
        new.history = self.history.copy() if history is None else history
        new.private_chance = self.private_chance.copy()
        new.events = self.events.copy() if keep_log else []
        new.private_events = self.private_events.copy() if keep_log else []
        new.keeps_log = keep_log
        new.undo_floor = self.undo_floor
        new._recorded = []
        new._pending = self._pending.copy() if self._pending else None
        new._decision = self._decision
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> State[T]:
        """copy.deepcopy (OpenSpiel's clone uses it) is the cheap clone."""
        return self.clone()

    def position_data(self) -> dict[str, Any]:
        """Everything that decides the future of the game (no log)."""
        pending = self._pending
        return {
            "players": self.players,
            "variant": self.variant,
            "chance_mode": self.chance_mode,
            "rng": self.rng.state if self.rng is not None else None,
            "pending": None if pending is None else {
                "setup": pending.decision is None, "history_len": pending.history_len,
                "events_len": pending.events_len, "undo_floor": pending.undo_floor},
            "table": (pending.table if pending else self.table).to_data(),
        }

    def fingerprint(self) -> str:
        """Hash of the full position; equal positions, equal fingerprints."""
        data = self.position_data()
        data["outcomes"] = self._pending.outcomes if self._pending else None
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def to_json(self) -> str:
        """Lossless save: creation record, history, log and position, with a checksum."""
        body = {
            "format": SAVE_FORMAT,
            "game": self.game.name,
            "version": self.game.version,
            "seed": self.seed,
            "history": [[seat, option] for seat, option in self.history],
            "private_chance": [[i, list(seats)] for i, seats in self.private_chance.items()],
            "undo_floor": self.undo_floor,
            "events": [e.to_dict() for e in self.events],
            **self.position_data(),
        }
        text = json.dumps(body, sort_keys=True, separators=(",", ":"))
        body["checksum"] = hashlib.sha256(text.encode()).hexdigest()
        return json.dumps(body, sort_keys=True, separators=(",", ":"))

    def resume_pending(self, setup: bool, history_len: int, events_len: int,
                       undo_floor: int) -> None:
        """Loading an explicit-mode save that waits for chance: re-run its resolution."""
        if setup:
            decision: Decision | None = None
            option: Option | None = None
        else:
            decision = self.game.decide(self)
            if decision is None or not 0 < history_len <= len(self.history):
                raise BadSave("corrupt save: pending chance without a decision")
            option = decision.find(self.history[history_len - 1][1])
        outcomes = [entry for _, entry in self.history[history_len:]]
        if any(seat != CHANCE for seat, _ in self.history[history_len:]):
            raise BadSave("corrupt save: a decision after a pending chance node")
        pending = PendingChance(self.table, decision, option, history_len, events_len,
                                undo_floor, ChanceNode("", ()), outcomes)
        self._run(pending)
        if self._pending is None:
            raise BadSave("corrupt save: the pending chance node is already resolved")

    def __repr__(self) -> str:
        return (f"<State {self.game.name} players={self.players} seed={self.seed} "
                f"moves={len(self.history)} terminal={self.is_terminal}>")
