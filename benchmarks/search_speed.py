"""ismcts iterations per CPU-second on the bench's six positions of a seed-777 random game,
for any search spec, with a digest of the root statistics (so two versions of the code can be
compared on speed and shown to grow the same trees with an iteration budget).

    python benchmarks/search_speed.py --spec 'ismcts:cpu=50,rollout=0'
    python benchmarks/search_speed.py --spec 'ismcts:iters=300,rollout=0' --games inventions
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from typing import Any

import ingenium
from ingenium.bench import search_positions
from ingenium.bots import IsmctsBot, make_bot
from ingenium.bots.base import seen_world

GAMES = {"inventions": 4, "legendary-inventors": 4, "civolution": 4}


def run(name: str, players: int, spec: str) -> dict[str, Any]:
    """Iterations, CPU seconds of the searches and a digest of every root's statistics."""
    iterations, spent, digest = 0, 0.0, hashlib.sha256()
    game = ingenium.get_game(name)
    for at, state in search_positions(game, players, game.default_variant(players)):
        decision = state.decision
        assert decision is not None
        bot = make_bot(spec, decision.seat, at)
        assert isinstance(bot, IsmctsBot)
        world = seen_world(state, decision.seat, 1234)
        world_decision = world.decision
        assert world_decision is not None
        start = time.process_time()
        root = bot.search(world, world_decision)
        spent += time.process_time() - start
        iterations += bot.iterations
        stats = sorted((o, c.visits, c.available, [round(v, 9) for v in c.value])
                       for o, c in root.children.items())
        digest.update(json.dumps(stats).encode())
    return {"game": name, "players": players, "iterations": iterations,
            "it_per_cpu_s": round(iterations / spent), "digest": digest.hexdigest()[:16]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--spec", default="ismcts:cpu=50,rollout=0")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    for name in args.games.split(","):
        print(json.dumps(run(name, GAMES[name], args.spec)))


if __name__ == "__main__":
    main()
