"""The HTTP API against a real server on loopback: games, lobby, whole games, refusals."""

from __future__ import annotations

import concurrent.futures
import time

import httpx
import pytest
from server_helpers import (
    create,
    play_to_end,
    state,
    summary_history,
    tokens_of,
    wait_finished,
)

import ingenium
from ingenium.server.testing import LiveServer

GAME = "legendary-inventors"


def test_bot_strength_lists_the_measured_figures(client: httpx.Client) -> None:
    from ingenium.bots.strength import load

    assert client.get("/api/bots/strength").json() == [row.to_dict() for row in load()]


def test_games_bots_and_openapi(client: httpx.Client) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games[GAME]["title"] == "Legendary Inventors"
    assert games[GAME]["min_players"] == 2
    assert "greedy" in client.get("/api/bots").json()
    schema = client.get("/openapi.json").json()
    for path in ("/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/moves",
                 "/api/tables/{table_id}/undo", "/api/games"):
        assert path in schema["paths"], path


def test_lobby_page_is_served(client: httpx.Client) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="app.js">' in page.text
    for asset in ("app.js", "api.js", "style.css", "boards/legendary-inventors.js"):
        assert client.get(f"/{asset}").status_code == 200, asset


def test_create_gives_each_human_seat_a_token_and_link(client: httpx.Client) -> None:
    created = create(client, ["human", "greedy", "human"])
    seats = created["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "human"]
    assert seats[1]["bot"] == "greedy" and seats[1]["token"] is None
    assert seats[0]["token"] != seats[2]["token"]
    assert seats[0]["url"].endswith(f"#/table/{created['table_id']}?token={seats[0]['token']}")
    lobby = client.get("/api/tables").json()
    entry = next(t for t in lobby if t["table_id"] == created["table_id"])
    assert entry["status"] == "open" and "token" not in str(entry)


@pytest.mark.parametrize(("body", "needle"), [
    ({"game": "chess", "players": 2, "seats": ["human", "human"]}, "unknown game"),
    ({"game": GAME, "players": 9, "seats": ["human"] * 9}, "2-5 players"),
    ({"game": GAME, "players": 3, "seats": ["human", "human"]}, "3 seats"),
    ({"game": GAME, "players": 2, "seats": ["human", "grandmaster"]}, "unknown bot"),
    ({"game": GAME, "players": 2, "seats": ["human", "human"], "variant": "x"}, "variant"),
    ({"game": GAME, "players": 3, "seats": ["human", "greedy:learned=1", "greedy"]},
     "no learned evaluation is shipped for legendary-inventors with 3 players"),
])
def test_create_refusals(client: httpx.Client, body: dict[str, object], needle: str) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert needle in answer.json()["detail"]


def test_play_a_whole_game_over_http(client: httpx.Client) -> None:
    created = create(client, ["human", "random", "greedy"])
    table_id, tokens = created["table_id"], tokens_of(created)
    final = play_to_end(client, table_id, tokens, seed=3)
    assert final["status"] == "finished" and final["view"]["terminal"]
    assert sorted(final["ranking"]) == [0, 1, 2]
    assert final["can_undo"] is False
    summary = client.get(f"/api/tables/{table_id}/replay").json()
    replayed = ingenium.get_game(GAME).replay(3, None, None, summary_history(summary))
    assert replayed.is_terminal and replayed.scores() == final["scores"] == summary["scores"]
    lobby = client.get("/api/tables", params={"include_finished": "true"}).json()
    assert any(t["table_id"] == table_id and t["status"] == "finished" for t in lobby)
    assert all(t["table_id"] != table_id for t in client.get("/api/tables").json())


def test_all_bot_table_plays_itself(client: httpx.Client) -> None:
    created = create(client, ["random", "greedy"])
    final = wait_finished(client, created["table_id"])
    assert final["seat"] is None and final["ranking"] is not None


def test_refusals_change_nothing(client: httpx.Client) -> None:
    created = create(client, ["human", "human"])
    table_id, tokens = created["table_id"], tokens_of(created)
    moves = f"/api/tables/{table_id}/moves"
    before = state(client, table_id)
    offered = state(client, table_id, tokens[0])["view"]["decision"]["options"][0]["id"]
    refusals = [
        (client.post(moves, content=b'{"token": ', headers={"content-type": "application/json"}),
         400, "not valid JSON"),
        (client.post(moves, json={"token": "forged", "option": offered}), 403, "no seat"),
        (client.post("/api/tables/nosuchtable/moves",
                     json={"token": tokens[0], "option": offered}), 404, "no table"),
        (client.post(moves, json={"token": tokens[0], "option": "fly:to=moon"}), 400,
         "illegal move"),
        (client.post(moves, json={"token": tokens[0], "option": 10**6}), 400, "illegal move"),
        (client.post(moves, json={"token": tokens[1], "option": offered}), 409, "not your turn"),
        (client.post(moves, json={"token": tokens[0], "option": offered, "expected_seq": 5}),
         409, "stale"),
        (client.post(moves, content=b"x" * 70_000, headers={"content-type": "application/json"}),
         413, "larger than"),
        (client.post(moves, json={"token": tokens[0]}), 422, "option"),
        (client.post(moves, json={"token": tokens[0], "option": [1]}), 422, "option"),
        (client.post(f"/api/tables/{table_id}/undo",
                     json={"token": tokens[0], "expected_seq": before["seq"]}), 409,
         "nothing to undo"),
        (client.get(f"/api/tables/{table_id}", params={"token": "forged"}), 403, "no seat"),
        (client.get("/api/tables/../../etc"), 404, ""),
        (client.get(f"/api/tables/{table_id}/replay"), 409, "not over"),
    ]
    for answer, status, needle in refusals:
        assert answer.status_code == status, (answer.request.url, answer.text)
        assert needle in str(answer.json().get("detail")), answer.text
    assert state(client, table_id) == before


def test_concurrent_identical_moves_commit_once(client: httpx.Client) -> None:
    created = create(client, ["human", "human"])
    table_id, token = created["table_id"], tokens_of(created)[0]
    seen = state(client, table_id, token)
    option, start = seen["view"]["decision"]["options"][0]["id"], seen["seq"]
    assert start > 0  # the setup's chance outcomes are the first moves

    def attempt(_: int) -> int:
        with httpx.Client(base_url=str(client.base_url), timeout=15) as own:
            return own.post(f"/api/tables/{table_id}/moves", json={
                "token": token, "option": option, "expected_seq": start}).status_code

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(attempt, range(8)))
    assert codes.count(200) == 1 and codes.count(409) == 7
    assert state(client, table_id)["seq"] == start + 1


