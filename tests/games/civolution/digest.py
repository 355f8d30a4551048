"""One md5 over the histories, scores, option ids and observations of 78 seeded random games
(2-4 players in every variant, solo at every level): run it before and after a speed change,
the two digests must be equal (`python -m tests.games.civolution.digest`, with the clone's src
first on PYTHONPATH; `--each` prints every game's digest to find the first that differs)."""

from __future__ import annotations

import hashlib
import random
import sys
import time

import ingenium
from ingenium.games.civolution.rules.setup import VARIANTS
from ingenium.games.civolution.rules.solo.setup import VARIANTS as SOLO_VARIANTS

SETUPS: list[tuple[int, str | None, int]] = [
    (players, variant, seed) for players in (2, 3, 4) for variant in (None, *VARIANTS)
    for seed in range(5)]
SETUPS += [(1, level, seed) for level in (*SOLO_VARIANTS[:5], SOLO_VARIANTS[-1])
           for seed in range(3)]
EXTRA_VIEWS = 0.05  # the share of positions observed by every seat, not only the decider


def game_digest(players: int, variant: str | None, seed: int) -> bytes:
    """One seeded random game's md5: each decision's option ids and the decider's observation
    (sometimes every seat's), then the history, the scores and the last observation."""
    game = ingenium.get_game("civolution")
    digest = hashlib.md5()
    state = game.new_game(players, seed, variant)
    rng = random.Random(seed * 7 + players)
    while (decision := state.decision) is not None:
        digest.update(repr([o.id for o in decision.options]).encode())
        digest.update(state.observation(decision.seat).tobytes())
        if rng.random() < EXTRA_VIEWS:
            for seat in range(state.players):
                digest.update(state.observation(seat).tobytes())
        state.apply(decision.options[rng.randrange(len(decision.options))])
    digest.update(repr(state.history).encode())
    digest.update(repr(state.scores()).encode())
    digest.update(state.observation(0).tobytes())
    return digest.digest()


def main(each: bool) -> None:
    total = hashlib.md5()
    start = time.process_time()
    for players, variant, seed in SETUPS:
        one = game_digest(players, variant, seed)
        total.update(one)
        if each:
            print(players, variant, seed, one.hex())
    print(len(SETUPS), total.hexdigest(), f"{time.process_time() - start:.1f} s")


if __name__ == "__main__":
    main("--each" in sys.argv)
