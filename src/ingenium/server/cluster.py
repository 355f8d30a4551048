"""Several server processes on one PostgreSQL: change notices, and one driver per table's bots.

The database is the one truth. Every committed change (a move, an undo, a seat given to a bot,
a table stopped) sends a notice in its own transaction (`NOTIFY ingenium`, with the table id,
its move count and its seal), delivered on commit to every process. A process that holds the
table catches up (the new moves played on its copy, or a fresh replay after an undo) and pushes
the change to its websockets. Before judging a human's move a process also reads the stored
move count and seal, so a stale copy never refuses a legal move.

Each table's bots are driven by one process at a time: the one holding the table's lease (a row
of ingenium_leases with its owner and expiry, renewed every RENEW seconds). A process that dies
stops renewing; after LEASE seconds another one's sweep takes the table over. SQLite has one
process: there every lease is granted at once and nothing is sent.

Limits per client hold across processes too: token buckets (ingenium_limits, one per kind of
request and client) and open websockets (ingenium_sockets, a row per socket renewed by the
process holding it, so a dead process's sockets stop counting after LEASE seconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy import DateTime, Float, String, delete, func, insert, select, text, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.orm import Mapped, mapped_column

from ingenium.server.storage import CHANNEL, Base, Store, now

log = logging.getLogger("ingenium.server")
LEASE = 5.0  # seconds a lease lasts unless renewed
RENEW = 1.0  # seconds between renewals (and sweeps for tables whose driver is gone)


class LimitRow(Base):
    """A client's token bucket for one kind of request, shared by every process (the time is
    the database's, seconds since the epoch)."""

    __tablename__ = "ingenium_limits"
    key: Mapped[str] = mapped_column(String(96), primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    stamp: Mapped[float] = mapped_column(Float)


_TAKE = text("""
INSERT INTO ingenium_limits (key, tokens, stamp)
VALUES (:key, :burst - 1, extract(epoch FROM clock_timestamp()))
ON CONFLICT (key) DO UPDATE SET
  tokens = GREATEST(-1, LEAST(:burst, ingenium_limits.tokens
             + (extract(epoch FROM clock_timestamp()) - ingenium_limits.stamp) * :rate) - 1),
  stamp = extract(epoch FROM clock_timestamp())
RETURNING tokens""")


def take_token(store: Store, key: str, rate: float, burst: float) -> float:
    """Spend a token of the bucket `key` (one transaction, safe across processes); the tokens
    left, negative when there was none to spend (the request is refused)."""
    with store.engine.begin() as connection:
        return float(connection.execute(_TAKE, {"key": key[:96], "rate": rate,
                                                "burst": burst}).scalar_one())


def forget_buckets(store: Store, older_than: float = 3600.0) -> None:
    """Drop buckets unused for long (they are full again)."""
    with store.engine.begin() as connection:
        connection.execute(text("DELETE FROM ingenium_limits WHERE stamp < "
                                "extract(epoch FROM clock_timestamp()) - :age"),
                           {"age": older_than})


class SocketRow(Base):
    """An open websocket: the process holding it, its table and client, until when it counts
    unless renewed."""

    __tablename__ = "ingenium_sockets"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(32), index=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    client: Mapped[str] = mapped_column(String(64), index=True)
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


_LOCK = text("SELECT pg_advisory_xact_lock(:space, hashtext(:key))")
TABLE_SOCKETS, CLIENT_SOCKETS = 1, 2  # advisory lock spaces of the socket counts


def open_socket(store: Store, socket_id: str, owner: str, table_id: str, client: str,
                per_table: int, per_client: int) -> str | None:
    """Count a new websocket of `client` on `table_id` (one transaction, safe across
    processes); None, or why it is refused (a limit reached: nothing is stored)."""
    stamp = now()
    live = SocketRow.expires >= stamp
    with store.engine.begin() as connection:
        connection.execute(_LOCK, {"space": TABLE_SOCKETS, "key": table_id})
        connection.execute(_LOCK, {"space": CLIENT_SOCKETS, "key": client})
        on_table = connection.execute(select(func.count()).select_from(SocketRow).where(
            SocketRow.table_id == table_id, live)).scalar_one()
        if on_table >= per_table:
            return f"this table has {per_table} live connections already"
        of_client = connection.execute(select(func.count()).select_from(SocketRow).where(
            SocketRow.client == client, live)).scalar_one()
        if of_client >= per_client:
            return f"your address has {per_client} live connections already"
        connection.execute(insert(SocketRow).values(
            id=socket_id, owner=owner, table_id=table_id, client=client,
            expires=stamp + timedelta(seconds=LEASE)))
    return None


def close_socket(store: Store, socket_id: str) -> None:
    """A counted websocket closed."""
    with store.engine.begin() as connection:
        connection.execute(delete(SocketRow).where(SocketRow.id == socket_id))


def renew_sockets(store: Store, owner: str) -> None:
    """Keep counting `owner`'s open websockets; forget the rows of processes gone."""
    stamp = now()
    with store.engine.begin() as connection:
        connection.execute(update(SocketRow).where(SocketRow.owner == owner)
                           .values(expires=stamp + timedelta(seconds=LEASE)))
        connection.execute(delete(SocketRow).where(SocketRow.expires < stamp))


class LeaseRow(Base):
    """Which process drives a table's bots, until when."""

    __tablename__ = "ingenium_leases"
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(32))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def parse_notice(payload: str) -> tuple[str, int, str]:
    """(table id, move count, seal) of a notice."""
    table_id, seq, seal = payload.split(":", 2)
    return table_id, int(seq), seal


