"""A bot's deadline covers only its thinking: a worker that takes long to start (a starved
machine, a cold start) is waited for, never killed for it (which forced another cold start, and
so on: `hard` gave no reply in 9 minutes). It waits about 25 s (mostly asleep: the old code's
grace for a start was 10 s, so the start must take longer to show the hole)."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from server_helpers import GENEROUS, HERE, state

from ingenium.server.testing import LiveServer


def test_a_slow_worker_start_is_no_overrun(tmp_path: Path) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'slow.sqlite3'}", log_path=tmp_path / "log",
                        env={**GENEROUS, "SLOW_WORKER_START": "16", "INGENIUM_BOT_MAX_MS": "300",
                             "INGENIUM_BOT_WORKERS": "1"},
                        preload=("slow_start_game",), python_path=(str(HERE),))
    with server, httpx.Client(base_url=server.url, timeout=15) as client:
        created = client.post("/api/tables", json={"game": "slow-start", "players": 2,
                                                   "seats": ["greedy", "greedy"]})
        assert created.status_code == 201, created.text
        table_id = created.json()["table_id"]
        start = state(client, table_id)["seq"]
        deadline = time.monotonic() + 45
        while time.monotonic() < deadline and state(client, table_id)["seq"] == start:
            time.sleep(0.5)
        assert state(client, table_id)["seq"] > start, (tmp_path / "log").read_text()[-1500:]
