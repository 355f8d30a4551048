"""Root parallelism for the search: several processes search the same seat's world, each with
its own samples, and their root visit counts are added up (Chaslot et al. 2008).

Only when more than one core is free (a loaded machine gains nothing and slows the others), so
it is off by default (`workers=1`); the workers are handed the seat's world only, never the real
state, exactly as the search itself is.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from ingenium.engine import State

MAX_WORKERS = 16
_pools: dict[int, ProcessPoolExecutor] = {}


def free_cores() -> int:
    """Cores not busy right now (the one-minute load average against the core count)."""
    try:
        load = os.getloadavg()[0]
    except OSError:
        return 1
    return max(0, int((os.cpu_count() or 1) - load))


def helpers(workers: int) -> int:
    """How many extra processes to search with: none unless more than one core is free."""
    if workers <= 1:
        return 0
    free = free_cores()
    return min(workers, free) - 1 if free > 1 else 0


def pool(size: int) -> ProcessPoolExecutor:
    """A pool of `size` processes, kept for later decisions."""
    found = _pools.get(size)
    if found is None:
        found = ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"))
        _pools[size] = found
    return found


def search_counts(params: dict[str, Any], seat: int, seed: int, world: State[Any],
                  seconds: float) -> dict[str, float]:
    """One helper's search of `world` (the seat's world): visits per root option."""
    from ingenium.bots.ismcts import IsmctsBot

    bot = IsmctsBot(seat, seed, **{**params, "workers": 1, "reuse": 0})
    if seconds:
        bot.limit(seconds)
    decision = world.decision
    assert decision is not None
    root = bot.search(world, decision)
    return {option: child.visits for option, child in root.children.items()}


def start(params: dict[str, Any], seat: int, seeds: list[int], world: State[Any],
          seconds: float) -> list[Future[dict[str, float]]]:
    """The helpers' searches, running while the caller searches too."""
    executor = pool(len(seeds))
    return [executor.submit(search_counts, params, seat, seed, world, seconds)
            for seed in seeds]
