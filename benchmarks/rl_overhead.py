"""What the RL adapters cost over the engine: a PettingZoo step with its observation, and an
OpenSpiel state's clone (alone, and followed by one action), per game.

    python benchmarks/rl_overhead.py [--games 5] [--json]

For each game it records seeded random games as action codes, then replays them twice: through
the engine (`state.apply(code)` and `state.observation(seat to act)`) and through the AEC
environment (`env.step(code)` and `env.last()`, whose observation carries the action mask).
Clones are timed at every 10th decision of the same games, against the engine's `clone()`.
Times are CPU time per decision (process time, so other load on the machine counts less).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import ingenium
from ingenium.rl.pettingzoo_env import IngeniumAECEnv


def record(name: str, players: int, seeds: list[int]) -> list[tuple[int, list[int]]]:
    """(game seed, action codes) of seeded random games, seeds as the AEC env draws them."""
    games = []
    for seed in seeds:
        env = IngeniumAECEnv(name, players)
        env.reset(seed=seed)
        state = env.game.new_game(players, env.game_seed)
        rng = random.Random(seed)
        codes = []
        while (decision := state.decision) is not None:
            option = rng.choice(decision.options)
            codes.append(option.code)
            state.apply(option)
        games.append((env.game_seed, codes))
    return games


def engine_us(name: str, players: int, games: list[tuple[int, list[int]]]) -> float:
    """CPU microseconds per decision: apply, then the next seat's observation."""
    game = ingenium.get_game(name)
    total, steps = 0.0, 0
    for game_seed, codes in games:
        state = game.new_game(players, game_seed)
        start = time.process_time()
        for code in codes:
            state.apply(code)
            decision = state.decision
            state.observation(decision.seat if decision else 0)
        total += time.process_time() - start
        steps += len(codes)
    return total / steps * 1e6


def pettingzoo_us(name: str, players: int, seeds: list[int], steps: int) -> float:
    """CPU microseconds per decision: env.step, then env.last() for the next agent."""
    total = 0.0
    games = record(name, players, seeds)
    for seed, (_, codes) in zip(seeds, games, strict=True):
        env = IngeniumAECEnv(name, players)
        env.reset(seed=seed)
        start = time.process_time()
        for code in codes:
            env.step(code)
            env.last()
        total += time.process_time() - start
    return total / steps * 1e6


def clone_us(name: str, players: int, count: int) -> dict[str, float]:
    """CPU microseconds of a clone (and of a clone then one action) along seeded random games:
    the engine's State.clone against OpenSpiel's state.clone (best of 3 passes)."""
    import pyspiel

    from ingenium.rl.openspiel_game import register_all, short_name

    register_all()
    game = pyspiel.load_game(short_name(name), {"players": players})
    positions = []
    for seed in range(count):
        rng, state = random.Random(seed), game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            action = rng.choice(state.legal_actions())
            if len(state.history()) % 10 == 0:
                positions.append((state.clone(), action))
            state.apply_action(action)

    def best(run: Any) -> float:
        times = []
        for _ in range(3):
            start = time.process_time()
            for spiel, action in positions:
                for _ in range(20):
                    run(spiel, action)
            times.append((time.process_time() - start) / (20 * len(positions)) * 1e6)
        return min(times)

    return {"engine_clone_us": best(lambda s, a: s.inner.clone()),
            "openspiel_clone_us": best(lambda s, a: s.clone()),
            "engine_clone_apply_us": best(lambda s, a: s.inner.clone().apply(a)),
            "openspiel_clone_apply_us": best(lambda s, a: s.clone().apply_action(a))}


def measure(name: str, players: int, count: int) -> dict[str, Any]:
    seeds = list(range(count))
    games = record(name, players, seeds)
    steps = sum(len(codes) for _, codes in games)
    engine = min(engine_us(name, players, games) for _ in range(3))
    aec = min(pettingzoo_us(name, players, seeds, steps) for _ in range(3))
    clones = clone_us(name, players, count)
    return {"game": name, "players": players, "decisions": steps,
            "engine_us": round(engine, 1), "pettingzoo_us": round(aec, 1),
            "ratio": round(aec / engine, 2),
            **{key: round(value, 1) for key, value in clones.items()},
            "clone_ratio": round(clones["openspiel_clone_us"] / clones["engine_clone_us"], 2),
            "clone_apply_ratio": round(clones["openspiel_clone_apply_us"]
                                       / clones["engine_clone_apply_us"], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(name, min(max(ingenium.get_game(name).min_players, 4),
                              ingenium.get_game(name).max_players), args.games)
            for name in ingenium.game_names()]
    if args.json:
        print(json.dumps(rows))
        return
    print(f"{'game':<22}{'players':>8}{'engine µs':>11}{'PettingZoo µs':>15}{'ratio':>7}"
          f"{'clone µs (engine/OpenSpiel)':>30}{'+apply µs':>18}")
    for r in rows:
        print(f"{r['game']:<22}{r['players']:>8}{r['engine_us']:>11}{r['pettingzoo_us']:>15}"
              f"{r['ratio']:>7}{r['engine_clone_us']:>15}/{r['openspiel_clone_us']:<6}"
              f"x{r['clone_ratio']:<7}{r['engine_clone_apply_us']:>9}/"
              f"{r['openspiel_clone_apply_us']:<6}x{r['clone_apply_ratio']}")


if __name__ == "__main__":
    main()
