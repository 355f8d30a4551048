"""Durable record of every table: its creation record, its seats and its ordered moves.

The moves are the record: every entry of the game's history, the players' answers and the
chance outcomes drawn for them (seat -1), in order; game states are rebuilt from them by replay
alone. A table created online has no seed (its chance comes from `secrets`), so none can leak.
Each write is one transaction (moves of several tables waiting at once share one: group
commit, server/writes.py), committed before the caller tells anyone, so a crash (even kill -9)
loses nothing.
The `seq` column of a table is the number of moves; appending move `seq` succeeds only if the
table still has exactly `seq` moves, so a stale or concurrent move fails cleanly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DatabaseError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from ingenium.engine.chance import CHANCE
from ingenium.server.schema import upgrade

CHANNEL = "ingenium"  # PostgreSQL's channel of change notices (server/cluster.py)
OPEN, RUNNING, FINISHED, DAMAGED = "open", "running", "finished", "damaged"
STOPPED = "stopped"  # an all-bot table its creator stopped


class Base(DeclarativeBase):
    """Declarative base of the server's tables."""


class TableRow(Base):
    """A table's creation record plus its status, denormalized for the lobby."""

    __tablename__ = "ingenium_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # None: online chance
    variant: Mapped[str | None] = mapped_column(String(64), nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seal: Mapped[str | None] = mapped_column(String(64), nullable=True)  # server/seal.py
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True)  # its token's hash
    client: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)


class SeatRow(Base):
    """Who plays a seat: a human (known by the hash of a secret token) or a bot spec."""

    __tablename__ = "ingenium_seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("ingenium_tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(128), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)  # seatnames.py
    account: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)


