"""Live tables: the in-memory cache of replayed states, moves, undo, bots and subscribers.

Every change to a table happens under its asyncio lock and follows one order: compute the new
state on a copy, commit the move to the database, then swap the cached state and wake the
subscribers. So nobody hears of a move that is not durable, and a refused move changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from ingenium.bots import UnknownBot, check_learned
from ingenium.engine import SECURE, IllegalMove, IngeniumError, Option, State, extend, get_game
from ingenium.seatnames import BadName, bot_name, check_unique, clean_name, distinct
from ingenium.server.accounts import account_seat_token
from ingenium.server.bots import BotWorker
from ingenium.server.cluster import (
    RENEW,
    ChangeListener,
    close_socket,
    drop_lease,
    forget_buckets,
    open_socket,
    renew_leases,
    renew_sockets,
    take_lease,
    take_token,
    unled_tables,
)
from ingenium.server.errors import (
    BAD_REQUEST,
    CONFLICT,
    FORBIDDEN,
    NOT_FOUND,
    TOO_MANY,
    ApiError,
)
from ingenium.server.limits import RateLimit, SocketLimit
from ingenium.server.payloads import LogCache, seat_names
from ingenium.server.ratings import rate_table
from ingenium.server.seal import Sealer, entries, server_secret
from ingenium.server.seats import check_spec
from ingenium.server.settings import Settings
from ingenium.server.storage import (
    DAMAGED,
    FINISHED,
    OPEN,
    RUNNING,
    STOPPED,
    DamagedTable,
    MoveRecord,
    SeatRecord,
    Store,
    TableRecord,
    check_moves,
)
from ingenium.server.undo import can_undo
from ingenium.server.writes import DbQueue

log = logging.getLogger("ingenium.server")
R = TypeVar("R")
HUMAN, BOT = "human", "bot"
CREATOR = -1  # among a new table's tokens: the creator's of an all-bot table
MAX_ID_LENGTH = 32


def move_records(state: State[Any], start: int) -> list[MoveRecord]:
    """The state's history from entry `start` as rows: a decision and its chance outcomes."""
    entries = state.history
    return [MoveRecord(seq, seat, option, seq < state.undo_floor)
            for seq, (seat, option) in enumerate(entries[start:], start)]


def replay_record(record: TableRecord, history: Sequence[tuple[int, str]]) -> State[Any]:
    """A stored table's state: its recorded history replayed; further chance from `secrets`."""
    game = get_game(record.game)
    if record.seed is not None:  # a table made with a seed (tests, local tools)
        return game.replay(record.players, record.seed, record.variant, history)
    return game.replay(record.players, None, record.variant, history, SECURE)


