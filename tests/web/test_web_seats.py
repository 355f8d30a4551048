"""Seats that belong to their player: an invitee's browser remembers the
seat and finds the table again in the lobby; the creator's browser keeps only its own seat; a
hotseat table keeps every human seat and passes the device between them, hiding the board."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
TURN = '#table[data-your-turn="true"] button.option:not([disabled])'


def create_in_lobby(page: Any, server: LiveServer, hotseat: bool) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "legendary-inventors")
    page.select_option("#players", "2")
    assert not page.is_visible("#hotseat")  # one human, one bot: no hotseat to offer
    page.select_option('select[data-seat="1"]', "human")
    assert page.is_visible("#hotseat")
    if hotseat:
        page.check("#hotseat")
    page.click("#create")


def held_seats(page: Any) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = json.loads(
        page.evaluate("localStorage.getItem('ingenium.seats') || '[]'"))
    return seats


def test_invitee_finds_the_table_in_the_lobby(page: Any, browser: Any,
                                              web_server: LiveServer) -> None:
    create_in_lobby(page, web_server, hotseat=False)
    page.wait_for_selector('input.invite[data-seat="1"]')
    invite = page.input_value('input.invite[data-seat="1"]')
    table_id = invite.split("#/table/")[1].split("?")[0]
    mine = [s for s in held_seats(page) if s["tableId"] == table_id]
    assert [s["seat"] for s in mine] == [0], "the creator's browser keeps only its own seat"

    friend = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        tab = friend.new_page()
        tab.goto(invite)
        tab.wait_for_selector("#table[data-seq]:not([data-seq='-1'])")
        assert "you are Player 2" in tab.inner_text(".table-top")
        tab.goto(web_server.url + "/")  # the invitee comes back later, without the link
        entry = f'.mine li[data-table="{table_id}"] a'
        tab.wait_for_selector(entry)
        assert "Player 2" in tab.inner_text(entry)
        shot(tab, "invitee-your-tables")
        tab.click(entry)
        tab.wait_for_selector("#table[data-seq]:not([data-seq='-1'])")
        assert "you are Player 2" in tab.inner_text(".table-top")
    finally:
        friend.close()


def test_hotseat_passes_the_device(page: Any, web_server: LiveServer) -> None:
    create_in_lobby(page, web_server, hotseat=True)
    page.wait_for_selector("a.play-hotseat")
    page.click("a.play-hotseat")
    clicks = 0
    while not page.query_selector("#table[data-handover]"):
        page.wait_for_selector(f"{TURN}, #table[data-handover]", timeout=15_000)
        if page.query_selector("#table[data-handover]"):
            break
        seq = page.get_attribute("#table", "data-seq")
        page.click(f"{TURN} >> nth=0")
        clicks += 1
        page.wait_for_function(
            f"document.querySelector('#table').dataset.seq !== '{seq}' || "
            "document.querySelector('#table').dataset.handover !== undefined", timeout=15_000)
        assert clicks < 20
    nxt = page.get_attribute("#table", "data-handover")
    assert page.query_selector("#table .board") is None, "a seat's board shows between turns"
    assert page.query_selector("#table .log") is None
    assert f"Pass the device to Player {int(nxt) + 1}" in page.inner_text("#table")
    shot(page, "hotseat-pass-the-device")
    page.click("a.show-seat")
    page.wait_for_selector(TURN)
    assert f"you are Player {int(nxt) + 1}" in page.inner_text(".table-top")
    held = {s["seat"] for s in held_seats(page) if s.get("hotseat")}
    assert held >= {0, 1}


def test_the_token_leaves_the_address_bar_once_read(page: Any, web_server: LiveServer) -> None:
    """An invitation link's token is read, kept for this tab, and removed from the address
    (and the history entry); the page still plays as the seat, also after a reload."""
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "legendary-inventors", "players": 2, "seats": ["human", "random"]}).json()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(TURN)
    assert "token" not in page.url and created["table_id"] in page.url
    assert "token" not in page.evaluate("location.href + JSON.stringify(history.state)")
    page.reload()
    page.wait_for_selector(TURN)
    assert "token" not in page.url
