"""Phones and small screens, at 390x844: the lobby fits the width, the
decision and its options stay docked in view at every move of a whole game, boards keep a
readable size (scrolling sideways inside the board, never the page)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
WIDTH, HEIGHT = 390, 844
TURN = '#table[data-your-turn="true"] button.option:not([disabled])'
IN_VIEW = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight + 1
    && r.left >= 0 && r.right <= window.innerWidth + 1;
}"""
PAGE_WIDTH = "document.documentElement.scrollWidth"


def test_lobby_fits_a_phone(phone: Any, web_server: LiveServer) -> None:
    httpx.post(f"{web_server.url}/api/tables", json={
        "game": "inventions", "players": 4, "seats": ["human", "random", "greedy", "random"]})
    phone.goto(web_server.url + "/")
    phone.wait_for_selector("#create")
    phone.wait_for_selector(".tables table.list")
    phone.select_option("#game", "inventions")
    phone.select_option("#players", "4")
    assert phone.evaluate(PAGE_WIDTH) <= WIDTH
    for select in phone.query_selector_all("select >> visible=true"):
        box = select.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH
    for link in phone.query_selector_all(".tables a"):
        box = link.bounding_box()
        assert box is not None and box["x"] + box["width"] <= WIDTH, "a Watch link is cut off"
    shot(phone, "phone-lobby")
    phone.click("#create")
    phone.wait_for_selector("a.play-seat")
    assert phone.evaluate(PAGE_WIDTH) <= WIDTH
    shot(phone, "phone-lobby-created")


def test_whole_game_on_a_phone(phone: Any, web_server: LiveServer) -> None:
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "legendary-inventors", "players": 3, "seats": ["human", "random", "greedy"]}).json()
    phone.goto(created["seats"][0]["url"])
    phone.wait_for_selector(TURN)
    team = phone.query_selector(".li-team")
    assert team is not None and team.bounding_box()["width"] >= 500, "inventor cards too small"
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    shot(phone, "phone-table-start", full_page=False)
    clicks = 0
    while clicks < 400:
        phone.wait_for_selector(f"{TURN}, #end-screen", timeout=20_000)
        if phone.query_selector("#end-screen"):
            break
        assert phone.evaluate(IN_VIEW, ".decision"), "the decision is out of view"
        assert phone.evaluate(IN_VIEW, f"{TURN}"), "the first option is out of view"
        assert phone.evaluate(PAGE_WIDTH) <= WIDTH, "the page is wider than the phone"
        seq = phone.get_attribute("#table", "data-seq")
        phone.tap(f"{TURN} >> nth=0")
        clicks += 1
        phone.wait_for_function(f"document.querySelector('#table').dataset.seq !== '{seq}'",
                                timeout=15_000)
    assert phone.query_selector("#end-screen") and clicks > 20
    assert phone.evaluate(IN_VIEW, "#end-screen"), "the end screen is out of view"
    shot(phone, "phone-table-end", full_page=False)


def test_inventions_board_on_a_phone(phone: Any, web_server: LiveServer) -> None:
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "inventions", "players": 3, "seats": ["human", "random", "random"]}).json()
    phone.goto(created["seats"][0]["url"])
    phone.wait_for_selector(TURN)
    for _ in range(3):
        phone.evaluate("window.scrollBy(0, 900)")
        assert phone.evaluate(IN_VIEW, ".decision")
    hexmap = phone.query_selector(".inv-hexmap")
    assert hexmap is not None and hexmap.bounding_box()["width"] >= 200
    assert phone.evaluate(PAGE_WIDTH) <= WIDTH
    phone.evaluate("window.scrollTo(0, 0)")
    shot(phone, "phone-inventions", full_page=False)
