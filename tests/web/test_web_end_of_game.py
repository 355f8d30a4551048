"""A whole game of each game in Chromium, on a desktop (1366x800) and a phone (390x844), issue
24: no text shown at any point names an internal id; the end screen breaks the final score
down by the rulebook's categories for every seat (a table and bars), says how ties were broken
and shows the game's statistics, also at the replay's last position; on a phone, tapping a
card, chip or module shows its text in the one popup, which a tap elsewhere closes.

The watched seat's moves go through the API (random offered options) so that a whole game
stays quick; the page is opened and read every few of its moves (between readings it is away,
so that Chromium does not redraw the board after every move on the shared CI cores)."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
INTERNAL_ID = re.compile(r"\b[a-z]+\d*_\d+\b")
DESKTOP = {"viewport": {"width": 1366, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SHOWN_TEXT = """() => [document.body.innerText,
  ...[...document.querySelectorAll('svg text')].map((t) => t.textContent)].join('\\n')"""
READ_EVERY = 12  # the watched seat's moves between two readings of the page
GAMES = {  # a game, its seats (the first one watched and played), what to tap on a phone
    "legendary-inventors": (["human", "random", "random"], ".li-card.inspectable"),
    "inventions": (["human", "random"], ".inv-board .inspectable:not(.clickable)"),
    "civolution": (["human", "random"], ".civ-console:not(.you) .civ-module"),
}


def open_page(browser: Any, device: dict[str, Any]) -> Any:
    context = browser.new_context(**device)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def leaks(page: Any) -> list[str]:
    return sorted(set(INTERNAL_ID.findall(page.evaluate(SHOWN_TEXT))))


def play_watching(page: Any, url: str, table_id: str, token: str, seat_url: str,
                  seed: int) -> int:
    """Play the seat to the end through the API; open the seat's page every few moves, read
    it (the question and its options shown) and fail on any internal id. Returns the moves
    played; the page is left on the finished table."""
    rng = random.Random(seed)
    headers = {"X-Seat-Token": token}
    moves = 0
    with httpx.Client(base_url=url, timeout=30) as client:
        for _ in range(40_000):
            view = client.get(f"/api/tables/{table_id}", headers=headers).json()
            if view["status"] == "finished":
                page.goto(seat_url)
                return moves
            if not view["your_turn"]:
                time.sleep(0.02)
                continue
            if moves % READ_EVERY == 0:  # the question and its options, as shown
                page.goto(seat_url)
                page.wait_for_selector(f'#table[data-seq="{view["seq"]}"] .board > *',
                                       timeout=15_000)
                found = leaks(page)
                assert not found, f"internal ids on screen at move {view['seq']}: {found}"
                page.goto("about:blank")
            option = rng.choice(view["view"]["decision"]["options"])["id"]
            answer = client.post(f"/api/tables/{table_id}/moves", json={
                "token": token, "option": option, "expected_seq": view["seq"]})
            if answer.status_code == 429:
                time.sleep(float(answer.headers.get("Retry-After", "0.3")))
                continue
            assert answer.status_code in (200, 409), answer.text
            moves += 1
    raise AssertionError("the game did not end")


def check_end_report(page: Any, players: int) -> None:
    page.wait_for_selector("#end-report")
    heads = page.query_selector_all("#end-report .score-parts thead th[data-column]")
    assert len(heads) == players, "a column per seat"
    rows = page.query_selector_all("#end-report .score-parts tbody tr")
    assert len(rows) >= 4, "the rulebook's categories"
    for row in rows:
        assert len(row.query_selector_all("td")) == players
        assert row.query_selector("th").inner_text().strip()
    totals = [int(td.inner_text()) for td in page.query_selector_all(
        "#end-report .score-parts tfoot td")]
    scores = page.evaluate("""() => [...document.querySelectorAll('#end-screen .final-scores li')]
      .map((li) => [Number(li.dataset.seat), Number(li.querySelector('b').textContent)])""")
    assert all(totals[seat] == score for seat, score in scores), (totals, scores)
    assert len(page.query_selector_all("#end-report .score-bar-row")) == players
    assert page.inner_text("#end-report .tie-break").strip()
    assert page.query_selector_all("#end-report .stats-table tbody tr")


def check_tap_popup(page: Any, target: str) -> None:
    """A tap on a component opens the one popup with its text; a tap elsewhere closes it."""
    element = page.locator(f"{target} >> nth=0")
    element.scroll_into_view_if_needed()
    element.tap()
    page.wait_for_selector("#inspector:not([hidden])", timeout=5_000)
    assert len(page.inner_text("#inspector").strip()) > 3
    page.tap(".table-top h2")
    page.wait_for_selector("#inspector", state="hidden", timeout=5_000)


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_shows_no_internal_id_and_ends_with_the_scoring_by_category(
        browser: Any, web_server: LiveServer, game: str, device: str) -> None:
    seats, tap_target = GAMES[game]
    page = open_page(browser, PHONE if device == "phone" else DESKTOP)
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": game, "players": len(seats), "seats": seats}).json()
    table_id, token = str(created["table_id"]), created["seats"][0]["token"]
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("#table .board > *")
    if device == "phone":
        check_tap_popup(page, tap_target)
    else:  # a resting mouse shows the popup only while it stays there; Escape closes it
        page.hover(f"{tap_target} >> nth=0")
        page.wait_for_selector("#inspector:not([hidden])", timeout=5_000)
        page.keyboard.press("Escape")
        page.wait_for_selector("#inspector", state="hidden", timeout=5_000)
    moves = play_watching(page, web_server.url, table_id, token, created["seats"][0]["url"],
                          seed=len(game))
    assert moves > 5
    check_end_report(page, len(seats))
    assert not leaks(page), leaks(page)
    shot(page, f"end-{game}-{device}", full_page=device == "desktop")
    if device == "desktop":  # the replay's last position shows the same report
        page.goto(f"{web_server.url}/#/replay/{table_id}?step=100000")
        page.wait_for_selector("#replay #end-report .score-parts")
        assert not leaks(page), leaks(page)
    assert not page.errors, page.errors
    page.context.close()


def test_civolution_on_a_phone_pans_zooms_and_folds_the_question(
        browser: Any, web_server: LiveServer) -> None:
    page = open_page(browser, PHONE)
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "civolution", "players": 2, "seats": ["human", "random"]}).json()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector('#table[data-your-turn="true"] .civ-map')
    page.locator(".civ-continent").scroll_into_view_if_needed()
    frame = ".civ-continent .pz-frame"
    page.wait_for_function(f"document.querySelector('{frame}').dataset.zoom !== undefined")
    zoom = float(page.get_attribute(frame, "data-zoom"))
    assert zoom > 1.5, "a phone opens the map zoomed in"
    label = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.civ-tname')]
      .map((t) => t.getBoundingClientRect().height).filter((h) => h > 0))""")
    assert label >= 10, f"territory names {label:.1f} px high"
    page.tap(".pz-in")
    assert float(page.get_attribute(frame, "data-zoom")) > zoom
    page.tap(".pz-fit")
    assert float(page.get_attribute(frame, "data-zoom")) == pytest.approx(1, abs=0.05)
    page.tap(".pz-in")
    before = page.get_attribute(".civ-map", "viewBox")
    box = page.locator(frame).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)  # a drag pans (a mouse drag stands in for a finger here)
    page.mouse.down()
    page.mouse.move(x - 80, y - 40, steps=6)
    page.mouse.up()
    assert page.get_attribute(".civ-map", "viewBox") != before, "a drag moves the map"
    dock = page.locator(".decision.dock")
    tall = dock.bounding_box()["height"]
    page.tap(".decision.dock .dock-handle")
    assert dock.bounding_box()["height"] < min(70, tall), "the question folds"
    assert dock.locator("h3").is_visible(), "folded, it still says what is asked"
    shot(page, "civolution-phone-map", full_page=False)
    page.tap(".decision.dock .dock-handle")
    assert dock.locator("button.option >> nth=0").is_visible()
    assert not page.errors, page.errors
    page.context.close()
