"""Each game's evaluation against the final score: seeded greedy games, each seat's evaluation
(its margin over the best other seat) at 50/75/90% of the game's decisions against the final
points' margin (ingenium.sim.evaluation_error).

Run: PYTHONPATH=src python benchmarks/evaluation_error.py [games] [--learned] [--floor]
[--cases civolution:4,...] (default 20 games a game and player count, every case below).
Prints a table: mean absolute error per stage, the spread (the error of the best constant
guess) and error/spread (1: no better than a constant; 0: exact). With --learned, the shipped
learned evaluation (`ingenium train-eval`) is measured too, on the same games, where one is
shipped. With --floor, the error at 75% of the mean of 8 greedy games played on from each
seat's view (`continuation_floor`): about the least any evaluation can reach there, since the
rest is luck still to come.
"""

from __future__ import annotations

import argparse
import time

from ingenium.bots.learned import shipped, shipped_models
from ingenium.sim.evaluation_error import continuation_floor, game_evaluation, stage_errors

CASES = [("legendary-inventors", 2), ("legendary-inventors", 4), ("inventions", 3),
         ("inventions", 4), ("civolution", 2), ("civolution", 4)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=20)
    parser.add_argument("--learned", action="store_true", help="the shipped models too")
    parser.add_argument("--floor", action="store_true", help="the continuation floor too")
    parser.add_argument("--cases", help="GAME:PLAYERS,... (default: all)")
    args = parser.parse_args()
    games, learned = args.games, args.learned
    cases = CASES if not args.cases else [
        (game, int(players)) for game, _, players in
        (case.partition(":") for case in args.cases.split(","))]
    print(f"{'game':<22}{'players':>8}{'judge':>9}{'stage':>7}{'MAE':>8}{'spread':>8}"
          f"{'rel':>6}{'n':>5}{'cpu s':>7}")
    for game, players in cases:
        judges = [("game", game_evaluation)]
        if learned and (game, players, None) in shipped_models():
            judges.append(("learned", shipped(game, players).evaluate_all))
        for name, judge in judges:
            start = time.process_time()
            rows = stage_errors(game, players, range(games), judge)
            cpu = time.process_time() - start
            for row in rows:
                print(f"{game:<22}{players:>8}{name:>9}{row.stage:>7.0%}{row.error:>8.2f}"
                      f"{row.spread:>8.2f}{row.relative:>6.2f}{row.samples:>5}{cpu:>7.1f}")
        if args.floor:
            start = time.process_time()
            row = continuation_floor(game, players, range(games))
            cpu = time.process_time() - start
            print(f"{game:<22}{players:>8}{'floor':>9}{row.stage:>7.0%}{row.error:>8.2f}"
                  f"{row.spread:>8.2f}{row.relative:>6.2f}{row.samples:>5}{cpu:>7.1f}")


if __name__ == "__main__":
    main()
