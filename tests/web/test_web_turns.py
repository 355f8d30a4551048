"""Seeing what happened and knowing it is your turn: the latest
move outlined on the board and marked in the log, the tab title at your turn, the opt-in
sound and notification, and the lobby's player to move and last activity."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
TURN = '#table[data-your-turn="true"] button.option:not([disabled])'
# a browser notification that records what it was asked to show, and a tab in the background
FAKE_NOTIFICATIONS = """
window.__notes = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__notes.push(title + ": " + (options.body || "")); }
};
Object.defineProperty(document, "hidden", { get: () => true });
"""


def test_last_move_is_outlined_and_logged(page: Any, web_server: LiveServer) -> None:
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "legendary-inventors", "players": 3, "seats": ["human", "random", "random"]}).json()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(TURN)
    for choice in ("use:", "invent:"):  # an inventor, then the invention it works on
        seq = page.get_attribute("#table", "data-seq")
        page.click(f'#table .board .clickable[data-option^="{choice}"] >> nth=0')
        page.wait_for_function(f"document.querySelector('#table').dataset.seq !== '{seq}'")
    page.wait_for_selector("#table .board .last-move", state="attached")
    page.wait_for_selector("#table .log li.fresh")
    fresh = page.eval_on_selector_all("#table .log li.fresh", "els => els.map(e => e.textContent)")
    assert fresh, "no log line is marked as new"
    outlined = page.eval_on_selector_all(
        "#table .board .last-move",
        "els => els.map(e => e.dataset.invention || e.dataset.inventor || e.tagName)")
    assert outlined
    shot(page, "last-move-highlight")


def test_inventions_move_outlines_its_region(page: Any, web_server: LiveServer) -> None:
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "inventions", "players": 3, "seats": ["human", "random", "random"]}).json()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(TURN)
    region = page.get_attribute('#table .inv-region.clickable >> nth=0', "data-region")
    seq = page.get_attribute("#table", "data-seq")
    page.click(f'#table .inv-region.clickable[data-region="{region}"]')
    page.wait_for_function(f"document.querySelector('#table').dataset.seq !== '{seq}'")
    page.wait_for_selector("#table .inv-board .last-move", state="attached")
    shot(page, "inventions-last-move")


def test_your_turn_title_notification_and_lobby(page: Any, web_server: LiveServer) -> None:
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "legendary-inventors", "players": 2, "seats": ["human", "human"]}).json()
    table_id = created["table_id"]
    first, second = (seat["token"] for seat in created["seats"])
    page.add_init_script(FAKE_NOTIFICATIONS)
    page.goto(created["seats"][1]["url"])
    page.wait_for_selector("#table[data-seq]:not([data-seq='-1'])")
    assert not page.title().startswith("● Your turn")
    page.check("input.notify-switch")
    assert page.evaluate("localStorage.getItem('ingenium.notify')") == "on"
    # Player 1 plays from elsewhere until it is Player 2's turn
    while True:
        table = httpx.get(f"{web_server.url}/api/tables/{table_id}",
                          headers={"X-Seat-Token": first}).json()
        if table["to_move"] == 1:
            break
        option = table["view"]["decision"]["options"][0]["id"]
        answer = httpx.post(f"{web_server.url}/api/tables/{table_id}/moves", json={
            "token": first, "option": option, "expected_seq": table["seq"]})
        assert answer.status_code == 200, answer.text
    page.wait_for_function("document.title === '● Your turn — Legendary Inventors'")
    page.wait_for_function("window.__notes.length === 1")
    assert page.evaluate("window.__notes[0]").startswith("Your turn: Legendary Inventors")
    shot(page, "your-turn-title")
    assert second

    page.goto(web_server.url + "/")
    row = f'.tables tr[data-table="{table_id}"]'
    page.wait_for_selector(row)
    text = page.inner_text(row)
    assert "Player 2 to move" in text and "just now" in text
    assert page.query_selector(f"{row} .seat-dot.to-move") is not None
    assert page.title() == "Ingenium"
    shot(page, "lobby-to-move")


def test_a_civolution_procreation_names_its_encampment_and_outlines_it(
        page: Any, web_server: LiveServer) -> None:
    """Procreate's log line names the encampment, and the map outlines it (its event once
    carried a place code only: "Player 1 procreates", nothing outlined)."""
    api = f"{web_server.url}/api/tables"
    created = httpx.post(api, json={"game": "civolution", "players": 2,
                                    "seats": ["human", "human"]}).json()
    table_id, tokens = created["table_id"], [s["token"] for s in created["seats"]]
    page.goto(created["seats"][0]["url"].split("?")[0])  # watching: every update arrives
    page.wait_for_selector("#table .civ-board")
    for _ in range(200):  # straight to a procreation: the Procreation module, its territory
        seat = httpx.get(f"{api}/{table_id}", params={"token": tokens[0]}).json()["to_move"]
        options = httpx.get(f"{api}/{table_id}", params={"token": tokens[seat]}).json()[
            "view"]["decision"]["options"]
        born = [o for o in options if o["label"].startswith("New tribe on encampment")]
        chosen = born or [o for o in options if o["id"] == "module:procreation"
                          or o["label"].startswith("Procreate in")] or options
        reply = httpx.post(f"{api}/{table_id}/moves",
                           json={"token": tokens[seat], "option": chosen[0]["id"]})
        assert reply.status_code == 200, reply.text
        if born:
            break
    assert born, "no procreation came up"
    camp = born[0]["id"].removeprefix("encampment:")
    place = born[0]["label"].removeprefix("New tribe on ")
    page.wait_for_selector(f'#table .log li.fresh:has-text("procreates: a new tribe on {place}")')
    page.wait_for_selector(f'#table .civ-camp.last-move[data-encampment="{camp}"]',
                           state="attached")
    shot(page, "civolution-procreation-highlight")
