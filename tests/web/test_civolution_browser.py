"""End to end in headless Chromium: a 2-player Civolution game against a bot, its first era
played by clicking the board (the continent, the console, the displays), the rest played over
the HTTP API with the seat's token, then the table shown again with its end screen."""

from __future__ import annotations

import os
import random
import re
import time
from typing import Any
from urllib.parse import unquote

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
TURN = '#table[data-your-turn="true"] button.option:not([disabled])'
ON_BOARD = "#table .civ-board .clickable[data-option]"
ID_WORD = re.compile(r"\b[a-z]+_\d+\b")  # an internal id such as goal_26
SEED = int(os.environ.get("INGENIUM_CIVOLUTION_BROWSER_SEED", "1"))


def wait_change(page: Any, seq: str) -> None:
    page.wait_for_function(f"document.querySelector('#table').dataset.seq !== '{seq}'",
                           timeout=20_000)


def shown_texts(page: Any) -> list[str]:
    """The board's text and what every popup on it says (data-tip, and any title left)."""
    return [page.inner_text(".civ-board"), *page.eval_on_selector_all(
        ".civ-board [data-tip], .civ-board [title], .civ-board title",
        "els => els.map(e => e.dataset?.tip || e.getAttribute('title') || e.textContent)")]


STEP = """() => {
  const table = document.querySelector('#table');
  const ids = (selector) => [...document.querySelectorAll(selector)].map((e) => e.dataset.option);
  return { seq: table.dataset.seq, era: Number(table.querySelector('.civ-board')?.dataset.era || 0),
           over: !!document.querySelector('#end-screen'),
           offered: ids('#table[data-your-turn="true"] button.option:not([disabled])'),
           board: ids('#table .civ-board .clickable[data-option]') };
}"""


def first_era_by_clicking(page: Any, rng: random.Random) -> tuple[int, list[str], set[str]]:
    """Play until era 2 begins: a board element whenever one is offered, else an option
    button. Returns the board clicks, the options offered by each decision answered from the
    list, and the kinds of board elements clicked."""
    board = 0
    listed: list[str] = []
    kinds: set[str] = set()
    while True:
        page.wait_for_selector(f"{TURN}, #end-screen", timeout=30_000)
        now = page.evaluate(STEP)
        if now["era"] > 1 or now["over"]:
            return board, listed, kinds
        assert set(now["board"]) <= set(now["offered"]), "a board element offers no option"
        if now["board"]:
            option = rng.choice(now["board"])
            kinds.add(option.split(":")[0])
            page.click(f'{ON_BOARD.replace("[data-option]", "")}[data-option="{option}"] >> nth=0')
            board += 1
        else:
            listed.append(" ".join(sorted(now["offered"])))
            page.click(f'{TURN}[data-option="{rng.choice(now["offered"])}"]')
        wait_change(page, now["seq"])


def finish_through_the_api(url: str, table_id: str, token: str, rng: random.Random,
                           limit: int = 2_000) -> int:
    """Play the seat's remaining moves over HTTP with its token, one offered option at random
    each time."""
    headers = {"X-Seat-Token": token}
    moves = 0
    with httpx.Client(base_url=url, timeout=30) as client:
        for _ in range(limit * 20):
            view = client.get(f"/api/tables/{table_id}", headers=headers).json()
            if view["status"] == "finished":
                return moves
            if not view["your_turn"]:
                time.sleep(0.02)  # the bot is moving
                continue
            option = rng.choice(view["view"]["decision"]["options"])["id"]
            answer = client.post(f"/api/tables/{table_id}/moves", json={
                "token": token, "option": option, "expected_seq": view["seq"]})
            if answer.status_code == 429:  # the server's move rate limit
                time.sleep(float(answer.headers.get("Retry-After", "0.5")))
                continue
            if answer.status_code == 409 and "stale move" in answer.text:
                continue  # the table moved on since the view (a forced move): as told, reload
            assert answer.status_code == 200, answer.text
            moves += 1
    raise AssertionError("the game did not end")


