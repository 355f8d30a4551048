"""Replays (and the log's links to them): step by turn as well as by decision,
every hidden card face up on the board (no raw data), scores as a table by seat, nothing
clickable that does nothing; log entries of a finished game open the board at that point; end
screens say how ties are broken."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser


def finished_table(server: LiveServer, game: str, seats: list[str]) -> str:
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": game, "players": len(seats), "seats": seats}).json()
    table_id = str(created["table_id"])
    deadline = time.monotonic() + 180
    while httpx.get(f"{server.url}/api/tables/{table_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.5)
    return table_id


def step_of(page: Any) -> int:
    return int(page.get_attribute("#replay", "data-step"))


def test_replay_by_turn_and_by_decision(page: Any, web_server: LiveServer) -> None:
    table_id = finished_table(web_server, "legendary-inventors", ["random", "random", "random"])
    summary = httpx.get(f"{web_server.url}/api/tables/{table_id}/replay").json()
    page.goto(f"{web_server.url}/#/replay/{table_id}")
    page.wait_for_selector("#replay .replay-controls")
    page.click("#replay button.next-turn")
    page.wait_for_function("document.querySelector('#replay').dataset.turn === '2'")
    first_turn = step_of(page)
    seats = [m["seat"] for m in summary["moves"]]
    assert first_turn > 0 and seats[first_turn] != seats[first_turn - 1]
    assert len(set(seats[:first_turn])) == 1, "a turn is one seat's run of decisions"
    page.click("#replay button.next")
    page.wait_for_function(f"document.querySelector('#replay').dataset.step === '{first_turn + 1}'")
    page.click("#replay button.prev-turn")
    page.wait_for_function(f"document.querySelector('#replay').dataset.step === '{first_turn}'")
    assert page.query_selector("#replay .board .clickable") is None
    assert page.query_selector("#replay pre") is None, "a raw data dump is shown"
    rows = page.query_selector_all("#replay .replay-scores tbody tr")
    assert len(rows) == 3
    assert "Final" in page.inner_text("#replay .replay-scores thead")
    # a log entry shows the board right after it
    page.click("#replay .log li >> nth=-1 >> button.log-link")
    last_event = len(httpx.get(f"{web_server.url}/api/tables/{table_id}/replay/{first_turn}")
                     .json()["events"]) - 1
    expected = summary["event_steps"][last_event]
    page.wait_for_function(f"document.querySelector('#replay').dataset.step === '{expected}'")
    shot(page, "replay-by-turn")


def test_replay_controls_stay_put_so_no_click_or_drag_is_lost(
        page: Any, web_server: LiveServer) -> None:
    table_id = finished_table(web_server, "legendary-inventors", ["random", "random"])
    page.goto(f"{web_server.url}/#/replay/{table_id}")
    page.wait_for_selector("#replay .replay-controls")
    page.wait_for_function("document.querySelector('#replay').dataset.step === '0'")
    page.evaluate("""() => {
      window.kept = ['button.next', '.slider', '.step']
        .map((s) => document.querySelector('#replay ' + s));
    }""")
    for _ in range(10):  # sent in a row, without waiting for the board: none may be lost
        page.click("#replay button.next")
    page.wait_for_function("document.querySelector('#replay').dataset.step === '10'")
    page.wait_for_function(
        "document.querySelector('#replay .step').textContent.startsWith('decision 10 /')")
    assert page.evaluate("""() => window.kept.every((node, k) => node.isConnected && node ===
      document.querySelector('#replay ' + ['button.next', '.slider', '.step'][k]))"""), \
        "the controls were rebuilt on a step"
    assert page.input_value("#replay .slider") == "10"
    page.evaluate("""() => {  // a drag: input events on the same slider, one after another
      const slider = document.querySelector('#replay .slider');
      for (const value of [11, 14, 17]) {
        slider.value = value;
        slider.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }""")
    page.wait_for_function("document.querySelector('#replay').dataset.step === '17'")
    assert page.evaluate("() => window.kept[1] === document.querySelector('#replay .slider')")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('#replay').dataset.step === '16'")
    assert page.input_value("#replay .slider") == "16"


def test_replay_shows_hidden_cards_face_up(page: Any, web_server: LiveServer) -> None:
    table_id = finished_table(web_server, "inventions", ["random", "random", "random"])
    page.goto(f"{web_server.url}/#/replay/{table_id}?step=5")
    page.wait_for_selector("#replay .inv-board")
    assert page.get_attribute("#replay", "data-step") == "5"
    for seat in range(3):  # every seat's Private Goals, face up, long before the end
        goals = page.query_selector_all(
            f'#replay .inv-society[data-seat="{seat}"] .inv-goals .chip')
        assert len(goals) == 3, f"Player {seat + 1}'s goals are not face up"
    shot(page, "replay-hidden-face-up")


def test_finished_log_links_to_the_replay(page: Any, web_server: LiveServer) -> None:
    table_id = finished_table(web_server, "legendary-inventors", ["random", "random"])
    page.goto(f"{web_server.url}/#/table/{table_id}")
    page.wait_for_selector("#end-screen")
    page.click("#table .log a.log-link >> nth=5")
    page.wait_for_selector("#replay .replay-controls")
    summary = httpx.get(f"{web_server.url}/api/tables/{table_id}/replay").json()
    assert page.get_attribute("#replay", "data-step") == str(summary["event_steps"][5])


def test_end_screens_say_how_ties_were_broken(page: Any, web_server: LiveServer) -> None:
    page.goto(web_server.url + "/")
    page.wait_for_selector("#create")
    text = page.evaluate("""async () => {
      const { tieWords } = await import('/endgame.js');
      const names = ['Player 1', 'Player 2', 'Player 3'];
      const breakers = ['more module upgrades', 'seating order'];
      return [
        tieWords({ tie_breakers: breakers, ties: [{ seats: [2, 0], points: 9,
          by: 'more module upgrades', how: 'more', values: [5, 3] }] }, names),
        tieWords({ tie_breakers: breakers, ties: [] }, names),
        tieWords({ tie_breakers: breakers, ties: [{ seats: [1, 2], points: 4, by: null,
          values: [] }] }, names)];
    }""")
    assert text[0] == ("Player 3 and Player 1 tied on 9 points; broken on more module upgrades "
                       "(Player 3 5, Player 1 3): Player 3 ahead of Player 1.")
    assert text[1] == ("No tie on points: no tie-breaker was needed (the rules' tie-breakers: "
                       "more module upgrades, then seating order).")
    assert "do not separate them" in text[2]
