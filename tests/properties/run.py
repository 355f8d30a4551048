"""Run the rules' property checks from the command line (the long run, and each mutant of
`scripts/mutation_run.py`):

    python -m tests.properties.run inventions --seeds 0-19 --bots random
    python -m tests.properties.run civolution --players 1 --variant expert --seeds 0-4

Every player count and variant of the game unless `--players`/`--variant` narrow it; prints
each violation and exits 1 when there is one (`--first`: at the first).
"""

from __future__ import annotations

import argparse
import sys
import time

import ingenium
from tests.properties.harness import play_checked, properties_of


def setups(name: str, players: int | None, variant: str | None) -> list[tuple[int, str | None]]:
    """(players, variant) for every count and variant of the game, narrowed by the options."""
    game = ingenium.get_game(name)
    found: list[tuple[int, str | None]] = []
    for n in range(game.min_players, game.max_players + 1):
        if players is not None and n != players:
            continue
        variants: list[str | None] = list(game.variants_for(n)) if game.needs_variant(n) else [None]
        if variant is not None:
            variants = [variant]
        found.extend((n, v) for v in variants)
    return found


def seed_range(text: str) -> range:
    """'0-19' -> range(0, 20); '7' -> range(7, 8)."""
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.properties.run",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int)
    parser.add_argument("--variant")
    parser.add_argument("--seeds", type=seed_range, default=range(0, 5))
    parser.add_argument("--bots", default="random", help="random, or a bot spec for every seat")
    parser.add_argument("--first", action="store_true", help="stop at the first violation")
    args = parser.parse_args(argv)
    props = properties_of(args.game)
    started, games, failed = time.process_time(), 0, 0
    for players, variant in setups(args.game, args.players, args.variant):
        for seed in args.seeds:
            found = play_checked(args.game, players, seed, variant, args.bots, props,
                                 stop_after=1 if args.first else 0)
            games += 1
            for violation in found:
                print(violation)
            if found:
                failed += 1
                if args.first:
                    return 1
    print(f"{args.game}: {len(props)} properties, {games} games, {failed} with a violation, "
          f"{time.process_time() - started:.1f} CPU s", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
