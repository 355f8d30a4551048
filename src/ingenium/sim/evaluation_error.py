"""How well a game's evaluation predicts the end: greedy games played from fixed seeds, each
seat's evaluation (its margin over the best other seat) recorded at fractions of the game and
compared with the margin the final points give.

The error is only meaningful against the spread of the final margins: `spread` is the error of
the best constant guess (the mean absolute deviation about the median), so an evaluation that
knows nothing scores about 1 on `error / spread`, and a perfect one 0.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ingenium
from ingenium.bots import make_bot
from ingenium.engine import State

STAGES = (0.5, 0.75, 0.9)  # fractions of the game's decisions
Judge = Callable[[State[Any]], list[float]]  # every seat's evaluation of a position


def game_evaluation(state: State[Any]) -> list[float]:
    """The game's own evaluation of every seat."""
    return state.game.evaluate_all(state)


@dataclass(frozen=True)
class StageError:
    """Mean absolute error of the evaluation at one stage, over every seat of every game."""

    stage: float
    error: float
    spread: float
    samples: int

    @property
    def relative(self) -> float:
        """error / spread: about 1 for an evaluation that knows nothing, 0 for a perfect one."""
        return self.error / self.spread if self.spread else float("inf")


def final_margins(state: State[Any]) -> list[float]:
    """Each seat's final points less the best other seat's (solo: less the automated
    rival's)."""
    points = state.game.scores(state)
    if state.players == 1:
        return [float(points[0]) - rival_points(state)]
    return [float(p - max(q for s, q in enumerate(points) if s != seat))
            for seat, p in enumerate(points)]


def rival_points(state: State[Any]) -> float:
    """A finished solo game's automated rival's points, where the game's statistics keep them
    (`Game.rival_scores`)."""
    rules = ingenium.get_game(state.game.name)
    ((group, key),) = rules.rival_scores
    return float(rules.statistics(state)[0][group][key])


def greedy_game(game: str, players: int, seed: int, judge: Judge = game_evaluation,
                variant: str | None = None) -> tuple[list[list[float]], list[float]]:
    """The evaluations of every seat after each decision of a seeded greedy game, and the final
    margins."""
    state = ingenium.get_game(game).new_game(players, seed, variant)
    bots = [make_bot("greedy", seat, seed * 31 + seat) for seat in range(players)]
    trace: list[list[float]] = []
    while (decision := state.decision) is not None:
        option = (bots[decision.seat].choose(state, decision) if len(decision.options) > 1
                  else decision.options[0])
        state.apply(option.id)
        trace.append(judge(state))
    return trace, final_margins(state)


def stage_errors(game: str, players: int, seeds: range, judge: Judge = game_evaluation,
                 variant: str | None = None) -> list[StageError]:
    """The error of `judge` at each of STAGES over greedy games from `seeds`."""
    finals: list[float] = []
    guesses: dict[float, list[tuple[float, float]]] = {stage: [] for stage in STAGES}
    for seed in seeds:
        trace, final = greedy_game(game, players, seed, judge, variant)
        finals.extend(final)
        for stage in STAGES:
            at = trace[min(len(trace) - 1, int(stage * len(trace)))]
            guesses[stage].extend(zip(at, final, strict=True))
    middle = statistics.median(finals)
    spread = statistics.fmean(abs(f - middle) for f in finals)
    out = []
    for stage in STAGES:
        misses = [abs(g - f) for g, f in guesses[stage]]
        out.append(StageError(stage, statistics.fmean(misses), spread, len(misses)))
    return out


def play_on(world: State[Any], seed: int) -> list[float]:
    """The final margins of greedy play from `world` on (bots seeded by `seed`)."""
    bots = [make_bot("greedy", seat, seed * 31 + seat) for seat in range(world.players)]
    while (decision := world.decision) is not None:
        option = (bots[decision.seat].choose(world, decision) if len(decision.options) > 1
                  else decision.options[0])
        world.apply(option.id)
    return final_margins(world)


def continuation_floor(game: str, players: int, seeds: range, stage: float = 0.75,
                       continuations: int = 8, variant: str | None = None) -> StageError:
    """The error no evaluation can beat by much at `stage` of greedy games: each seat's
    prediction is the mean final margin of `continuations` greedy games played on from the
    position as that seat knows it (what it has not seen resampled, fresh chance), against
    the margin its game really ended with. Only the luck still to come stays in it (and the
    mean's own sampling noise, about 1/√continuations of it: an upper bound on the floor)."""
    rules = ingenium.get_game(game)
    finals: list[float] = []
    misses: list[float] = []
    for seed in seeds:
        state = rules.new_game(players, seed, variant)
        bots = [make_bot("greedy", seat, seed * 31 + seat) for seat in range(players)]
        while (decision := state.decision) is not None:
            option = (bots[decision.seat].choose(state, decision) if len(decision.options) > 1
                      else decision.options[0])
            state.apply(option.id)
        final = final_margins(state)
        finals.extend(final)
        decisions = sum(1 for seat, _ in state.history if seat >= 0)
        at = min(decisions - 1, int(stage * decisions))  # the decision stage_errors reads after
        position = rules.replay(players, seed, variant, state.history[:_history_index(state, at)])
        for seat in range(players):
            futures = [play_on(position.determinize(seat, seed * 1000 + k, keep_log=False),
                               seed * 1000 + k)[seat] for k in range(continuations)]
            misses.append(abs(statistics.fmean(futures) - final[seat]))
    middle = statistics.median(finals)
    spread = statistics.fmean(abs(f - middle) for f in finals)
    return StageError(stage, statistics.fmean(misses), spread, len(misses))


def _history_index(state: State[Any], decision: int) -> int:
    """The history length just after decision number `decision` (0-based) and its chance."""
    seen = -1
    for index, (seat, _) in enumerate(state.history):
        if seat >= 0:
            seen += 1
            if seen > decision:
                return index
    return len(state.history)