class MoveRow(Base):
    """One answered decision; (table_id, seq) is unique, so two moves cannot share a slot."""

    __tablename__ = "ingenium_moves"
    table_id: Mapped[str] = mapped_column(ForeignKey("ingenium_tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    option: Mapped[str] = mapped_column(String(256))
    barrier: Mapped[bool] = mapped_column(Boolean)  # revealed information: no undo across it
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class SeatRecord:
    """A seat as stored."""

    seat: int
    kind: str  # "human" or "bot"
    bot: str | None = None
    token_hash: str | None = None
    name: str | None = None  # None: not named yet (seatnames.fallback_name)
    account: str | None = None  # the account playing it (server/accounts.py), if any


@dataclass(frozen=True)
class TableRecord:
    """A table's creation record and lobby facts."""

    id: str
    game: str
    players: int
    seed: int | None  # None: chance drawn from `secrets` and recorded in the moves
    variant: str | None
    seats: tuple[SeatRecord, ...]
    status: str = OPEN
    seq: int = 0
    created_at: str = ""
    updated_at: str = ""  # the last move (or the creation): the lobby's "last activity"
    seal: str | None = None  # server/seal.py; None: written before seals existed
    creator: str | None = None  # the hash of the creator's token (may stop an all-bot table)
    client: str | None = None  # who created it (a hash of the address: per-client limits)
    # answers given (the moves without chance), as the table's "move N" counts them; filled
    # for lists (the lobby, an account's tables), None elsewhere
    moves: int | None = None


SEEDED_ERA = ("the database {} was made by an older Ingenium whose tables had seeds; their "
              "moves do not replay under today's rules: move it aside (or set "
              "INGENIUM_DATABASE_URL) and start again")


class StorageError(Exception):
    """The database cannot be used at all (unreachable, not a database, or damaged)."""


def check_storage(url: str) -> None:
    """Open the database and check it before serving: StorageError, in one line, if it is
    unreachable or (SQLite) fails its integrity check."""
    engine = make_engine(url)
    shown = engine.url.render_as_string()
    try:
        with engine.connect() as connection:
            if engine.dialect.name == "sqlite":
                found = [row[0] for row in connection.exec_driver_sql("PRAGMA quick_check")]
                if found != ["ok"]:
                    raise StorageError(f"the database {shown} is damaged ({found[0]}); "
                                       f"restore it from a backup")
            else:
                connection.exec_driver_sql("SELECT 1")
            found_tables = inspect(connection)
            if found_tables.has_table(TableRow.__tablename__):
                columns = {c["name"]: c for c in found_tables.get_columns(TableRow.__tablename__)}
                if "seed" in columns and not columns["seed"]["nullable"]:
                    raise StorageError(SEEDED_ERA.format(shown))
    except SQLAlchemyError as exc:
        cause = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        if engine.dialect.name == "sqlite" and isinstance(exc, DatabaseError) and any(
                word in cause for word in ("malformed", "not a database", "corrupt")):
            raise StorageError(f"the database {shown} is damaged ({cause}); restore it from a "
                               f"backup") from None
        raise StorageError(f"cannot use the database {shown}: {cause}") from None
    finally:
        engine.dispose()


class DamagedTable(Exception):
    """A table whose stored moves do not form a whole game record."""


@dataclass(frozen=True)
class MoveRecord:
    """A stored move."""

    seq: int
    seat: int
    option: str
    barrier: bool


def check_moves(record: TableRecord, moves: list[MoveRecord]) -> None:
    """Moves numbered 0, 1, 2, ... without a gap, as many as the table says it has."""
    for expected, move in enumerate(moves):
        if move.seq != expected:
            raise DamagedTable(f"move {expected} is missing from storage")
    if len(moves) != record.seq:
        raise DamagedTable(f"storage holds {len(moves)} moves, the table says {record.seq}")


def now() -> datetime:
    """Timestamps are UTC."""
    return datetime.now(UTC)


def make_engine(url: str, durable: bool = False) -> Engine:
    """An engine; SQLite gets its folder created, WAL and a busy timeout.

    Both databases keep the same promise: a commit survives a crash of the server process
    (kill -9) on its return. Against a crash of the machine itself only with `durable`, which
    waits for the disk at every commit: SQLite synchronous=FULL instead of NORMAL, PostgreSQL
    synchronous_commit on instead of off (off, PostgreSQL writes its log a moment later, so
    a power loss may lose the last moment's moves, never corrupt the database; on, a human's
    move waited for a disk flush behind every bot table's)."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite"):
        commit = "on" if durable else "off"
        return create_engine(url, pool_pre_ping=True, pool_size=8, max_overflow=8,
                             connect_args={"options": f"-c synchronous_commit={commit}"})
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")  # commits survive kill -9; readers never block
        cursor.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


class Store:
    """Synchronous storage; the server calls it from a worker thread, never the event loop."""

    def __init__(self, url: str, durable: bool = False) -> None:
        self.engine = make_engine(url, durable)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def create_schema(self) -> None:
        """Bring the schema to the newest revision (idempotent, server/schema.py); refuse a
        database of the seeded era clearly."""
        found = inspect(self.engine)
        if found.has_table(TableRow.__tablename__):
            self._refuse_seeded_era()
        upgrade(self.engine)
        self._refuse_seeded_era()

    def _refuse_seeded_era(self) -> None:
        columns = {c["name"]: c for c in inspect(self.engine).get_columns(TableRow.__tablename__)}
        if not columns["seed"]["nullable"]:
            raise RuntimeError(SEEDED_ERA.format(
                self.engine.url.render_as_string(hide_password=True)))

    def sessions(self) -> sessionmaker[Session]:
        """Sessions on this database, for server modules with tables of their own (chat)."""
        return self._session

    def dispose(self) -> None:
        """Close pooled connections."""
        self.engine.dispose()

    def create_table(self, record: TableRecord, moves: list[MoveRecord],
                     seal: str | None = None) -> None:
        """Store a new table, its seats and its setup's chance outcomes in one transaction."""
        stamp = now()
        with self._session.begin() as session:
            session.add(TableRow(id=record.id, game=record.game, players=record.players,
                                 seed=record.seed, variant=record.variant, status=record.status,
                                 seq=len(moves), created_at=stamp, updated_at=stamp, seal=seal,
                                 creator=record.creator, client=record.client))
            session.flush()
            session.add_all(SeatRow(table_id=record.id, seat=s.seat, kind=s.kind, bot=s.bot,
                                    token_hash=s.token_hash, name=s.name, account=s.account)
                            for s in record.seats)
            session.add_all(MoveRow(table_id=record.id, seq=m.seq, seat=m.seat, option=m.option,
                                    barrier=m.barrier, created_at=stamp) for m in moves)

    def load(self, table_id: str) -> tuple[TableRecord, list[MoveRecord]] | None:
        """A table's record and moves in order, or None if there is no such table (both read
        in one snapshot: another process's commit between them is no missing move)."""
        with self._session() as session:
            if not self.is_sqlite:
                session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            moves = session.scalars(select(MoveRow).where(MoveRow.table_id == table_id)
                                    .order_by(MoveRow.seq)).all()
            record = _record(row, _seats(session, [table_id])[table_id])
            return record, [MoveRecord(m.seq, m.seat, m.option, m.barrier) for m in moves]

    def append_moves(self, table_id: str, moves: list[MoveRecord], status: str,
                     seal: str | None = None) -> bool:
        """Commit a decision and its chance outcomes, numbered from `moves[0].seq`, and the
        record's new seal; False if the table no longer has that many moves."""
        stamp = now()
        first = moves[0].seq
        try:
            with self.engine.begin() as connection:
                result = connection.execute(_ADVANCE, {
                    "table_id": table_id, "seq": first, "next": first + len(moves),
                    "status": status, "stamp": stamp, "seal": seal})
                if _rowcount(result) != 1:
                    raise _Conflict
                connection.execute(_INSERT_MOVE, [{
                    "table_id": table_id, "seq": move.seq, "seat": move.seat,
                    "option": move.option, "barrier": move.barrier, "created_at": stamp}
                    for move in moves])
                notify(connection, table_id, first + len(moves), seal)
        except (_Conflict, IntegrityError):
            return False
        return True

    def append_group(self, group: list[tuple[str, list[MoveRecord], str, str | None]]
                     ) -> list[bool]:
        """append_moves for several tables in one transaction (group commit): each append
        keeps its own check and answer; if any breaks a constraint, each is tried alone."""
        stamp = now()
        stored: list[bool] = []
        rows: list[dict[str, Any]] = []
        try:
            with self.engine.begin() as connection:
                for table_id, moves, status, seal in group:
                    first = moves[0].seq
                    result = connection.execute(_ADVANCE, {
                        "table_id": table_id, "seq": first, "next": first + len(moves),
                        "status": status, "stamp": stamp, "seal": seal})
                    stored.append(_rowcount(result) == 1)
                    if stored[-1]:
                        notify(connection, table_id, first + len(moves), seal)
                        rows.extend({"table_id": table_id, "seq": move.seq, "seat": move.seat,
                                     "option": move.option, "barrier": move.barrier,
                                     "created_at": stamp} for move in moves)
                if rows:
                    connection.execute(_INSERT_MOVE, rows)
        except IntegrityError:
            return [self.append_moves(*append) for append in group]
        return stored

    def remove_last_move(self, table_id: str, seq: int, seat: int, status: str,
                         seal: str | None = None) -> bool:
        """Delete move `seq` of `seat` if it is the last one (the record gets `seal`); False
        if it is not."""
        try:
            with self.engine.begin() as connection:
                result = connection.execute(_ADVANCE, {
                    "table_id": table_id, "seq": seq + 1, "next": seq, "status": status,
                    "stamp": now(), "seal": seal})
                if _rowcount(result) != 1:
                    raise _Conflict
                gone = connection.execute(_DELETE_MOVE, {"table_id": table_id, "seq": seq,
                                                         "seat": seat})
                if _rowcount(gone) != 1:
                    raise _Conflict
                notify(connection, table_id, seq, seal)
        except _Conflict:
            return False
        return True

    def set_seal(self, table_id: str, seal: str) -> None:
        """Seal a table written before seals existed (only if it has none)."""
        with self.engine.begin() as connection:
            connection.execute(update(TableRow).where(TableRow.id == table_id,
                                                      TableRow.seal.is_(None)).values(seal=seal))

    def set_status(self, table_id: str, status: str) -> None:
        """Set a table's status (e.g. damaged) without touching its moves."""
        with self.engine.begin() as connection:
            connection.execute(update(TableRow).where(TableRow.id == table_id)
                               .values(status=status, updated_at=now()))
            notify(connection, table_id, -1, None)

    def set_seat_identity(self, table_id: str, seat: SeatRecord, seal: str | None) -> None:
        """Store a seat's name and account (a player joined by link) and the record's new
        seal (the account is sealed: the database alone cannot hand a seat to an account)."""
        with self.engine.begin() as connection:
            connection.execute(update(SeatRow).where(SeatRow.table_id == table_id,
                                                     SeatRow.seat == seat.seat)
                               .values(name=seat.name, account=seat.account))
            if seal is not None:
                connection.execute(update(TableRow).where(TableRow.id == table_id)
                                   .values(seal=seal))
            notify(connection, table_id, -1, None)

    def set_seat_tokens(self, table_id: str, seats: Sequence[SeatRecord], seal: str) -> None:
        """Store new link-token hashes of some seats (sign-out everywhere) and the record's
        new seal, in one transaction; other processes hear of it."""
        with self.engine.begin() as connection:
            for seat in seats:
                connection.execute(update(SeatRow).where(SeatRow.table_id == table_id,
                                                         SeatRow.seat == seat.seat)
                                   .values(token_hash=seat.token_hash))
            connection.execute(update(TableRow).where(TableRow.id == table_id)
                               .values(seal=seal))
            notify(connection, table_id, -1, None)

    def unfinished_tables_of(self, account: str) -> list[str]:
        """Ids of the tables not yet finished where the account plays a seat."""
        with self._session() as session:
            return list(session.scalars(
                select(TableRow.id).join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.account == account, TableRow.status != FINISHED).distinct()))

    def head(self, table_id: str) -> tuple[int, str | None] | None:
        """A table's stored move count and seal (None: no such table): cheap, before a move."""
        with self.engine.connect() as connection:
            row = connection.execute(select(TableRow.seq, TableRow.seal)
                                     .where(TableRow.id == table_id)).first()
            return None if row is None else (int(row[0]), row[1])

    def list_tables(self, statuses: tuple[str, ...], limit: int) -> list[TableRecord]:
        """Most recently active tables with one of `statuses`, with their seats."""
        with self._session() as session:
            rows = session.scalars(select(TableRow).where(TableRow.status.in_(statuses))
                                   .order_by(TableRow.updated_at.desc()).limit(limit)).all()
            ids = [r.id for r in rows]
            seats, answers = _seats(session, ids), _answers(session, ids)
            return [_record(r, seats.get(r.id, ()), answers.get(r.id, 0)) for r in rows]

    def running_bot_tables(self, client: str) -> int:
        """How many all-bot tables of `client` are still playing."""
        with self._session() as session:
            query = (select(func.count()).select_from(TableRow)
                     .where(TableRow.client == client, TableRow.creator.is_not(None),
                            TableRow.status.in_((OPEN, RUNNING))))
            return int(session.scalar(query) or 0)

    def stop_old_bot_tables(self, max_seconds: float) -> list[str]:
        """Stop the all-bot tables still playing that were created over `max_seconds` ago;
        the ids this call stopped (another process running it at once stops each only once)."""
        cutoff = now() - timedelta(seconds=max_seconds)
        stopped = []
        with self.engine.begin() as connection:
            old = connection.execute(select(TableRow.id).where(
                TableRow.creator.is_not(None), TableRow.status.in_((OPEN, RUNNING)),
                TableRow.created_at < cutoff)).scalars().all()
            for table_id in old:
                done = connection.execute(update(TableRow).where(
                    TableRow.id == table_id, TableRow.status.in_((OPEN, RUNNING)))
                    .values(status=STOPPED, updated_at=now()))
                if _rowcount(done) == 1:
                    notify(connection, table_id, -1, None)
                    stopped.append(table_id)
        return stopped

    def unfinished_bot_tables(self) -> list[str]:
        """Ids of tables not finished that have a bot seat: their bots resume at startup."""
        with self._session() as session:
            query = (select(TableRow.id).join(SeatRow, SeatRow.table_id == TableRow.id)
                     .where(TableRow.status.in_((OPEN, RUNNING)), SeatRow.kind == "bot").distinct())
            return list(session.scalars(query).all())


# Hot-path statements, built once (SQLAlchemy caches their compiled form).
_ADVANCE = (update(TableRow)  # a stopped table takes no more moves (a bot's in flight)
            .where(TableRow.id == bindparam("table_id"), TableRow.seq == bindparam("seq"),
                   TableRow.status != STOPPED)
            .values(seq=bindparam("next"), status=bindparam("status"),
                    updated_at=bindparam("stamp"), seal=bindparam("seal")))
_INSERT_MOVE = insert(MoveRow)
_DELETE_MOVE = delete(MoveRow).where(MoveRow.table_id == bindparam("table_id"),
                                     MoveRow.seq == bindparam("seq"),
                                     MoveRow.seat == bindparam("seat"))


_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :payload)")