def take_lease(store: Store, table_id: str, owner: str) -> bool:
    """Take or renew a table's lease; False while another live process holds it."""
    if store.is_sqlite:
        return True
    stamp = now()
    statement = pg_insert(LeaseRow).values(table_id=table_id, owner=owner,
                                           expires=stamp + timedelta(seconds=LEASE))
    statement = statement.on_conflict_do_update(
        index_elements=[LeaseRow.table_id],
        set_={"owner": owner, "expires": statement.excluded.expires},
        where=(LeaseRow.owner == owner) | (LeaseRow.expires < stamp))
    with store.engine.begin() as connection:
        result = connection.execute(statement.returning(LeaseRow.owner))
        return result.first() is not None


def renew_leases(store: Store, owner: str, table_ids: list[str]) -> set[str]:
    """Renew the leases `owner` holds among `table_ids`; the ones it still holds."""
    if store.is_sqlite or not table_ids:
        return set(table_ids)
    stamp = now()
    with store.engine.begin() as connection:
        rows = connection.execute(
            update(LeaseRow).where(LeaseRow.owner == owner, LeaseRow.table_id.in_(table_ids),
                                   LeaseRow.expires >= stamp)
            .values(expires=stamp + timedelta(seconds=LEASE)).returning(LeaseRow.table_id))
        return {row[0] for row in rows}


def drop_lease(store: Store, table_id: str, owner: str) -> None:
    """Give a table's lease up (its bots have nothing to do now)."""
    if store.is_sqlite:
        return
    with store.engine.begin() as connection:
        connection.execute(delete(LeaseRow).where(LeaseRow.table_id == table_id,
                                                  LeaseRow.owner == owner))


def unled_tables(store: Store, candidates: list[str]) -> list[str]:
    """Those of `candidates` whose lease is missing or has run out."""
    if not candidates:
        return []
    with store.engine.connect() as connection:
        held = {row[0] for row in connection.execute(
            text("SELECT table_id FROM ingenium_leases WHERE expires >= :stamp"),
            {"stamp": now()})}
    return [table_id for table_id in candidates if table_id not in held]


class ChangeListener:
    """A thread that LISTENs for change notices and hands them to the event loop."""

    def __init__(self, store: Store, on_notice: Callable[[str, int, str], None]) -> None:
        url = store.engine.url.set(drivername="postgresql")
        self._conninfo = url.render_as_string(hide_password=False)
        self._on_notice = on_notice
        self._stop = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self.ready = threading.Event()  # listening (notices sent from now on arrive)

    def start(self) -> None:
        """Listen from now on (in a daemon thread)."""
        self._loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._listen, name="ingenium-listen",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop listening (within a second)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)

    def _listen(self) -> None:
        import psycopg  # here, not at the top: the driver is the optional `postgres` extra

        pause = 0.5
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    pause = 0.5
                    while not self._stop.is_set():
                        for notice in connection.notifies(timeout=1.0):
                            self._hand_over(notice.payload)
            except Exception as exc:  # the database went away: listen again when it is back
                log.warning("change notices interrupted (%s); listening again", exc)
                self._stop.wait(pause)
                pause = min(10.0, pause * 2)

    def _hand_over(self, payload: str) -> None:
        try:
            notice = parse_notice(payload)
        except ValueError:
            return
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed: we are stopping
                self._loop.call_soon_threadsafe(self._on_notice, *notice)

