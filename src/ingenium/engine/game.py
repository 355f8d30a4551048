"""The Game base class: what every game declares and the hooks its rules implement."""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np

from ingenium.engine.chance import CHANCE, CHANCE_MODES, EXPLICIT, SEEDED, ChanceMode
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
    # RL hook: every value of observation() lies in [low, high] (finite Box spaces)
    observation_bounds: ClassVar[tuple[float, float]] = (0.0, 1.0)
    version: ClassVar[str] = "1"
    max_game_length: ClassVar[int] = 10_000  # decisions; an upper bound for RL frameworks
    max_chance_outcomes: ClassVar[int] = 0  # every chance outcome code is below this
    table_type: ClassVar[type[FlatTable]]
    # a solo game's automated rival (it holds no seat): (statistics group, key) -> its name,
    # where statistics() gives its final score (Civolution: V.I.C.I)
    rival_scores: ClassVar[dict[tuple[str, str], str]] = {}
    # the tie-breakers of rank_key after the points, in the rulebook's words, each with how its
    # key compares: "more" (the key is the negated count), "fewer" (the count) or "order" (a
    # 0-based position in an order); the end screen says which one decided a tie
    tie_breakers: ClassVar[tuple[tuple[str, str], ...]] = ()
    # True for a game in which nothing is ever hidden from a seat (no hand, nothing dealt face
    # down, face-down stacks unordered): `determinize` then changes nothing but the source of
    # future chance, and a search may keep the positions of its tree instead of replaying
    # them (bots/ismcts.py); tests/bots/test_shared_worlds.py checks the claim
    perfect_information: ClassVar[bool] = False
    # the decision kinds a seat is asked only as the first question of a new move (Civolution:
    # "turn", activate a module or Reset). A search completing the mover's chain before scoring
    # a leaf stops there (bots/ismcts.py `chain`): where no other seat answers in between (a
    # solo game against an automa) the chain would otherwise run on into the seat's next moves
    move_kinds: ClassVar[frozenset[str]] = frozenset()
    # how far the game has run as its observation tells it, from 0 at the start to about 1 at
    # the end: observation index -> weight, the progress being the weighted sum (public: the
    # same in every seat's observation, so one seat's tells it for all). A learned
    # evaluation fitted for the game adds terms in it (bots/learned.py `stage_terms`): a seat
    # ahead gains more in what is left of some games. Empty: no such terms
    progress_weights: ClassVar[dict[int, float]] = {}
    # the names of the terms the game's evaluation adds up (`evaluate_terms`): a learned
    # evaluation may weigh each term by how well it predicts the end (bots/learned.py). Empty:
    # the evaluation is one number
    evaluation_terms: ClassVar[tuple[str, ...]] = ()

    def hides_nothing_from(self, state: State[T], seat: int) -> bool:
        """Whether `determinize(seat)` of this position gives the same world whatever its
        generator, but for the source of future chance: then a search may keep its tree's
        positions as in a game without hidden information. Such a game says so of every
        position (`perfect_information`); a game with hidden information may say so of a
        position that hides nothing from the seat just now (it must be public whether it
        does); tests/bots/test_shared_worlds.py checks the claim."""
        return self.perfect_information

    def hidden_read_only_at_end(self, state: State[T], seat: int) -> bool:
        """Whether all that this position hides from `seat` is read by no rule until the game
        ends (Inventions: the other seats' Private Goals, scored only at Final Scoring). Worlds
        sampled for the seat then play alike, move for move and chance for chance, until the
        game ends, and differ only in what `determinize_table` redeals: a search may keep its
        tree's positions and redeal that into each world it wakes from them (bots/ismcts.py).
        False unless a game says so; tests/bots/test_shared_worlds.py checks the claim."""
        return False

    # -- construction ---------------------------------------------------------------------------
    def new_game(self, players: int, seed: int = 0, variant: str | None = None,
                 chance: ChanceMode = SEEDED) -> State[T]:
        """A fresh game, set up by the rules; raises BadPlayerCount or UnknownVariant.

        `chance` picks the source of chance outcomes: "seeded" (from `seed`, reproducible),
        "secure" (the `secrets` module; no seed exists) or "explicit" (the caller resolves
        each chance node with `state.apply_chance`)."""
        self.check_setup(players, variant)
        if chance not in CHANCE_MODES:
            raise ValueError(f"unknown chance source {chance!r} (offered: "
                             f"{', '.join(CHANCE_MODES)})")
        state: State[T] = State(self, players, seed, variant, self.empty_table(), chance)
        state.begin()
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

    def variants_for(self, players: int) -> list[str]:
        """The variants that player count offers (Civolution: the solo levels for 1 player,
        its other variants for 2-4)."""
        return [variant for variant in self.variants if self._offers(players, variant)]

    def default_variant(self, players: int) -> str | None:
        """The variant an interface picks when asked for no variant: None where the count has
        a standard set-up, else the first the count offers (a game may name a better one)."""
        return self.variants_for(players)[0] if self.needs_variant(players) else None

    def needs_variant(self, players: int) -> bool:
        """Whether that player count has no standard set-up (Civolution solo needs a level)."""
        return not self._offers(players, None)

    def _offers(self, players: int, variant: str | None) -> bool:
        try:
            self.check_setup(players, variant)
        except IngeniumError:
            return False
        return True

    def replay(self, players: int, seed: int | None, variant: str | None,
               history: Iterable[tuple[int, str] | list[Any]],
               chance: ChanceMode = SEEDED) -> State[T]:
        """Rebuild a game from its creation record and history; raises BadSave on a bad entry.

        Recorded chance outcomes are replayed; an outcome the history lacks comes from the
        `chance` source (seeded from `seed`, secure, or, explicit, left pending)."""
        entries = _entries(history)
        start = _chance_run(entries, 0)
        state = self._replay_start(players, seed, variant, chance, entries[:start])
        extend(state, entries[start:], start)
        return state

    def _replay_start(self, players: int, seed: int | None, variant: str | None,
                      chance: ChanceMode, setup_chance: list[tuple[int, str]]) -> State[T]:
        """new_game with setup's recorded chance outcomes replayed first."""
        self.check_setup(players, variant)
        state: State[T] = State(self, players, seed, variant, self.empty_table(), chance)
        recorded = [o for _, o in setup_chance][::-1]
        try:
            recorded = _resolve_with(state, recorded, state.begin)
        except IllegalMove as exc:
            raise BadSave(f"setup: {exc}") from None
        if recorded:
            raise BadSave(f"setup: recorded chance outcome(s) {recorded[::-1]} were not drawn")
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
            table = table_from_data(self.table_class(body["table"]), body["table"])
            chance = body["chance_mode"]
            if chance not in CHANCE_MODES:
                raise BadSave(f"save has an unknown chance source {chance!r}")
            seed = None if body["seed"] is None else int(body["seed"])
            state: State[T] = State(self, body["players"], seed, body["variant"],
                                    table, chance)  # type: ignore[arg-type]
            state.rng = None if body["rng"] is None else Rng(int(body["rng"]))
            if (state.rng is None) != (chance != SEEDED):
                raise BadSave("corrupt save: the chance source does not match its state")
            state.history = _entries(body["history"])
            state.private_chance = {int(i): tuple(int(s) for s in seats)
                                    for i, seats in body["private_chance"]}
            state.undo_floor = int(body["undo_floor"])
            state.events = [Event.from_dict(e) for e in body["events"]]
            pending = body["pending"]
            if pending is not None:
                if chance != EXPLICIT:
                    raise BadSave("corrupt save: pending chance outside explicit mode")
                state.resume_pending(bool(pending["setup"]), int(pending["history_len"]),
                                     int(pending["events_len"]), int(pending["undo_floor"]))
            state.decision  # noqa: B018 - fail now, not later, on an inconsistent table
        except BadSave:
            raise
        except (IngeniumError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise BadSave(f"corrupt save: {exc}") from None
        return state

    # -- hook: a game with two table types (Civolution's solo table adds V.I.C.I's play
    # area) says which one saved table data is; saves load into that type
    def table_class(self, data: object) -> type[FlatTable]:
        """The table dataclass of saved table data; default: `table_type`."""
        return self.table_type

    # -- rule hooks -----------------------------------------------------------------------------
    @abstractmethod
    def empty_table(self) -> T:
        """A placeholder table that setup replaces."""

    @abstractmethod
    def setup(self, state: State[T]) -> T:
        """The table after the rulebook's setup, drawing chance with state.draw."""

    @abstractmethod
    def decide(self, state: State[T]) -> Decision | None:
        """The pending decision, or None when the game is over. Pure: no state change."""

    def is_over(self, state: State[T]) -> bool:
        """Whether the game has ended: exactly when `decide` returns None (no chance pending;
        the state keeps the question asked). A game that can tell without building its
        question overrides this."""
        return state.decision is None

    @abstractmethod
    def resolve(self, state: State[T], decision: Decision, option: Option) -> None:
        """Carry out an offered option and everything that follows until the next question."""

    @abstractmethod
    def scores(self, state: State[T]) -> list[int]:
        """Points per seat."""

    def rank_key(self, state: State[T], seat: int) -> tuple[int, ...]:
        """Sort key of a seat, smaller is better: points, then the rulebook's tie-breakers."""
        return (-self.scores(state)[seat],)

    def option_help(self, state: State[T], option: Option) -> str:
        """What choosing `option` of the pending decision does and costs, in the rulebook's
        words, when its label alone does not say it (a button's second line); "" otherwise."""
        return ""

    def score_parts(self, state: State[T]) -> list[tuple[str, list[int]]]:
        """A finished game's points split by the rulebook's scoring categories: (category in
        the rulebook's words, points of each scoring position), adding up to `scores()`.
        Default: the "points" group of `statistics()`, by its own keys."""
        stats = self.statistics(state)
        keys = sorted({key for seat in stats for key in seat.get("points", {})})
        return [(key, [int(seat.get("points", {}).get(key, 0)) for seat in stats])
                for key in keys]

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

    def determinize_table(self, state: State[T], seat: int, rng: Rng) -> None:
        """Resample, in place, what was dealt and is hidden from `seat`, drawing only from `rng`
        (determinize seeds it; a search redeals woken worlds with it, `hidden_read_only_at_end`);
        face-down stacks are unordered and need nothing."""

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

    # --- search hook: a game whose evaluation compares seats' potentials overrides
    # this to compute each potential once per position instead of once per seat asked
    def evaluate_all(self, state: State[T]) -> list[float]:
        """Every seat's `evaluate` of one position (search scores a leaf for every seat)."""
        return [self.evaluate(state, seat) for seat in range(state.players)]

    def evaluate_terms(self, state: State[T]) -> list[list[float]]:
        """Every seat's `evaluate` split into `evaluation_terms`, each row adding up to the
        seat's evaluation; rows of nothing where the game names no terms."""
        return [[] for _ in range(state.players)]

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

    # -- inspection: what a player reads when inspecting a component --------------
    def glossary(self) -> dict[str, dict[str, dict[str, Any]]]:
        """Components by kind, then by the id the views use: {"name", "kind", "facts":
        [[label, text], ...]}, written from the records the rules run. Default: none."""
        return {}

    # -- analysis: what describes a finished game's play, for simulate's reports --
    def statistics(self, state: State[T]) -> list[dict[str, dict[str, float]]]:
        """Per seat, group -> key -> number ("points" by source adding up to the score,
        "actions" taken, components used), read from the finished state and its log.
        Default: nothing beyond what every game reports (scores, ranking, length)."""
        return [{} for _ in range(state.players)]

def _entries(history: Iterable[tuple[int, str] | list[Any]]) -> list[tuple[int, str]]:
    """A history as (seat, id) pairs; BadSave for anything else."""
    entries = []
    for index, entry in enumerate(history):
        try:
            seat, option_id = entry
        except (TypeError, ValueError):
            raise BadSave(f"history entry {index} is not a (seat, option) pair") from None
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(option_id, str):
            raise BadSave(f"history entry {index} ({seat!r}, {option_id!r}) is malformed")
        entries.append((seat, option_id))
    return entries


def _chance_run(entries: list[tuple[int, str]], start: int) -> int:
    """The index after the run of chance entries beginning at `start`."""
    end = start
    while end < len(entries) and entries[end][0] == CHANCE:
        end += 1
    return end


def extend(state: State[Any], history: Iterable[tuple[int, str] | list[Any]],
           first: int = 0) -> None:
    """Play recorded history entries (each decision with the chance outcomes after it) on
    `state`; BadSave, naming the entry (numbered from `first`), for one that does not fit.
    The server's bot cache and replays catch up this way."""
    entries = _entries(history)
    index = 0
    while index < len(entries):
        seat, option_id = entries[index]
        end = _chance_run(entries, index + 1)
        decision = state.decision
        number = first + index
        if seat == CHANCE or decision is None or decision.seat != seat:
            raise BadSave(f"history move {number} ({seat}, {option_id!r}) is out of turn")
        recorded = [o for _, o in entries[index + 1:end]][::-1]
        try:
            recorded = _resolve_with(state, recorded, partial(state.apply, option_id))
        except IllegalMove as exc:
            raise BadSave(f"history move {number}: {exc}") from None
        if recorded:
            raise BadSave(f"history move {number}: recorded chance outcome(s) "
                          f"{recorded[::-1]} were not drawn")
        index = end


def _resolve_with(state: State[Any], recorded: list[str], run: Callable[[], None]) -> list[str]:
    """Run a resolution with recorded outcomes (a reversed list) drawn first; what is left.

    Explicit mode feeds them to its chance nodes one by one; the other sources draw them."""
    if state.chance_mode == EXPLICIT:
        run()
        while recorded and state.chance is not None:
            state.apply_chance(recorded.pop())
        return recorded
    state._recorded = recorded
    try:
        run()
    finally:
        left, state._recorded = state._recorded, []
    return left
