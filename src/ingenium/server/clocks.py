"""Turn clocks, leaving and zombie seats (BGA style).

A table gets a clock at its creation, or later (before any human has moved) by agreement:
every human seat proposes the same clock, and it starts with the last proposal (one seat cannot
impose a clock on the others). `realtime` gives each seat a time bank (`seconds`, plus
`increment` after each of its turns), `turn` gives each turn `seconds` to be played. A clock
runs only for a human seat to move. A seat whose time runs out, or whose player leaves or
resigns, is taken over by a bot (zombie mode) so the others can finish: the seat
becomes a bot seat in storage, its token stops working and the table's chat says so.

Clocks are stored (ingenium_clocks: banks, the running seat, the time its turn has used, saved
every second) and resumed after a restart: the running turn keeps the time it had used (at most
the last second comes back), and the time the server was down is charged to nobody.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal

from fastapi import APIRouter, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import DateTime, ForeignKey, Integer, String, delete, select, update
from sqlalchemy.orm import Mapped, mapped_column

from ingenium.engine import CHANCE
from ingenium.server.chat import add_message
from ingenium.server.errors import CONFLICT, FORBIDDEN, NOT_FOUND, ApiError
from ingenium.server.models import ERROR_RESPONSES, ClockSpec
from ingenium.server.payloads import seat_names
from ingenium.server.storage import FINISHED, Base, SeatRow, Store, TableRow, notify, now
from ingenium.server.tables import BOT, HUMAN, LiveTable, TableManager

log = logging.getLogger("ingenium.server")
ZOMBIE_BOT = "greedy"
TICK_SECONDS = 0.25
SAVE_TICKS = 4  # the running turns' used time is stored every SAVE_TICKS ticks (1 s)
MODES = ("realtime", "turn")


class ClockRow(Base):
    """A table's clock: its mode, its time, each seat's bank (ms) and the running turn."""

    __tablename__ = "ingenium_clocks"
    table_id: Mapped[str] = mapped_column(ForeignKey("ingenium_tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    mode: Mapped[str] = mapped_column(String(16))
    seconds: Mapped[int] = mapped_column(Integer)
    increment: Mapped[int] = mapped_column(Integer)
    banks: Mapped[str] = mapped_column(String(256))  # JSON list of ms left per seat
    running: Mapped[int] = mapped_column(Integer)  # the seat whose time runs; -1: none
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    used_ms: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    agreed: Mapped[str | None] = mapped_column(String(64), nullable=True)  # None: running


class ClockRequest(ClockSpec):
    """A seat's proposal of a clock for a table no human has moved at yet."""

    token: str = Field(min_length=1, max_length=128)


