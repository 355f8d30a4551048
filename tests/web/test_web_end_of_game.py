"""A whole game of each game in Chromium, on a desktop (1366x800) and a phone (390x844), issue
24: no text shown at any point names an internal id; the end screen breaks the final score
down by the rulebook's categories for every seat (a table and bars), says how ties were broken
and shows the game's statistics, also at the replay's last position; on a phone, tapping a
card, chip or module shows its text in the one popup, which a tap elsewhere closes.

The watched seat's moves go through the API (random offered options) so that a whole game
stays quick; its desktop page stays open on the table and is read at every one of its moves
(one call into the page, when it shows that move's question); the phone page is read at the
start and at the end."""

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


def leaks(page: Any, seq: int | None = None) -> list[str]:
    """The internal ids in the page's text as shown; with `seq`, once the page shows that
    move's question (one call into the page: it waits, then reads)."""
    if seq is None:
        return sorted(set(INTERNAL_ID.findall(page.evaluate(SHOWN_TEXT))))
    ready = f"""document.querySelector('#table[data-seq="{seq}"] .board > *')"""
    text = page.wait_for_function(f"({ready}) && ({SHOWN_TEXT})()", timeout=15_000)
    return sorted(set(INTERNAL_ID.findall(text.json_value())))


def play_watching(pages: list[Any], url: str, table_id: str, token: str, seat_url: str,
                  seed: int) -> tuple[int, int]:
    """Play the seat to the end through the API with its pages open (they follow the table
    over their websockets, never reloaded); at every one of its moves read each page once
    (its text as shown, when it asks that move's question) and fail on any internal id.
    Returns the moves played and the readings of each page; the pages are left on the
    finished table."""
    rng = random.Random(seed)
    headers = {"X-Seat-Token": token}
    moves = read = 0
    for page in pages:
        page.evaluate("localStorage.setItem('ingenium.autoplay', 'off')")  # the API plays them
        page.goto(seat_url)
    with httpx.Client(base_url=url, timeout=30) as client:
        view = client.get(f"/api/tables/{table_id}", headers=headers).json()
        for _ in range(40_000):
            if view["status"] == "finished":
                for page in pages:
                    page.wait_for_selector("#end-screen", timeout=30_000)
                return moves, read
            if not view["your_turn"]:
                time.sleep(0.02)
                view = client.get(f"/api/tables/{table_id}", headers=headers).json()
                continue
            for page in pages:  # the question and its options, as shown
                found = leaks(page, view["seq"])
                assert not found, f"internal ids on screen at move {view['seq']}: {found}"
            read += 1
            option = rng.choice(view["view"]["decision"]["options"])["id"]
            answer = client.post(f"/api/tables/{table_id}/moves", json={
                "token": token, "option": option, "expected_seq": view["seq"]})
            if answer.status_code == 429:
                time.sleep(float(answer.headers.get("Retry-After", "0.3")))
                continue
            assert answer.status_code in (200, 409), answer.text
            moves += answer.status_code == 200
            # the answer is the seat's new view (its log since the move): still its turn, or not
            view = answer.json() if answer.status_code == 200 else client.get(
                f"/api/tables/{table_id}", headers=headers).json()
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


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_shows_no_internal_id_and_ends_with_the_scoring_by_category(
        browser: Any, web_server: LiveServer, game: str) -> None:
    """One game per game: its seat followed on a desktop, read at every move; the same seat
    on a phone at the start (the tap popup) and at the end (the report), so that Chromium
    redraws one page per move, not two."""
    seats, tap_target = GAMES[game]
    desktop, phone = open_page(browser, DESKTOP), open_page(browser, PHONE)
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": game, "players": len(seats), "seats": seats}).json()
    table_id, token = str(created["table_id"]), created["seats"][0]["token"]
    seat_url = created["seats"][0]["url"]
    for page in (desktop, phone):
        page.goto(seat_url)
        page.wait_for_selector("#table .board > *")
    assert not leaks(phone), leaks(phone)
    check_tap_popup(phone, tap_target)
    phone.goto("about:blank")  # away while the game is played
    # a resting mouse shows the popup only while it stays there; Escape closes it
    desktop.hover(f"{tap_target} >> nth=0")
    desktop.wait_for_selector("#inspector:not([hidden])", timeout=5_000)
    desktop.keyboard.press("Escape")
    desktop.wait_for_selector("#inspector", state="hidden", timeout=5_000)
    moves, read = play_watching([desktop], web_server.url, table_id, token, seat_url,
                                seed=len(game))
    assert moves > 5 and read >= moves, (moves, read)
    phone.goto(seat_url)
    for page, device in ((desktop, "desktop"), (phone, "phone")):
        check_end_report(page, len(seats))
        assert not leaks(page), leaks(page)
        shot(page, f"end-{game}-{device}", full_page=device == "desktop")
    # the replay's last position shows the same report
    desktop.goto(f"{web_server.url}/#/replay/{table_id}?step=100000")
    desktop.wait_for_selector("#replay #end-report .score-parts")
    assert not leaks(desktop), leaks(desktop)
    for page in (desktop, phone):
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
    # a point of the map that nothing covers (the docked question lies over its lower part)
    x, y = page.evaluate("""(sel) => {
      const box = document.querySelector(sel).getBoundingClientRect();
      const x = box.left + box.width / 2;
      for (let y = Math.max(box.top, 0) + 20; y < Math.min(box.bottom, innerHeight); y += 10) {
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest(sel) && !hit.closest('.pz-controls, button')) return [x, y];
      }
      return [x, box.top + box.height / 2];
    }""", frame)
    for _ in range(2):  # a second drag only if a redraw of the board raced the first
        page.mouse.move(x, y)  # a drag pans (a mouse drag stands in for a finger here)
        page.mouse.down()
        page.mouse.move(x - 80, y - 40, steps=6)
        page.mouse.up()
        if page.get_attribute(".civ-map", "viewBox") != before:
            break
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
