"""Seat names (issue 24): chosen at creation or when joining by link, bots named by level,
shown in the seat payloads, the log, the chat and the replay for every seat; hostile,
overlong or impersonating names refused with a clear 4xx that changes nothing."""

from __future__ import annotations

import httpx
import pytest
from server_helpers import create, play_to_end, state, tokens_of

NAMES = ["Ada", "Bob"]


def names_of(payload: dict[str, object]) -> list[str]:
    seats = payload["seats"]
    assert isinstance(seats, list)
    return [seat["name"] for seat in seats]


def test_names_reach_payloads_log_chat_and_replay_for_every_seat(client: httpx.Client) -> None:
    table = create(client, ["human", "human", "easy"], names=["Ada", None, None])
    tid, tokens = table["table_id"], tokens_of(table)
    assert [s["name"] for s in table["seats"]] == ["Ada", "Player 2", "Easy bot"]
    joined = client.post(f"/api/tables/{tid}/join", json={"token": tokens[1], "name": " Bob "})
    assert joined.status_code == 200, joined.text
    for token in (None, tokens[0], tokens[1]):
        assert names_of(state(client, tid, token)) == ["Ada", "Bob", "Easy bot"]
    for seat, token in tokens.items():
        said = client.post(f"/api/tables/{tid}/chat", json={"token": token, "text": "hi"})
        assert said.json()["name"] == NAMES[seat]
    assert [m["name"] for m in client.get(f"/api/tables/{tid}/chat").json()] == NAMES
    end = play_to_end(client, tid, tokens)
    log = " ".join(event["text"] for event in end["events"])
    for name in ("Ada", "Bob", "Easy bot"):
        assert name in log
    assert "Player 1" not in log and "Player 2" not in log and "Player 3" not in log
    assert "greedy" not in str(names_of(end))
    summary = client.get(f"/api/tables/{tid}/replay").json()
    assert names_of(summary) == ["Ada", "Bob", "Easy bot"]
    step = client.get(f"/api/tables/{tid}/replay/1").json()
    assert "Player 1" not in str(step["events"]) and "Player 1" not in str(step["views"])


def test_two_bots_of_one_level_get_distinct_names(client: httpx.Client) -> None:
    table = create(client, ["human", "medium", "medium"], names=["Cleo", None, None])
    assert [s["name"] for s in table["seats"]] == ["Cleo", "Medium bot", "Medium bot 2"]


@pytest.mark.parametrize(("names", "says"), [
    (["<img src=x onerror=alert(1)>", None], "letters, digits"),
    (["Player 2", None], "could pass for a seat"),
    (["Easy bot", None], "could pass for a seat"),
    (["Ada\u202e", None], "control"),
    (["A" * 25, None], "at most 24"),
    (["   ", None], "empty"),
    (["Ada", "ada"], "another seat's name"),
    (["Ada"], "2 seats need 2 names"),
])
def test_bad_names_at_creation_are_refused(client: httpx.Client, names: list[str | None],
                                           says: str) -> None:
    before = len(client.get("/api/tables", params={"limit": 500}).json())
    answer = client.post("/api/tables", json={"game": "legendary-inventors", "players": 2,
                                              "seats": ["human", "human"], "names": names})
    assert answer.status_code == 400 and says in answer.json()["detail"], answer.text
    assert len(client.get("/api/tables", params={"limit": 500}).json()) == before


def test_a_joining_player_cannot_take_another_seats_name(client: httpx.Client) -> None:
    table = create(client, ["human", "human", "easy"], names=["Ada", None, None])
    tid, tokens = table["table_id"], tokens_of(table)
    for bad, status, says in (("ADA", 400, "another seat's name"),
                              ("Easy Bot", 400, "could pass for a seat"),
                              ("Player 1", 400, "could pass for a seat"),
                              ("<b>x</b>", 400, "letters, digits")):
        answer = client.post(f"/api/tables/{tid}/join", json={"token": tokens[1], "name": bad})
        assert answer.status_code == status and says in answer.json()["detail"], answer.text
    assert names_of(state(client, tid)) == ["Ada", "Player 2", "Easy bot"]
    renamed = client.post(f"/api/tables/{tid}/join", json={"token": tokens[0], "name": "Eve"})
    assert renamed.status_code == 409 and "named 'Ada' already" in renamed.json()["detail"]
    stranger = client.post(f"/api/tables/{tid}/join", json={"token": "nope", "name": "Eve"})
    assert stranger.status_code == 403
