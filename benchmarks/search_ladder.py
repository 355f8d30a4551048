"""The search's ideas, each against greedy at a small CPU budget (how bots/ismcts.py's
parameters were chosen): one line per configuration after every game, seats rotated, 95%
Wilson intervals, the search's CPU time per decision.

Run: PYTHONPATH=src python benchmarks/search_ladder.py [game] [players] [games] [cpu_ms]
[configuration ...] (default legendary-inventors 2 60 50, the whole ladder; a configuration is
the spec's tail, e.g. rollout=0,chain=2). Every configuration plays the same paired deals.
"""

from __future__ import annotations

import sys

from ingenium.sim.strength import Strength, measure

LADDER = ["", "rollout=0", "rollout=0,prior=1", "rollout=0,prior=1,widen=1",
          "rollout=0,prior=1,reuse=1", "rollout=0,prior=1,widen=1,reuse=1",
          "rollout=0,chain=1", "rollout=0,chain=2"]


def show(s: Strength) -> None:
    print(f"{s.bot}: {s.rate:.1%} [{s.low:.0%}-{s.high:.0%}] of {s.games} games vs "
          f"{s.players - 1} {s.opponent}, {s.cpu_ms_per_decision:.1f} ms CPU a decision",
          flush=True)


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "legendary-inventors"
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    cpu = float(sys.argv[4]) if len(sys.argv) > 4 else 50.0
    for extra in sys.argv[5:] or LADDER:
        spec = f"ismcts:cpu={cpu:g}" + (f",{extra}" if extra else "")
        show(measure(game, players, spec, "greedy", games))


if __name__ == "__main__":
    main()
