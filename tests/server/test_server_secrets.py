"""Hidden information: every payload a seat receives holds only what that seat may see.

`secret-hands` (a test game) gives each seat a private hand and private log lines; Legendary
Inventors hides its decks. Each payload (HTTP and websocket, each seat and spectators) is checked
against a local replay: its view and log are exactly the seat's redacted ones, and no name of a
card the seat cannot see appears anywhere in it.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import httpx
from secret_rules import CARDS, secrets_hidden_from
from server_helpers import (
    create,
    mirror,
    next_state,
    seat_socket,
    state,
    summary_history,
    tokens_of,
)

import ingenium
from ingenium.engine import State
from ingenium.seatnames import with_names
from ingenium.server.testing import LiveServer

SECRET_GAME = "secret-hands"


def check_payload(payload: dict[str, Any], local: State[Any], seat: int | None,
                  hidden: set[str], raw_fields: tuple[str, ...] = ('"owner"', '"deck":[')) -> None:
    """The payload is the seat's redacted view and log (the seats called by their names),
    and names nothing hidden from it."""
    names = [s["name"] for s in payload["seats"]]
    assert payload["seat"] == seat and payload["seq"] == len(local.history)
    assert payload["view"] == json.loads(with_names(json.dumps(local.view(seat)), names))
    assert payload["events"] == json.loads(with_names(json.dumps(
        [e.to_dict() for e in local.visible_events(seat)]), names))[payload["events_from"]:]
    text = json.dumps(payload)
    leaked = sorted(word for word in hidden if word in text)
    assert not leaked, f"seat {seat} sees {leaked}"
    for key in ('"rng"', '"checksum"', '"history"', *raw_fields):  # raw state never leaves
        assert key not in text.replace(" ", ""), key


def test_no_seat_sees_another_seats_hand(server: LiveServer, client: httpx.Client) -> None:
    created = create(client, ["human", "human", "human"], game=SECRET_GAME)
    table_id, tokens = created["table_id"], tokens_of(created)
    local = mirror(server, table_id, SECRET_GAME, 3)
    rng = random.Random(5)
    with contextlib.ExitStack() as stack:
        sockets = {seat: stack.enter_context(seat_socket(server, table_id, tokens.get(seat)))
                   for seat in (0, 1, None)}
        while True:
            for seat in (0, 1, 2, None):
                payload = state(client, table_id, tokens[seat] if seat is not None else None)
                check_payload(payload, local, seat, secrets_hidden_from(local, seat))
            for seat, socket in sockets.items():
                pushed = next_state(socket)
                while pushed["seq"] < len(local.history):
                    pushed = next_state(socket)
                check_payload(pushed, local, seat, secrets_hidden_from(local, seat))
            decision = local.decision
            if decision is None:
                break
            option = rng.choice(decision.options)
            answer = client.post(f"/api/tables/{table_id}/moves", json={
                "token": tokens[decision.seat], "option": option.id})
            assert answer.status_code == 200, answer.text
            local = mirror(server, table_id, SECRET_GAME, 3)
            own = answer.json()
            check_payload(own, local, decision.seat,
                          secrets_hidden_from(local, decision.seat))
            assert own["can_undo"] == (option.id != "draw")  # a draw reveals a card


def test_replay_reveals_everything_once_the_game_is_over(server: LiveServer,
                                                         client: httpx.Client) -> None:
    created = create(client, ["human", "human"], game=SECRET_GAME)
    table_id, tokens = created["table_id"], tokens_of(created)
    start = mirror(server, table_id, SECRET_GAME, 2)
    local = start.clone()
    while local.decision is not None:
        option = local.decision.options[-1].id
        client.post(f"/api/tables/{table_id}/moves",
                    json={"token": tokens[local.decision.seat], "option": option})
        local = mirror(server, table_id, SECRET_GAME, 2)
    step = client.get(f"/api/tables/{table_id}/replay/0").json()
    assert step["step"] == 0  # the first position: after the deal, before any answer
    assert step["views"][0]["table"]["hand"] != step["views"][1]["table"]["hand"]
    assert sum(1 for e in step["events"] if e["visible_to"]) == 2
    assert sorted(step["hidden"]["table"]["owner"]) == sorted(start.table.owner)
    for seat in (0, 1):
        assert step["views"][seat]["table"]["hand"] == start.view(seat)["table"]["hand"]
        assert set(step["views"][seat]["table"]["hand"]) <= set(CARDS)
    assert client.get(f"/api/tables/{table_id}/replay/99").status_code == 404


def test_legendary_inventors_payloads_never_show_the_decks(server: LiveServer,
                                                           client: httpx.Client) -> None:
    created = create(client, ["human", "greedy"])
    table_id, token = created["table_id"], tokens_of(created)[0]
    seen: list[tuple[int | None, dict[str, Any]]] = []
    rng = random.Random(2)
    with seat_socket(server, table_id, token) as socket:
        payload = next_state(socket)
        while payload["status"] != "finished":
            seen.append((0, payload))
            if payload["your_turn"]:
                option = rng.choice(payload["view"]["decision"]["options"])["id"]
                answer = client.post(f"/api/tables/{table_id}/moves",
                                     json={"token": token, "option": option})
                seen.append((0, answer.json()))
                seen.append((None, state(client, table_id)))
            payload = next_state(socket)
    history = summary_history(client.get(f"/api/tables/{table_id}/replay").json())
    game = ingenium.get_game("legendary-inventors")
    names = {inv.slug: inv.name for inv in _inventions()}
    for seat, payload in seen:
        local = game.replay(2, None, None, history[:payload["seq"]])
        decks = [*local.table.deck1, *local.table.deck2, *local.table.deck3]
        hidden = {names[s] for s in (_inventions()[i].slug for i in decks)}
        hidden |= {f'"{_inventions()[i].slug}"' for i in decks}
        check_payload(payload, local, seat, hidden, ('"deck1"', '"bag1"', '"pending"'))


def _inventions() -> Any:
    from ingenium.games.legendary_inventors.components import components

    return components().inventions


def test_inventions_private_goals_reach_only_their_owner(server: LiveServer,
                                                         client: httpx.Client) -> None:
    """A real game with private cards: three humans, the first 40 moves, every payload."""
    from ingenium.games.inventions.components import catalog

    created = create(client, ["human", "human", "human"], game="inventions")
    table_id, tokens = created["table_id"], tokens_of(created)
    local = mirror(server, table_id, "inventions", 3)
    rng = random.Random(3)

    def goals_of(seat: int) -> set[str]:
        goals = local.table.goals[seat * 3:seat * 3 + 3]
        return {f'"{catalog.GOALS[g].id}"' for g in goals} | {f"Player {seat + 1}'s Private"}

    for _ in range(40):
        for seat in (0, 1, 2, None):
            hidden = set().union(*(goals_of(s) for s in range(3) if s != seat))
            payload = state(client, table_id, tokens[seat] if seat is not None else None)
            check_payload(payload, local, seat, hidden, ('"pending"',))
        decision = local.decision
        assert decision is not None
        option = rng.choice(decision.options)
        answer = client.post(f"/api/tables/{table_id}/moves",
                             json={"token": tokens[decision.seat], "option": option.id})
        assert answer.status_code == 200, answer.text
        local = mirror(server, table_id, "inventions", 3)
