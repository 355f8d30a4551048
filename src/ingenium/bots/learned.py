"""Learned evaluations (issue #27): a linear value model per game and player count, fitted
on positions of simulated games (`ingenium train-eval`), shipped as a small .npz file in
`ingenium/bots/values/`, evaluated with numpy only.

A seat's value is the final margin (its points less the best other seat's) the model predicts
from what that seat sees: its observation tensor (the one the RL adapters give, so only what
the seat may see) and the game's own hand-written evaluation of the position; where the game
declares its progress (`Game.progress_weights`), also terms in the progress (`stage_terms`):
the margin a lead grows to depends on how much of the game is left; and where the game
splits its evaluation into terms (`Game.evaluation_terms`), a weight for each (`term_weights`):
the game's own weighs them all 1, a fit weighs each by how well it predicts the end. A model
may leave the observation out (its weights all 0), then only one seat's observation is read,
for the progress (public). The bots take it
with `learned=1` (`greedy:learned=1`, `ismcts:...,learned=1`; `learned=2`: where one is
shipped for the game and count, else the game's own, as the hard level asks); the search and
the greedy lookahead run on the seat's world, as they do with the game's evaluation.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

import ingenium
from ingenium.engine import IngeniumError, State
from ingenium.games.margins import margins

FORMAT = 3  # the .npz layout below; 1 (no stage terms), 2 (no evaluation terms) read too
READS = (1, 2, 3)
# the stage terms' names, in their order (`stage_terms`)
STAGE_TERMS = ("behind", "progress", "progress squared", "evaluation x progress",
               "behind x progress")


class NoLearnedEvaluation(IngeniumError, LookupError):
    """No learned evaluation is shipped (or given) for a game and player count."""


@dataclass(frozen=True)
class LinearValue:
    """value = observation · weights + hand evaluation · hand_weight + stage terms ·
    stage_weights + the evaluation's terms · term_weights + bias: the seat's final margin, or
    with target "points" its final points (margins then taken between seats)."""

    game: str
    players: int
    weights: np.ndarray  # float64, the observation's size
    hand_weight: float
    bias: float
    meta: dict[str, Any]
    variant: str | None = None  # only where the game needs one (solo Civolution's level)
    # the weights of `stage_terms` (empty: none) and the progress they were fitted with
    stage_weights: np.ndarray = field(default_factory=lambda: np.zeros(0))
    progress: dict[int, float] = field(default_factory=dict)
    # the weights of the game's evaluation terms (Game.evaluation_terms; empty: none)
    term_weights: np.ndarray = field(default_factory=lambda: np.zeros(0))
    observes: bool = field(init=False)  # whether any observation weight is not 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "observes", bool(np.any(self.weights)))

    def evaluate(self, state: State[Any], seat: int) -> float:
        """`seat`'s predicted final margin."""
        if self.target == "points":
            return self.evaluate_all(state)[seat]
        game = state.game
        if self.term_weights.size:  # the terms add up to the evaluation: worked out once
            split = np.asarray(game.evaluate_terms(state)[seat], dtype=np.float64)
            hand = float(split.sum())
        else:
            hand = game.evaluate(state, seat)
        value = hand * self.hand_weight + self.bias
        if self.observes or self.stage_weights.size:
            observed = game.observation(state, seat)
            value += float(observed @ self.weights)
            if self.stage_weights.size:
                terms = stage_terms(observed[None], np.asarray([hand]), self.progress)
                value += float(terms[0] @ self.stage_weights)
        if self.term_weights.size:
            value += float(split @ self.term_weights)
        return value

    def evaluate_all(self, state: State[Any]) -> list[float]:
        """Every seat's predicted final margin (the hand evaluation computed once for all)."""
        game = state.game
        if self.term_weights.size:  # the terms add up to the evaluation: worked out once
            split = np.asarray(game.evaluate_terms(state), dtype=np.float64)
            hands = split.sum(axis=1)
        else:
            hands = np.asarray(game.evaluate_all(state), dtype=np.float64)
        values = hands * self.hand_weight + self.bias
        if self.observes:
            observed = np.stack([game.observation(state, seat) for seat in range(state.players)])
            values += observed @ self.weights
        elif self.stage_weights.size:  # the progress is public: one seat's observation tells it
            observed = np.broadcast_to(game.observation(state, 0),
                                       (len(hands), self.weights.size))
        if self.stage_weights.size:
            values += stage_terms(observed, hands, self.progress) @ self.stage_weights
        if self.term_weights.size:
            values += split @ self.term_weights
        if self.target == "points":
            return margins([float(v) for v in values])
        return [float(v) for v in values]

    @property
    def target(self) -> str:
        """What the model predicts: "margin" (the seat's) or "points" (each seat's)."""
        return str(self.meta.get("target", "margin"))

    def save(self, path: Path) -> None:
        """Write the model as .npz (no pickles): arrays plus its metadata as JSON text."""
        np.savez_compressed(path, format=np.int64(FORMAT), weights=self.weights,
                            hand_weight=np.float64(self.hand_weight), bias=np.float64(self.bias),
                            stage_weights=self.stage_weights, term_weights=self.term_weights,
                            meta=np.array(json.dumps({**self.meta, "game": self.game,
                                                      "players": self.players,
                                                      "variant": self.variant,
                                                      "progress": self.progress,
                                                      "terms": self.term_names()})))

    def term_names(self) -> list[str]:
        """The names of the evaluation terms `term_weights` weigh (none: empty)."""
        if not self.term_weights.size:
            return []
        return list(ingenium.get_game(self.game).evaluation_terms)


