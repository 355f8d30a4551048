"""Measure each level a person picks against greedy and random, per game and player count, and
write src/ingenium/bots/strength.toml (the lobby shows it next to each level).

Run: PYTHONPATH=src python benchmarks/bot_strength.py [--games 60] [--budget 50]
     [--cases legendary-inventors:2,inventions:3] [--levels easy,medium,hard]
     [--opponents greedy,random]
`hard` thinks 1 s a move in play; measured at 1 s the ladder costs hours, so it is measured at
`--budget` ms of CPU a decision (the spec that played and the budget are written with it).
Figures of other cases in the file are kept; those measured again are replaced.
"""

from __future__ import annotations

import argparse
import datetime

from ingenium.bots import LEVELS
from ingenium.bots.strength import STRENGTH_FILE, Measured, dump, load, merge, played_spec
from ingenium.sim.strength import Strength, measure


def show_progress(so_far: Strength) -> None:
    """A line after every game, so a long run shows where it stands."""
    print(f"  {so_far.bot} {so_far.game} {so_far.players}p vs {so_far.opponent}: "
          f"{so_far.wins:g}/{so_far.games}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--budget", type=float, default=50.0)
    parser.add_argument("--cases", default="legendary-inventors:2,inventions:3")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--opponents", default="greedy,random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    today = datetime.date.today().isoformat()
    rows: list[Measured] = []
    for case in args.cases.split(","):
        game, _, players = case.partition(":")
        for level in args.levels.split(","):
            spec, budget = played_spec(level, args.budget)
            for opponent in args.opponents.split(","):
                s = measure(game, int(players), spec, opponent, args.games, args.seed,
                            show_progress)
                row = Measured(level, spec, budget, game, int(players), opponent, s.games,
                               s.wins, s.low, s.high, round(s.cpu_ms_per_decision, 2), today)
                print(f"{level:<7}{game} {players}p: {row.summary()} "
                      f"({row.cpu_ms_per_decision:g} ms CPU a decision)", flush=True)
                rows.append(row)
                STRENGTH_FILE.write_text(dump(merge(load(), [row])), encoding="utf-8")


if __name__ == "__main__":
    main()