class LeaveRequest(BaseModel):
    """A player gives up their seat to a bot."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=128)
    reason: Literal["leave", "resign"] = "leave"


@dataclass
class Clock:
    """A clock in memory; `started` is time.monotonic() when the running turn began."""

    table_id: str
    mode: str
    seconds: int
    increment: int
    banks: list[int]
    running: int = -1
    started: float = 0.0

    def left_ms(self, seat: int, at: float) -> int:
        """Time left to `seat` at monotonic time `at`."""
        used = int((at - self.started) * 1000) if seat == self.running else 0
        return self.banks[seat] - used

    def public(self, at: float) -> dict[str, Any]:
        """What every client may know (the times are public)."""
        return {"mode": self.mode, "seconds": self.seconds, "increment": self.increment,
                "running": None if self.running < 0 else self.running,
                "left_ms": [max(0, self.left_ms(s, at)) for s in range(len(self.banks))]}


def _stored(clock: Clock) -> dict[str, Any]:
    running = clock.running >= 0
    used = int((time.monotonic() - clock.started) * 1000) if running else 0
    return {"banks": json.dumps(clock.banks), "running": clock.running,
            "started_at": now() if running else None, "used_ms": max(0, used), "agreed": None}


def save_clock(store: Store, clock: Clock, new: bool = False) -> None:
    """Write a clock (insert it when `new`; a proposal of the same table is replaced)."""
    with store.sessions().begin() as session:
        if new:
            session.execute(delete(ClockRow).where(ClockRow.table_id == clock.table_id))
            session.add(ClockRow(table_id=clock.table_id, mode=clock.mode, seconds=clock.seconds,
                                 increment=clock.increment, **_stored(clock)))
        else:
            session.execute(update(ClockRow).where(ClockRow.table_id == clock.table_id)
                            .values(**_stored(clock)))


def propose_clock(store: Store, table_id: str, spec: ClockSpec, seat: int,
                  humans: set[int]) -> list[int]:
    """Record `seat`'s agreement to `spec` (a different proposal replaces the one before);
    the human seats still to agree (none: the clock may start)."""
    with store.sessions().begin() as session:
        row = session.get(ClockRow, table_id)
        if row is not None and row.agreed is None:
            raise ApiError(CONFLICT, "this table already has a clock")
        same = row is not None and (row.mode, row.seconds, row.increment) == (
            spec.mode, spec.seconds, spec.increment)
        agreed = set(json.loads(row.agreed or "[]")) if same and row is not None else set()
        agreed.add(seat)
        waiting = sorted(humans - agreed)
        if row is not None:
            session.delete(row)
            session.flush()
        session.add(ClockRow(table_id=table_id, mode=spec.mode, seconds=spec.seconds,
                             increment=spec.increment, banks="[]", running=-1,
                             agreed=json.dumps(sorted(agreed))))
        return waiting


def load_clocks(store: Store) -> list[Clock]:
    """Every running clock (not the proposals); the running turn keeps the time it had used
    at the last save, and the time since (the server was down) is charged to nobody."""
    at = time.monotonic()
    with store.sessions()() as session:
        rows = session.scalars(select(ClockRow).where(ClockRow.agreed.is_(None))).all()
        return [Clock(r.table_id, r.mode, r.seconds, r.increment, json.loads(r.banks), r.running,
                      at - (r.used_ms or 0) / 1000) for r in rows]


def seat_to_bot(store: Store, table_id: str, seat: int, bot: str, seal: str,
                name: str | None = None) -> None:
    """The seat becomes a bot seat; its token no longer works (the record gets `seal`); it
    keeps the name its player had (`name`), so it never passes for another bot."""
    with store.sessions().begin() as session:
        session.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                        .values(kind=BOT, bot=bot, token_hash=None, name=name))
        session.execute(update(TableRow).where(TableRow.id == table_id).values(seal=seal))
        notify(session.connection(), table_id, -1, seal)


class ClockKeeper:
    """Runs the clocks of the tables in memory and replaces seats that time out or leave."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.clocks: dict[str, Clock] = {}
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Load the stored clocks of unfinished tables and start ticking."""
        for clock in await self.manager.db(load_clocks, self.manager.store):
            try:
                live = await self.manager.get(clock.table_id)
            except ApiError:
                continue
            if not live.state.is_terminal:
                self.clocks[clock.table_id] = clock
        self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        """Stop ticking (the stored clocks stay)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def _check_open(self, live: LiveTable) -> set[int]:
        """The human seats of a table that may still get a clock; 409 if it may not."""
        if live.record.id in self.clocks:
            raise ApiError(CONFLICT, "this table already has a clock")
        humans = {s.seat for s in live.record.seats if s.kind == HUMAN}
        if any(seat in humans for seat, _ in live.state.history if seat != CHANCE):
            raise ApiError(CONFLICT, "a clock is chosen before the players' first move")
        if live.state.is_terminal:
            raise ApiError(CONFLICT, "the game is over")
        return humans

    async def propose(self, live: LiveTable, seat: int, spec: ClockSpec) -> list[int]:
        """A seat agrees to a clock; it starts once every human seat has agreed to the same
        one. The seats still to agree (none: the clock runs)."""
        humans = self._check_open(live)
        waiting = await self.manager.db(propose_clock, self.manager.store, live.record.id, spec,
                                        seat, humans)
        if not waiting:
            await self.add(live, spec.mode, spec.seconds, spec.increment)
        return waiting

    async def add(self, live: LiveTable, mode: str, seconds: int, increment: int) -> Clock:
        """Start a table's clock (at its creation, or once its seats agreed); refused once a
        human has moved or if it has one."""
        self._check_open(live)
        banks = [seconds * 1000] * live.state.players
        clock = Clock(live.record.id, mode, seconds, increment, banks)
        await self.manager.db(save_clock, self.manager.store, clock, True)
        self.clocks[live.record.id] = clock
        await self._follow(live, clock)
        return clock

    def view(self, table_id: str) -> dict[str, Any] | None:
        """A table's clock as clients see it (None without one)."""
        clock = self.clocks.get(table_id)
        return clock.public(time.monotonic()) if clock else None

    async def take_over(self, live: LiveTable, seat: int, why: str) -> None:
        """Zombie mode: a bot plays `seat` from now on; the chat says why."""
        async with live.lock:
            if live.record.seats[seat].kind != HUMAN:
                return
            name = seat_names(live.record)[seat]  # "Player 2" stays "Player 2", not a bot's
            seats = tuple(replace(s, kind=BOT, bot=ZOMBIE_BOT, token_hash=None, name=name)
                          if s.seat == seat else s for s in live.record.seats)
            record = replace(live.record, seats=seats)
            seal = self.manager.sealer.seal(record, live.state.history)
            await self.manager.db(seat_to_bot, self.manager.store, live.record.id, seat,
                                  ZOMBIE_BOT, seal, name)
            # the chat says why before anyone can see the seat's new player
            await self.manager.db(add_message, self.manager.store, live.record.id, -1,
                                  f"Player {seat + 1} {why}: a bot plays the seat from now "
                                  f"on")
            live.record, live.seal = record, seal
            live.version += 1  # the payloads show the seat's new player
        clock = self.clocks.get(live.record.id)
        if clock is not None and clock.running == seat:
            clock.running = -1
        self.manager.changed(live)

    async def _run(self) -> None:
        ticks = 0
        while True:
            await asyncio.sleep(TICK_SECONDS)
            ticks += 1
            for table_id, clock in list(self.clocks.items()):
                try:
                    live = await self.manager.get(table_id)
                    await self._follow(live, clock)
                    if ticks % SAVE_TICKS == 0 and clock.running >= 0:
                        await self.manager.db(save_clock, self.manager.store, clock)
                except Exception:
                    log.exception("clock of table %s", table_id)

    async def _follow(self, live: LiveTable, clock: Clock) -> None:
        """Charge the turn that ended, start the next, and time out the seat whose time ran
        out."""
        at = time.monotonic()
        decision = live.state.decision
        if decision is None or live.status == FINISHED:
            self.clocks.pop(clock.table_id, None)
            clock.running = -1
            await self.manager.db(save_clock, self.manager.store, clock)
            return
        human = live.record.seats[decision.seat].kind == HUMAN
        to_run = decision.seat if human else -1
        if to_run != clock.running:
            if clock.running >= 0:
                left = clock.left_ms(clock.running, at)
                clock.banks[clock.running] = (left + clock.increment * 1000
                                              if clock.mode == "realtime" else clock.seconds * 1000)
            clock.running, clock.started = to_run, at
            await self.manager.db(save_clock, self.manager.store, clock)
            self._wake(live)
        elif clock.running >= 0 and clock.left_ms(clock.running, at) <= 0:
            seat = clock.running
            clock.banks[seat] = 0
            await self.take_over(live, seat, "ran out of time")

    @staticmethod
    def _wake(live: LiveTable) -> None:
        for subscriber in live.subscribers:
            subscriber.wake.set()


