"""Table chat in the browser: hostile input is shown as the text it is,
never run or drawn; spectators read the chat without a way to write in it; a message being
typed survives the table's redraws."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> **bold**'


def test_chat_with_hostile_input(page: Any, browser: Any, web_server: LiveServer) -> None:
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "legendary-inventors", "players": 2, "seats": ["human", "human"]}).json()
    table_id = created["table_id"]
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".chat-input")
    page.fill(".chat-input", HOSTILE)
    page.press(".chat-input", "Enter")
    page.wait_for_selector(".chat-line")
    said = httpx.post(f"{web_server.url}/api/tables/{table_id}/chat", json={
        "token": created["seats"][1]["token"], "text": '"><svg onload="window.__pwned=3">'})
    assert said.status_code == 201
    page.wait_for_function("document.querySelectorAll('.chat-line').length === 2", timeout=10_000)
    lines = page.eval_on_selector_all(".chat-line", "els => els.map(e => e.textContent)")
    assert lines == [f"Player 1: {HOSTILE}", 'Player 2: "><svg onload="window.__pwned=3">']
    assert page.query_selector_all(".chat img, .chat script, .chat svg") == []
    assert page.evaluate("window.__pwned") is None
    assert page.get_attribute(".chat-input", "maxlength") == "300"
    shot(page, "chat-hostile-input")

    watcher = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        tab = watcher.new_page()
        tab.goto(f"{web_server.url}/#/table/{table_id}")
        tab.wait_for_function("document.querySelectorAll('.chat-line').length === 2",
                              timeout=10_000)
        assert tab.query_selector(".chat-input") is None
        assert "Spectators read the chat" in tab.inner_text(".chat")
        assert tab.evaluate("window.__pwned") is None
    finally:
        watcher.close()


def test_a_message_being_typed_keeps_the_focus_when_the_other_seat_moves(
        page: Any, web_server: LiveServer) -> None:
    """The table redraws on every move; the chat's input is kept across redraws, and so are
    its focus and caret (a message typed while the other seat moves is not cut)."""
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "legendary-inventors", "players": 2, "seats": ["human", "human"]}).json()
    table_id, mover = created["table_id"], created["seats"][0]["token"]
    page.goto(created["seats"][1]["url"])
    page.wait_for_selector("#table .board")
    page.click(".chat-input")
    page.keyboard.type("half a ")
    seq = page.get_attribute("#table", "data-seq")
    with httpx.Client(base_url=web_server.url, timeout=30) as client:
        view = client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": mover}).json()
        moved = client.post(f"/api/tables/{table_id}/moves", json={
            "token": mover, "option": view["view"]["decision"]["options"][0]["id"],
            "expected_seq": view["seq"]})
        assert moved.status_code == 200, moved.text
    page.wait_for_function(f"document.querySelector('#table').dataset.seq !== '{seq}'",
                           timeout=15_000)
    assert page.evaluate("document.activeElement.className") == "chat-input"
    page.keyboard.type("sentence")
    page.keyboard.press("Enter")
    page.wait_for_selector(".chat-line:has-text('half a sentence')", timeout=10_000)
    assert page.input_value(".chat-input") == ""
