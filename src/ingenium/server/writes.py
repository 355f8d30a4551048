"""Storage work off the event loop: requests' calls first, moves committed in groups.

Every storage call runs in the database thread (one, for both databases: more threads split
the waiting moves into smaller groups, each a transaction of its own, and PostgreSQL costs per
transaction and statement far more than per row). Under load, 50 bot tables keep a move
waiting at all times: one transaction and one thread hop per move made a human's move wait
behind every bot move already queued (the thread hops cost more than the SQL). So the moves
waiting at one moment are committed together, in one transaction (group commit): each keeps
its own check that the table still has the moves it had, and nobody hears of a move before its
transaction is committed. Humans' moves go first in a group, and the other calls (loading,
creating, the lobby: someone is waiting for them) go before the next group.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ingenium.server.storage import MoveRecord, Store

R = TypeVar("R")
GROUP = 256  # most moves committed in one transaction


@dataclass
class _Job:
    """A call, or (function None) an append, and the future its answer goes to."""

    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    function: Callable[..., Any] | None
    args: tuple[Any, ...]


class DbQueue:
    """Database threads fed in order of urgency; appends grouped into one transaction."""

    def __init__(self, store: Store, threads: int) -> None:
        self.store = store
        self._ready = threading.Condition()
        self._calls: deque[_Job] = deque()
        self._urgent: deque[_Job] = deque()  # humans' moves
        self._background: deque[_Job] = deque()  # bots' moves
        self._closed = False
        self._threads = [threading.Thread(target=self._work, name=f"ingenium-db-{i}",
                                          daemon=True) for i in range(threads)]
        for thread in self._threads:
            thread.start()

    async def call(self, function: Callable[..., R], *args: Any) -> R:
        """Run `function(*args)` in a database thread, before any waiting group of moves."""
        result: R = await self._put(self._calls, function, args)
        return result

    async def append(self, table_id: str, moves: list[MoveRecord], status: str, seal: str,
                     urgent: bool) -> bool:
        """Store.append_moves, committed with the other moves waiting now (`urgent`: a
        human's move, first in its group)."""
        stored: bool = await self._put(self._urgent if urgent else self._background, None,
                                       (table_id, moves, status, seal))
        return stored

    def _put(self, queue: deque[_Job], function: Callable[..., Any] | None,
             args: tuple[Any, ...]) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        job = _Job(loop, loop.create_future(), function, args)
        with self._ready:
            if self._closed:
                raise RuntimeError("the database queue is shut down")
            queue.append(job)
            self._ready.notify()
        return job.future

    def shutdown(self) -> None:
        """Finish the work queued, then stop the threads."""
        with self._ready:
            self._closed = True
            self._ready.notify_all()
        for thread in self._threads:
            thread.join()

    # -- in the database threads -------------------------------------------------------------
    def _work(self) -> None:
        turn = 0
        while True:
            with self._ready:
                while not (self._calls or self._urgent or self._background or self._closed):
                    self._ready.wait()
                moves = self._urgent or self._background
                if self._calls and (turn % 2 == 0 or not moves):
                    jobs = [self._calls.popleft()]
                elif moves:
                    jobs = []
                    for queue in (self._urgent, self._background):
                        while queue and len(jobs) < GROUP:
                            jobs.append(queue.popleft())
                else:
                    return  # closed and nothing left
            turn += 1
            if jobs[0].function is not None:
                self._run_call(jobs[0])
            else:
                self._run_group(jobs)

    @staticmethod
    def _run_call(job: _Job) -> None:
        assert job.function is not None
        try:
            result = job.function(*job.args)
        except Exception as exc:  # handed to the caller
            _send(job.loop, _fail, [job], exc)
        else:
            _send(job.loop, _deliver, [job], [result])

    def _run_group(self, jobs: list[_Job]) -> None:
        try:
            results = self.store.append_group([job.args for job in jobs])
        except Exception as exc:  # handed to every caller of the group
            for loop, group in _by_loop(jobs).items():
                _send(loop, _fail, group, exc)
            return
        answers = dict(zip(map(id, jobs), results, strict=True))
        for loop, group in _by_loop(jobs).items():
            _send(loop, _deliver, group, [answers[id(job)] for job in group])


def _send(loop: asyncio.AbstractEventLoop, callback: Callable[..., None], *args: Any) -> None:
    """Hand answers to the event loop, unless it is already closed (nobody waits then)."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(callback, *args)


def _by_loop(jobs: list[_Job]) -> dict[asyncio.AbstractEventLoop, list[_Job]]:
    """Jobs grouped by the event loop that waits for them (one in a server), in order."""
    found: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
    for job in jobs:
        found.setdefault(job.loop, []).append(job)
    return found


def _deliver(jobs: list[_Job], results: list[Any]) -> None:
    """On the event loop: hand each waiting caller its answer (a cancelled one is gone)."""
    for job, result in zip(jobs, results, strict=True):
        if not job.future.done():
            job.future.set_result(result)


def _fail(jobs: list[_Job], exc: BaseException) -> None:
    for job in jobs:
        if not job.future.done():
            job.future.set_exception(exc)
