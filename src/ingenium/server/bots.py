"""Bots on the server think in worker processes (or threads), never on the event loop.

A bot that answers in constant time (random) chooses on the spot. Two lanes keep a slow table
from starving the others: quick bots (greedy) and searching bots (ismcts) have worker pools of
their own, so a search never holds up a quick move. Within a lane, a free worker goes to the
waiting table that has used the least worker time (fair scheduling across tables). Every move
is time-limited (Settings.bot_max_ms: the bot answers by then) and cancellable (a shared stop
flag per worker slot, set when the table moved on or the server stops). The deadline counts
only thinking: the worker stamps when it starts to think (after its start and the table's
replay), so a machine too busy to start a worker in time never has it killed for that (which
forced another cold start, and so on: no bot replied). A worker that overruns its thinking
limit by far is killed, a fresh pool is warmed up at once, and the move is the bot's level's
fallback (Bot.fallback: hard plays as medium, medium as greedy one decision ahead, easy at
random), thought in its own lane under the same limit, so the table goes on; a fallback that
overruns too gives way to the instant `random` choice.

In process mode a worker gets the creation record and the history (with its chance outcomes)
and keeps a small per-process cache of replayed states, so each move costs only the new moves.
Either way Bot.choose hands the bot's logic only its seat's world (hidden information
resampled, no seed): it cannot read another seat's secrets. Bots draw their own randomness
from `secrets` (an online table has no seed).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from ingenium.bots import BOTS, make_bot, parse_spec
from ingenium.bots.base import never
from ingenium.engine import SECURE, Game, State, extend, game_names, get_game, register_game

CACHE_SIZE = 64
OVERRUN = 3.0  # a worker still thinking this many times its limit, plus GRACE, is killed
GRACE = 2.0  # seconds of slack for a thinking worker on a busy machine
POLL = 0.1  # seconds between looks at a job that has not started thinking yet
LAST_RESORT = "random"  # the move of a bot whose fallback could not think in time
log = logging.getLogger("ingenium.server")
_cache: OrderedDict[str, State[Any]] = OrderedDict()
_stop_flags: Any = None  # in a worker process: the lane's shared stop flags, one per slot
_start_stamps: Any = None  # in a worker process: when each slot's job began to think


class Overran(Exception):
    """A bot's worker did not answer within its thinking limit (it was killed)."""


@dataclass(frozen=True)
class BotJob:
    """Everything a worker process needs to choose one move."""

    table_id: str
    game: str
    players: int
    seed: int | None  # None: the table's chance is in its history (online tables)
    variant: str | None
    history: tuple[tuple[int, str], ...]
    seat: int
    spec: str
    bot_seed: int
    seconds: float  # thinking time limit
    slot: int  # index of this job's stop flag


def is_search(spec: str) -> bool:
    """Whether a spec names a bot that thinks for a budget (it goes to the search lane)."""
    cls = BOTS.get(parse_spec(spec)[0])
    return bool(cls is not None and cls.searches)


def is_instant(spec: str) -> bool:
    """Whether a spec names a bot that answers in constant time (random): sending it to a
    worker would cost more than its choice."""
    cls = BOTS.get(parse_spec(spec)[0])
    return bool(cls is not None and cls.instant)


def choose_on_state(state: State[Any], seat: int, spec: str, seed: int, seconds: float,
                    stop: Callable[[], bool]) -> str:
    """The option id the bot picks (state is the worker's own copy)."""
    decision = state.decision
    if decision is None or decision.seat != seat:
        raise RuntimeError(f"bot for seat {seat} asked to move when it is not its turn")
    return make_bot(spec, seat, seed).limit(seconds, stop).choose(state, decision).id


def choose_in_process(job: BotJob) -> str:
    """Entry point in a worker process: rebuild the state from the cache, then choose."""
    flags = _stop_flags

    def stop() -> bool:
        return flags is not None and flags[job.slot] != 0

    state = _state_for(job)
    if _start_stamps is not None:
        _start_stamps[job.slot] = time.time()  # the deadline counts from here
    return choose_on_state(state, job.seat, job.spec, job.bot_seed, job.seconds, stop)


def _state_for(job: BotJob) -> State[Any]:
    """The job's position: the cached state advanced by the new moves, or a fresh replay."""
    cached = _cache.pop(job.table_id, None)
    done = len(cached.history) if cached is not None else 0
    if cached is None or tuple(cached.history) != job.history[:done]:
        game = get_game(job.game)
        cached = (game.replay(job.players, None, job.variant, job.history, SECURE)
                  if job.seed is None else
                  game.replay(job.players, job.seed, job.variant, job.history))
    else:
        extend(cached, job.history[done:], done)
    _cache[job.table_id] = cached
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return cached.clone()


