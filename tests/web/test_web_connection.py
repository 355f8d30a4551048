"""Forced choices and disconnects: a decision with one option is played
for the human with a note in their log, unless they turned that off; while the server is down
the page shows one "offline" banner, no pile of toasts, options disabled, and it catches up by
itself once the server is back."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
TURN = '#table[data-your-turn="true"] button.option:not([disabled])'


def seq_changes(page: Any, seq: str | None) -> None:
    page.wait_for_function(f"document.querySelector('#table').dataset.seq !== '{seq}'",
                           timeout=15_000)


def play_both_cards(page: Any, server: LiveServer) -> dict[str, Any]:
    """Secret Hands: play the two cards in hand; the third turn can only draw (forced)."""
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "secret-hands", "players": 2, "seats": ["human", "random"]}).json()
    page.goto(created["seats"][0]["url"])
    for _ in range(2):
        page.wait_for_selector(f'{TURN}[data-option^="play:"]')
        seq = page.get_attribute("#table", "data-seq")
        page.click(f'{TURN}[data-option^="play:"] >> nth=0')
        seq_changes(page, seq)
    return created


def test_forced_choice_is_played_with_a_log_line(page: Any, web_server: LiveServer) -> None:
    play_both_cards(page, web_server)
    page.wait_for_selector("#table .log li.note", timeout=15_000)
    assert "Played for you (the only choice): Draw a card" in page.inner_text("#table .log")
    shot(page, "forced-choice-played")


def test_forced_choice_waits_when_turned_off(page: Any, web_server: LiveServer) -> None:
    page.goto(web_server.url + "/")
    page.evaluate("localStorage.setItem('ingenium.autoplay', 'off')")
    play_both_cards(page, web_server)
    page.wait_for_selector(f'{TURN}[data-option="draw"]')
    time.sleep(1.5)  # well past the auto-play delay
    assert len(page.query_selector_all(TURN)) == 1
    assert page.query_selector("#table .log li.note") is None
    assert not page.is_checked("input.autoplay-switch")


def test_a_forced_choice_is_not_played_once_the_page_is_left(page: Any,
                                                            web_server: LiveServer) -> None:
    """Leaving the table within the auto-play delay calls the move off: a page that is gone
    must not play for the seat (it once did, and a page left for the lobby moved the table)."""
    created = play_both_cards(page, web_server)
    page.wait_for_selector("#table .auto-note")  # the forced draw is about to be played
    seq = page.get_attribute("#table", "data-seq")
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector(".lobby")
    time.sleep(1.5)  # well past the auto-play delay
    seat = created["seats"][0]
    view = httpx.get(f"{web_server.url}/api/tables/{created['table_id']}",
                     headers={"X-Seat-Token": seat["token"]}).json()
    assert view["your_turn"] and str(view["seq"]) == seq
    assert [option["id"] for option in view["view"]["decision"]["options"]] == ["draw"]


def test_offline_banner_and_recovery(page: Any, tmp_path: Path) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'offline.sqlite3'}",
                        log_path=tmp_path / "server.log")
    server.start()
    try:
        created = httpx.post(f"{server.url}/api/tables", json={
            "game": "legendary-inventors", "players": 2, "seats": ["human", "human"]}).json()
        page.goto(created["seats"][0]["url"])
        page.wait_for_selector(TURN)
        server.stop()
        page.wait_for_selector(".offline-banner:not([hidden])", timeout=10_000)
        time.sleep(5)  # a few polls fail meanwhile
        assert len(page.query_selector_all(".offline-banner:not([hidden])")) == 1
        assert not page.query_selector_all("#toasts .toast"), "errors piled up as toasts"
        assert not page.query_selector_all(TURN), "options stay clickable while offline"
        assert "Offline — reconnecting" in page.inner_text(".offline-banner")
        shot(page, "offline-banner", full_page=False)
        server.start()
        page.wait_for_selector(".offline-banner", state="hidden", timeout=20_000)
        page.wait_for_selector(TURN, timeout=10_000)
        seq = page.get_attribute("#table", "data-seq")
        page.click(f"{TURN} >> nth=0")
        seq_changes(page, seq)
        table = httpx.get(f"{server.url}/api/tables/{created['table_id']}").json()
        assert page.get_attribute("#table", "data-seq") == str(table["seq"])
        shot(page, "offline-recovered")
    finally:
        server.stop()
