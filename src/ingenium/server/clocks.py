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

With several processes on one PostgreSQL a table's clock is driven by one process only: the one
holding the table's lease (server/cluster.py; the lease of its bots, or one of its own for a
table with a clock and no bot). Only it charges turns, saves the clock and times seats out;
its saves are fenced by the lease (a process that lost it writes nothing). When it dies another
process takes the lease over and resumes the clock from its last save, as after a restart. The
others show the clock as last saved. A timeout is written only if the table is still at the move
the driver saw and the seat is still human, so it happens once however many processes try.
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
from sqlalchemy import DateTime, ForeignKey, Integer, String, delete, exists, select, update
from sqlalchemy.orm import Mapped, mapped_column

from ingenium.engine import CHANCE
from ingenium.server.chat import add_message
from ingenium.server.cluster import LeaseRow
from ingenium.server.errors import CONFLICT, FORBIDDEN, NOT_FOUND, ApiError
from ingenium.server.models import ERROR_RESPONSES, ClockSpec
from ingenium.server.payloads import seat_names
from ingenium.server.storage import (
    FINISHED,
    OPEN,
    RUNNING,
    Base,
    SeatRow,
    Store,
    TableRow,
    notify,
    now,
    utc,
)
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


def save_clock(store: Store, clock: Clock, new: bool = False, owner: str | None = None) -> bool:
    """Write a clock (insert it when `new`; a proposal of the same table is replaced). With an
    `owner` (several processes) an update is written only while that process holds the table's
    lease; whether it was written."""
    with store.sessions().begin() as session:
        if new:
            session.execute(delete(ClockRow).where(ClockRow.table_id == clock.table_id))
            session.add(ClockRow(table_id=clock.table_id, mode=clock.mode, seconds=clock.seconds,
                                 increment=clock.increment, **_stored(clock)))
            return True
        fence = [] if owner is None else [exists().where(
            LeaseRow.table_id == clock.table_id, LeaseRow.owner == owner,
            LeaseRow.expires >= now())]
        return _rowcount(session.execute(update(ClockRow).where(
            ClockRow.table_id == clock.table_id, *fence).values(**_stored(clock)))) == 1


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


def load_clocks(store: Store, table_ids: list[str] | None = None) -> list[Clock]:
    """Every running clock (not the proposals), or those of `table_ids`; the running turn keeps
    the time it had used at the last save, and the time since (the server was down, or its
    driver died) is charged to nobody."""
    at = time.monotonic()
    query = select(ClockRow).where(ClockRow.agreed.is_(None))
    if table_ids is not None:
        query = query.where(ClockRow.table_id.in_(table_ids))
    with store.sessions()() as session:
        rows = session.scalars(query).all()
        return [Clock(r.table_id, r.mode, r.seconds, r.increment, json.loads(r.banks), r.running,
                      at - (r.used_ms or 0) / 1000) for r in rows]


def read_clock(store: Store, table_id: str) -> dict[str, Any] | None:
    """A clock as last saved by the process driving it, as clients see it (None: no clock,
    or only a proposal); the running turn's time counts on from the save."""
    with store.sessions()() as session:
        row = session.get(ClockRow, table_id)
        if row is None or row.agreed is not None:
            return None
        at = time.monotonic()
        used = (row.used_ms or 0) / 1000
        if row.running >= 0 and row.started_at is not None:
            used += max(0.0, (now() - utc(row.started_at)).total_seconds())
        clock = Clock(table_id, row.mode, row.seconds, row.increment, json.loads(row.banks),
                      row.running, at - used)
        return clock.public(at)


def clocked_tables(store: Store) -> list[str]:
    """Unfinished tables with a running clock: each needs a process to drive it."""
    with store.sessions()() as session:
        query = (select(ClockRow.table_id).join(TableRow, TableRow.id == ClockRow.table_id)
                 .where(ClockRow.agreed.is_(None), TableRow.status.in_((OPEN, RUNNING))))
        return list(session.scalars(query).all())


class _Unchanged(Exception):
    """Internal: a seat's take-over found nothing to change (its transaction rolls back)."""


def seat_to_bot(store: Store, table_id: str, seat: int, bot: str, seal: str,
                seq: int | None = None, name: str | None = None) -> bool:
    """The seat becomes a bot seat; its token no longer works (the record gets `seal`); it
    keeps the name its player had (`name`), so it never passes for another bot. Only if the
    seat is still human and (given `seq`) the table still at move `seq`: whether it was
    written (a second try, from this process or another, writes nothing)."""
    try:
        with store.sessions().begin() as session:
            table = update(TableRow).where(TableRow.id == table_id)
            if seq is not None:
                table = table.where(TableRow.seq == seq)
            if _rowcount(session.execute(table.values(seal=seal))) != 1:
                raise _Unchanged  # the table moved on meanwhile (else its row is locked now)
            if _rowcount(session.execute(update(SeatRow).where(
                    SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == HUMAN)
                    .values(kind=BOT, bot=bot, token_hash=None, name=name))) != 1:
                raise _Unchanged  # a bot plays it already
            notify(session.connection(), table_id, -1, seal)
    except _Unchanged:
        return False
    return True


def _rowcount(result: Any) -> int:
    """Rows an UPDATE touched."""
    return int(result.rowcount)