def stage_terms(observed: np.ndarray, hands: np.ndarray, progress: dict[int, float]) -> np.ndarray:
    """The stage terms (STAGE_TERMS) of seats' rows: their observations (rows × size) and the
    game's evaluations. How far the seat is behind (its evaluation's negative part: a margin is
    over the best other seat, so only the leader's is positive), the game's progress (its
    observation weighted by `progress`) and its square, and the evaluation and the deficit each
    times the progress. No columns where `progress` is empty (the game declares none)."""
    if not progress:
        return np.zeros((len(hands), 0))
    index = np.fromiter(progress, dtype=np.intp, count=len(progress))
    weight = np.fromiter(progress.values(), dtype=np.float64, count=len(progress))
    done = observed[:, index] @ weight
    behind = np.minimum(hands, 0.0)
    return np.column_stack([behind, done, done * done, hands * done, behind * done])


def value_file_name(game: str, players: int, variant: str | None = None) -> str:
    """The shipped file of a game and player count (and variant, where the game needs one)."""
    return f"{game}-{players}p{'-' + variant if variant else ''}.npz"


def load(path: Path | Any) -> LinearValue:
    """A model from an .npz file (a path or a package resource); IngeniumError if it is not
    one this version writes."""
    try:
        with path.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
            if int(data["format"]) not in READS:
                raise IngeniumError(f"{path}: learned evaluation format {int(data['format'])}, "
                                    f"this version reads {' and '.join(map(str, READS))}")
            meta = json.loads(str(data["meta"]))
            progress = {int(k): float(v) for k, v in meta.get("progress", {}).items()}
            stage_weights = (np.asarray(data["stage_weights"], dtype=np.float64)
                             if "stage_weights" in data.files else np.zeros(0))
            if stage_weights.size != (len(STAGE_TERMS) if progress else 0):
                raise ValueError(f"{stage_weights.size} stage weights for "
                                 f"{'a' if progress else 'no'} progress")
            term_weights = (np.asarray(data["term_weights"], dtype=np.float64)
                            if "term_weights" in data.files else np.zeros(0))
            if term_weights.size:
                check_terms(meta["game"], meta.get("terms", []), term_weights)
            return LinearValue(meta["game"], int(meta["players"]),
                               np.asarray(data["weights"], dtype=np.float64),
                               float(data["hand_weight"]), float(data["bias"]), meta,
                               meta.get("variant"), stage_weights, progress, term_weights)
    except (OSError, KeyError, ValueError, ingenium.UnknownGame) as exc:
        raise IngeniumError(f"{path}: not a learned evaluation file ({exc})") from None


def check_terms(game: str, names: list[str], weights: np.ndarray) -> None:
    """ValueError unless `weights` weigh the game's evaluation terms as it names them now (a
    model fitted on other terms would weigh the wrong ones)."""
    terms = list(ingenium.get_game(game).evaluation_terms)
    if list(names) != terms or weights.size != len(terms):
        raise ValueError(f"{weights.size} term weights for terms {names}, {game}'s evaluation "
                         f"has {terms}")


