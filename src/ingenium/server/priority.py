"""Humans first: all-bot tables take turns on the event loop, and wait while a human moves.

The server's one event loop carries every table. Fifty all-bot tables playing flat out always
have work ready, and each ready task lengthens the loop's round by its slice: a human's move,
which needs a few rounds (request, lock, commit, answer), then waits behind all of them. So
an all-bot table does its work (choosing instantly, applying and committing a batch of moves)
only during a turn, a few tables at a time; a turn is not handed out while a human's move is
being made, and a batch of bot moves ends when one starts. A bot table waits for the humans
at most `patience` seconds a turn, so a stream of human moves slows the bot tables but never
stops them. Bots answering a human do not take turns: the
human is waiting for them.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator


class BotTurns:
    """Turns for all-bot tables, handed out only while no human move is in progress."""

    def __init__(self, turns: int, patience: float) -> None:
        self._turns = asyncio.Semaphore(max(1, turns))
        self._patience = patience
        self._humans = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def humans_moving(self) -> int:
        """Human moves being made right now."""
        return self._humans

    @contextlib.contextmanager
    def human(self) -> Iterator[None]:
        """Around a human's move: bot tables do not start a turn meanwhile."""
        self._humans += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._humans -= 1
            if self._humans == 0:
                self._idle.set()

    @contextlib.asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """An all-bot table's turn: one of the few turns at once (FIFO), started once no
        human is moving (or after `patience`). Only the tables holding a turn wait for the
        humans, so a human's move wakes a few tables, not every one that waits."""
        async with self._turns:
            if not self._idle.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._idle.wait(), self._patience)
            yield
