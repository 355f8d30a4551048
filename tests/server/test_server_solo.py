"""Civolution solo over HTTP: the games list offers 1 player with its levels, a solo table is
made and played to the end by its token, a bot-only solo table finishes, a missing or misplaced
level is a one-line 400, and the finished table's replay serves V.I.C.I's area."""

from __future__ import annotations

import httpx
from server_helpers import create, play_to_end, tokens_of, wait_finished

GAME = "civolution"
LEVELS = ["beginner", "moderate", "medium", "advanced", "expert"]


def test_the_games_list_offers_one_player_with_a_level(client: httpx.Client) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    counts = games[GAME]["player_counts"]
    assert counts["1"]["standard"] is False
    assert set(counts["1"]["variants"]) == {*LEVELS, *(f"{v}+extra-tough" for v in LEVELS)}
    assert counts["2"]["standard"] is True and "first-play" in counts["2"]["variants"]
    assert "beginner" not in counts["2"]["variants"]


def test_a_solo_table_is_played_to_the_end_over_http(client: httpx.Client) -> None:
    created = create(client, ["human"], GAME, variant="beginner+extra-tough")
    table_id = created["table_id"]
    first = client.get(f"/api/tables/{table_id}").json()
    assert first["players"] == 1 and first["view"]["table"]["vici"]["extra_tough"] is True
    final = play_to_end(client, table_id, tokens_of(created), seed=4)
    assert final["status"] == "finished" and final["winners"] in ([0], [])
    vici = final["view"]["table"]["vici"]
    assert vici["name"] == "V.I.C.I" and vici["score"] > 0
    assert len(final["scores"]) == 1
    texts = [e["text"] for e in final["events"]]
    assert any(t.startswith("V.I.C.I, action card") for t in texts)
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert replay["winners"] == final["winners"] and replay["players"] == 1
    last = client.get(f"/api/tables/{table_id}/replay/{replay['steps']}").json()
    assert last["views"][0]["table"]["vici"]["score"] == vici["score"]


def test_a_bot_only_solo_table_finishes(client: httpx.Client) -> None:
    created = create(client, ["random"], GAME, variant="expert")
    final = wait_finished(client, created["table_id"])
    assert final["winners"] in ([0], []) and final["view"]["table"]["vici"]["level"] == "expert"


def test_a_missing_or_misplaced_level_is_one_line(client: httpx.Client) -> None:
    for body, needle in (({"players": 1, "seats": ["human"]}, "needs a difficulty level"),
                         ({"players": 2, "seats": ["human", "random"], "variant": "expert"},
                          "solo difficulty level")):
        answer = client.post("/api/tables", json={"game": GAME, **body})
        assert answer.status_code == 400, answer.text
        message = answer.json()["detail"]
        assert needle in message and "\n" not in message