def test_undo_own_moves_until_another_seat_acts(client: httpx.Client) -> None:
    created = create(client, ["human", "human"])
    table_id, tokens = created["table_id"], tokens_of(created)
    seen = state(client, table_id, tokens[0])
    use = next(o["id"] for o in seen["view"]["decision"]["options"] if o["id"].startswith("use:"))
    moved = client.post(f"/api/tables/{table_id}/moves",
                        json={"token": tokens[0], "option": use}).json()
    assert moved["seq"] == seen["seq"] + 1 and moved["can_undo"]
    assert state(client, table_id, tokens[1])["can_undo"] is False
    refused = client.post(f"/api/tables/{table_id}/undo",
                          json={"token": tokens[1], "expected_seq": moved["seq"]})
    assert refused.status_code == 409
    undone = client.post(f"/api/tables/{table_id}/undo",
                         json={"token": tokens[0], "expected_seq": moved["seq"]})
    assert undone.status_code == 200 and undone.json()["seq"] == seen["seq"]
    assert undone.json()["view"] == seen["view"]
    # a full turn: use an inventor, then work on an invention; then the other seat acts
    for _ in range(2):
        seen = state(client, table_id, tokens[0])
        option = seen["view"]["decision"]["options"][-1]["id"]
        client.post(f"/api/tables/{table_id}/moves", json={"token": tokens[0], "option": option})
    seen = state(client, table_id, tokens[1])
    assert seen["your_turn"]
    option = seen["view"]["decision"]["options"][0]["id"]
    client.post(f"/api/tables/{table_id}/moves", json={"token": tokens[1], "option": option})
    assert state(client, table_id, tokens[1])["can_undo"] is True
    assert client.post(f"/api/tables/{table_id}/undo", json={
        "token": tokens[0], "expected_seq": state(client, table_id)["seq"]}).status_code == 409


def test_identical_undos_take_back_one_move(client: httpx.Client) -> None:
    """An undo names the move count it expects: sent twice (a retry, a double click), the
    second finds the table moved on and is refused; an undo without it is refused too."""
    created = create(client, ["human", "human"])
    table_id, tokens = created["table_id"], tokens_of(created)
    seen = state(client, table_id, tokens[0])
    use = next(o["id"] for o in seen["view"]["decision"]["options"] if o["id"].startswith("use:"))
    client.post(f"/api/tables/{table_id}/moves", json={"token": tokens[0], "option": use})
    after_one = state(client, table_id, tokens[0])
    option = after_one["view"]["decision"]["options"][0]["id"]
    client.post(f"/api/tables/{table_id}/moves", json={"token": tokens[0], "option": option})
    after_two = state(client, table_id, tokens[0])
    if not after_two["can_undo"] or after_two["seq"] != after_one["seq"] + 1:
        pytest.skip("the second move revealed information")
    body = {"token": tokens[0], "expected_seq": after_two["seq"]}

    def attempt(_: int) -> int:
        with httpx.Client(base_url=str(client.base_url), timeout=15) as own:
            return own.post(f"/api/tables/{table_id}/undo", json=body).status_code

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        codes = sorted(pool.map(attempt, range(2)))
    assert codes == [200, 409]
    assert state(client, table_id)["seq"] == after_one["seq"]
    unsure = client.post(f"/api/tables/{table_id}/undo", json={"token": tokens[0]})
    assert unsure.status_code == 422 and "expected_seq" in unsure.text
    assert state(client, table_id)["seq"] == after_one["seq"]


def test_tokens_stay_out_of_the_access_log(server: LiveServer, client: httpx.Client) -> None:
    created = create(client, ["human", "human"])
    token = tokens_of(created)[0]
    assert state(client, created["table_id"], token)["seat"] == 0
    assert server.log_path is not None
    deadline = time.monotonic() + 5
    while "token=***" not in server.log_path.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    log = server.log_path.read_text()
    assert "token=***" in log and token not in log


def test_openapi_documents_every_refusal_and_the_422_body(client: httpx.Client) -> None:
    schema = client.get("/openapi.json").json()
    moves = schema["paths"]["/api/tables/{table_id}/moves"]["post"]["responses"]
    for status in ("400", "403", "404", "409", "413", "422", "429"):
        assert status in moves, status
    body = moves["422"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    assert set(schema["components"]["schemas"][body]["properties"]) == {"detail", "errors"}
    answer = client.post("/api/tables", json={"game": GAME, "players": "three", "seats": []})
    assert answer.status_code == 422
    refusal = answer.json()
    assert isinstance(refusal["detail"], str) and refusal["detail"].startswith("invalid request")
    assert all(set(e) == {"loc", "msg"} for e in refusal["errors"])
    assert client.delete("/api/tables").status_code == 405
    assert client.delete("/api/tables").headers["Allow"] == "GET, HEAD, POST"
    assert client.get("/api/nothing/here").status_code == 404
