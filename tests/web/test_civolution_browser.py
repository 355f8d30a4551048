"""End to end in headless Chromium: a 2-player Civolution game against a bot, its first era
played by clicking the board (the continent, the console, the displays), the rest played over
the HTTP API with the seat's token, then the table shown again with its end screen."""

from __future__ import annotations

import os
import random
import time
from typing import Any

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
TURN = '#table[data-your-turn="true"] button.option:not([disabled])'
ON_BOARD = "#table .civ-board .clickable[data-option]"
SEED = int(os.environ.get("INGENIUM_CIVOLUTION_BROWSER_SEED", "1"))


def wait_change(page: Any, seq: str) -> None:
    page.wait_for_function(f"document.querySelector('#table').dataset.seq !== '{seq}'",
                           timeout=20_000)


def era(page: Any) -> int:
    return int(page.get_attribute("#table .civ-board", "data-era") or 0)


def first_era_by_clicking(page: Any, rng: random.Random) -> tuple[int, list[str], set[str]]:
    """Play until era 2 begins: a board element whenever one is offered, else an option
    button. Returns the board clicks, the options offered by each decision answered from the
    list, and the kinds of board elements clicked."""
    board = 0
    listed: list[str] = []
    kinds: set[str] = set()
    while True:
        page.wait_for_selector(f"{TURN}, #end-screen", timeout=30_000)
        if era(page) > 1 or page.query_selector("#end-screen"):
            return board, listed, kinds
        seq = page.get_attribute("#table", "data-seq")
        offered = {b.get_attribute("data-option") for b in page.query_selector_all(TURN)}
        elements = page.query_selector_all(ON_BOARD)
        named = [e.get_attribute("data-option") for e in elements]
        assert set(named) <= offered, "a board element names an option that is not offered"
        if elements:
            element = rng.choice(elements)
            kinds.add(str(element.get_attribute("data-option")).split(":")[0])
            element.click()
            board += 1
        else:
            buttons = page.query_selector_all(TURN)
            listed.append(" ".join(sorted(offered)))
            rng.choice(buttons).click()
        wait_change(page, seq)


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
            assert answer.status_code == 200, answer.text
            moves += 1
    raise AssertionError("the game did not end")


def test_civolution_first_era_by_clicking_the_board(page: Any, web_server: LiveServer) -> None:
    """The board's elements send the options they stand for; hidden cards stay hidden."""
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
    shot(page, "civolution-start")

    rng = random.Random(SEED)
    board, listed, kinds = first_era_by_clicking(page, rng)
    shot(page, "civolution-era-2")
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
        assert f"Player {seat + 1}" in shown and str(final["scores"][seat]) in shown
    print(f"civolution browser game: era 1 {board} board clicks and {len(listed)} option-list "
          f"clicks ({first_era:.1f} s); then {rest} moves through the API; "
          f"{time.monotonic() - start:.1f} s in all; list-only decisions: {listed}")
