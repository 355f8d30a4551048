"""One move count: the lobby's row and the table's top bar say the same "move N" (the answers
given, chance draws not counted), where they once disagreed (339 against "move 210")."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser


def test_the_lobby_and_the_table_show_the_same_move_count(page: Any,
                                                         web_server: LiveServer) -> None:
    api = f"{web_server.url}/api/tables"
    created = httpx.post(api, json={"game": "civolution", "players": 2,
                                    "seats": ["human", "human"]}).json()
    table_id = created["table_id"]
    tokens = [seat["token"] for seat in created["seats"]]
    for _ in range(12):  # both humans answer; the dice rolls between are chance entries
        state = httpx.get(f"{api}/{table_id}", params={"token": tokens[0]}).json()
        seat = state["to_move"]
        option = state["view"]["decision"]["options"][0]["id"] if seat == 0 else None
        if seat != 0:
            mine = httpx.get(f"{api}/{table_id}", params={"token": tokens[seat]}).json()
            option = mine["view"]["decision"]["options"][0]["id"]
        reply = httpx.post(f"{api}/{table_id}/moves", json={"token": tokens[seat],
                                                             "option": option})
        assert reply.status_code == 200, reply.text
    payload = httpx.get(f"{api}/{table_id}", params={"token": tokens[0]}).json()
    assert payload["seq"] > payload["moves"] == 12  # chance is in seq, not in the count
    page.goto(created["seats"][payload["to_move"]]["url"])  # the seat asked: its options show
    page.wait_for_selector('#table[data-your-turn="true"] .move-count')
    top_bar = page.text_content("#table .table-top") or ""
    on_table = re.search(r"move (\d+)", page.text_content("#table .move-count") or "")
    assert table_id not in top_bar  # a user sees names, never the table's internal id
    shot(page, "civolution-table-move-count")  # its question's options say what they do
    page.goto(web_server.url + "/")
    row = f'tr[data-table="{table_id}"] .move-count'
    page.wait_for_selector(row)
    in_lobby = re.fullmatch(r"move (\d+)", page.text_content(row) or "")
    assert on_table and in_lobby
    assert on_table.group(1) == in_lobby.group(1) == str(payload["moves"])
    shot(page, "lobby-move-count")
