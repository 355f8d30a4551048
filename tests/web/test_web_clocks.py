"""Turn clocks in the browser: a clock chosen in the lobby shows in the
table's clock panel; a seat whose few seconds run out is taken by a bot, and the page says so
in its log, its chat and its seat list; leaving hands the seat to a bot too."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
TURN = '#table[data-your-turn="true"] button.option:not([disabled])'


def test_clock_runs_out_and_a_bot_takes_the_seat(page: Any, web_server: LiveServer) -> None:
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "legendary-inventors", "players": 2, "seats": ["human", "random"]}).json()
    table_id, token = created["table_id"], created["seats"][0]["token"]
    clock = httpx.post(f"{web_server.url}/api/tables/{table_id}/clock",
                       json={"token": token, "mode": "turn", "seconds": 4})
    assert clock.status_code == 201, clock.text
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".clocks tr.running td.clock")
    assert "per turn" in page.inner_text(".clocks h3")
    assert page.inner_text('.clocks tr.running td.clock[data-seat="0"]').startswith("0:0")
    # shown once: not again in the scores panel, and no glyph a font may lack
    assert page.query_selector(".scores .seat-clock") is None
    assert "⏱" not in page.inner_text("#table")
    shot(page, "clock-running")
    page.wait_for_function(
        "document.querySelector('.log').innerText.includes('Player 1 ran out of time')",
        timeout=20_000)
    assert "Table: Player 1 ran out of time: a bot plays the seat" in page.inner_text(
        ".chat")
    page.wait_for_function(  # the seat keeps its name; its row says a bot plays it now
        "document.querySelector('.scores tr').innerText.includes('Player 1 (you) (bot)')")
    page.wait_for_selector("#end-screen", timeout=120_000)  # the bots finish the game
    shot(page, "clock-bot-took-the-seat")


def test_lobby_clock_and_leaving(page: Any, web_server: LiveServer) -> None:
    page.goto(web_server.url + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "legendary-inventors")
    page.select_option("#players", "2")
    page.select_option('select[data-seat="1"]', "random")
    page.select_option("#clock", "realtime:300:10")
    page.click("#create")
    page.click('a.play-seat[data-seat="0"]')
    page.wait_for_selector(".clocks tr.running")
    assert "Real time" in page.inner_text(".clocks h3") or "real time" in page.inner_text(
        ".clocks h3")
    assert page.inner_text(".clocks tr.running td.clock").startswith("4:5") or \
        page.inner_text(".clocks tr.running td.clock") == "5:00"
    table_id = page.get_attribute("#table", "data-table")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button.leave")
    page.wait_for_selector("#create")
    seats = httpx.get(f"{web_server.url}/api/tables/{table_id}").json()["seats"]
    assert seats[0]["kind"] == "bot"
