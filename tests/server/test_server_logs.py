"""Secrets in logs: after a game over HTTP and websockets, no log line holds any token.

Tokens travel every way a client may send them (JSON bodies, the X-Seat-Token header, the
websocket subprotocol and header, and the legacy `?token=` of URLs); every line of the server's
log, from every logger, is then searched for every token.
"""

from __future__ import annotations

import json
import random
import time

import httpx
from server_helpers import create, next_state, play_to_end, seat_socket, tokens_of, ws_url
from websockets.sync.client import connect

from ingenium.server.testing import LiveServer


def test_no_log_line_holds_a_token(server: LiveServer, client: httpx.Client) -> None:
    tokens: list[str] = []
    created = create(client, ["human", "human", "random"])
    table_id, seats = created["table_id"], tokens_of(created)
    tokens += seats.values()
    unread = {"max_queue": None}  # the test does not read every push
    with seat_socket(server, table_id, seats[0], **unread) as socket, \
            connect(ws_url(server, table_id, seats[1]), **unread) as legacy, \
            connect(ws_url(server, table_id), additional_headers={"X-Seat-Token": seats[1]},
                    **unread) as headed:
        for open_socket in (socket, legacy, headed):
            assert next_state(open_socket)["seat"] in (0, 1)
        assert client.get(f"/api/tables/{table_id}", params={"token": seats[0]}).status_code == 200
        assert client.get(f"/api/tables/{table_id}",
                          headers={"X-Seat-Token": seats[1]}).json()["seat"] == 1
        socket.send(json.dumps({"type": "move", "option": "no-such-option"}))
        socket.send(b"\x00binary")
        play_to_end(client, table_id, seats, seed=2, limit=30, stop_early=True)
    forged = "forged" + str(random.randrange(10**9))
    tokens.append(forged)
    assert client.get(f"/api/tables/{table_id}", params={"token": forged}).status_code == 403
    assert client.post(f"/api/tables/{table_id}/moves",
                       json={"token": forged, "option": [forged]}).status_code == 422
    with connect(ws_url(server, table_id, forged)) as refused:
        refused.recv(timeout=5)
    assert server.log_path is not None
    time.sleep(0.5)  # the last lines reach the file
    lines = server.log_path.read_text(errors="replace").splitlines()
    assert any("WebSocket /ws/tables/" in line for line in lines), "websockets are logged"
    assert any("token=***" in line for line in lines), "and their tokens redacted"
    leaked = [line for line in lines for token in tokens if token in line]
    assert not leaked, leaked[:3]