def hash_token(token: str) -> str:
    """Tokens are stored hashed: the database alone cannot act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Subscriber:
    """A websocket listening to a table as one seat; `wake` is set after every change."""

    seat: int | None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    sent_events: int = 0  # the log's length at the last push
    sent_rewinds: int = -1  # the table's rewinds at the last push (-1: nothing sent yet)
    sent_version: int = -1  # the table's version at the last push


@dataclass(eq=False)
class LiveTable:
    """A table's record, its replayed state and who listens to it."""

    record: TableRecord
    state: State[Any]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    used: float = field(default_factory=time.monotonic)
    version: int = 0  # bumped on every change: cached payloads of older versions are stale
    payloads: dict[int | None, str] = field(default_factory=dict)
    payloads_version: int = -1
    seal: str = ""  # the seal of the record as stored (server/seal.py)
    log: LogCache = field(default_factory=LogCache)
    rewinds: int = 0  # bumped when an undo rebuilt the log: clients need it whole again
    replay: dict[int, Any] = field(default_factory=dict)  # a finished table's replay, built once
    stopped: bool = False  # an all-bot table its creator stopped: its bots play no more
    key: bytes = b""  # the server's secret: seats played by an account open with its token

    def swap(self, state: State[Any], rewind: bool = False) -> None:
        """Install the state after a committed change (`rewind`: an undo rebuilt it)."""
        self.state = state
        self.version += 1
        if rewind:
            self.rewinds += 1
            self.log.reset()

    @property
    def seq(self) -> int:
        """Number of moves made."""
        return len(self.state.history)

    @property
    def status(self) -> str:
        """open (no move yet), running or finished."""
        if self.state.is_terminal:
            return FINISHED
        if self.stopped:
            return STOPPED
        return RUNNING if self.state.history else OPEN

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to; None without a token (spectator); 403 for a wrong one."""
        if token is None:
            return None
        digest = hash_token(token)
        for seat in self.record.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        if self.key:
            for seat in self.record.seats:
                if seat.account is not None and seat.kind == HUMAN and hmac.compare_digest(
                        token, account_seat_token(self.key, self.record.id, seat.seat,
                                                  seat.account, seat.token_hash)):
                    return seat.seat
        raise ApiError(FORBIDDEN, "this token belongs to no seat of this table")


class TableManager:
    """All live tables of one server process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.database_url, bool(settings.db_durable))
        self.sealer = Sealer(server_secret())
        self.bots = BotWorker(settings.bot_workers, settings.search_workers,
                              settings.bot_max_ms / 1000)
        self._db = DbQueue(self.store, 1)
        self.owner = secrets.token_hex(8)  # this process, in the bot leases (server/cluster.py)
        self.shared = not self.store.is_sqlite  # other processes may share the database
        self._listener = ChangeListener(self.store, self.remote_change) if self.shared else None
        self._led: set[str] = set()  # tables whose bots and clock this process drives
        # where to look for tables needing a driver (bots; server/clocks.py adds its clocks)
        self.lead_candidates: list[Callable[[Store], list[str]]] = [
            Store.unfinished_bot_tables]
        self._tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._missed: dict[str, tuple[int, str]] = {}  # change notices heard during a load
        self._damaged: dict[str, str] = {}  # table id -> why it cannot be resumed
        self._background: set[asyncio.Task[None]] = set()
        self.create_limit = RateLimit("table creations", settings.create_per_minute / 60,
                                      settings.create_per_minute)
        self.move_limit = RateLimit("moves", settings.moves_per_second,
                                    2 * settings.moves_per_second)
        self.replay_limit = RateLimit("replay requests", settings.replays_per_second,
                                      4 * settings.replays_per_second)
        self._bot_seeds = random.Random(secrets.randbits(128))  # unpredictable, yet cheap
        # several processes: the counts per table and client are kept in the database
        total = settings.sockets_total
        self.sockets = (SocketLimit(total, total, total) if self.shared else
                        SocketLimit(settings.sockets_per_table, settings.sockets_per_client,
                                    total))
        # all-bot tables commit a few moves at a time, in turn (FIFO): however many of them run
        # flat out, a human's request waits behind a few of their moves, never behind all
        self._bot_turns = asyncio.Semaphore(max(1, settings.bot_commits))

    async def db(self, function: Callable[..., R], *args: Any) -> R:
        """Run a storage call in a database thread."""
        return await self._db.call(function, *args)

    async def start(self) -> None:
        """Create the schema; resume the bots of every unfinished table."""
        await self.db(self.store.create_schema)
        self._spawn(self.bots.warm_up())
        if self._listener is not None:  # tables without a driver are claimed by _lead
            log.info("ingenium: several processes may share this database; this one drives "
                     "bots as %s", self.owner)
            self._listener.start()
            self._spawn(self._lead())
        else:
            self._spawn(self._resume())
        if self.settings.bot_table_max_seconds > 0:
            self._spawn(self._stop_old_bot_tables())

    async def stop(self) -> None:
        """Cancel bot work and close the database."""
        tasks = [t for t in (*self._background,
                             *(live.bot_task for live in self._tables.values())) if t]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._listener is not None:
            await asyncio.to_thread(self._listener.stop)
        self.bots.shutdown()
        self._db.shutdown()
        self.store.dispose()

    async def _resume(self) -> None:
        for table_id in await self.db(self.store.unfinished_bot_tables):
            try:
                self.ensure_bot(await self.get(table_id))
            except Exception:
                log.exception("cannot resume table %s", table_id)

    async def _claim(self, table_ids: list[str]) -> None:
        """Drive the bots of tables nobody drives (their lease is missing or ran out)."""
        for table_id in table_ids:
            try:
                if not await self.db(take_lease, self.store, table_id, self.owner):
                    continue
                self._led.add(table_id)
                live = await self.get(table_id)
                async with live.lock:
                    await self._refresh(live)
                self.ensure_bot(live)
            except Exception:
                log.exception("cannot take over table %s", table_id)

    # -- several processes (server/cluster.py) --------------------------------------------
    def leads(self, table_id: str) -> bool:
        """Whether this process drives the table's bots and clock (holds its lease; always
        on SQLite, which has one process)."""
        return not self.shared or table_id in self._led

    async def lead(self, table_id: str) -> bool:
        """Drive the table's bots and clock from now on, unless another live process does
        (it holds the lease); whether this process drives them."""
        if self.leads(table_id):
            return True
        if not await self.db(take_lease, self.store, table_id, self.owner):
            return False
        self._led.add(table_id)
        return True

    def led(self) -> set[str]:
        """The tables whose lease this process holds (several processes only)."""
        return set(self._led)

    def remote_change(self, table_id: str, seq: int, seal: str) -> None:
        """A change notice: a table this process holds catches up, unless it is this one's."""
        live = self._tables.get(table_id)
        if live is None:
            if table_id in self._loading:  # its load may have read the rows before this change
                self._missed[table_id] = (seq, seal)
            elif table_id in self._led:  # evicted, yet its bots are this process's to drive
                self._spawn(self._claim([table_id]))
            return
        if seq == live.seq and seal == live.seal:
            return
        self._spawn(self._catch_up(live, seq, seal))

    async def _catch_up(self, live: LiveTable, seq: int, seal: str) -> None:
        async with live.lock:  # a change of this process's own is installed by now
            changed = (seq, seal) != (live.seq, live.seal) and await self._refresh(live)
        if changed:
            self.changed(live)

    async def _refresh(self, live: LiveTable) -> bool:
        """Bring a table in memory up to the stored record (caller holds its lock): the new
        moves played on its copy, or a fresh replay after an undo. Whether it changed."""
        found = await self.db(self.store.load, live.record.id)
        if found is None:
            return False
        record, moves = found
        if record.seq == live.seq and record.seal == live.seal and \
                record.seats == live.record.seats and (record.status == STOPPED) == live.stopped:
            return False
        history = [(m.seat, m.option) for m in moves]
        try:
            check_moves(record, moves)
            if record.seal is not None and not self.sealer.matches(record.seal, record, moves):
                raise DamagedTable("its stored record does not match its seal")
            known = live.state.history
            if history[:len(known)] == known:
                state = live.state.clone()
                await asyncio.to_thread(extend, state, history[len(known):], len(known))
                rewind = False
            else:
                state = await asyncio.to_thread(replay_record, record, history)
                rewind = True
        except (IngeniumError, DamagedTable) as exc:
            await self.mark_damaged(live.record.id, str(exc))
            raise ApiError(CONFLICT, self._damaged[live.record.id]) from None
        live.record, live.seal = record, record.seal or self.sealer.seal(record, history)
        live.stopped = record.status == STOPPED
        live.swap(state, rewind)
        return True

    async def up_to_date(self, live: LiveTable) -> None:
        """Before judging a move (caller holds the lock): catch up if another process wrote."""
        if self.shared:
            head = await asyncio.to_thread(self.store.head, live.record.id)
            if head is not None and head != (live.seq, live.seal):
                await self._refresh(live)

    async def limit(self, limit: RateLimit, address: str) -> None:
        """Spend one of `address`'s tokens for `limit`'s requests (ApiError 429 when none is
        left): in this process's memory on SQLite, in the database when processes share it."""
        if not self.shared or limit.rate <= 0:
            limit.take(address)
            return
        # beside the database thread, not behind its groups of bot moves (the same for head)
        left = await asyncio.to_thread(take_token, self.store, f"{limit.what}:{address}",
                                       limit.rate, limit.burst)
        if left < 0:
            raise limit.refusal(-left)

    async def open_socket(self, table_id: str, address: str) -> str:
        """Count a new websocket of `address` on a table (ApiError 429 when a limit is
        reached); the id that closes it."""
        client, socket_id = hash_token(address)[:32], secrets.token_hex(8)
        self.sockets.open(table_id, client)
        if self.shared:
            try:
                why = await asyncio.to_thread(
                    open_socket, self.store, socket_id, self.owner, table_id, client,
                    self.settings.sockets_per_table, self.settings.sockets_per_client)
            except BaseException:
                self.sockets.close(table_id, client)
                raise
            if why is not None:
                self.sockets.close(table_id, client)
                raise ApiError(TOO_MANY, why)
        return socket_id

    async def close_socket(self, table_id: str, address: str, socket_id: str) -> None:
        """A websocket counted by open_socket closed."""
        self.sockets.close(table_id, hash_token(address)[:32])
        if self.shared:
            with contextlib.suppress(Exception):  # stopping: the row runs out by itself
                await asyncio.to_thread(close_socket, self.store, socket_id)

    async def _lead(self) -> None:
        """Renew the leases of the tables this process drives; take over the tables whose
        driver is gone (its lease ran out)."""
        rounds = 0
        while True:
            await asyncio.sleep(RENEW)
            try:
                for table_id in list(self._led):
                    live = self._tables.get(table_id)
                    if live is not None and (live.state.is_terminal or live.stopped):
                        self._led.discard(table_id)
                        await self.db(drop_lease, self.store, table_id, self.owner)
                await self.db(renew_sockets, self.store, self.owner)
                asked = sorted(self._led)
                held = await self.db(renew_leases, self.store, self.owner, asked)
                self._led -= set(asked) - held  # not those taken meanwhile (they are fresh)
                candidates: set[str] = set()
                for find in self.lead_candidates:
                    candidates.update(await self.db(find, self.store))
                orphans = await self.db(unled_tables, self.store, sorted(candidates))
                if orphans:
                    await self._claim(orphans)
                rounds += 1
                if rounds % 600 == 0:
                    await self.db(forget_buckets, self.store)
            except Exception:
                log.exception("bot leases")

    # -- tables -----------------------------------------------------------------------------
    async def create(self, game_name: str, players: int, variant: str | None,
                     seats: Sequence[str], client: str = "",
                     names: Sequence[str | None] | None = None, account: str | None = None,
                     account_seat: int | None = None) -> tuple[LiveTable, dict[int, str]]:
        """A new table; returns it and the secret token of each human seat (an all-bot table:
        its creator's token, under the key CREATOR, that may stop it).

        Its chance comes from `secrets` as it is needed and is stored with the moves: the
        table has no seed, so nobody can learn its future. A client (its address) may have
        Settings.bot_tables_per_client all-bot tables playing at once.

        `names` names the human seats (None: named when its player joins by link); bots are
        named by the level picked. A signed-in creator's `account` plays `account_seat` (a
        human seat; the first one if None)."""
        try:
            game = get_game(game_name)
            if len(seats) != players:
                raise ApiError(BAD_REQUEST, f"{players} players need {players} seats, "
                                            f"not {len(seats)}")
            state = game.new_game(players, variant=variant, chance=SECURE)
            tokens: dict[int, str] = {}
            records = []
            chosen = seat_choices(seats, names)
            mine = account_seat if account_seat is not None else next(
                (seat for seat, spec in enumerate(seats) if spec.strip().lower() == HUMAN), None)
            for seat, spec in enumerate(seats):
                bot = check_spec(spec, self.settings)
                if bot is None:
                    tokens[seat] = secrets.token_urlsafe(18)
                    records.append(SeatRecord(seat, HUMAN, None, hash_token(tokens[seat]),
                                              chosen[seat],
                                              account if seat == mine else None))
                else:
                    check_learned(bot, game_name, players, variant)
                    records.append(SeatRecord(seat, BOT, bot, name=chosen[seat]))
            if account is not None and (mine is None or mine not in tokens):
                raise ApiError(BAD_REQUEST, "account_seat must be a human seat of the table")
        except IngeniumError as exc:
            raise ApiError(BAD_REQUEST, str(exc)) from None
        client_hash = hash_token(client)[:32]
        creator = None
        if not tokens:  # an all-bot table: limited per client, stopped by its creator
            await self._check_bot_tables(client_hash)
            tokens[CREATOR] = secrets.token_urlsafe(18)
            creator = hash_token(tokens[CREATOR])
        record = TableRecord(secrets.token_hex(8), game.name, players, None, variant,
                             tuple(records), creator=creator, client=client_hash)
        seal = self.sealer.seal(record, state.history)
        await self.db(self.store.create_table, record, move_records(state, 0), seal)
        live = LiveTable(record, state, seal=seal, key=self.sealer.key)
        self._tables[record.id] = live
        self._evict()
        self.ensure_bot(live)
        return live, tokens

    async def _check_bot_tables(self, client: str) -> None:
        """429 if the client has as many all-bot tables playing as it may."""
        allowed = self.settings.bot_tables_per_client
        if allowed and await self.db(self.store.running_bot_tables, client) >= allowed:
            raise ApiError(TOO_MANY, f"you have {allowed} all-bot tables playing already: stop "
                                     f"one (POST /api/tables/ID/stop) or wait for it to end")

    async def stop_table(self, table_id: str, token: str) -> LiveTable:
        """The creator stops an all-bot table: its bots play no more (403 for anyone else)."""
        live = await self.get(table_id)
        creator = live.record.creator
        if creator is None or not hmac.compare_digest(creator, hash_token(token)):
            raise ApiError(FORBIDDEN, "only the creator of an all-bot table may stop it")
        async with live.lock:
            if live.state.is_terminal or live.stopped:
                raise ApiError(CONFLICT, f"the table is {live.status} already")
            await self.db(self.store.set_status, table_id, STOPPED)
            self._halt(live)
        self.changed(live)
        return live

    async def _stop_old_bot_tables(self) -> None:
        """Stop every all-bot table Settings.bot_table_max_seconds after its creation (a
        client cannot keep bots busy for ever; any process may do it, each table once)."""
        while True:
            await asyncio.sleep(min(RENEW, self.settings.bot_table_max_seconds / 4))
            try:
                for table_id in await self.db(self.store.stop_old_bot_tables,
                                              self.settings.bot_table_max_seconds):
                    live = self._tables.get(table_id)
                    if live is not None:
                        async with live.lock:
                            self._halt(live)
                        self.changed(live)
            except Exception:
                log.exception("stopping old all-bot tables")

    @staticmethod
    def _halt(live: LiveTable) -> None:
        """A table stopped in storage: its bots play no more here (caller holds the lock)."""
        live.stopped = True
        live.version += 1
        if live.bot_task is not None:
            live.bot_task.cancel()

    async def get(self, table_id: str) -> LiveTable:
        """The live table, replayed from the database on first use; 404 if unknown."""
        live = self._tables.get(table_id)
        if live is None:
            if len(table_id) > MAX_ID_LENGTH or not table_id.isalnum():
                raise ApiError(NOT_FOUND, f"no table {table_id[:40]!r}")
            lock = self._loading.setdefault(table_id, asyncio.Lock())
            try:
                async with lock:  # one replay per table, however many ask at once
                    live = self._tables.get(table_id) or await self._load(table_id)
            finally:
                self._loading.pop(table_id, None)
                self._missed.pop(table_id, None)
        live.used = time.monotonic()
        return live

    async def _load(self, table_id: str) -> LiveTable:
        if table_id in self._damaged:
            raise ApiError(CONFLICT, self._damaged[table_id])
        found = await self.db(self.store.load, table_id)
        if found is None:
            raise ApiError(NOT_FOUND, f"no table {table_id!r}")
        record, moves = found
        try:
            check_moves(record, moves)
            if record.seal is not None and not self.sealer.matches(record.seal, record, moves):
                raise DamagedTable("its stored record does not match its seal: it was changed "
                                   "outside the server")
            for seat in record.seats:
                if seat.kind == BOT:
                    check_spec(seat.bot or "", self.settings, stored=True)
            state = await asyncio.to_thread(replay_record, record,
                                            [(m.seat, m.option) for m in moves])
        except (IngeniumError, ApiError, DamagedTable) as exc:
            # a game no longer installed, rules that changed, a bot no longer accepted, or
            # damaged storage: the lobby shows it, and every request hears why at once
            await self.mark_damaged(table_id, str(exc))
            raise ApiError(CONFLICT, self._damaged[table_id]) from None
        seal = self.sealer.seal(record, state.history)
        if record.seal is None:  # written before seals existed: sealed now
            await self.db(self.store.set_seal, table_id, seal)
        live = LiveTable(record, state, seal=seal, stopped=record.status == STOPPED,
                         key=self.sealer.key)
        self._tables[table_id] = live
        self._evict()
        missed = self._missed.pop(table_id, None)
        if missed is not None:  # another process changed it while it loaded: catch up
            self._spawn(self._catch_up(live, *missed))
        return live

    async def mark_damaged(self, table_id: str, why: str) -> None:
        """Remember (and store) that a table cannot be resumed."""
        reason = f"table {table_id} cannot be resumed: {why}"
        log.warning("%s", reason)
        self._damaged[table_id] = reason
        self._tables.pop(table_id, None)
        with contextlib.suppress(Exception):  # storage that fails here fails loudly elsewhere
            await self.db(self.store.set_status, table_id, DAMAGED)

    def _evict(self) -> None:
        """Forget least recently used idle tables beyond the cache size (they reload by replay)."""
        excess = len(self._tables) - self.settings.cache_size
        if excess <= 0:
            return
        idle = [t for t in self._tables.values() if not t.subscribers and not t.lock.locked()
                and (t.bot_task is None or t.bot_task.done())]
        for live in sorted(idle, key=lambda t: t.used)[:excess]:
            del self._tables[live.record.id]

    def to_move(self, table_id: str) -> int | None:
        """The seat to move at a table already in memory (None if it is not, or is over)."""
        live = self._tables.get(table_id)
        decision = live.state.decision if live is not None else None
        return decision.seat if decision is not None else None

    async def lobby(self, include_finished: bool, limit: int) -> list[TableRecord]:
        """Tables for the lobby, most recently active first."""
        statuses = ((OPEN, RUNNING, DAMAGED, FINISHED, STOPPED) if include_finished
                    else (OPEN, RUNNING, DAMAGED))
        return await self.db(self.store.list_tables, statuses, limit)

    # -- moves -------------------------------------------------------------------------------
    async def move(self, table_id: str, token: str | None, choice: str | int,
                   expected_seq: int | None) -> tuple[LiveTable, int, int]:
        """Play `choice` for the token's seat; every refusal is an ApiError and changes nothing.
        Returns the table, the seat and the log's length before the move."""
        live = await self.get(table_id)
        seat = self._player(live, token)
        async with live.lock:
            await self.up_to_date(live)
            if expected_seq is not None and expected_seq != live.seq:
                raise ApiError(CONFLICT, f"stale move: the table is at move {live.seq}, "
                                         f"not {expected_seq}; reload and choose again")
            decision = live.state.decision
            if decision is None:
                raise ApiError(CONFLICT, "the game is over")
            if decision.seat != seat:
                raise ApiError(CONFLICT, f"not your turn: "
                                         f"{seat_names(live.record)[decision.seat]} is to move")
            try:
                option = decision.find(choice)
            except IllegalMove as exc:
                raise ApiError(BAD_REQUEST, str(exc)) from None
            logged = len(live.state.events)
            await self._commit(live, seat, option)
        self.changed(live)
        return live, seat, logged

    async def _commit(self, live: LiveTable, seat: int, option: Option) -> None:
        """Apply on a copy, commit, then swap in the new state (caller holds the lock)."""
        before = live.state
        after = before.clone()
        after.apply(option.id)
        status = FINISHED if after.is_terminal else RUNNING
        start = len(before.history)
        seal = self.sealer.extend(live.seal, entries(after.history, start))
        stored = await self._db.append(live.record.id, move_records(after, start), status, seal,
                                       urgent=live.record.seats[seat].kind == HUMAN)
        if not stored:
            await self._changed_elsewhere(live)
            raise ApiError(CONFLICT, "the table changed meanwhile; reload and choose again")
        live.seal = seal
        live.swap(after)
        if after.is_terminal:
            self._spawn(self._rate(live.record, after.ranking(), after.winners()))

    async def _rate(self, record: TableRecord, ranking: list[int], winners: list[int]) -> None:
        """Count a finished table in the ratings (server/ratings.py), once."""
        try:
            await self.db(rate_table, self.store, record, ranking, winners)
        except Exception:
            log.exception("cannot rate table %s", record.id)

    async def join(self, table_id: str, token: str | None, name: str | None,
                   account: str | None) -> LiveTable:
        """A player opening their invitation link names their seat (once: a name stays) and,
        signed in, lets their account play it (the account's tables follow it)."""
        live = await self.get(table_id)
        seat = self._player(live, token)
        async with live.lock:
            await self.up_to_date(live)
            record = live.record
            current = record.seats[seat]
            new_name = current.name
            if name is not None:
                try:
                    cleaned = clean_name(name)
                    check_unique(cleaned, seat, seat_names(record))
                except BadName as exc:
                    raise ApiError(BAD_REQUEST, str(exc)) from None
                if current.name is not None and current.name != cleaned:
                    raise ApiError(CONFLICT, f"this seat is named {current.name!r} already")
                new_name = cleaned
            new_account = current.account
            if account is not None and current.account is None and not any(
                    s.account == account for s in record.seats):
                new_account = account
            if (new_name, new_account) == (current.name, current.account):
                return live
            seats = list(record.seats)
            seats[seat] = replace(current, name=new_name, account=new_account)
            updated = replace(record, seats=tuple(seats))
            seal = self.sealer.seal(updated, live.state.history)
            await self.db(self.store.set_seat_identity, table_id, seats[seat], seal)
            live.record, live.seal = updated, seal
            live.version += 1
            live.rewinds += 1  # log lines name the seats: clients take the whole log again
            live.log.reset()
            live.replay.clear()
        self.changed(live)
        return live

    async def rotate_account_seats(self, account: str) -> int:
        """Sign-out everywhere: each seat the account plays at an unfinished table gets a new
        link token (never handed out: the account's devices take its new account token from
        the table list), so every token a device held is refused. How many tables changed."""
        rotated = 0
        for table_id in await self.db(self.store.unfinished_tables_of, account):
            try:
                live = await self.get(table_id)
            except ApiError:
                continue  # damaged: nobody plays it any more
            async with live.lock:
                await self.up_to_date(live)
                record = live.record
                seats = [replace(seat, token_hash=hash_token(secrets.token_urlsafe(32)))
                         if seat.account == account and seat.kind == HUMAN else seat
                         for seat in record.seats]
                changed = [seat for seat, old in zip(seats, record.seats, strict=True)
                           if seat != old]
                if not changed:
                    continue
                updated = replace(record, seats=tuple(seats))
                seal = self.sealer.seal(updated, live.state.history)
                await self.db(self.store.set_seat_tokens, table_id, changed, seal)
                live.record, live.seal = updated, seal
                live.version += 1
            rotated += 1
            self.changed(live)  # its open sockets check their token again (server/ws.py)
        return rotated

    async def undo(self, table_id: str, token: str | None,
                   expected_seq: int) -> tuple[LiveTable, int]:
        """Take back the seat's last move if the table is at `expected_seq` and the undo policy
        allows it (a repeated undo is refused: it never takes back a second move)."""
        live = await self.get(table_id)
        seat = self._player(live, token)
        async with live.lock:
            await self.up_to_date(live)
            if expected_seq != live.seq:
                raise ApiError(CONFLICT, f"stale undo: the table is at move {live.seq}, not "
                                         f"{expected_seq}; reload")
            state = live.state
            if not can_undo(seat, state):
                raise ApiError(CONFLICT, _undo_refusal(live, seat))
            seq = live.seq - 1
            status = OPEN if seq == 0 else RUNNING
            seal = self.sealer.seal(live.record, state.history[:-1])
            if not await self.db(self.store.remove_last_move, live.record.id, seq, seat, status,
                                 seal):
                await self._changed_elsewhere(live)
                raise ApiError(CONFLICT, "the table changed meanwhile; reload")
            record = live.record
            rebuilt = await asyncio.to_thread(replay_record, record, state.history[:-1])
            live.seal = seal
            live.swap(rebuilt, rewind=True)
        self.changed(live)
        return live, seat

    async def _changed_elsewhere(self, live: LiveTable) -> None:
        """A write found the table changed (another process): catch up in place, so its
        websockets go on hearing of it (caller holds the lock); SQLite: reload on next use."""
        if self.shared:
            if await self._refresh(live):
                for subscriber in live.subscribers:
                    subscriber.wake.set()
        else:
            self._tables.pop(live.record.id, None)

    @staticmethod
    def _player(live: LiveTable, token: str | None) -> int:
        """The seat acting; spectators cannot act."""
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(FORBIDDEN, "spectators cannot play: send the token of your seat")
        return seat

    # -- notifications and bots --------------------------------------------------------------
    def subscribe(self, live: LiveTable, seat: int | None) -> Subscriber:
        """Listen to a table's changes."""
        subscriber = Subscriber(seat)
        live.subscribers.add(subscriber)
        return subscriber

    def unsubscribe(self, live: LiveTable, subscriber: Subscriber) -> None:
        """Stop listening."""
        live.subscribers.discard(subscriber)

    def changed(self, live: LiveTable) -> None:
        """After a committed change: wake the listeners, let the bots play on."""
        for subscriber in live.subscribers:
            subscriber.wake.set()
        self.ensure_bot(live)

    def ensure_bot(self, live: LiveTable) -> None:
        """Start the table's bot loop if a bot is to move and none is running."""
        if live.bot_task is not None and not live.bot_task.done():
            return
        if self._bot_to_move(live) is not None:
            live.bot_task = self._spawn(self._bot_loop(live))

    def _bot_to_move(self, live: LiveTable) -> SeatRecord | None:
        decision = live.state.decision
        if decision is None or live.stopped:
            return None
        seat = live.record.seats[decision.seat]
        return seat if seat.kind == BOT else None

    async def _bot_loop(self, live: LiveTable) -> None:
        """Play bot seats until a human is to move or the game ends (several processes: only
        the one holding the table's lease)."""
        table_id = live.record.id
        if not await self.lead(table_id):
            return  # another process drives this table's bots
        failures = 0
        while (seat := self._bot_to_move(live)) is not None:
            if self.shared and table_id not in self._led:
                return  # the lease was lost (this process was too slow to renew it)
            state, version = live.state, live.version
            if self.settings.bot_delay:
                await asyncio.sleep(self.settings.bot_delay)
                if live.version != version:
                    continue
            try:
                choice = await self.bots.choose(live.record.id, state, seat.seat, seat.bot or "",
                                                self._bot_seeds.getrandbits(32))
                async with self._turn_of(live), live.lock:
                    if self._tables.get(live.record.id) is not live:
                        return  # evicted or reloaded: the new copy runs its own loop
                    if live.version != version or live.stopped:
                        continue  # someone moved, undid or stopped it meanwhile
                    decision = live.state.decision
                    assert decision is not None
                    await self._commit(live, seat.seat, decision.find(choice))
            except ApiError:
                return
            except UnknownBot as exc:
                await self.mark_damaged(live.record.id, f"its bot {seat.bot!r}: {exc}")
                return
            except Exception:
                failures += 1
                log.exception("bot %s failed at table %s move %d", seat.bot, live.record.id,
                              len(state.history))
                await asyncio.sleep(min(60, 2 ** failures))  # keep trying, ever more patiently
                continue
            for subscriber in live.subscribers:
                subscriber.wake.set()

    def _turn_of(self, live: LiveTable) -> contextlib.AbstractAsyncContextManager[Any]:
        """What a bot waits for before committing: its turn among the all-bot tables; a bot
        answering a human goes at once (the human is waiting, and humans pace their tables)."""
        if all(seat.kind == BOT for seat in live.record.seats):
            return self._bot_turns
        return contextlib.nullcontext()

    def _spawn(self, coroutine: Awaitable[None]) -> asyncio.Task[None]:
        """A background task kept referenced until it ends."""
        task: asyncio.Task[None] = asyncio.ensure_future(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task


def seat_choices(seats: Sequence[str], names: Sequence[str | None] | None) -> list[str | None]:
    """The name of each seat of a new table: the human seats' chosen names (checked, distinct,
    None if not given) and the bots' names from their level; ApiError(400) otherwise."""
    if names is not None and len(names) != len(seats):
        raise ApiError(BAD_REQUEST, f"names: {len(seats)} seats need {len(seats)} names "
                                    f"(null for a seat named later), not {len(names)}")
    bots = distinct([bot_name(spec) for spec in seats])
    chosen: list[str | None] = []
    for seat, spec in enumerate(seats):
        if spec.strip().lower() != HUMAN:
            chosen.append(bots[seat])
            continue
        given = names[seat] if names is not None else None
        try:
            chosen.append(None if given is None else clean_name(given))
        except BadName as exc:
            raise ApiError(BAD_REQUEST, f"the name of seat {seat + 1}: {exc}") from None
    for seat, name in enumerate(chosen):
        if name is not None:
            try:
                check_unique(name, seat, chosen)
            except BadName as exc:
                raise ApiError(BAD_REQUEST, str(exc)) from None
    return chosen


def _undo_refusal(live: LiveTable, seat: int) -> str:
    """Why a seat may not undo now, in words."""
    state = live.state
    if state.is_terminal:
        return "the game is over: moves can no longer be taken back"
    if not state.history or state.history[-1][0] != seat:
        return "nothing to undo: the last move is not yours"
    return "cannot undo: that move revealed information or resolved chance"
