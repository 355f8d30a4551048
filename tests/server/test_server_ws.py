"""The table websocket against a real server: pushes, moves over the socket, refusals."""

from __future__ import annotations

import json
import random

import httpx
import pytest
from server_helpers import create, next_state, receive, seat_socket, state, tokens_of
from websockets.exceptions import ConnectionClosed

from ingenium.server.testing import LiveServer


def test_play_a_whole_game_over_the_websocket(server: LiveServer, client: httpx.Client) -> None:
    created = create(client, ["human", "random", "greedy"])
    table_id, token = created["table_id"], tokens_of(created)[0]
    rng = random.Random(1)
    pushes = 0
    with seat_socket(server, table_id, token) as player, \
            seat_socket(server, table_id) as spectator:
        payload = next_state(player)
        while payload["status"] != "finished":
            if payload["your_turn"]:
                option = rng.choice(payload["view"]["decision"]["options"])
                player.send(json.dumps({"type": "move", "option": option["code"],
                                        "expected_seq": payload["seq"]}))
            payload = next_state(player)
            pushes += 1
        watched = next_state(spectator)
        while watched["seq"] < payload["seq"]:
            watched = next_state(spectator)
    assert pushes > 20
    assert watched["status"] == "finished" and watched["seat"] is None
    assert watched["scores"] == payload["scores"] == state(client, table_id)["scores"]


def test_http_moves_are_pushed_to_every_seat(server: LiveServer, client: httpx.Client) -> None:
    created = create(client, ["human", "human"])
    table_id, tokens = created["table_id"], tokens_of(created)
    with seat_socket(server, table_id, tokens[1]) as other:
        first = next_state(other)
        assert first["seq"] > 0 and not first["your_turn"]  # the deal's chance moves
        assert "options" not in first["view"]["decision"]
        option = state(client, table_id, tokens[0])["view"]["decision"]["options"][0]["id"]
        assert client.post(f"/api/tables/{table_id}/moves",
                           json={"token": tokens[0], "option": option}).status_code == 200
        pushed = next_state(other)
        assert pushed["seq"] > first["seq"] and pushed["seat"] == 1


@pytest.mark.parametrize(("table", "token", "code"), [("nosuchtable", None, 4404),
                                                       (None, "forged", 4403)])
def test_socket_refusals_close_with_a_reason(server: LiveServer, client: httpx.Client,
                                             table: str | None, token: str | None,
                                             code: int) -> None:
    table_id = table or create(client, ["human", "human"])["table_id"]
    with seat_socket(server, table_id, token) as socket:
        message = receive(socket)
        assert message["type"] == "error" and message["status"] == code - 4000
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == code


def test_bad_socket_messages_are_answered_and_change_nothing(server: LiveServer,
                                                             client: httpx.Client) -> None:
    created = create(client, ["human", "human"])
    table_id, tokens = created["table_id"], tokens_of(created)
    before = state(client, table_id)
    with seat_socket(server, table_id, tokens[1]) as socket:
        next_state(socket)
        answers = []
        for text in ("{not json", json.dumps({"type": "dance"}), json.dumps({"type": "move"}),
                     json.dumps({"type": "move", "option": "use:inventor=nobody"}),
                     json.dumps({"type": "undo"}),
                     json.dumps({"type": "undo", "expected_seq": before["seq"]})):
            socket.send(text)
            answers.append(receive(socket))
        socket.send(json.dumps({"type": "ping"}))
        assert receive(socket) == {"type": "pong"}
    assert [a["status"] for a in answers] == [400, 400, 400, 409, 400, 409]
    assert all(a["type"] == "error" and a["detail"] for a in answers)
    with seat_socket(server, table_id) as spectator:
        next_state(spectator)
        spectator.send(json.dumps({"type": "move", "option": 0}))
        assert receive(spectator)["status"] == 403
    with seat_socket(server, table_id, tokens[0]) as socket:
        next_state(socket)
        socket.send("x" * 70_000)
        try:
            reply = receive(socket)
            assert reply["status"] == 413
        except ConnectionClosed as exc:
            assert exc.rcvd is not None and exc.rcvd.code == 1009  # message too big
    assert state(client, table_id) == before


def test_pushes_carry_only_what_changed(server: LiveServer, client: httpx.Client) -> None:
    created = create(client, ["human", "human"])
    table_id, tokens = created["table_id"], tokens_of(created)
    with seat_socket(server, table_id, tokens[1]) as other:
        first = receive(other)
        assert first["type"] == "state" and first["payload"]["events_from"] == 0
        known = len(first["payload"]["events"])
        for _ in range(6):
            seen = state(client, table_id)
            mover = tokens[seen["to_move"]]
            option = state(client, table_id, mover)["view"]["decision"]["options"][0]["id"]
            moved = client.post(f"/api/tables/{table_id}/moves",
                                json={"token": mover, "option": option}).json()
            assert moved["events_from"] > 0  # the answer, too, holds only the new events
            pushed = receive(other)
            while pushed["type"] != "update" or pushed["payload"]["seq"] < moved["seq"]:
                assert pushed["type"] == "update", pushed
                known += len(pushed["payload"]["events"])
                pushed = receive(other)
            assert pushed["payload"]["events_from"] <= known
            known = pushed["payload"]["events_from"] + len(pushed["payload"]["events"])
        other.send(json.dumps({"type": "sync"}))
        whole = receive(other)
        assert whole["type"] == "state" and whole["payload"]["events_from"] == 0
        assert len(whole["payload"]["events"]) == known
        assert whole["payload"]["events"] == state(client, table_id, tokens[1])["events"]
