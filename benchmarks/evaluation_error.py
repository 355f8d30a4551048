"""Each game's evaluation against the final score: seeded greedy games, each seat's evaluation
(its margin over the best other seat) at 50/75/90% of the game's decisions against the final
points' margin (ingenium.sim.evaluation_error).

Run: PYTHONPATH=src python benchmarks/evaluation_error.py [games] (default 20 a game and player
count). Prints a table: mean absolute error per stage, the spread (the error of the best
constant guess) and error/spread (1: no better than a constant; 0: exact).
"""

from __future__ import annotations

import sys
import time

from ingenium.sim.evaluation_error import stage_errors

CASES = [("legendary-inventors", 2), ("legendary-inventors", 4), ("inventions", 3),
         ("inventions", 4), ("civolution", 2), ("civolution", 4)]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"{'game':<22}{'players':>8}{'stage':>7}{'MAE':>8}{'spread':>8}{'rel':>6}{'n':>5}"
          f"{'cpu s':>7}")
    for game, players in CASES:
        start = time.process_time()
        rows = stage_errors(game, players, range(games))
        cpu = time.process_time() - start
        for row in rows:
            print(f"{game:<22}{players:>8}{row.stage:>7.0%}{row.error:>8.2f}{row.spread:>8.2f}"
                  f"{row.relative:>6.2f}{row.samples:>5}{cpu:>7.1f}")


if __name__ == "__main__":
    main()