class ClockKeeper:
    """Runs the clocks of the tables this process drives and replaces seats that time out or
    leave."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.clocks: dict[str, Clock] = {}  # the clocks this process drives
        self._task: asyncio.Task[None] | None = None
        manager.lead_candidates.append(clocked_tables)

    async def start(self) -> None:
        """Load the stored clocks of unfinished tables (several processes: of the tables this
        one drives, as it takes them) and start ticking."""
        if not self.manager.shared:
            await self._resume(await self.manager.db(load_clocks, self.manager.store))
        self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        """Stop ticking (the stored clocks stay)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _resume(self, clocks: list[Clock]) -> None:
        """Drive these stored clocks from now on (those of tables still playing)."""
        for clock in clocks:
            try:
                live = await self.manager.get(clock.table_id)
            except ApiError:
                continue
            if not live.state.is_terminal and clock.table_id not in self.clocks:
                self.clocks[clock.table_id] = clock

    async def _sync(self) -> None:
        """Several processes: drive the clocks of the tables this process took the lease of
        (another's died, or a clock was added elsewhere), drop those whose lease it lost."""
        led = self.manager.led()
        for table_id in [t for t in self.clocks if t not in led]:
            del self.clocks[table_id]
        missing = sorted(led - set(self.clocks))
        if missing:
            await self._resume(await self.manager.db(load_clocks, self.manager.store, missing))

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
        async with live.lock:
            await self.manager.up_to_date(live)
        humans = self._check_open(live)
        waiting = await self.manager.db(propose_clock, self.manager.store, live.record.id, spec,
                                        seat, humans)
        if not waiting:
            await self.add(live, spec.mode, spec.seconds, spec.increment)
        return waiting

    async def add(self, live: LiveTable, mode: str, seconds: int, increment: int) -> Clock:
        """Start a table's clock (at its creation, or once its seats agreed); refused once a
        human has moved or if it has one. The process driving the table runs it (this one if
        nobody drives it yet)."""
        self._check_open(live)
        banks = [seconds * 1000] * live.state.players
        clock = Clock(live.record.id, mode, seconds, increment, banks)
        leading = await self.manager.lead(live.record.id)  # before another finds it unled
        await self.manager.db(save_clock, self.manager.store, clock, True)
        if leading:
            self.clocks[live.record.id] = clock
            await self._follow(live, clock)
        return clock

    async def view(self, table_id: str) -> dict[str, Any] | None:
        """A table's clock as clients see it (None without one): from memory where this
        process drives it, else as its driver last saved it."""
        clock = self.clocks.get(table_id)
        if clock is not None:
            return clock.public(time.monotonic())
        return await self.manager.db(read_clock, self.manager.store, table_id)

    async def take_over(self, live: LiveTable, seat: int, why: str,
                        timed_out: bool = False) -> bool:
        """Zombie mode: a bot plays `seat` from now on; the chat says why. A time-out happens
        only if the seat is still to move at the stored position (a move made meanwhile
        through another process wins). Whether the seat was taken over."""
        async with live.lock:
            await self.manager.up_to_date(live)
            decision = live.state.decision
            if live.record.seats[seat].kind != HUMAN or (
                    timed_out and (decision is None or decision.seat != seat)):
                return False
            name = seat_names(live.record)[seat]  # "Player 2" stays "Player 2", not a bot's
            seats = tuple(replace(s, kind=BOT, bot=ZOMBIE_BOT, token_hash=None, name=name)
                          if s.seat == seat else s for s in live.record.seats)
            record = replace(live.record, seats=seats)
            seal = self.manager.sealer.seal(record, live.state.history)
            if not await self.manager.db(seat_to_bot, self.manager.store, live.record.id, seat,
                                         ZOMBIE_BOT, seal, live.seq if timed_out else None,
                                         name):
                return False  # another process changed the table first: its notice follows
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
        return True

    async def _run(self) -> None:
        ticks = 0
        while True:
            await asyncio.sleep(TICK_SECONDS)
            ticks += 1
            if self.manager.shared and ticks % SAVE_TICKS == 0:
                try:
                    await self._sync()
                except Exception:
                    log.exception("clock leases")
            for table_id, clock in list(self.clocks.items()):
                try:
                    live = await self.manager.get(table_id)
                    await self._follow(live, clock)
                    if ticks % SAVE_TICKS == 0 and clock.running >= 0:
                        await self._save(clock)
                except Exception:
                    log.exception("clock of table %s", table_id)

    async def _save(self, clock: Clock) -> None:
        """Store a clock this process drives; one whose lease was lost is dropped unsaved."""
        owner = self.manager.owner if self.manager.shared else None
        if not await self.manager.db(save_clock, self.manager.store, clock, False, owner):
            self.clocks.pop(clock.table_id, None)

    async def _follow(self, live: LiveTable, clock: Clock) -> None:
        """Charge the turn that ended, start the next, and time out the seat whose time ran
        out."""
        if self.clocks.get(clock.table_id) is not clock:
            return  # no longer driven here
        at = time.monotonic()
        decision = live.state.decision
        if decision is None or live.status == FINISHED:
            self.clocks.pop(clock.table_id, None)
            clock.running = -1
            await self._save(clock)
            return
        human = live.record.seats[decision.seat].kind == HUMAN
        to_run = decision.seat if human else -1
        if to_run != clock.running:
            if clock.running >= 0:
                left = clock.left_ms(clock.running, at)
                clock.banks[clock.running] = (left + clock.increment * 1000
                                              if clock.mode == "realtime" else clock.seconds * 1000)
            clock.running, clock.started = to_run, at
            await self._save(clock)
            self._wake(live)
        elif clock.running >= 0 and clock.left_ms(clock.running, at) <= 0:
            seat = clock.running
            if await self.take_over(live, seat, "ran out of time", timed_out=True):
                clock.banks[seat] = 0
                await self._save(clock)

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
        return await keeper.view(table_id)

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
        view = await keeper.view(table_id)
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
