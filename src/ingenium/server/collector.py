"""Garbage collection without long pauses in the middle of play.

CPython's full (generation 2) collection walks every live object: with fifty tables in play
and the finished ones cached, one took 100-140 ms, every few seconds under load, and every
move in flight waited for it (they were the human moves' p99). So, while the server runs, the
objects of its start are frozen out of the collector (gc.freeze), the automatic full
collections are off, and a full collection runs every `seconds` instead (unreachable cycles
wait that long to be freed; memory freed by reference counting, nearly all of it, is freed at
once as always). The younger generations are collected as usual. `seconds` 0 leaves Python's
collector as it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator

NO_AUTOMATIC_FULL = 10**9  # generation-2 threshold no count reaches


@contextlib.asynccontextmanager
async def scheduled_collections(seconds: float) -> AsyncIterator[None]:
    """For the server's lifetime: full collections every `seconds`, never automatically;
    Python's settings come back at the end (tests run apps in their own process)."""
    if seconds <= 0:
        yield
        return
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(before[0], before[1], NO_AUTOMATIC_FULL)
    task = asyncio.create_task(_collect_every(seconds))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        gc.set_threshold(*before)
        gc.unfreeze()


async def _collect_every(seconds: float) -> None:
    while True:
        await asyncio.sleep(seconds)
        gc.collect()
