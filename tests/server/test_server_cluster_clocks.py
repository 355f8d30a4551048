"""Several server processes on one PostgreSQL: a table's clock is driven by one process only
(the holder of the table's lease), so a seat runs out of time exactly once; every process shows
the clock; when the driver is killed (-9) another takes the clock over and times seats out."""

from __future__ import annotations

import os
import time
from pathlib import Path

import httpx
import pytest
from server_helpers import (
    create,
    driver,
    owner_of,
    separate_database,
    start_together,
    wait_until,
)

POSTGRES = os.environ.get("INGENIUM_TEST_POSTGRES_URL")
pytestmark = [pytest.mark.postgres,
              pytest.mark.skipif(not POSTGRES, reason="needs INGENIUM_TEST_POSTGRES_URL")]
TURN = 3  # seconds a turn may take


def timeouts(client: httpx.Client, table_id: str, player: int) -> int:
    """How many times the chat says Player `player` ran out of time."""
    return sum(f"Player {player} ran out of time" in message["text"]
               for message in client.get(f"/api/tables/{table_id}/chat").json())


def test_one_process_drives_a_clock_and_another_takes_it_over_after_kill_9(
        tmp_path: Path) -> None:
    assert POSTGRES is not None
    url = separate_database(POSTGRES, tmp_path)
    servers = start_together(url, tmp_path, 2, INGENIUM_BOT_DELAY="0.05")
    try:
        with httpx.Client(base_url=servers[0].url, timeout=15) as first, \
                httpx.Client(base_url=servers[1].url, timeout=15) as second:
            table_id = create(first, ["human", "human"],
                              clock={"mode": "turn", "seconds": TURN})["table_id"]
            assert driver(url, table_id) == owner_of(servers[0])
            shown = second.get(f"/api/tables/{table_id}/clock").json()  # the other process
            assert shown is not None and shown["mode"] == "turn" and shown["running"] == 0
            # with both processes alive, Player 1 runs out of time once
            wait_until(lambda: second.get(f"/api/tables/{table_id}").json()["seats"][0]["kind"]
                       == "bot", TURN + 10)
            servers[0].kill()  # the driver dies; Player 2's turn comes (its bot, then them)
            killed = time.monotonic()
            wait_until(lambda: second.get(f"/api/tables/{table_id}").json()["seats"][1]["kind"]
                       == "bot", 30)
            taken = time.monotonic() - killed
            assert driver(url, table_id) == owner_of(servers[1])
            assert timeouts(second, table_id, 1) == timeouts(second, table_id, 2) == 1
            # not before the dead driver's lease ran out (5 s): the second process timed
            # Player 2 out; on a quiet machine 5 s + 1 s to take the lease + the turn's time
            assert 4 < taken < 30, taken
    finally:
        for server in servers:
            server.stop()
