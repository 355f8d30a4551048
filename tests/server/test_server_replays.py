"""Replays of finished tables: rate-limited per client address, and built once per table (the
index and each position are kept), so replay requests cannot slow the tables in play."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from server_helpers import create, make_server, wait_finished


def test_replays_are_rate_limited_and_served_from_a_cache(tmp_path: Path) -> None:
    server = make_server(f"sqlite:///{tmp_path / 'replays.sqlite3'}", tmp_path,
                         INGENIUM_REPLAYS_PER_SECOND="2")
    with server, httpx.Client(base_url=server.url, timeout=30) as client:
        table_id = create(client, ["greedy", "greedy"])["table_id"]
        wait_finished(client, table_id, 120)
        first = client.get(f"/api/tables/{table_id}/replay")
        assert first.status_code == 200, first.text
        steps = first.json()["steps"]
        answers = [client.get(f"/api/tables/{table_id}/replay/{n % max(1, steps)}")
                   for n in range(20)]
        codes = [a.status_code for a in answers]
        assert 429 in codes and codes[0] == 200, codes
        assert "Retry-After" in answers[codes.index(429)].headers
        time.sleep(1.5)
        started = time.monotonic()
        again = client.get(f"/api/tables/{table_id}/replay")
        assert again.status_code == 200 and again.json() == first.json()
        assert time.monotonic() - started < 0.5  # from the cache, not a new replay
