"""Load clients shared by the load tests: a spectator of an all-bot table, a human player.

Both run in the test's own event loop; the human hears the position over its websocket and
moves over HTTP as fast as the table allows, timing each move as the client sees it.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass
from typing import Any

import httpx
from websockets.asyncio.client import connect


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