def test_civolution_first_era_by_clicking_the_board(page: Any, web_server: LiveServer) -> None:
    """The board's elements send the options they stand for; only the viewer's own hand is
    drawn; no internal id is shown in a text or tooltip."""
    start = time.monotonic()
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "civolution", "players": 2, "seats": ["human", "random"]}).json()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".civ-board")
    assert page.query_selector(".generic-board") is None
    svg = page.query_selector(".civ-board svg.civ-map")
    assert svg is not None
    assert len(page.query_selector_all(".civ-map .civ-territory")) == 22
    assert len(page.query_selector_all(".civ-map .civ-recess")) == 24
    assert len(page.query_selector_all('.civ-console[data-seat="0"] .civ-module')) == 22
    assert "Forest" in page.inner_text(".civ-continent")
    # own hand shown with card names; the other seat's hand only as a count
    assert page.query_selector('.civ-console[data-seat="0"] .civ-hand .civ-card') is not None
    assert page.query_selector('.civ-console[data-seat="1"] .civ-hand') is None
    texts = shown_texts(page)
    assert len(texts) > 200 and not [t for t in texts if ID_WORD.search(t)], "ids shown"
    assert any("Fire encampment" in t for t in texts) and any("adjacent:" in t for t in texts)
    shot(page, "civolution-start")

    rng = random.Random(SEED)
    board, listed, kinds = first_era_by_clicking(page, rng)
    shot(page, "civolution-era-2")
    assert not [t for t in shown_texts(page) if ID_WORD.search(t)], "ids shown"
    assert board + len(listed) > 20
    assert board > 2 * len(listed), (
        f"only {board} of {board + len(listed)} first-era moves on the board; from the list: "
        f"{listed}")
    assert {"module", "die"} <= kinds, f"board elements clicked: {sorted(kinds)}"

    first_era = time.monotonic() - start
    table_id = created["table_id"]
    # the player leaves the table (a page redrawing every bot move would only slow the machine
    # down) and comes back to it once the rest is played
    page.goto(web_server.url + "/#/")
    page.wait_for_selector("#create")
    rest = finish_through_the_api(web_server.url, table_id, created["seats"][0]["token"], rng)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("#end-screen", timeout=30_000)
    shot(page, "civolution-end")
    assert "Game over" in page.inner_text("#end-screen")
    final = httpx.get(f"{web_server.url}/api/tables/{table_id}").json()
    shown = page.inner_text("#end-screen .final-scores")
    for seat in final["ranking"]:
        name = final["seats"][seat]["name"]  # "Player 1" (no name typed), "Random bot"
        assert name in shown and str(final["scores"][seat]) in shown
    page.click("text=Replay the game move by move")
    page.wait_for_selector("#replay .replay-controls")
    # one step at a time, each step checked (clicks in a row: test_web_replay.py)
    for step in range(1, 11):
        page.click("#replay button.next")
        page.wait_for_function(f"document.querySelector('#replay').dataset.step === '{step}'")
    assert page.query_selector("#replay .civ-board svg.civ-map") is not None
    print(f"civolution browser game: era 1 {board} board clicks and {len(listed)} option-list "
          f"clicks ({first_era:.1f} s); then {rest} moves through the API; "
          f"{time.monotonic() - start:.1f} s in all; list-only decisions: {listed}")


