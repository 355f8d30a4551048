"""Several server processes on one PostgreSQL: three processes, two
humans connected to different ones and a bot. Every move reaches both websockets within a
second, no legal move is refused, and killing the process that drives the bot hands the bot to
another within a few seconds."""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import (
    driver,
    make_server,
    owner_of,
    receive,
    seat_socket,
    separate_database,
)
from websockets.sync.client import ClientConnection

from ingenium.server.settings import Settings, normalize_url
from ingenium.server.tables import TableManager
from ingenium.server.testing import LiveServer

POSTGRES = os.environ.get("INGENIUM_TEST_POSTGRES_URL")
pytestmark = [pytest.mark.postgres,
              pytest.mark.skipif(not POSTGRES, reason="needs INGENIUM_TEST_POSTGRES_URL")]
SECOND = 1.0  # every move reaches every websocket within this


class Seat:
    """A human seat playing through its own server process, following its websocket."""

    def __init__(self, server: LiveServer, table_id: str, token: str) -> None:
        self.server, self.table_id, self.token = server, table_id, token
        self.socket: ClientConnection = seat_socket(server, table_id, token)
        self.latest: dict[str, Any] = {}
        self.wait_for(0, 15)

    def wait_for(self, seq: int, seconds: float) -> dict[str, Any]:
        """The pushed payload once the table is at `seq` or beyond; AssertionError if it is
        not pushed within `seconds`."""
        deadline = time.monotonic() + seconds
        while not self.latest or self.latest["seq"] < seq:
            left = deadline - time.monotonic()
            assert left > 0, f"seq {seq} not pushed within {seconds} s via {self.server.url}"
            message = receive(self.socket, timeout=left)
            if message["type"] in ("state", "update"):
                self.latest = message["payload"]
        return self.latest

    def play(self, rng: random.Random) -> int:
        """Make a move (an offered option, at the seq seen); the new seq."""
        options = self.latest["view"]["decision"]["options"]
        with httpx.Client(base_url=self.server.url, timeout=15) as client:
            answer = client.post(f"/api/tables/{self.table_id}/moves", json={
                "token": self.token, "option": rng.choice(options)["id"],
                "expected_seq": self.latest["seq"]})
        assert answer.status_code == 200, answer.text  # no legal move refused
        return int(answer.json()["seq"])


def test_three_processes_two_humans_and_a_bot(tmp_path: Path) -> None:
    assert POSTGRES is not None
    url = separate_database(POSTGRES, tmp_path)
    servers = []
    for n in range(3):
        (tmp_path / str(n)).mkdir()
        servers.append(make_server(url, tmp_path / str(n), INGENIUM_BOT_DELAY="0.05"))
    rng = random.Random(7)
    try:
        for server in servers:
            server.start()
        with httpx.Client(base_url=servers[0].url, timeout=15) as client:
            created = client.post("/api/tables", json={
                "game": "legendary-inventors", "players": 3,
                "seats": ["random", "human", "human"]}).json()
        table_id = created["table_id"]
        seats = {1: Seat(servers[1], table_id, created["seats"][1]["token"]),
                 2: Seat(servers[2], table_id, created["seats"][2]["token"])}
        assert driver(url, table_id) == owner_of(servers[0])
        killed = False
        bot_waits: list[float] = []
        for turn in range(60):
            if turn == 20:  # kill -9 the process driving the bot
                servers[0].kill()
                killed = True
            started = time.monotonic()
            # the bot plays until a human is to move: both sockets see the same position
            both = [seat.wait_for(0, 1) for seat in seats.values()]
            to_move = both[0]["to_move"]
            while to_move not in seats:
                if both[0]["status"] == "finished":
                    break
                seq = both[0]["seq"] + 1
                both = [seat.wait_for(seq, 10) for seat in seats.values()]
                to_move = both[0]["to_move"]
            if both[0]["status"] == "finished":
                break
            bot_waits.append(time.monotonic() - started)
            seq = seats[to_move].play(rng)
            for seat in seats.values():  # the move reaches both, whichever process
                seat.wait_for(seq, SECOND)
        assert killed
        assert driver(url, table_id) in {owner_of(servers[1]), owner_of(servers[2])}
        assert max(bot_waits[20:]) < 10, bot_waits
    finally:
        for server in servers:
            server.stop()


