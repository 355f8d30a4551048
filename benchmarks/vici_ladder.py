"""The difficulty ladder of Civolution's Solo Mode: a bot's win rate against V.I.C.I at each of
the five levels and with `+extra-tough`, with 95% Wilson intervals (ingenium.sim.stats).

Run: .venv/bin/python benchmarks/vici_ladder.py [games] [bot] [seed] [workers]
(default 50 games of "greedy" per level from seed 1, one worker). Prints, per level, the wins,
the win rate with its interval, the mean points of the bot and of V.I.C.I and the mean margin;
the CPU seconds of the run (process time of this process, and of the workers when several)
follow. The win rate should fall as the level rises (rulebook: Solo Mode, Difficulty levels).
"""

from __future__ import annotations

import statistics
import sys
import time

from ingenium.games.civolution.game import SOLO_VARIANTS
from ingenium.sim.runner import GameResult, simulate
from ingenium.sim.stats import wilson_interval


def row(variant: str, results: list[GameResult]) -> str:
    """One level's line: wins, win rate (95% CI), mean points, V.I.C.I's, the margin."""
    wins = sum(1 for r in results if r.winners == (0,))
    low, high = wilson_interval(wins, len(results))
    solo = [r.statistics[0]["solo"] for r in results]
    human = statistics.fmean(r.scores[0] for r in results)
    vici = statistics.fmean(s["vici_score"] for s in solo)
    margin = statistics.fmean(s["margin"] for s in solo)
    return (f"{variant:<22} {wins:>4}/{len(results):<4} {wins / len(results):>6.1%} "
            f"({low:.1%}-{high:.1%})  bot {human:6.1f}  V.I.C.I {vici:6.1f}  margin "
            f"{margin:+7.1f}")


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 50
    bot = argv[2] if len(argv) > 2 else "greedy"
    seed = int(argv[3]) if len(argv) > 3 else 1
    workers = int(argv[4]) if len(argv) > 4 else 1
    start = time.process_time()
    print(f"Civolution solo ladder: {bot} against V.I.C.I, {games} games per level, "
          f"seeds {seed}-{seed + games - 1}")
    for variant in SOLO_VARIANTS:
        results = simulate("civolution", 1, [bot], games, seed, workers, variant=variant)
        print(row(variant, results), flush=True)
    print(f"CPU time of this process: {time.process_time() - start:.0f} s"
          + (" (workers' time not included)" if workers > 1 else ""))


if __name__ == "__main__":
    main(sys.argv)
