"""Train sb3-contrib MaskablePPO on Legendary Inventors (2 players) against greedy, evaluate it.

    pip install -e '.[rl]'
    python examples/train_maskable_ppo.py --timesteps 50000 --eval-games 100

The learning seat is seat 0; the other seat is the `greedy` bot (not `random`: a one-line rule
already beats random 99% of the time). MaskablePPO reads the legal actions from the
environment's `action_masks()`. Evaluation plays fresh seeded games against the same opponent
and reports the win rate (a shared win counts as its share) with a 95% Wilson interval, next to
a masked random policy's as a reference.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from ingenium.rl.gym_env import IngeniumEnv
from ingenium.sim import wilson_interval

GAME, PLAYERS = "legendary-inventors", 2


def make_env(opponents: str) -> IngeniumEnv:
    """The learning seat 0 against `opponents` (one bot spec)."""
    return IngeniumEnv(GAME, PLAYERS, seat=0, opponents=opponents)


def train(timesteps: int, seed: int, opponents: str, verbose: int = 0) -> MaskablePPO:
    """MaskablePPO with an MLP policy over the flat observation, for `timesteps` env steps."""
    torch.set_num_threads(1)  # small networks: more threads only contend
    env = make_env(opponents)
    env.reset(seed=seed)
    n_steps = max(32, min(1024, timesteps))
    model = MaskablePPO("MlpPolicy", env, n_steps=n_steps, batch_size=min(64, n_steps),
                        gamma=0.995, learning_rate=3e-4, ent_coef=0.01, seed=seed, verbose=verbose,
                        policy_kwargs={"net_arch": [256, 256]})
    model.learn(total_timesteps=timesteps)
    return model


def evaluate(model: MaskablePPO | None, games: int, seed: int, opponents: str) -> dict[str, Any]:
    """Win rate over `games` seeded games (model None: a masked random policy)."""
    env = make_env(opponents)
    rng = np.random.default_rng(seed)
    wins, illegal = 0.0, 0
    for game in range(games):
        obs, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        info: dict[str, Any] = {}
        while not done:
            mask = env.action_masks()
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = int(model.predict(obs, action_masks=mask, deterministic=True)[0])
            obs, reward, done, _, info = env.step(action)
        illegal += "illegal_action" in info
        wins += max(reward, 0.0)
    low, high = wilson_interval(wins, games)
    return {"games": games, "win_rate": wins / games, "win_low": low, "win_high": high,
            "illegal_actions": illegal}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=50_000, help="training env steps")
    parser.add_argument("--eval-games", type=int, default=100, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", default="greedy", help="bot spec of the other seat")
    parser.add_argument("--save", help="save the trained model to this path (.zip)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--verbose", action="store_true", help="print PPO's training log")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    model = train(args.timesteps, args.seed, args.opponents, int(args.verbose))
    trained = time.perf_counter() - start
    if args.save:
        model.save(args.save)
    eval_seed = 1_000_000 + args.seed  # games the training never saw
    result = {"game": GAME, "players": PLAYERS, "opponents": args.opponents,
              "timesteps": args.timesteps, "train_seconds": round(trained, 1),
              "ppo": evaluate(model, args.eval_games, eval_seed, args.opponents),
              "random": evaluate(None, args.eval_games, eval_seed, args.opponents)}
    if args.json:
        print(json.dumps(result))
    else:
        for name in ("ppo", "random"):
            r = result[name]
            print(f"{name:>6} vs {args.opponents}: {r['win_rate']:.1%} wins "
                  f"(95% {r['win_low']:.1%}-{r['win_high']:.1%}) over {r['games']} games")
        print(f"trained {args.timesteps} steps in {trained:.0f} s")
    return result


if __name__ == "__main__":
    main()
