"""The benchmark suite behind `ingenium bench`: figures come from here, not from guesses.

Times are CPU time of this process (`time.process_time`), so other work on a shared machine
counts less; decisions are the seats' answers (chance entries of the history not counted).
The observation is timed where play asks for it, right after each move of random games (a
position measured again and again would read warm caches and report about half the cost).
`compare_reference` runs an OpenSpiel game's random play in the same process, so that ratios
to it hold whatever the machine's load."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import ingenium
from ingenium.acceleration import build_info
from ingenium.bots import make_bot
from ingenium.bots.strength import played_spec

# The search bot on a CPU budget: with its default random rollouts (the figure #23 was measured
# with), and as the `hard` level plays it (bots.strength.played_spec: its spec on a CPU budget).
SEARCH_SPEC = "ismcts:cpu={ms}"
SEARCH_DECISIONS = 6  # positions searched per game for the iteration rate


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


def _random_game(game: ingenium.Game[Any], players: int, seed: int,
                 variant: str | None) -> ingenium.State[Any]:
    """Uniform random play straight on the engine: a bot would add the cost of handing each
    seat its world (Bot.choose), which is the bots' cost, not the engine's."""
    state = game.new_game(players, seed, variant)
    rng = random.Random(seed)
    while (decision := state.decision) is not None:
        state.apply(decision.options[rng.randrange(len(decision.options))])
    return state


def observation_in_play_us(game: ingenium.Game[Any], players: int, variant: str | None,
                           seconds: float) -> float:
    """Mean CPU microseconds of the deciding seat's observation, taken after every move of
    random games (varied positions, each observed once, as an agent sees them)."""
    spent, calls, seed = 0.0, 0, 1000
    while spent < seconds:
        state = game.new_game(players, seed, variant)
        rng = random.Random(seed)
        while (decision := state.decision) is not None:
            start = time.process_time()
            state.observation(decision.seat)
            spent += time.process_time() - start
            calls += 1
            state.apply(decision.options[rng.randrange(len(decision.options))])
        seed += 1
    return spent / calls * 1e6


def search_positions(game: ingenium.Game[Any], players: int,
                     variant: str | None) -> list[tuple[int, ingenium.State[Any]]]:
    """(moves into the game, position) of up to SEARCH_DECISIONS positions spread through a
    seed-777 random game, each a real choice: where the search's speed is measured."""
    finished = _random_game(game, players, 777, variant)
    moves = [i for i, (seat, _) in enumerate(finished.history) if seat >= 0]
    picks = moves[:: max(1, len(moves) // SEARCH_DECISIONS)][:SEARCH_DECISIONS]
    found = []
    for at in picks:
        state = game.replay(players, 777, variant, finished.history[:at])
        if state.decision is not None and len(state.decision.options) >= 2:
            found.append((at, state))
    return found


def search_iterations_per_second(game: ingenium.Game[Any], players: int, variant: str | None,
                                 ms: float = 50.0, level: str | None = None) -> float:
    """`ismcts` iterations per CPU-second over `search_positions`: the bot at its default
    settings, or a searching level's spec on a CPU budget of `ms`."""
    spec = played_spec(level, ms)[0] if level else SEARCH_SPEC.format(ms=ms)
    iterations, spent = 0, 0.0
    for at, state in search_positions(game, players, variant):
        decision = state.decision
        assert decision is not None
        bot = make_bot(spec, decision.seat, at)
        start = time.process_time()
        bot.choose(state, decision)
        spent += time.process_time() - start
        iterations += bot.iterations  # type: ignore[attr-defined]
    return iterations / spent if spent else 0.0


def bench_game(name: str, players: int | None = None, seconds: float = 3.0,
               variant: str | None = None, search: bool = True) -> dict[str, Any]:
    """Random-play speed, the observation during play, the search's iteration rate and the
    cost of clone, to_json, view, determinize and replay."""
    game = ingenium.get_game(name)
    players = players or min(max(game.min_players, 4), game.max_players)
    variant = variant or game.default_variant(players)
    game.check_setup(players, variant)
    decisions, games, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        state = _random_game(game, players, games, variant)
        decisions += sum(1 for seat, _ in state.history if seat >= 0)
        games += 1
    elapsed = time.process_time() - start
    finished = _random_game(game, players, 12345, variant)
    history = finished.history
    mid = game.replay(players, 12345, variant, history[: len(history) // 2])
    rng = random.Random(1)
    replay_ms = _per_call_us(lambda: game.replay(players, 12345, variant, history), 1.0) / 1000
    seat = mid.decision.seat if mid.decision else 0
    figures: dict[str, Any] = {
        "game": name,
        "players": players,
        "variant": variant,
        "games": games,
        "decisions_per_second": round(decisions / elapsed),
        "decisions_per_game": round(decisions / games, 1),
        "observation_in_play_us": round(observation_in_play_us(game, players, variant,
                                                               min(1.0, seconds)), 1),
        "clone_us": round(_per_call_us(mid.clone), 2),
        "to_json_us": round(_per_call_us(mid.to_json), 1),
        "view_us": round(_per_call_us(lambda: mid.view(seat)), 1),
        "determinize_us": round(_per_call_us(lambda: mid.determinize(seat, rng)), 1),
        "replay_ms": round(replay_ms, 2),
        "build": build_info(),  # pure Python or compiled (acceleration.py)
    }
    if search:
        figures["ismcts_iterations_per_cpu_second"] = round(
            search_iterations_per_second(game, players, variant))
        figures["ismcts_hard_iterations_per_cpu_second"] = round(
            search_iterations_per_second(game, players, variant, level="hard"))
    return figures


def compare_reference(reference: str, seconds: float = 3.0) -> dict[str, Any]:
    """Random play of an OpenSpiel game (`python_tic_tac_toe`: OpenSpiel's own Python game;
    `tic_tac_toe`: its C++ one) in this process: decisions a CPU-second, the same loop as
    ours (legal actions, a uniform choice, apply)."""
    try:
        import pyspiel
    except ImportError:
        raise ValueError("--compare runs an OpenSpiel game: pip install 'ingenium[rl]'") from None
    if reference == "python_tic_tac_toe":
        import open_spiel.python.games.tic_tac_toe  # noqa: F401  (registers the Python game)
    try:
        game = pyspiel.load_game(reference)
    except pyspiel.SpielError as exc:
        raise ValueError(f"OpenSpiel has no game {reference!r}: {exc}") from None
    rng = random.Random(0)
    decisions, games, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            decisions += 1
        games += 1
    return {"reference": reference, "games": games,
            "decisions_per_second": round(decisions / (time.process_time() - start))}


def with_ratios(figures: list[dict[str, Any]], reference: dict[str, Any]) -> list[dict[str, Any]]:
    """Each game's figures with its speed as a multiple of the reference's."""
    base = reference["decisions_per_second"]
    return [{**row, f"x_{reference['reference']}": round(row["decisions_per_second"] / base, 3)}
            for row in figures]
