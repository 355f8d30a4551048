"""Limits a public server needs: rates per address, sockets, header size and slow clients.

A server with tight limits (set through its INGENIUM_* variables) answers each excess clearly:
429 with Retry-After for too many creations or moves, a socket closed with 4429 beyond the
sockets of a table, 431 for oversized headers, 408 for a request that trickles in (slowloris) or
a body that never completes, and it closes connections that say nothing.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_helpers import create, make_server, receive, seat_socket, state, tokens_of
from websockets.exceptions import ConnectionClosed

from ingenium.server.testing import LiveServer

LIMITS = {"INGENIUM_CREATE_PER_MINUTE": "4", "INGENIUM_MOVES_PER_SECOND": "3",
          "INGENIUM_SOCKETS_PER_TABLE": "2", "INGENIUM_MAX_HEADER_BYTES": "4096",
          "INGENIUM_HEADER_TIMEOUT": "1", "INGENIUM_BODY_TIMEOUT": "1",
          "INGENIUM_IDLE_TIMEOUT": "1"}


@pytest.fixture(scope="module")
def limited(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = make_server(database_url, tmp_path_factory.mktemp("limited"), **LIMITS)
    with server:
        yield server


@pytest.fixture(scope="module")
def watched(limited: LiveServer) -> str:
    """A table for the socket test, created before the creation budget is spent."""
    with httpx.Client(base_url=limited.url, timeout=15) as client:
        return str(create(client, ["human", "human"], game="secret-hands")["table_id"])


def test_creations_and_moves_are_rate_limited_per_address(limited: LiveServer,
                                                         watched: str) -> None:
    with httpx.Client(base_url=limited.url, timeout=15) as client:
        created = [client.post("/api/tables", json={"game": "secret-hands", "players": 2,
                                                     "seats": ["human", "human"]})
                   for _ in range(6)]
        codes = [c.status_code for c in created]
        refused = codes.index(429)
        assert 3 <= refused <= 4 and set(codes[:refused]) == {201}, codes
        assert set(codes[refused:]) == {429}, codes
        assert int(created[-1].headers["Retry-After"]) >= 1
        assert "too many table creations" in created[-1].json()["detail"]
        table = created[0].json()
        table_id, tokens = table["table_id"], tokens_of(table)
        start = state(client, table_id)["seq"]  # the deal's chance entries
        answers = [client.post(f"/api/tables/{table_id}/moves",
                               json={"token": tokens[0], "option": "no-such-move"})
                   for _ in range(10)]
        codes = [a.status_code for a in answers]
        assert 429 in codes and codes[0] == 400, codes
        assert state(client, table_id)["seq"] == start


def test_sockets_per_table_are_capped(limited: LiveServer, watched: str) -> None:
    table_id = watched
    with seat_socket(limited, table_id) as first, seat_socket(limited, table_id) as second:
        assert receive(first)["type"] == receive(second)["type"] == "state"
        with seat_socket(limited, table_id) as third:
            refusal = receive(third)
            assert refusal["type"] == "error" and refusal["status"] == 429
            with pytest.raises(ConnectionClosed) as closed:
                third.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
    with seat_socket(limited, table_id) as again:  # closed sockets are counted off
        assert receive(again)["type"] == "state"


def raw_exchange(server: LiveServer, chunks: list[bytes], pause: float = 0.0,
                 wait: float = 5.0) -> tuple[bytes, float]:
    """Send `chunks` (pausing between them) on a raw connection; what came back, and when the
    connection was closed (seconds after connecting)."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as raw:
        try:
            for chunk in chunks:
                raw.sendall(chunk)
                time.sleep(pause)
        except OSError:
            pass  # the server closed the connection while we were still sending
        answer = b""
        try:
            while part := raw.recv(65536):
                answer += part
        except OSError:
            pass
    return answer, time.monotonic() - started


def test_oversized_headers_are_431(limited: LiveServer) -> None:
    huge = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (8 << 20) + b"\r\n\r\n"
    answer, _ = raw_exchange(limited, [huge[i:i + 65536] for i in range(0, len(huge), 65536)])
    assert answer.startswith(b"HTTP/1.1 431"), answer[:80]
    fine, _ = raw_exchange(limited, [b"GET /api/games HTTP/1.1\r\nHost: x\r\n"
                                     b"Connection: close\r\n\r\n"])
    assert fine.startswith(b"HTTP/1.1 200")


def test_oversized_headers_arriving_in_one_read_are_431(limited: LiveServer) -> None:
    for size in (20_000, 100_000):
        request = (b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * size
                   + b"\r\nConnection: close\r\n\r\n")
        answer, _ = raw_exchange(limited, [request])
        assert answer.startswith(b"HTTP/1.1 431"), (size, answer[:80])


def test_forwarded_for_from_an_untrusted_peer_does_not_split_the_rate_limit(
        limited: LiveServer, watched: str) -> None:
    """Loopback is no trusted proxy unless INGENIUM_TRUSTED_PROXIES says so: a client
    spoofing X-Forwarded-For still spends its own address's moves."""
    time.sleep(2.5)  # the move bucket refills after the test above
    with httpx.Client(base_url=limited.url, timeout=15) as client:
        codes = [client.post(f"/api/tables/{watched}/moves",
                             json={"token": "nobody", "option": "x"},
                             headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code
                 for n in range(12)]
    assert 429 in codes, codes


def test_slow_clients_are_cut_off(limited: LiveServer) -> None:
    trickle = [b"GET /api/games HTTP/1.1\r\n"] + [b"X-Slow: 1\r\n"] * 40
    answer, closed_after = raw_exchange(limited, trickle, pause=0.2, wait=10)
    assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
    assert closed_after < 9
    body, _ = raw_exchange(limited, [b"POST /api/tables HTTP/1.1\r\nHost: x\r\n"
                                     b"Content-Type: application/json\r\n"
                                     b"Content-Length: 500\r\n\r\n{\"game\": "], wait=10)
    assert body.startswith(b"HTTP/1.1 408"), body[:80]
    silent, closed_after = raw_exchange(limited, [], wait=10)
    assert silent == b"" and closed_after < 5


def test_limits_are_documented() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    for variable in LIMITS:
        assert variable in readme, variable
