"""The benchmark suite behind `ingenium bench`: figures come from here, not from guesses.

Times are CPU time of this process (`time.process_time`), so other work on a shared machine
counts less; decisions are the seats' answers (chance entries of the history not counted)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import ingenium


def _per_call_us(fn: Callable[[], object], min_seconds: float = 0.2) -> float:
    """Mean microseconds per call over at least min_seconds."""
    calls, start = 0, time.process_time()
    while True:
        for _ in range(20):
            fn()
        calls += 20
        elapsed = time.process_time() - start
        if elapsed >= min_seconds:
            return elapsed / calls * 1e6


def _random_game(game: ingenium.Game[Any], players: int, seed: int) -> ingenium.State[Any]:
    """Uniform random play straight on the engine: a bot would add the cost of handing each
    seat its world (Bot.choose), which is the bots' cost, not the engine's."""
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    while (decision := state.decision) is not None:
        state.apply(decision.options[rng.randrange(len(decision.options))])
    return state


def bench_game(name: str, players: int | None = None, seconds: float = 3.0) -> dict[str, Any]:
    """Random-play speed and the cost of clone, to_json, view, determinize and replay."""
    game = ingenium.get_game(name)
    players = players or min(max(game.min_players, 4), game.max_players)
    decisions, games, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        state = _random_game(game, players, games)
        decisions += sum(1 for seat, _ in state.history if seat >= 0)
        games += 1
    elapsed = time.process_time() - start
    finished = _random_game(game, players, 12345)
    history = finished.history
    mid = game.replay(players, 12345, None, history[: len(history) // 2])
    rng = random.Random(1)
    replay_ms = _per_call_us(lambda: game.replay(players, 12345, None, history), 1.0) / 1000
    seat = mid.decision.seat if mid.decision else 0
    return {
        "game": name,
        "players": players,
        "games": games,
        "decisions_per_second": round(decisions / elapsed),
        "decisions_per_game": round(decisions / games, 1),
        "clone_us": round(_per_call_us(mid.clone), 2),
        "to_json_us": round(_per_call_us(mid.to_json), 1),
        "view_us": round(_per_call_us(lambda: mid.view(seat)), 1),
        "determinize_us": round(_per_call_us(lambda: mid.determinize(seat, rng)), 1),
        "observation_us": round(_per_call_us(lambda: mid.observation(seat)), 1),
        "replay_ms": round(replay_ms, 2),
    }
