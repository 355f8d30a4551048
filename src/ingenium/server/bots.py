"""Bots on the server think in worker processes (or threads), never on the event loop.

In thread mode the worker gets a clone of the real state. In process mode it gets the creation
record and the history (with its chance outcomes) and keeps a small per-process cache of replayed
states, so each move costs only the new moves. Either way the bot receives the real state and
determinizes it itself: it never reads another seat's secrets. Bots draw their own randomness
from `secrets` (an online table has no seed).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from ingenium.bots import make_bot
from ingenium.engine import SECURE, Game, State, extend, game_names, get_game, register_game

CACHE_SIZE = 64
log = logging.getLogger("ingenium.server")
_cache: OrderedDict[str, State[Any]] = OrderedDict()


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


def choose_on_state(state: State[Any], seat: int, spec: str, seed: int) -> str:
    """The option id the bot picks (state is the worker's own copy)."""
    decision = state.decision
    if decision is None or decision.seat != seat:
        raise RuntimeError(f"bot for seat {seat} asked to move when it is not its turn")
    return make_bot(spec, seat, seed).choose(state, decision).id


def choose_in_process(job: BotJob) -> str:
    """Entry point in a worker process: rebuild the state from the cache, then choose."""
    return choose_on_state(_state_for(job), job.seat, job.spec, job.bot_seed)


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


def start_worker(parent: int, games: list[Game[Any]]) -> None:
    """In a worker process: register the server's games, exit when the server is gone."""
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


class BotWorker:
    """Runs bot decisions off the event loop."""

    def __init__(self, processes: int = 0) -> None:
        self.processes = processes
        self._executor: Executor | None = None
        self._failures = 0

    def _pool(self) -> Executor:
        """The executor, created on first use (spawned processes start clean)."""
        if self._executor is None:
            if self.processes > 0:
                context = multiprocessing.get_context("spawn")
                games = [get_game(name) for name in game_names()]
                self._executor = ProcessPoolExecutor(self.processes, mp_context=context,
                                                     initializer=start_worker,
                                                     initargs=(os.getpid(), games))
            else:
                self._executor = ThreadPoolExecutor(2, thread_name_prefix="ingenium-bot")
        return self._executor

    async def choose(self, table_id: str, state: State[Any], seat: int, spec: str,
                     seed: int) -> str:
        """The bot's option id for the pending decision of `state`."""
        loop = asyncio.get_running_loop()
        if self.processes <= 0:
            return await loop.run_in_executor(self._pool(), choose_on_state, state.clone(), seat,
                                              spec, seed)
        job = BotJob(table_id, state.game.name, state.players, state.seed, state.variant,
                     tuple(state.history), seat, spec, seed)
        try:
            return await loop.run_in_executor(self._pool(), choose_in_process, job)
        except BrokenProcessPool:
            self._broken()
            raise

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
        if self._failures >= 2:
            log.warning("bot worker processes keep failing (see above): bots now think in "
                        "threads")
            self.processes = 0

    def shutdown(self) -> None:
        """Stop the workers: queued decisions are dropped, running ones finish."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