def notify(connection: Connection, table_id: str, seq: int, seal: str | None) -> None:
    """Tell every server process (on commit) that a table changed: its id, move count and
    seal (seq -1: reload it); nothing on SQLite, which has one process."""
    if connection.dialect.name == "postgresql":
        connection.execute(_NOTIFY, {"payload": f"{table_id}:{seq}:{seal or ''}"})


class _Conflict(Exception):
    """Internal: the table changed under a write."""


def _rowcount(result: Any) -> int:
    """Rows touched by an UPDATE or DELETE."""
    return int(result.rowcount)


def _seats(session: Session, ids: list[str]) -> dict[str, tuple[SeatRecord, ...]]:
    """Seats of several tables, in seat order."""
    found: dict[str, list[SeatRecord]] = {}
    if not ids:
        return {}
    rows = session.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids))
                           .order_by(SeatRow.table_id, SeatRow.seat)).all()
    for row in rows:
        found.setdefault(row.table_id, []).append(
            SeatRecord(row.seat, row.kind, row.bot, row.token_hash, row.name, row.account))
    return {key: tuple(value) for key, value in found.items()}


def _answers(session: Session, ids: list[str]) -> dict[str, int]:
    """How many answers (moves that are not chance) each of several tables holds: the count
    the table itself shows as "move N"."""
    if not ids:
        return {}
    rows = session.execute(select(MoveRow.table_id, func.count()).where(
        MoveRow.table_id.in_(ids), MoveRow.seat != CHANCE).group_by(MoveRow.table_id)).all()
    return {str(table_id): int(count) for table_id, count in rows}


def _record(row: TableRow, seats: tuple[SeatRecord, ...],
            moves: int | None = None) -> TableRecord:
    """The frozen record of a row."""
    return TableRecord(id=row.id, game=row.game, players=row.players, seed=row.seed,
                       variant=row.variant, seats=seats, status=row.status, seq=row.seq,
                       created_at=row.created_at.isoformat(),
                       updated_at=utc(row.updated_at).isoformat(), seal=row.seal,
                       creator=row.creator, client=row.client, moves=moves)


def utc(stamp: datetime) -> datetime:
    """A stored time in UTC (SQLite returns it without its zone; it was written in UTC)."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)