def test_civolution_solo_table_against_vici(page: Any, web_server: LiveServer) -> None:
    """A solo table made in the lobby (1 player, Expert, extra tough): the board shows one
    console and V.I.C.I's area with its last action, names never ids; V.I.C.I's turns pass
    without a question; the end screen says who won with both scores; the replay steps."""
    start = time.monotonic()
    page.goto(web_server.url + "/#/")
    page.wait_for_selector("#create")
    page.select_option("#game", "civolution")
    page.select_option("#players", "1")
    page.select_option("#variant", "expert")
    page.check("#variant-extra-tough")
    assert not page.is_visible("#hotseat")  # one seat: nobody to pass the device to
    page.click("#create")
    page.wait_for_selector(".created a.play-seat")
    link = page.get_attribute(".created a.play-seat", "href")
    assert link is not None and "token=" in link
    table_id = link.split("#/table/")[1].split("?")[0]
    token = unquote(link.split("token=")[1])
    record = httpx.get(f"{web_server.url}/api/tables/{table_id}").json()
    assert record["players"] == 1 and record["variant"] == "expert+extra-tough"
    page.click(".created a.play-seat")
    page.wait_for_selector(".civ-board .civ-vici")
    assert len(page.query_selector_all(".civ-console:not(.civ-vici)")) == 1
    area = page.inner_text(".civ-vici")
    assert "V.I.C.I" in area and "Expert, extra tough" in area and "Action stack" in area
    rng = random.Random(SEED)
    for _ in range(12):  # the human's first moves, by the option list or the board
        page.wait_for_selector(TURN, timeout=30_000)
        now = page.evaluate(STEP)
        page.click(f'{TURN}[data-option="{rng.choice(now["offered"])}"]')
        wait_change(page, now["seq"])
    assert "Action card" in page.inner_text(".civ-vici-now"), "V.I.C.I has not acted"
    texts = shown_texts(page)
    assert not [t for t in texts if ID_WORD.search(t)], "ids shown"
    assert "Player 2" not in page.inner_text(".civ-board")
    shot(page, "civolution-solo")
    page.goto(web_server.url + "/#/")
    page.wait_for_selector("#create")
    moves = finish_through_the_api(web_server.url, table_id, token, rng)
    page.goto(f"{web_server.url}/{link}")
    page.wait_for_selector("#end-screen", timeout=30_000)
    shot(page, "civolution-solo-end")
    final = httpx.get(f"{web_server.url}/api/tables/{table_id}").json()
    vici = final["view"]["table"]["vici"]
    headline = page.inner_text("#end-screen .winner")
    expected = "You win" if final["winners"] == [0] else "V.I.C.I wins"
    assert headline.startswith(expected), headline
    assert f"you {final['scores'][0]}, V.I.C.I {vici['score']}" in headline
    first = page.inner_text("#end-screen .final-scores li >> nth=0")
    assert first.startswith("Player 1" if final["winners"] == [0] else "V.I.C.I"), first
    page.click("text=Replay the game move by move")
    page.wait_for_selector("#replay .replay-controls")
    page.click("#replay button.last")
    page.wait_for_selector("#replay .replay-moves .winner")
    assert page.query_selector("#replay .civ-vici") is not None
    assert page.inner_text("#replay .replay-moves .winner").startswith(expected)
    assert "V.I.C.I" in page.inner_text("#replay .replay-scores")
    print(f"civolution solo browser game: {moves} moves through the API, "
          f"{time.monotonic() - start:.1f} s in all")


def test_civolution_board_popups_are_the_glossary_entries(page: Any,
                                                           web_server: LiveServer) -> None:
    """A module, a card in the hand and a displayed goal chip show, on hover or tap, their entry
    of the game's glossary (the one GET /api/games/civolution/glossary serves), as the other
    games' boards do: name and facts from the records the rules run."""
    glossary = httpx.get(f"{web_server.url}/api/games/civolution/glossary").json()
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "civolution", "players": 2, "seats": ["human", "random"]}).json()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector(".civ-board [data-inspect]")
    shown = dict(page.eval_on_selector_all(
        ".civ-board [data-inspect]", "els => els.map(e => [e.dataset.inspect, e.dataset.tip])"))
    for kind in ("modules", "cards", "goal_chips"):
        key = next(k for k in shown if k.startswith(f"{kind}:"))
        entry = glossary[kind][key.split(":", 1)[1]]
        assert entry["name"] in shown[key]
        assert all(f"{label}: {text}" in shown[key] for label, text in entry["facts"])
    module = page.query_selector('.civ-console[data-seat="0"] [data-inspect^="modules:"]')
    assert module is not None
    module.hover()
    page.wait_for_selector("#inspector:not([hidden])")
    name = glossary["modules"][module.get_attribute("data-inspect").split(":", 1)[1]]["name"]
    assert name in page.inner_text("#inspector")
