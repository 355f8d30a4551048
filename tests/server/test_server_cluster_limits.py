"""Limits that hold across server processes on one PostgreSQL: replay and chat requests of a
client spend one budget (in the database) whichever process they reach, and websockets are
counted per table and per client over all processes. All-bot tables stop after
INGENIUM_BOT_TABLE_MAX_SECONDS, and their creator stops them through any process."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from server_helpers import (
    create,
    receive,
    seat_socket,
    separate_database,
    start_together,
    wait_until,
)
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from ingenium.server.testing import LiveServer

POSTGRES = os.environ.get("INGENIUM_TEST_POSTGRES_URL")
pytestmark = [pytest.mark.postgres,
              pytest.mark.skipif(not POSTGRES, reason="needs INGENIUM_TEST_POSTGRES_URL")]
BOT_TABLE_SECONDS = 4
LIMITS = {"INGENIUM_REPLAYS_PER_SECOND": "1",  # a burst of 4
          "INGENIUM_MOVES_PER_SECOND": "20",  # chat: 1 a second, a burst of 5
          "INGENIUM_SOCKETS_PER_TABLE": "3", "INGENIUM_SOCKETS_PER_CLIENT": "5",
          "INGENIUM_BOT_TABLE_MAX_SECONDS": str(BOT_TABLE_SECONDS), "INGENIUM_BOT_DELAY": "0.3"}


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[LiveServer]]:
    assert POSTGRES is not None
    tmp = tmp_path_factory.mktemp("pair")
    servers = start_together(separate_database(POSTGRES, tmp), tmp, 2, **LIMITS)
    yield servers
    for server in servers:
        server.stop()


def spread(pair: list[LiveServer], path: str, count: int, body: dict[str, str] | None = None,
           ) -> list[int]:
    """`count` requests at once, every other one to each process; their status codes."""
    clients = [httpx.Client(base_url=server.url, timeout=15) for server in pair]
    for client in clients:  # connections open before the burst
        client.get("/api/games")

    def ask(n: int) -> int:
        client = clients[n % 2]
        answer = client.post(path, json=body) if body is not None else client.get(path)
        return answer.status_code

    try:
        with ThreadPoolExecutor(count) as pool:
            return list(pool.map(ask, range(count)))
    finally:
        for client in clients:
            client.close()


def test_replay_requests_spend_one_budget_across_processes(pair: list[LiveServer]) -> None:
    with httpx.Client(base_url=pair[0].url, timeout=15) as client:
        table_id = create(client, ["human", "human"])["table_id"]
    # 4 to each process: either alone allows its burst of 4 (then 409: the game is not over)
    codes = spread(pair, f"/api/tables/{table_id}/replay", 8)
    assert 429 in codes and 409 in codes, codes


def test_chat_messages_spend_one_budget_across_processes(pair: list[LiveServer]) -> None:
    with httpx.Client(base_url=pair[0].url, timeout=15) as client:
        created = create(client, ["human", "human"])
    table_id, token = created["table_id"], created["seats"][0]["token"]
    # 5 to each process: either alone allows its burst of 5
    codes = spread(pair, f"/api/tables/{table_id}/chat", 10, {"token": token, "text": "hi"})
    assert 429 in codes and 201 in codes, codes


def refused(socket: ClientConnection) -> str:
    """The refusal of a socket over a limit: its reason (the socket is closed with 4429)."""
    message = receive(socket)
    assert message["type"] == "error" and message["status"] == 429, message
    with pytest.raises(ConnectionClosed) as closed:
        socket.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
    return str(message["detail"])


def test_websockets_are_counted_per_table_and_client_across_processes(
        pair: list[LiveServer]) -> None:
    with httpx.Client(base_url=pair[0].url, timeout=15) as client:
        first, second = (create(client, ["human", "human"])["table_id"] for _ in range(2))
    sockets = [seat_socket(pair[0], first), seat_socket(pair[0], first),
               seat_socket(pair[1], first)]
    try:
        for socket in sockets:
            assert receive(socket)["type"] == "state"
        with seat_socket(pair[1], first) as over:  # the table's fourth, on the other process
            assert "this table has 3" in refused(over)
        sockets += [seat_socket(pair[1], second), seat_socket(pair[0], second)]
        for socket in sockets[3:]:
            assert receive(socket)["type"] == "state"
        with seat_socket(pair[0], second) as over:  # the client's sixth
            assert "your address has 5" in refused(over)
    finally:
        for socket in sockets:
            socket.close()

    def reopened() -> bool:  # closed sockets are counted off
        with seat_socket(pair[1], first) as again:
            return bool(receive(again)["type"] == "state")

    wait_until(reopened, 5)


def test_all_bot_tables_stop_after_their_time_and_by_their_creator_anywhere(
        pair: list[LiveServer]) -> None:
    with httpx.Client(base_url=pair[0].url, timeout=15) as first, \
            httpx.Client(base_url=pair[1].url, timeout=15) as second:
        old = create(first, ["random", "random"])
        assert second.get(f"/api/tables/{old['table_id']}").json()["status"] in (
            "open", "running")  # until its time is up
        stopped = create(first, ["random", "random"])  # its bots driven by the first process
        human = create(first, ["human", "random"])
        answer = second.post(f"/api/tables/{stopped['table_id']}/stop",
                             json={"token": stopped["creator_token"]})
        assert answer.status_code == 200, answer.text
        time.sleep(0.5)
        seen = first.get(f"/api/tables/{stopped['table_id']}").json()
        assert seen["status"] == "stopped"
        time.sleep(1.0)
        assert first.get(f"/api/tables/{stopped['table_id']}").json()["seq"] == seen["seq"]
        # the other all-bot table stops when its time is up
        wait_until(lambda: second.get(f"/api/tables/{old['table_id']}").json()["status"]
                 == "stopped", BOT_TABLE_SECONDS + 5)
        seq = first.get(f"/api/tables/{old['table_id']}").json()["seq"]
        time.sleep(1.0)
        assert first.get(f"/api/tables/{old['table_id']}").json()["seq"] == seq
        # a table with a human seat plays on
        assert second.get(f"/api/tables/{human['table_id']}").json()["status"] in (
            "open", "running")
