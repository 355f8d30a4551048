"""Fitting a learned evaluation (`ingenium train-eval`, issue #27).

Positions come from seeded bot games (by default greedy with a little noise, for variety):
every `every`-th decision, each seat's observation tensor and the game's own evaluation (and
the stage terms, where the game declares its progress: bots/learned.py `stage_terms`; and the
evaluation's own terms, where the game splits it: `Game.evaluation_terms`), labelled with that
seat's final margin. With `observation=False` the observation is left out: the model weighs
the game's evaluation, its terms and the stage terms only (a few numbers a seat, which many
training games pin down where thousands of observation features may fit their noise). A
ridge regression is fitted on the training games (sums of products accumulated game by game,
so memory does not grow with the games) for a few strengths; the one that predicts best on
separate validation games (plain greedy games, as `benchmarks/evaluation_error.py` plays
them) is kept.

The report gives, at 50/75/90% of the validation games, the error of the game's evaluation
and of the learned one relative to the best constant guess (1: no better than a constant,
0: exact), as `ingenium.sim.evaluation_error` measures it.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import ingenium
from ingenium.bots import make_bot
from ingenium.bots.learned import LinearValue, stage_terms
from ingenium.sim.evaluation_error import STAGES, final_margins

ALPHAS = (0.1, 1.0, 10.0, 100.0, 1000.0, 10000.0)  # ridge strengths tried, on standardized features
VALIDATION_BOTS = "greedy"  # as the evaluation-error benchmark plays
TARGETS = ("margin", "points")
HAND_FREEDOM = 10.0  # how much less the game's evaluation (and its stage terms) is held back
SEED = 100_000  # training deals far from the benchmarks' (seeds from 0)


@dataclass(frozen=True)
class Task:
    """One game to play and sample."""

    game: str
    players: int
    seed: int
    bots: str
    every: int
    variant: str | None = None
    observation: bool = True  # the observation's features too


@dataclass
class Positions:
    """Sampled positions of one game: features (the observation unless left out, the hand
    evaluation, the stage terms, the evaluation's terms), the seat's final margin, and the
    stage (fraction of the game's decisions) each was taken at."""

    features: np.ndarray  # float32, rows × (observation size + 1 + stage and evaluation terms)
    margins: np.ndarray  # float64
    points: np.ndarray  # float64: the seat's final points
    stages: np.ndarray  # float64
    at_stage: np.ndarray  # the STAGES each row stands for (0 if none)
    final: np.ndarray  # every seat's final margin, once


def play_positions(task: Task) -> Positions:
    """Play `task`'s game with its bots and sample it (a process or Ray task runs this)."""
    game = ingenium.get_game(task.game)
    state = game.new_game(task.players, task.seed, task.variant)
    bots = [make_bot(task.bots, seat, task.seed * 31 + seat) for seat in range(task.players)]
    rows: list[np.ndarray] = []
    count = 0
    while (decision := state.decision) is not None:
        option = (bots[decision.seat].choose(state, decision) if len(decision.options) > 1
                  else decision.options[0])
        state.apply(option.id)
        count += 1
        rows.append(_features(state, task.observation))
    final = final_margins(state)
    marks = {min(count - 1, int(stage * count)): stage for stage in STAGES}
    keep = [i for i in range(count) if i % task.every == 0 or i in marks]
    features = np.concatenate([rows[i] for i in keep]) if keep else np.zeros((0, 0), np.float32)
    seats = task.players
    return Positions(
        features=features,
        margins=np.tile(np.asarray(final, dtype=np.float64), len(keep)),
        points=np.tile(np.asarray(game.scores(state), dtype=np.float64)[:seats], len(keep)),
        stages=np.repeat(np.asarray([i / count for i in keep]), seats),
        at_stage=np.repeat(np.asarray([marks.get(i, 0.0) for i in keep]), seats),
        final=np.asarray(final, dtype=np.float64))


def _features(state: Any, observation: bool = True) -> np.ndarray:
    """Every seat's feature row of a position (float32): its observation (unless left out),
    the game's evaluation, the stage terms, the evaluation's terms."""
    game = state.game
    hands = np.asarray(game.evaluate_all(state), dtype=np.float64)
    observed = np.stack([game.observation(state, seat) for seat in range(state.players)])
    stage = stage_terms(observed, hands, game.progress_weights)
    split = np.asarray(game.evaluate_terms(state), dtype=np.float64).reshape(len(hands), -1)
    columns = [observed] if observation else []
    return np.hstack([*columns, hands[:, None], stage, split]).astype(np.float32)


@dataclass
class Sums:
    """Sums of products of the training rows: enough for a ridge fit at any strength."""

    size: int
    count: int = 0
    total: np.ndarray = field(init=False)
    products: np.ndarray = field(init=False)
    targets: np.ndarray = field(init=False)
    target_total: float = 0.0

    def __post_init__(self) -> None:
        self.total = np.zeros(self.size)
        self.products = np.zeros((self.size, self.size))
        self.targets = np.zeros(self.size)

    def add(self, positions: Positions, labels: np.ndarray) -> None:
        """Fold one game's rows in, with their labels (margins or points)."""
        x = positions.features.astype(np.float64)
        self.count += len(x)
        self.total += x.sum(axis=0)
        self.products += x.T @ x
        self.targets += x.T @ labels
        self.target_total += float(labels.sum())


def fit(sums: Sums, alphas: Iterable[float] = ALPHAS,
        free: int = 1) -> dict[float, tuple[np.ndarray, float]]:
    """Ridge solutions (weights on the raw features, bias) for each strength: features
    centred and scaled to unit variance, constant ones left out, the bias unpenalized, and the
    last `free` features (the game's own evaluation and its stage terms) scaled to
    HAND_FREEDOM times the others: they are penalized 1/HAND_FREEDOM² as much, so the fit
    starts from them and the observation's many features correct it."""
    n = sums.count
    mean = sums.total / n
    covariance = sums.products / n - np.outer(mean, mean)
    mean_target = sums.target_total / n
    cross = sums.targets / n - mean * mean_target
    spread = np.sqrt(np.clip(np.diag(covariance), 0.0, None))
    varying = spread > 1e-9
    freedom = np.ones(sums.size)
    freedom[sums.size - free:] = HAND_FREEDOM
    scale = spread[varying] / freedom[varying]
    scaled = covariance[np.ix_(varying, varying)] / np.outer(scale, scale)
    eigenvalues, vectors = np.linalg.eigh(scaled)
    projected = vectors.T @ (cross[varying] / scale)
    solutions = {}
    for alpha in alphas:
        beta = vectors @ (projected / (eigenvalues + alpha))
        weights = np.zeros(sums.size)
        weights[varying] = beta / scale
        solutions[alpha] = (weights, float(mean_target - mean @ weights))
    return solutions


@dataclass(frozen=True)
class StageReport:
    """The validation error at one stage: the game's evaluation and the learned one, each
    relative to the best constant guess."""

    stage: float
    hand: float
    learned: float
    samples: int


def predicted_margins(x: np.ndarray, weights: np.ndarray, bias: float, target: str,
                      players: int) -> np.ndarray:
    """The margins a model predicts for rows of whole positions (`players` rows each)."""
    values: np.ndarray = x @ weights + bias
    if target == "margin":
        return values
    return row_margins(values.reshape(-1, players)).ravel()


def row_margins(values: np.ndarray) -> np.ndarray:
    """Each entry less the best other entry of its row (games.margins, row by row)."""
    order = np.sort(values, axis=1)
    first, second = order[:, -1:], order[:, -2:-1]
    best_other: np.ndarray = np.where(values == first, second, first)
    margins: np.ndarray = values - best_other
    return margins


def stage_report(valid: list[Positions], weights: np.ndarray, bias: float, target: str,
                 players: int, hand: int) -> list[StageReport]:
    """Errors at each of STAGES over the validation games (`hand`: the column of the game's
    evaluation)."""
    finals = np.concatenate([p.final for p in valid])
    middle = statistics.median(finals.tolist())
    spread = float(np.mean(np.abs(finals - middle))) or 1.0
    out = []
    for stage in STAGES:
        rows = [(p.features[p.at_stage == stage], p.margins[p.at_stage == stage]) for p in valid]
        x = np.concatenate([r[0] for r in rows]).astype(np.float64)
        y = np.concatenate([r[1] for r in rows])
        own = float(np.mean(np.abs(x[:, hand] - y))) / spread
        guess = predicted_margins(x, weights, bias, target, players)
        learned = float(np.mean(np.abs(guess - y))) / spread
        out.append(StageReport(stage, own, learned, len(y)))
    return out


def validation_error(valid: list[Positions], weights: np.ndarray, bias: float, target: str,
                     players: int) -> float:
    """Mean absolute error of the margins over every validation row (picks the strength)."""
    x = np.concatenate([p.features for p in valid]).astype(np.float64)
    y = np.concatenate([p.margins for p in valid])
    return float(np.mean(np.abs(predicted_margins(x, weights, bias, target, players) - y)))


@dataclass
class Trained:
    """A fitted model and how it was chosen."""

    model: LinearValue
    alpha: float
    errors: dict[float, float]
    stages: list[StageReport]


def train(game: str, players: int, games: int = 300, validation: int = 60, seed: int = SEED,
          bots: str = "greedy:noise=0.1", every: int = 3, workers: int = 1,
          backend: str = "local", on_game: Callable[[], None] | None = None,
          target: str = "margin", variant: str | None = None,
          observation: bool = True) -> Trained:
    """Play, fit and choose; deterministic for the same arguments. `target`: what the model
    predicts, the seat's final margin, or its final points (margins then taken between the
    seats' predictions; solo: the margin over the automated rival only). `variant`: the
    game's (solo Civolution's difficulty level). `observation`: False leaves the observation
    out (its weights 0 in the model)."""
    if target not in TARGETS or (players == 1 and target != "margin"):
        raise ValueError(f"target must be one of {', '.join(TARGETS[:1 if players == 1 else 2])},"
                         f" not {target!r}")
    from ingenium import __version__

    training = [Task(game, players, seed + i, bots, every, variant, observation)
                for i in range(games)]
    checking = [Task(game, players, seed + games + i, VALIDATION_BOTS, every, variant,
                     observation) for i in range(validation)]
    probe = ingenium.get_game(game).new_game(players, seed, variant)
    size = probe.game.observation(probe, 0).size
    hand = size if observation else 0  # the column of the game's evaluation
    progress = dict(probe.game.progress_weights)
    staged = len(stage_terms(np.zeros((1, size)), np.zeros(1), progress)[0])
    sums = Sums(_features(probe, observation).shape[1])
    for positions in _played(training, workers, backend, on_game):
        sums.add(positions, positions.margins if target == "margin" else positions.points)
    valid = list(_played(checking, workers, backend, on_game))
    solutions = fit(sums, free=sums.size - hand)
    errors = {alpha: validation_error(valid, w, b, target, players)
              for alpha, (w, b) in solutions.items()}
    alpha = min(errors, key=errors.__getitem__)
    weights, bias = solutions[alpha]
    stages = stage_report(valid, weights, bias, target, players, hand)
    meta = {"games": games, "validation": validation, "seed": seed, "bots": bots,
            "every": every, "alpha": alpha, "target": target, "rows": sums.count,
            "observation": observation,
            "ingenium": __version__,
            "validation_relative_error": {f"{r.stage:.2f}": round(r.learned, 4) for r in stages},
            "hand_relative_error": {f"{r.stage:.2f}": round(r.hand, 4) for r in stages}}
    seen = weights[:hand].copy() if observation else np.zeros(size)
    model = LinearValue(game, players, seen, float(weights[hand]), bias, meta, variant,
                        weights[hand + 1:hand + 1 + staged].copy(), progress,
                        weights[hand + 1 + staged:].copy())
    return Trained(model, alpha, errors, stages)


def _played(tasks: list[Task], workers: int, backend: str,
            on_game: Callable[[], None] | None) -> Iterator[Positions]:
    """Each task's positions, played here, in `workers` processes (in the tasks' order: the
    same arguments give the same model) or on Ray (as they finish: the sums then differ from
    a local run's only by rounding)."""
    with ExitStack() as stack:
        results: Iterable[Positions]
        if backend == "ray":
            from ingenium.sim.ray_backend import run_on_ray

            results = run_on_ray(tasks, play_positions, workers)
        elif workers > 1:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=workers))
            results = pool.map(play_positions, tasks, chunksize=4)
        else:
            results = map(play_positions, tasks)
        for positions in results:
            if on_game is not None:
                on_game()
            yield positions


__all__ = ["ALPHAS", "Positions", "StageReport", "Sums", "Task", "Trained", "fit",
           "play_positions", "stage_report", "train"]
