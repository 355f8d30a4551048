"""Load: 50 all-bot tables playing flat out, watched by spectators, beside human clients.

Each human client plays seat 0 of a table against a server bot, at random and as fast as it
may: it hears the position over its websocket and moves over HTTP. The machine running this is
shared and often loaded, so nothing here is an absolute time. What is asserted holds on a busy
2-core machine and fails if what it guards comes back:
- humans are not starved by the bots: a human table moves at least half as fast as a bot table
  (when each human move queued behind every bot's commit, it moved at a third of that);
- only what changed is pushed and returned: each event reaches each client once (the whole log
  in every push made a late move cost ~6 ms per seat), and a move's answer holds only its events;
- every table makes progress and no move is refused.
The figures (moves/s, human-move p50/p99 in wall clock, the server's CPU ms per move, the load
average) go to test-artifacts/load-<database>.json; benchmarks/server_load.py measures them in
earnest, A/B against older versions. INGENIUM_LOAD_SECONDS sets the window (default 12).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import make_server, separate_database
from websockets.asyncio.client import connect

BOT_TABLES = 50
HUMANS = 6
SECONDS = float(os.environ.get("INGENIUM_LOAD_SECONDS", "12"))
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def ws_base(base: str) -> str:
    return base.replace("http://", "ws://")


async def watch_bot_table(http: httpx.AsyncClient, base: str, deadline: float) -> Counts:
    """Start an all-bot table and watch it as a spectator until time is up."""
    created = await http.post("/api/tables", json={"game": "legendary-inventors", "players": 2,
                                                   "seats": ["random", "random"]})
    assert created.status_code == 201, created.text
    url = ws_base(base) + f"/ws/tables/{created.json()['table_id']}"
    counts = Counts()
    async with connect(url, max_size=None, compression=None) as socket:
        while (left := deadline - time.monotonic()) > 0:
            try:
                payload = json.loads(await asyncio.wait_for(socket.recv(), left))["payload"]
            except TimeoutError:
                break
            counts.heard(payload)
            if payload["status"] == "finished":
                break
    return counts


@dataclass
class Counts:
    """What one client heard: the events it received against the events the table has."""

    moves: int = 0
    received: int = 0  # events received, over all pushes (and answers)
    total: int = 0  # events visible to the client at the last push
    answered: int = 0  # events in the answers to its moves
    refused: int = 0

    def heard(self, payload: dict[str, Any]) -> None:
        self.moves = payload["moves"]
        self.received += len(payload["events"])
        self.total = payload["events_from"] + len(payload["events"])


async def play_human(base: str, index: int, deadline: float,
                     latencies: list[float]) -> Counts:
    """Seat 0 against a random bot, at random, as fast as the table allows."""
    rng = random.Random(index)
    counts = Counts()
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        created = (await http.post("/api/tables", json={
            "game": "legendary-inventors", "players": 2, "seats": ["human", "random"]})).json()
        table_id, token = created["table_id"], created["seats"][0]["token"]
        moved_at = -1
        async with connect(ws_base(base) + f"/ws/tables/{table_id}",
                           additional_headers={"X-Seat-Token": token},
                           max_size=None, compression=None) as socket:
            while (left := deadline - time.monotonic()) > 0:
                try:
                    message = json.loads(await asyncio.wait_for(socket.recv(), left))
                except TimeoutError:
                    break
                if message["type"] not in ("state", "update"):
                    continue
                last = message["payload"]
                counts.heard(last)
                if last["status"] == "finished":
                    break
                if not last["your_turn"] or last["seq"] <= moved_at:
                    continue
                option = rng.choice(last["view"]["decision"]["options"])["id"]
                started = time.perf_counter()
                answer = await http.post(f"/api/tables/{table_id}/moves", json={
                    "token": token, "option": option, "expected_seq": last["seq"]})
                latencies.append(time.perf_counter() - started)
                moved_at = last["seq"]
                if answer.status_code == 200:
                    counts.answered += len(answer.json()["events"])
                else:
                    counts.refused += 1
    return counts


async def run_load(base: str) -> tuple[dict[str, Any], list[Counts], list[Counts]]:
    latencies: list[float] = []
    started = time.monotonic()
    deadline = started + SECONDS
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        bots, humans = await asyncio.gather(
            asyncio.gather(*(watch_bot_table(http, base, deadline) for _ in range(BOT_TABLES))),
            asyncio.gather(*(play_human(base, i, deadline, latencies) for i in range(HUMANS))))
    elapsed = time.monotonic() - started
    cuts = statistics.quantiles(latencies, n=100)
    moves = sum(c.moves for c in (*bots, *humans))
    return {
        "bot_tables": BOT_TABLES, "humans": HUMANS, "seconds": round(elapsed, 1),
        "moves": moves, "moves_per_second": round(moves / elapsed, 1),
        "bot_table_mean_moves": round(statistics.mean(c.moves for c in bots), 1),
        "human_table_mean_moves": round(statistics.mean(c.moves for c in humans), 1),
        "human_http_moves": len(latencies),
        "human_p50_ms": round(cuts[49] * 1000, 1), "human_p99_ms": round(cuts[98] * 1000, 1),
    }, list(bots), list(humans)


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.slow
def test_fifty_bot_tables_beside_human_clients(database_url: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    backend = database_url.split(":", 1)[0].split("+")[0]
    # a database of its own: the tables it leaves unfinished would be resumed (and played flat
    # out) by every server the other tests start on a shared PostgreSQL database
    with make_server(separate_database(database_url, tmp_path), tmp_path) as live:
        assert live.process is not None
        before = cpu_seconds(live.process.pid)
        report, bots, humans = asyncio.run(run_load(live.url))
        used = cpu_seconds(live.process.pid) - before
    report.update(database=backend, machine_load=os.getloadavg()[0],
                  server_cpu_ms_per_move=round(1000 * used / max(1, report["moves"]), 3))
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"load-{backend}.json").write_text(json.dumps(report, indent=1))
    with capsys.disabled():
        print(f"\nload test ({backend}): {report}")
    assert min(c.moves for c in (*bots, *humans)) > 0, "every table made progress"
    assert sum(c.refused for c in humans) == 0
    assert report["human_table_mean_moves"] >= report["bot_table_mean_moves"] / 2, \
        "human tables starved by the bot tables"
    for counts in (*bots, *humans):  # each event reached each client once: no log resent
        assert counts.received == counts.total, counts
    for counts in humans:  # a move's answer holds the events it added, not the log
        assert counts.answered <= counts.total, counts
    assert max(c.total for c in humans) >= 10, "the games went far enough to tell"
