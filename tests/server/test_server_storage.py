"""Damaged storage and bad input: clear answers, never 500s, never a different game.

A SQLite file with a damaged page is a one-line startup error. A table whose stored moves have a
gap or do not match its move count is shown as damaged in the lobby and answered with a 409
saying why, instead of replaying a different game. Websocket messages that are binary, nested
20,000 deep or carry a 5,000-digit number are answered like HTTP answers bad bodies.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from server_helpers import create, make_server, receive, seat_socket, state, tokens_of
from sqlalchemy import create_engine, text

from ingenium.server.settings import Settings, normalize_url
from ingenium.server.storage import MoveRecord, Store, TableRecord
from ingenium.server.testing import LiveServer


def serve_once(url: str) -> subprocess.CompletedProcess[str]:
    """`python -m ingenium.server` on `url`, expected to refuse to start."""
    return subprocess.run([sys.executable, "-m", "ingenium.server", "--port", "1",
                           "--database-url", url], capture_output=True, text=True, timeout=60,
                          check=False)


def test_a_damaged_sqlite_file_is_a_one_line_startup_error(tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    store = Store(f"sqlite:///{path}")
    store.create_schema()
    for n in range(40):
        store.create_table(TableRecord(f"t{n:04d}", "legendary-inventors", 2, None, None, ()),
                           [MoveRecord(seq, 0, "x" * 200, False) for seq in range(30)])
    store.dispose()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 8 * page
    data[3 * page:5 * page] = bytes(range(256)) * (2 * page // 256)
    path.write_bytes(bytes(data))
    done = serve_once(f"sqlite:///{path}")
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "is damaged" in lines[0], done.stderr
    old = tmp_path / "seeded.sqlite3"
    engine = create_engine(f"sqlite:///{old}")
    with engine.begin() as connection:  # the table as the seeded era created it
        connection.execute(text("CREATE TABLE ingenium_tables (id VARCHAR(32) PRIMARY KEY, "
                                "seed BIGINT NOT NULL)"))
    engine.dispose()
    seeded = serve_once(f"sqlite:///{old}")
    assert seeded.returncode == 1 and len(seeded.stderr.strip().splitlines()) == 1
    assert "older Ingenium" in seeded.stderr
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database " * 1000)
    junk = serve_once(f"sqlite:///{tmp_path / 'junk.sqlite3'}")
    assert junk.returncode == 1 and len(junk.stderr.strip().splitlines()) == 1, junk.stderr


def test_a_table_with_missing_moves_is_marked_not_replayed(database_url: str,
                                                           tmp_path: Path) -> None:
    server = make_server(database_url, tmp_path)
    with server, httpx.Client(base_url=server.url, timeout=15) as client:
        gap = create(client, ["human", "human"])
        short = create(client, ["human", "human"])
        for created in (gap, short):
            tokens = tokens_of(created)
            for _ in range(8):
                seen = state(client, created["table_id"], tokens[0])
                seat = seen["to_move"]
                option = state(client, created["table_id"], tokens[seat])["view"]["decision"]
                answer = client.post(f"/api/tables/{created['table_id']}/moves", json={
                    "token": tokens[seat], "option": option["options"][-1]["id"]})
                assert answer.status_code == 200
    engine = create_engine(normalize_url(database_url))
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM ingenium_moves WHERE table_id = :t AND seq = 3"),
                           {"t": gap["table_id"]})
        connection.execute(text("DELETE FROM ingenium_moves WHERE table_id = :t AND seq = "
                                "(SELECT MAX(seq) FROM ingenium_moves WHERE table_id = :t)"),
                           {"t": short["table_id"]})
    engine.dispose()
    again = make_server(database_url, tmp_path)
    with again, httpx.Client(base_url=again.url, timeout=15) as client:
        for created, needle in ((gap, "move 3 is missing"), (short, "the table says")):
            for _ in range(2):  # the second request is answered from memory, the same way
                answer = client.get(f"/api/tables/{created['table_id']}")
                assert answer.status_code == 409, answer.text
                assert needle in answer.json()["detail"]
            lobby = client.get("/api/tables", params={"limit": 500}).json()
            entry = next(t for t in lobby if t["table_id"] == created["table_id"])
            assert entry["status"] == "damaged"
    assert "Traceback" not in _log(again)


def test_bad_socket_messages_keep_the_socket_usable(server: LiveServer,
                                                    client: httpx.Client) -> None:
    created = create(client, ["human", "human"])
    table_id, tokens = created["table_id"], tokens_of(created)
    start = state(client, table_id)["seq"]  # the deal's chance entries
    with seat_socket(server, table_id, tokens[0]) as socket:
        assert receive(socket)["type"] == "state"
        bad: list[str | bytes] = [b"\x01\x02binary", "[" * 20_000 + "]" * 20_000,
                                  '{"type": "move", "option": ' + "7" * 5_000 + "}",
                                  '{"type": "move", "expected_seq": ' + "9" * 5_000 + "}",
                                  json.dumps({"type": "move", "option": 1.5})]
        for message in bad:
            socket.send(message)
            reply = receive(socket)
            assert reply["type"] == "error" and reply["status"] == 400, reply
            assert "\n" not in reply["detail"]
        socket.send(json.dumps({"type": "ping"}))
        assert receive(socket) == {"type": "pong"}
    assert state(client, table_id)["seq"] == start
    assert "Traceback" not in _log(server)


def _log(server: LiveServer) -> str:
    assert server.log_path is not None
    return server.log_path.read_text(errors="replace")


@pytest.mark.parametrize("durable", [False, True])
def test_a_commit_waits_for_the_disk_only_when_durable(database_url: str, durable: bool) -> None:
    """INGENIUM_DB_DURABLE: the same promise on both databases (a commit survives kill -9 of
    the server; with durable=1 a machine crash too): SQLite synchronous NORMAL (1) or FULL (2)
    in WAL mode, PostgreSQL synchronous_commit off or on."""
    store = Store(Settings.resolve(database_url).database_url, durable)
    try:
        with store.engine.connect() as connection:
            if store.is_sqlite:
                found = connection.exec_driver_sql("PRAGMA synchronous").scalar()
                assert found == (2 if durable else 1)
                assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            else:
                found = connection.exec_driver_sql("SHOW synchronous_commit").scalar()
                assert found == ("on" if durable else "off")
    finally:
        store.dispose()


def test_the_server_reads_the_durability_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INGENIUM_DB_DURABLE", "1")
    assert Settings.resolve("sqlite:///:memory:").db_durable == 1
    monkeypatch.delenv("INGENIUM_DB_DURABLE")
    assert Settings.resolve("sqlite:///:memory:").db_durable == 0
