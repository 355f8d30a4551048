"""Speed-up from 1 to 2 workers: local processes, and a separately started Ray cluster of 1 and
2 CPUs joined through RAY_ADDRESS (the way a real cluster is used).

Run: .venv/bin/python benchmarks/workers_speedup.py [games] [game] [players] [bots]
(default: 40 games of legendary-inventors, 2 players, greedy,greedy). Prints seconds per
batch (wall clock of the whole `ingenium simulate` command, start-up included) and the speed-up,
as JSON. Every run plays the same seeds, so the results must be identical; this is checked.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

from ingenium.sim.ray_backend import RayCluster


def timed(args: list[str], env: dict[str, str] | None = None) -> tuple[float, list[Any]]:
    """Wall seconds of one `ingenium simulate` run, and its per-seat results."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "ingenium", *args], env=env, check=True,
                          capture_output=True, text=True)
    seconds = time.perf_counter() - start
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    return seconds, [(s["wins"], s["mean_score"]) for s in summary["seats"]]


def main() -> None:
    games = sys.argv[1] if len(sys.argv) > 1 else "40"
    game = sys.argv[2] if len(sys.argv) > 2 else "legendary-inventors"
    players = sys.argv[3] if len(sys.argv) > 3 else "2"
    bots = sys.argv[4] if len(sys.argv) > 4 else "greedy,greedy"
    args = ["simulate", game, "--players", players, "--bots", bots, "--games", games,
            "--seed", "1", "--json"]
    seconds: dict[str, float] = {}
    outcomes = []
    for workers in (1, 2):
        seconds[f"local {workers}"], seen = timed([*args, "--workers", str(workers)])
        outcomes.append(seen)
    for cpus in (1, 2):
        with RayCluster(num_cpus=cpus) as cluster:
            seconds[f"ray cluster {cpus} cpu"], seen = timed([*args, "--backend", "ray"],
                                                             cluster.env)
        outcomes.append(seen)
    if any(seen != outcomes[0] for seen in outcomes):
        raise SystemExit(f"results differ between runs: {outcomes}")
    report = {"batch": " ".join(args), "seconds": {k: round(v, 1) for k, v in seconds.items()},
              "speedup_local": round(seconds["local 1"] / seconds["local 2"], 2),
              "speedup_ray": round(seconds["ray cluster 1 cpu"] / seconds["ray cluster 2 cpu"],
                                   2)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