def build_clock_router(manager: TableManager, keeper: ClockKeeper) -> APIRouter:
    """GET/POST /api/tables/{table_id}/clock and POST /api/tables/{table_id}/leave."""
    router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)

    @router.get("/tables/{table_id}/clock", summary="The table's clock (null without one)")
    async def read_clock(table_id: str) -> dict[str, Any] | None:
        await manager.get(table_id)
        return keeper.view(table_id)

    @router.post("/tables/{table_id}/clock", status_code=201,
                 summary="Agree to a clock (before the players' first move): it starts once "
                         "every human seat agreed to the same one (201); until then 202")
    async def set_clock(table_id: str, body: ClockRequest, response: Response) -> dict[str, Any]:
        live = await manager.get(table_id)
        seat = live.seat_of(body.token)
        if seat is None:
            raise ApiError(FORBIDDEN, "only a seat of the table may propose its clock")
        spec = ClockSpec(mode=body.mode, seconds=body.seconds, increment=body.increment)
        waiting = await keeper.propose(live, seat, spec)
        if waiting:
            response.status_code = 202
            return {"proposed": spec.model_dump(), "waiting_for": waiting}
        view = keeper.view(table_id)
        assert view is not None
        return view

    @router.post("/tables/{table_id}/leave", summary="Leave or resign: a bot takes the seat")
    async def leave(table_id: str, body: LeaveRequest) -> dict[str, str]:
        live = await manager.get(table_id)
        seat = live.seat_of(body.token)
        if seat is None:
            raise ApiError(NOT_FOUND, "no seat to leave")
        if live.state.is_terminal:
            raise ApiError(CONFLICT, "the game is over")
        await keeper.take_over(live, seat, "resigned" if body.reason == "resign" else "left")
        return {"detail": f"{seat_names(live.record)[seat]} left the table; a bot plays "
                          f"the seat"}

    return router
