"""Helpers shared by the server tests: create tables, play moves, wait for bots."""

from __future__ import annotations

import json
import random
import re
import secrets
import time
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from secret_rules import GAME as SECRET_HANDS
from sqlalchemy import create_engine, make_url, text
from websockets.sync.client import ClientConnection, connect

from ingenium.engine import State, get_game
from ingenium.server.settings import normalize_url
from ingenium.server.storage import Store
from ingenium.server.testing import LiveServer

Payload = dict[str, Any]
HERE = Path(__file__).resolve().parent


GENEROUS = {"INGENIUM_CREATE_PER_MINUTE": "100000", "INGENIUM_MOVES_PER_SECOND": "100000",
            "INGENIUM_BOT_TABLES_PER_CLIENT": "0", "INGENIUM_REPLAYS_PER_SECOND": "0",
            "INGENIUM_SOCKETS_PER_CLIENT": "100000", "INGENIUM_LOGINS_PER_MINUTE": "0"}


def make_server(database_url: str, tmp: Path, **env: str) -> LiveServer:
    """A server that also knows the `secret-hands` test game (tests/server/secret_game.py);
    its rate limits are out of the way unless `env` sets them (test_server_limits does)."""
    return LiveServer(database_url, log_path=tmp / "server.log", env={**GENEROUS, **env},
                      preload=("secret_game",), python_path=(str(HERE),))


