"""Load: 50 concurrent tables on one server, a client bot per table playing through the API.

Each table seats a client-side random player (HTTP moves, websocket updates) against a random
bot on the server. Bounded in time; reports moves per second and HTTP move latency percentiles.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import make_server
from websockets.asyncio.client import connect

TABLES = 50
BUDGET = 15.0  # seconds of play at most: the figures are rates, not a full run
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


async def play_table(base: str, index: int, deadline: float,
                     latencies: list[float]) -> dict[str, Any]:
    """A client of its own (httpx pools scale badly) plays one table."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        return await play_with(http, base, index, deadline, latencies)


async def play_with(http: httpx.AsyncClient, base: str, index: int, deadline: float,
                    latencies: list[float]) -> dict[str, Any]:
    """Create a table, then play seat 0 at random until the game ends or time is up."""
    created = (await http.post("/api/tables", json={
        "game": "legendary-inventors", "players": 2,
        "seats": ["human", "random"]})).json()
    table_id, token = created["table_id"], created["seats"][0]["token"]
    rng = random.Random(index)
    url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={token}"
    last: dict[str, Any] = {"seq": 0, "status": "open"}
    moved_at = -1
    conflicts = 0
    async with connect(url, max_size=None, compression=None) as socket:
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(socket.recv(), deadline - time.monotonic())
            except TimeoutError:
                break
            message = json.loads(raw)
            if message["type"] not in ("state", "update"):
                continue
            last = message["payload"]
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
            if answer.status_code == 409:
                conflicts += 1
            else:
                assert answer.status_code == 200, answer.text
    final = (await http.get(f"/api/tables/{table_id}")).json()
    return {"seq": final.get("moves", final["seq"]), "finished": final["status"] == "finished",
            "conflicts": conflicts}


async def run_load(base: str) -> dict[str, Any]:
    latencies: list[float] = []
    started = time.monotonic()
    results = await asyncio.gather(*(
        play_table(base, i, started + BUDGET, latencies) for i in range(TABLES)))
    elapsed = time.monotonic() - started
    moves = sum(r["seq"] for r in results)
    quantiles = statistics.quantiles(latencies, n=100)
    return {
        "tables": TABLES,
        "finished": sum(r["finished"] for r in results),
        "moves": moves,
        "http_moves": len(latencies),
        "conflicts": sum(r["conflicts"] for r in results),
        "seconds": round(elapsed, 2),
        "moves_per_second": round(moves / elapsed, 1),
        "p50_ms": round(quantiles[49] * 1000, 1),
        "p99_ms": round(quantiles[98] * 1000, 1),
        "min_seq": min(r["seq"] for r in results),
    }


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.slow
def test_fifty_tables_at_once(database_url: str, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    backend = database_url.split(":", 1)[0]
    with make_server(database_url, tmp_path) as live:
        assert live.process is not None
        before = cpu_seconds(live.process.pid)
        report = asyncio.run(run_load(live.url))
        used = cpu_seconds(live.process.pid) - before
    report["database"] = backend
    # the server's own CPU per move: a figure the other loads on the machine do not distort
    report["server_cpu_ms_per_move"] = round(1000 * used / max(1, report["moves"]), 3)
    report["machine_load"] = os.getloadavg()[0]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"load-{backend.split('+')[0]}.json").write_text(json.dumps(report, indent=1))
    with capsys.disabled():
        print(f"\nload test ({backend}): {report}")
    assert report["min_seq"] > 20, "every table made progress"
    assert report["finished"] == TABLES or report["seconds"] >= BUDGET - 1
    assert report["conflicts"] == 0
