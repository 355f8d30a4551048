"""One client cannot slow everyone's bots: no bot spec beyond one worker process, at most a few
running all-bot tables per client address (counted in the database), and an all-bot table can be
stopped by its creator (the creation answer's `creator_token`) and stops by itself after
INGENIUM_BOT_TABLE_MAX_SECONDS."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_helpers import make_server

from ingenium.server.testing import LiveServer


@pytest.fixture(scope="module")
def bot_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    tmp = tmp_path_factory.mktemp("bot-tables")
    server = make_server(f"sqlite:///{tmp / 'bots.sqlite3'}", tmp,
                         INGENIUM_BOT_TABLES_PER_CLIENT="2", INGENIUM_BOT_DELAY="1")
    with server:
        yield server


def bot_table(client: httpx.Client, seats: list[str] | None = None) -> httpx.Response:
    return client.post("/api/tables", json={"game": "legendary-inventors", "players": 2,
                                            "seats": seats or ["random", "random"]})


def test_a_bot_may_not_ask_for_several_worker_processes(bot_server: LiveServer) -> None:
    with httpx.Client(base_url=bot_server.url, timeout=15) as client:
        answer = bot_table(client, ["human", "ismcts:workers=16"])
        assert answer.status_code == 400, answer.text
        assert "workers" in answer.json()["detail"]


def test_all_bot_tables_are_limited_per_client_and_stopped_by_their_creator(
        bot_server: LiveServer) -> None:
    with httpx.Client(base_url=bot_server.url, timeout=15) as client:
        first, second = bot_table(client), bot_table(client)
        assert first.status_code == second.status_code == 201, first.text
        third = bot_table(client)
        assert third.status_code == 429, third.text
        assert "all-bot tables" in third.json()["detail"]
        assert bot_table(client, ["human", "random"]).status_code == 201  # humans play on
        table_id, creator = first.json()["table_id"], first.json()["creator_token"]
        assert creator
        refused = client.post(f"/api/tables/{table_id}/stop", json={"token": "not-the-creator"})
        assert refused.status_code == 403
        stopped = client.post(f"/api/tables/{table_id}/stop", json={"token": creator})
        assert stopped.status_code == 200, stopped.text
        seq = client.get(f"/api/tables/{table_id}").json()
        time.sleep(2.5)
        after = client.get(f"/api/tables/{table_id}").json()
        assert after["status"] == "stopped" and after["seq"] == seq["seq"]
        assert bot_table(client).status_code == 201  # the stopped table no longer counts


def test_the_bot_table_limit_is_documented() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "INGENIUM_BOT_TABLES_PER_CLIENT" in readme and "/stop" in readme


def test_all_bot_tables_stop_after_their_time(tmp_path: Path) -> None:
    """INGENIUM_BOT_TABLE_MAX_SECONDS after its creation an all-bot table stops (its bots play
    no more); a table with a human seat plays on."""
    server = make_server(f"sqlite:///{tmp_path / 'timed.sqlite3'}", tmp_path,
                         INGENIUM_BOT_TABLE_MAX_SECONDS="2", INGENIUM_BOT_DELAY="0.3")
    with server, httpx.Client(base_url=server.url, timeout=15) as client:
        bots = bot_table(client).json()["table_id"]
        human = bot_table(client, ["human", "random"]).json()["table_id"]
        assert client.get(f"/api/tables/{bots}").json()["status"] in ("open", "running")
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{bots}").json()["status"] != "stopped":
            assert time.monotonic() < deadline, "the all-bot table did not stop"
            time.sleep(0.2)
        seq = client.get(f"/api/tables/{bots}").json()["seq"]
        time.sleep(1.0)
        assert client.get(f"/api/tables/{bots}").json()["seq"] == seq
        assert client.get(f"/api/tables/{human}").json()["status"] in ("open", "running")
