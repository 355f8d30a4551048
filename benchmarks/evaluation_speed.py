"""CPU time of scoring a search leaf for every seat: each seat's `evaluate` (every potential
recomputed for every seat) against `evaluate_all` (each potential once).

Run: PYTHONPATH=src python benchmarks/evaluation_speed.py [positions]  (default 300 a game and
player count, from random games). Prints JSON: CPU microseconds a leaf, old and new, and the
speed-up, per game and player count. CPU time (time.process_time), as the machine is shared.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

import ingenium
from ingenium.engine import State, game_names


def positions(game: str, players: int, count: int) -> list[State[Any]]:
    """`count` positions spread over random games."""
    rules = ingenium.get_game(game)
    rng = random.Random(players)
    out: list[State[Any]] = []
    state = rules.new_game(players, 0)
    while len(out) < count:
        if state.decision is None:
            state = rules.new_game(players, len(out))
        if rng.random() < 0.2:
            out.append(state.clone())
        state.apply(rng.choice(state.decision.options))  # type: ignore[union-attr]
    return out


def cpu_us(work: list[State[Any]], score: Any, repeat: int = 5) -> float:
    """CPU microseconds `score` takes per position (best of `repeat` passes)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for state in work:
            score(state)
        best = min(best, time.process_time() - start)
    return 1e6 * best / len(work)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rows = []
    for game in game_names():
        rules = ingenium.get_game(game)
        for players in range(rules.min_players, rules.max_players + 1):
            work = positions(game, players, count)
            old = cpu_us(work, lambda s: [s.game.evaluate(s, p) for p in range(s.players)])
            new = cpu_us(work, lambda s: s.game.evaluate_all(s))
            rows.append({"game": game, "players": players, "old_us": round(old, 1),
                         "new_us": round(new, 1), "speedup": round(old / new, 2)})
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
