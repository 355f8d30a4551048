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
from collections.abc import Callable

from ingenium.bots import LEVELS
from ingenium.bots.strength import STRENGTH_FILE, Measured, dump, load, merge, played_spec
from ingenium.sim.strength import Strength, measure

SAVE_EVERY = 5  # games: a long run interrupted keeps what it measured, with its game count


def record(level: str, budget: str, s: Strength) -> Measured:
    """The figure to write for a level."""
    return Measured(level, s.bot, budget, s.game, s.players, s.opponent, s.games, s.wins,
                    s.low, s.high, round(s.cpu_ms_per_decision, 2),
                    datetime.date.today().isoformat())


def save(row: Measured) -> None:
    STRENGTH_FILE.write_text(dump(merge(load(), [row])), encoding="utf-8")


def progress(level: str, budget: str) -> Callable[[Strength], None]:
    """A line after every game, and the figure so far saved every SAVE_EVERY games."""
    def show(so_far: Strength) -> None:
        print(f"  {level} {so_far.game} {so_far.players}p vs {so_far.opponent}: "
              f"{so_far.wins:g}/{so_far.games}", flush=True)
        if so_far.games % SAVE_EVERY == 0:
            save(record(level, budget, so_far))
    return show


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--budget", type=float, default=50.0)
    parser.add_argument("--cases", default="legendary-inventors:2,inventions:3")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--opponents", default="greedy,random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for case in args.cases.split(","):
        game, _, players = case.partition(":")
        for level in args.levels.split(","):
            spec, budget = played_spec(level, args.budget)
            for opponent in args.opponents.split(","):
                row = record(level, budget, measure(game, int(players), spec, opponent,
                                                    args.games, args.seed,
                                                    progress(level, budget)))
                print(f"{level:<7}{game} {players}p: {row.summary()} "
                      f"({row.cpu_ms_per_decision:g} ms CPU a decision)", flush=True)
                save(row)


if __name__ == "__main__":
    main()