def create(client: httpx.Client, seats: list[str], game: str = "legendary-inventors",
           **extra: Any) -> Payload:
    """Create a table; fail loudly if refused."""
    answer = client.post("/api/tables", json={"game": game, "players": len(seats),
                                              "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()


def recorded(server: LiveServer, table_id: str) -> list[tuple[int, str]]:
    """The table's history as the server stored it (decisions and chance outcomes); only a
    test reads the database behind the server's back."""
    store = Store(server.database_url)
    try:
        found = store.load(table_id)
    finally:
        store.dispose()
    assert found is not None, table_id
    return [(m.seat, m.option) for m in found[1]]


def summary_history(summary: Payload) -> list[tuple[int, str]]:
    """The whole history from a finished table's replay summary: each answer with its chance."""
    history = [(-1, outcome) for outcome in summary["setup_chance"]]
    for move in summary["moves"]:
        history.append((move["seat"], move["option"]))
        history.extend((-1, outcome) for outcome in move["chance"])
    return history


def mirror(server: LiveServer, table_id: str, game: str, players: int) -> State[Any]:
    """The table's true state, replayed locally from what the server stored."""
    rules = SECRET_HANDS if game == SECRET_HANDS.name else get_game(game)  # not registered here
    return rules.replay(players, None, None, recorded(server, table_id))


def tokens_of(created: Payload) -> dict[int, str]:
    """Seat -> token of the human seats."""
    return {s["seat"]: s["token"] for s in created["seats"] if s["token"]}


def state(client: httpx.Client, table_id: str, token: str | None = None) -> Payload:
    """GET a table as a seat (or spectator)."""
    params = {"token": token} if token else {}
    answer = client.get(f"/api/tables/{table_id}", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def wait_turn(client: httpx.Client, table_id: str, tokens: dict[int, str],
              timeout: float = 30) -> Payload:
    """Poll until a human seat is to move or the game is over; the payload of that seat."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen = state(client, table_id)
        if seen["status"] == "finished":
            return state(client, table_id, next(iter(tokens.values())))
        if seen["to_move"] in tokens:
            return state(client, table_id, tokens[seen["to_move"]])
        time.sleep(0.02)
    raise AssertionError(f"no human turn within {timeout} s")


def play_to_end(client: httpx.Client, table_id: str, tokens: dict[int, str],
                seed: int = 0, limit: int = 2000, stop_early: bool = False) -> Payload:
    """Play every human seat at random over HTTP until the game ends (or, `stop_early`, after
    `limit` moves)."""
    rng = random.Random(seed)
    seen: Payload = {}
    for _ in range(limit):
        seen = wait_turn(client, table_id, tokens)
        if seen["status"] == "finished":
            return seen
        options = seen["view"]["decision"]["options"]
        seat = seen["to_move"]
        answer = client.post(f"/api/tables/{table_id}/moves", json={
            "token": tokens[seat], "option": rng.choice(options)["id"],
            "expected_seq": seen["seq"]})
        assert answer.status_code == 200, answer.text
    if stop_early:
        return seen
    raise AssertionError("game did not end")


def wait_finished(client: httpx.Client, table_id: str, timeout: float = 60) -> Payload:
    """Poll until an all-bot table's game is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen = state(client, table_id)
        if seen["status"] == "finished":
            return seen
        time.sleep(0.05)
    raise AssertionError(f"table {table_id} did not finish within {timeout} s")


def ws_url(server: LiveServer, table_id: str, token: str | None = None) -> str:
    """The websocket URL of a table; a token here is the legacy way (prefer seat_socket)."""
    base = server.url.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    return base + (f"?token={token}" if token else "")


def seat_socket(server: LiveServer, table_id: str, token: str | None = None,
                **options: Any) -> ClientConnection:
    """A websocket to a table as a seat, its token in the subprotocol header as browsers send
    it (a spectator without a token)."""
    protocols = ["ingenium", *([f"ingenium.token.{token}"] if token else [])]
    return connect(ws_url(server, table_id), subprotocols=protocols,  # type: ignore[arg-type]
                   **options)


def receive(socket: ClientConnection, timeout: float = 15) -> dict[str, Any]:
    """The next message, decoded."""
    message: dict[str, Any] = json.loads(socket.recv(timeout=timeout))
    return message


_logs: weakref.WeakKeyDictionary[ClientConnection, list[dict[str, Any]]] = \
    weakref.WeakKeyDictionary()


def merge(log: list[dict[str, Any]], payload: dict[str, Any]) -> dict[str, Any]:
    """Apply a payload (whole or update) to the seat's log as a client must; the whole payload."""
    start = payload["events_from"]
    assert start <= len(log), f"a gap in the log: have {len(log)}, update from {start}"
    del log[start:]
    log.extend(payload["events"])
    return {**payload, "events": list(log), "events_from": 0}


def next_state(socket: ClientConnection) -> dict[str, Any]:
    """The next pushed payload, skipping replies, with updates merged into the whole log."""
    while True:
        message = receive(socket)
        if message["type"] in ("state", "update"):
            log = _logs.setdefault(socket, [])
            if message["type"] == "state":
                log.clear()
                assert message["payload"]["events_from"] == 0
            return merge(log, message["payload"])
        assert message["type"] != "error", message


def separate_database(database_url: str, tmp: Path) -> str:
    """Another, empty database of the same kind: a SQLite file beside, or a new PostgreSQL
    database on the same server (so two servers never resume each other's tables)."""
    if database_url.startswith("sqlite"):
        return f"sqlite:///{tmp / f'other-{secrets.token_hex(4)}.sqlite3'}"
    url = make_url(normalize_url(database_url))
    name = f"ingenium_other_{secrets.token_hex(4)}"
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    finally:
        engine.dispose()
    return url.set(database=name).render_as_string(hide_password=False)


def start_together(database_url: str, tmp: Path, count: int, **env: str) -> list[LiveServer]:
    """`count` server processes on one database, started at once (logs in tmp/0, tmp/1...)."""
    servers = []
    for n in range(count):
        (tmp / str(n)).mkdir()
        servers.append(make_server(database_url, tmp / str(n), **env))
    with ThreadPoolExecutor(count) as pool:
        list(pool.map(LiveServer.start, servers))
    return servers


def wait_until(check: Callable[[], Any], seconds: float) -> Any:
    """Poll `check` until it gives something true (returned); AssertionError after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if (found := check()):
            return found
        time.sleep(0.1)
    raise AssertionError(f"waited {seconds} s in vain")


def driver(database_url: str, table_id: str) -> str | None:
    """The process holding a table's lease (driving its bots and clock), from the database."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            return connection.execute(text("SELECT owner FROM ingenium_leases WHERE table_id = "
                                           ":t AND expires > now()"), {"t": table_id}).scalar()
    finally:
        engine.dispose()


def owner_of(server: LiveServer) -> str:
    """A server process's id in the leases (it logs it at start)."""
    assert server.log_path is not None
    found = re.search(r"drives bots as (\w+)", server.log_path.read_text())
    assert found, "no owner in the log"
    return found.group(1)


def play_through_balancer(port: int, headers: dict[str, str] | None = None) -> None:
    """Through a load balancer on `port` in front of two processes: a table created, four
    websockets (spread over both processes), and one move that reaches every socket."""
    base = f"http://127.0.0.1:{port}"
    with httpx.Client(base_url=base, timeout=15, headers=headers or {}) as client:
        created = client.post("/api/tables", json={"game": "legendary-inventors",
                                                   "players": 2,
                                                   "seats": ["human", "human"]}).json()
        table_id, token = created["table_id"], created["seats"][0]["token"]
        assert created["seats"][0]["url"].startswith(base)
        sockets = [connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}",
                           subprotocols=["ingenium"])  # type: ignore[list-item]
                   for _ in range(4)]  # least_conn spreads them over both processes
        try:
            seqs = [receive(s)["payload"]["seq"] for s in sockets]
            seen = client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()
            option = seen["view"]["decision"]["options"][0]["id"]
            moved = client.post(f"/api/tables/{table_id}/moves", json={
                "token": token, "option": option, "expected_seq": seen["seq"]})
            assert moved.status_code == 200, moved.text
            for socket, seq in zip(sockets, seqs, strict=True):
                assert receive(socket, timeout=1)["payload"]["seq"] > seq
        finally:
            for socket in sockets:
                socket.close()