def test_rate_limits_hold_across_processes(tmp_path: Path) -> None:
    """A client spreading its moves over two processes spends one budget (in the database)."""
    assert POSTGRES is not None
    url = separate_database(POSTGRES, tmp_path)
    servers = []
    for n in range(2):
        (tmp_path / str(n)).mkdir()
        servers.append(make_server(url, tmp_path / str(n), INGENIUM_MOVES_PER_SECOND="3"))
    try:
        for server in servers:
            server.start()
        with httpx.Client(base_url=servers[0].url, timeout=15) as client:
            table_id = client.post("/api/tables", json={
                "game": "legendary-inventors", "players": 2,
                "seats": ["human", "human"]}).json()["table_id"]
        clients = [httpx.Client(base_url=server.url, timeout=15) for server in servers]
        for client in clients:  # connections open before the burst
            client.get("/api/games")

        def attempt(n: int) -> int:
            return clients[n % 2].post(f"/api/tables/{table_id}/moves",
                                       json={"token": "nobody", "option": "x"}).status_code

        try:  # 6 to each process at once: either alone allows its burst of 6
            with ThreadPoolExecutor(12) as pool:
                codes = list(pool.map(attempt, range(12)))
        finally:
            for client in clients:
                client.close()
        assert 429 in codes, codes
    finally:
        for server in servers:
            server.stop()


def test_a_load_reads_the_record_and_its_moves_in_one_snapshot(tmp_path: Path) -> None:
    """Another process committing moves while a table loads is no missing move (a load read
    the move count, then more moves than it said: the table was marked damaged)."""
    import threading

    from ingenium.server.storage import MoveRecord, SeatRecord, Store, TableRecord, check_moves

    assert POSTGRES is not None
    store = Store(separate_database(POSTGRES, tmp_path))
    try:
        store.create_schema()
        store.create_table(TableRecord("t1", "legendary-inventors", 2, None, None,
                                       (SeatRecord(0, "human"), SeatRecord(1, "human"))), [])
        done = threading.Event()

        def write() -> None:
            for seq in range(400):
                store.append_moves("t1", [MoveRecord(seq, 0, f"m{seq}", False)], "running")
            done.set()

        writer = threading.Thread(target=write)
        writer.start()
        loads = 0
        while not done.is_set():
            found = store.load("t1")
            assert found is not None
            check_moves(*found)
            loads += 1
        writer.join()
        assert loads > 5
    finally:
        store.dispose()


def test_a_change_heard_while_a_table_loads_is_caught_up(tmp_path: Path) -> None:
    """A change notice that arrives while another process is still reading the table (its
    rows read before the change) is not lost: the loaded copy catches up at once."""
    assert POSTGRES is not None
    url = normalize_url(separate_database(POSTGRES, tmp_path))

    async def scenario() -> None:
        writer, reader = TableManager(Settings(database_url=url)), \
            TableManager(Settings(database_url=url))
        await writer.start()
        await reader.start()
        try:
            live, tokens = await writer.create("legendary-inventors", 2, None, ["human", "human"])
            heard = asyncio.Event()
            hear = reader.remote_change

            def remote_change(table_id: str, seq: int, seal: str) -> None:
                hear(table_id, seq, seal)
                heard.set()

            assert reader._listener is not None
            reader._listener._on_notice = remote_change
            read = reader.store.load
            rows_read, go_on = threading.Event(), threading.Event()

            def slow_load(table_id: str) -> Any:
                found = read(table_id)  # the rows as they were before the move below
                rows_read.set()
                go_on.wait(10)
                return found

            reader.store.load = slow_load  # type: ignore[method-assign]
            loading = asyncio.ensure_future(reader.get(live.record.id))
            await asyncio.to_thread(rows_read.wait, 10)
            decision = live.state.decision
            assert decision is not None
            moved, _, _ = await writer.move(live.record.id, tokens[decision.seat],
                                            decision.options[0].id, None)
            await asyncio.wait_for(heard.wait(), 10)  # the notice came during the load
            go_on.set()
            copy = await loading
            for _ in range(500):
                if copy.seq == moved.seq:
                    break
                await asyncio.sleep(0.01)
            assert (copy.seq, copy.seal) == (moved.seq, moved.seal)
        finally:
            await reader.stop()
            await writer.stop()

    asyncio.run(scenario())