def start_worker(parent: int, games: list[Game[Any]], flags: Any = None,
                 stamps: Any = None) -> None:
    """In a worker process: register the server's games, keep the stop flags and start
    stamps, exit when the server is gone."""
    global _stop_flags, _start_stamps
    _stop_flags, _start_stamps = flags, stamps
    known = set(game_names())
    for game in games:  # games registered by plugins or tests, not only by ingenium.games
        if game.name not in known:
            register_game(game)
    watch_parent(parent)


def watch_parent(parent: int) -> None:
    """Exit as soon as the parent process is gone (even after its kill -9)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="ingenium-parent-watch", daemon=True).start()


@dataclass(eq=False)
class _Waiting:
    """A table waiting for a worker slot of a lane."""

    table_id: str
    ready: asyncio.Future[int] = field(default_factory=lambda: asyncio.get_running_loop()
                                       .create_future())


class Lane:
    """A pool of workers (processes, or threads when `processes` is 0) with fair dispatch."""

    def __init__(self, name: str, processes: int, queued: int = 0) -> None:
        self.name = name
        self.processes = processes
        # slots: jobs handed to the pool at once; `queued` beyond the workers keep them busy
        # between jobs (quick lane), none where a job may be long (search lane)
        self.size = (processes if processes > 0 else 2) + queued
        self._executor: Executor | None = None
        self._flags: Any = None
        self._stamps: Any = None  # when each slot's job began to think (0: not yet)
        self._free = list(range(self.size))
        self._waiting: list[_Waiting] = []
        self._used: dict[str, float] = {}  # worker seconds per table (fairness)
        self._failures = 0
        self._queued = queued
        self._warming: asyncio.Future[None] | None = None  # a replacement pool starting

    # -- the pool ----------------------------------------------------------------------------
    def _pool(self) -> Executor:
        """The executor, created on first use (spawned processes start clean)."""
        if self._executor is None:
            if self.processes > 0:
                context = multiprocessing.get_context("spawn")
                self._flags = context.RawArray("b", self.size)
                self._stamps = context.RawArray("d", self.size)
                games = [get_game(name) for name in game_names()]
                self._executor = ProcessPoolExecutor(
                    self.processes, mp_context=context, initializer=start_worker,
                    initargs=(os.getpid(), games, self._flags, self._stamps))
            else:
                self._flags = [0] * self.size
                self._stamps = None  # threads start at once: the deadline counts from submit
                self._executor = ThreadPoolExecutor(self.size - self._queued,
                                                    thread_name_prefix=f"ingenium-{self.name}")
        return self._executor

    async def warm_up(self) -> None:
        """Start the worker processes now, so the first bot move is not late by a spawn."""
        if self.processes > 0:
            loop = asyncio.get_running_loop()
            pool = self._pool()
            try:
                await asyncio.gather(*(loop.run_in_executor(pool, os.getpid)
                                       for _ in range(self.processes)))
            except BrokenProcessPool:
                self._broken()

    def _broken(self) -> None:
        """A worker died: try a fresh pool; if even a fresh one fails, think in threads."""
        self._executor = None
        self._failures += 1
        if self._failures >= 3 and self.processes > 0:
            log.warning("%s bot worker processes keep failing (see above): those bots now "
                        "think in threads", self.name)
            self.processes = 0

    def _kill_workers(self) -> None:
        """Kill a lane whose worker overran its limit; a fresh pool starts warming up now."""
        executor = self._executor
        if isinstance(executor, ProcessPoolExecutor):
            for process in list(getattr(executor, "_processes", {}).values()):
                with contextlib.suppress(Exception):
                    process.kill()
            self._executor = None
            self._warming = asyncio.ensure_future(self.warm_up())

    def shutdown(self) -> None:
        """Stop the workers: ask running decisions to stop, drop queued ones."""
        if self._flags is not None:
            for slot in range(self.size):
                self._flags[slot] = 1
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    # -- dispatch ----------------------------------------------------------------------------
    async def run(self, table_id: str, make_job: Callable[[int], tuple[Any, ...]],
                  seconds: float) -> str:
        """Wait for a slot (fairly), run `make_job(slot)` = (function, *args) on it, return the
        answer; cancelling the caller stops the bot."""
        waiting = _Waiting(table_id)
        if table_id not in self._used:
            self._used[table_id] = min(self._used.values(), default=0.0)
        self._waiting.append(waiting)
        self._dispatch()
        try:
            slot = await waiting.ready
        except asyncio.CancelledError:
            if waiting in self._waiting:
                self._waiting.remove(waiting)
            elif waiting.ready.done() and not waiting.ready.cancelled():
                self._release(waiting.ready.result(), table_id, time.monotonic())
            raise
        started = time.monotonic()
        try:
            pool = self._pool()
            if self._stamps is not None:
                self._stamps[slot] = 0.0
            future = pool.submit(*make_job(slot))
        except Exception:
            self._release(slot, table_id, started)
            raise
        loop = asyncio.get_running_loop()
        future.add_done_callback(
            lambda _done: loop.call_soon_threadsafe(self._release, slot, table_id, started))
        return await self._await(future, slot, seconds)

    async def _await(self, future: Future[str], slot: int, seconds: float) -> str:
        """The worker's answer; stop it if the caller gives up, kill it if it overruns its
        thinking limit (Overran: the caller plays the fallback). Waiting for a worker to
        start thinking has no deadline: a busy machine's cold start is no overrun."""
        wrapped = asyncio.wrap_future(future)
        submitted = time.time()
        try:
            while True:
                began = self._stamps[slot] if self._stamps is not None else submitted
                deadline = began + seconds * OVERRUN + GRACE if began else None
                wait = POLL if deadline is None else max(0.0, deadline - time.time())
                done, _ = await asyncio.wait({wrapped}, timeout=wait)
                if done:
                    return wrapped.result()
                if deadline is not None and time.time() >= deadline:
                    break
        except asyncio.CancelledError:
            if not future.cancel():
                self._flags[slot] = 1  # running: ask it to stop; its slot frees when it ends
            raise
        except BrokenProcessPool:
            self._broken()
            raise
        self._flags[slot] = 1
        log.warning("a %s bot overran its %.1f s limit: its workers are replaced and it plays "
                    "its fallback", self.name, seconds)
        self._kill_workers()
        raise Overran(f"the bot did not answer within {seconds * OVERRUN + GRACE:.1f} s")

    def _release(self, slot: int, table_id: str, started: float) -> None:
        """A job ended: account its time to its table, free its slot, dispatch the next."""
        self._used[table_id] = self._used.get(table_id, 0.0) + time.monotonic() - started
        if self._flags is not None:
            self._flags[slot] = 0
        self._free.append(slot)
        self._dispatch()

    def _dispatch(self) -> None:
        """Give free slots to the waiting tables that used the least worker time."""
        while self._free and self._waiting:
            waiting = min(self._waiting, key=lambda w: self._used.get(w.table_id, 0.0))
            self._waiting.remove(waiting)
            if waiting.ready.cancelled():
                continue
            waiting.ready.set_result(self._free.pop())
        if len(self._used) > 10_000:  # forget tables not waiting now
            active = {w.table_id for w in self._waiting}
            self._used = {t: v for t, v in self._used.items() if t in active}


