"""`ingenium serve --workers N`: N processes on one port and one PostgreSQL (each its own
driver of bots); SQLite refuses more than one process with a one-line error."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from server_helpers import GENEROUS, receive, separate_database
from websockets.sync.client import connect

from ingenium.server.testing import free_port

POSTGRES = os.environ.get("INGENIUM_TEST_POSTGRES_URL")


def serve(url: str, port: int, log: Path, workers: int) -> subprocess.Popen[bytes]:
    with open(log, "wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "ingenium", "serve", "--port", str(port), "--database-url",
             url, "--workers", str(workers)], stdout=out, stderr=subprocess.STDOUT,
            env={**os.environ, **GENEROUS})


def test_sqlite_refuses_several_workers(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "ingenium", "serve", "--database-url",
                           f"sqlite:///{tmp_path / 'x.sqlite3'}", "--workers", "2"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "need PostgreSQL" in done.stderr


@pytest.mark.postgres
@pytest.mark.skipif(not POSTGRES, reason="needs INGENIUM_TEST_POSTGRES_URL")
def test_workers_share_one_port_and_every_change(tmp_path: Path) -> None:
    assert POSTGRES is not None
    url = separate_database(POSTGRES, tmp_path)
    port, log = free_port(), tmp_path / "serve.log"
    process = serve(url, port, log, 2)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while len(set(re.findall(r"drives bots as (\w+)", log.read_text()))) < 2:
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        while True:  # both drive bots; the port may take a moment longer to accept connections
            try:
                httpx.get(f"{base}/api/games", timeout=2)
                break
            except httpx.TransportError:
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        with httpx.Client(base_url=base, timeout=15) as client:
            created = client.post("/api/tables", json={"game": "legendary-inventors",
                                                       "players": 2,
                                                       "seats": ["human", "human"]}).json()
            table_id, token = created["table_id"], created["seats"][0]["token"]
            sockets = [connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}")
                       for _ in range(6)]
            try:
                seqs = [receive(s)["payload"]["seq"] for s in sockets]
                for _ in range(3):  # moves through whichever process: every socket hears
                    seen = client.get(f"/api/tables/{table_id}",
                                      headers={"X-Seat-Token": token}).json()
                    if not seen["your_turn"]:
                        break
                    option = seen["view"]["decision"]["options"][0]["id"]
                    moved = client.post(f"/api/tables/{table_id}/moves", json={
                        "token": token, "option": option, "expected_seq": seen["seq"]})
                    assert moved.status_code == 200, moved.text
                    for index, socket in enumerate(sockets):
                        while seqs[index] < moved.json()["seq"]:
                            seqs[index] = receive(socket, timeout=1)["payload"]["seq"]
            finally:
                for socket in sockets:
                    socket.close()
    finally:
        process.terminate()
        process.wait(30)
