"""ismcts iterations per CPU-second in 7 configurations, written to run on any tree of this
repository, old or new (issue #23 compares with the tree it was filed on, 8faebe8): 6 positions
of a seed-777 random game each, `ismcts:cpu=50,rollout=R` at each, one JSON line.

Run, alternating the trees in one session (a shared machine's speed drifts):
    git worktree add /tmp/base 8faebe8
    PYTHONPATH=/tmp/base/src python benchmarks/iteration_rate.py 0
    PYTHONPATH=src python benchmarks/iteration_rate.py 0         # or `default` for the rollout
"""

from __future__ import annotations

import json
import random
import sys
import time

import ingenium
from ingenium.bots import make_bot

CONFIGS = [("legendary-inventors", 2, None), ("legendary-inventors", 4, None),
           ("inventions", 3, None), ("inventions", 2, None), ("civolution", 2, None),
           ("civolution", 3, None), ("civolution", 1, "medium")]


def rate(name: str, players: int, variant: str | None, spec: str) -> float:
    """Iterations per CPU-second of `spec` over the game's six positions."""
    game = ingenium.get_game(name)
    state = game.new_game(players, 777, variant)
    rng = random.Random(777)
    while (decision := state.decision) is not None:
        state.apply(decision.options[rng.randrange(len(decision.options))])
    moves = [i for i, (seat, _) in enumerate(state.history) if seat >= 0]
    iterations, spent = 0, 0.0
    for at in moves[:: max(1, len(moves) // 6)][:6]:
        position = game.replay(players, 777, variant, state.history[:at])
        decision = position.decision
        if decision is None or len(decision.options) < 2:
            continue
        bot = make_bot(spec, decision.seat, at)
        start = time.process_time()
        bot.choose(position, decision)
        spent += time.process_time() - start
        iterations += bot.iterations  # type: ignore[attr-defined]
    return iterations / spent


def main() -> None:
    rollout = sys.argv[1] if len(sys.argv) > 1 else "0"
    spec = "ismcts:cpu=50" + ("" if rollout == "default" else f",rollout={rollout}")
    print(json.dumps({f"{n} {p}p{'' if v is None else ' ' + v}": round(rate(n, p, v, spec))
                      for n, p, v in CONFIGS}))


if __name__ == "__main__":
    main()