class BotWorker:
    """Runs bot decisions off the event loop: a quick lane and a search lane."""

    def __init__(self, processes: int = 0, search_processes: int = 0,
                 max_seconds: float = 2.0) -> None:
        self.quick = Lane("quick", processes, queued=max(1, processes) + 1)
        self.search = Lane("search", search_processes)
        self.max_seconds = max_seconds

    async def choose(self, table_id: str, state: State[Any], seat: int, spec: str,
                     seed: int) -> str:
        """The bot's option id for the pending decision of `state`, within the time limit (a
        bot that overran it plays its fallback instead, and a fallback that overran too the
        LAST_RESORT choice)."""
        attempt = spec
        for _ in range(2):  # the bot, then its fallback
            if is_instant(attempt):
                return choose_on_state(state, seat, attempt, seed, self.max_seconds, never)
            try:
                return await self._choose_in_lane(table_id, state, seat, attempt, seed)
            except Overran:
                log.warning("table %s: the bot %r could not think in time", table_id, attempt)
            attempt = make_bot(attempt, seat).fallback()
        return choose_on_state(state, seat, LAST_RESORT, seed, self.max_seconds, never)

    async def _choose_in_lane(self, table_id: str, state: State[Any], seat: int, spec: str,
                              seed: int) -> str:
        """The choice of a bot that thinks in a worker (its lane's process or thread)."""
        lane = self.search if is_search(spec) else self.quick
        seconds = self.max_seconds
        if lane.processes <= 0:
            copy = state.clone()

            def in_thread(slot: int) -> tuple[Any, ...]:
                flags = lane._flags
                return (choose_on_state, copy, seat, spec, seed, seconds,
                        lambda: flags is not None and flags[slot] != 0)

            return await lane.run(table_id, in_thread, seconds)
        history = tuple(state.history)

        def in_process(slot: int) -> tuple[Any, ...]:
            return (choose_in_process, BotJob(table_id, state.game.name, state.players,
                                              state.seed, state.variant, history, seat, spec,
                                              seed, seconds, slot))

        return await lane.run(table_id, in_process, seconds)

    async def warm_up(self) -> None:
        """Start the quick lane's processes now, so the first bot moves are not late by a spawn
        (the search lane starts on first use: most servers never need it)."""
        await self.quick.warm_up()

    def shutdown(self) -> None:
        """Stop both lanes."""
        self.quick.shutdown()
        self.search.shutdown()