@cache
def shipped(game: str, players: int, variant: str | None = None) -> LinearValue:
    """The model shipped in the package for `game` at `players` (and `variant`, where the game
    needs one); NoLearnedEvaluation if none."""
    name = value_file_name(game, players, variant)
    resource = resources.files("ingenium.bots") / "values" / name
    if not resource.is_file():
        level = f" --variant {variant}" if variant else ""
        raise NoLearnedEvaluation(
            f"no learned evaluation is shipped for {game} with {players} "
            f"player{'' if players == 1 else 's'}"
            f"{' (' + variant + ')' if variant else ''} "
            f"(train one: ingenium train-eval {game} --players {players}{level})")
    model = load(resource)
    if (model.game, model.players, model.variant) != (game, players, variant):
        raise IngeniumError(f"{name} holds a model of {model.game} with {model.players} "
                            f"players{', ' + model.variant if model.variant else ''}")
    return model


def require(game: str, players: int, variant: str | None = None) -> LinearValue:
    """The model a `learned=1` bot will load for `game` at `players` (the variant counts only
    where the game needs one); NoLearnedEvaluation, with how to train one, if none is
    shipped."""
    needed = ingenium.get_game(game).needs_variant(players)
    return shipped(game, players, variant if needed else None)


def model_of(world: State[Any]) -> LinearValue:
    """The shipped model for `world`'s game, player count and (where needed) variant."""
    name = world.game.name
    needed = ingenium.get_game(name).needs_variant(world.players)
    return shipped(name, world.players, world.variant if needed else None)


def own_evaluation(state: State[Any], seat: int) -> float:
    """The game's own evaluation (what a bot uses unless told `learned=1`)."""
    return state.game.evaluate(state, seat)


def own_evaluation_all(state: State[Any]) -> list[float]:
    """The game's own evaluation of every seat."""
    return state.game.evaluate_all(state)


# a bot's `learned` parameter
OWN, LEARNED, WHERE_SHIPPED = 0, 1, 2
# shipped models the levels leave aside (WHERE_SHIPPED takes the game's own evaluation there):
# they predict the end better than the game's evaluation, but the hard level won fewer games
# with them than without (README, "Learned evaluations"): Civolution 4p, 6/30 against 10/30
# at 50 ms CPU a decision against three greedy, on the same deals (2026-12-08)
NOT_FOR_LEVELS = frozenset({("civolution", 4)})


def evaluation(world: State[Any], learned: int) -> Callable[[State[Any], int], float]:
    """The `evaluate(state, seat)` a bot uses in `world`'s game: the game's own (OWN), the
    shipped model of its game and player count (LEARNED; NoLearnedEvaluation if none), or the
    model where one is shipped and the levels take it (not NOT_FOR_LEVELS), else the game's
    own (WHERE_SHIPPED: what a level uses)."""
    model = _model_for(world, learned)
    return own_evaluation if model is None else model.evaluate


def evaluation_all(world: State[Any], learned: int) -> Callable[[State[Any]], list[float]]:
    """As `evaluation`, every seat at once (what a search scores a leaf with)."""
    model = _model_for(world, learned)
    return own_evaluation_all if model is None else model.evaluate_all


def _model_for(world: State[Any], learned: int) -> LinearValue | None:
    """The model `learned` asks for in `world` (None: the game's own evaluation)."""
    if learned == OWN or (learned == WHERE_SHIPPED
                          and (world.game.name, world.players) in NOT_FOR_LEVELS):
        return None
    try:
        return model_of(world)
    except NoLearnedEvaluation:
        if learned == WHERE_SHIPPED:
            return None
        raise


def shipped_models() -> list[tuple[str, int, str | None]]:
    """(game, players, variant) of every model in the package."""
    folder = resources.files("ingenium.bots") / "values"
    if not folder.is_dir():
        return []
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".npz"):
            model = load(entry)
            found.append((model.game, model.players, model.variant))
    return sorted(found, key=str)


__all__ = ["STAGE_TERMS", "LinearValue", "NoLearnedEvaluation", "evaluation", "evaluation_all",
           "load", "own_evaluation", "own_evaluation_all", "shipped", "shipped_models",
           "stage_terms", "value_file_name"]
