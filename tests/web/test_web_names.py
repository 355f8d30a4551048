"""Names, never ids, in the browser: a whole Inventions game played by
clicking, every option label, log line, tooltip and board text checked against the ids of the
components in the data files; hovering a component shows what its records say."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from tests.games.inventions.names import leaked_ids
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
TURN = '#table[data-your-turn="true"] button.option:not([disabled])'
INSPECTOR_SAYS = "document.querySelector('#inspector').textContent.includes('%s')"
SHOWN_TEXT = """() => {
  const texts = [document.querySelector('#table').innerText];
  const tipped = '#table [title], #table [aria-label], #table [data-tip]';
  for (const el of document.querySelectorAll(tipped)) {
    texts.push(el.getAttribute('title') || '', el.getAttribute('aria-label') || '',
               el.dataset.tip || '');
  }
  for (const el of document.querySelectorAll('#table svg title')) texts.push(el.textContent);
  return texts;
}"""


def new_inventions_table(server: LiveServer) -> str:
    """A 3-player Inventions table: seat 1 human, two random bots; the human's URL."""
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "inventions", "players": 3, "seats": ["human", "random", "random"]}).json()
    return str(created["seats"][0]["url"])


def check_names(texts: list[str], where: str) -> None:
    leaks = {text[:120]: found for text in texts if (found := leaked_ids(text))}
    assert not leaks, f"internal ids shown in {where}: {leaks}"
    blanks = [text[:120] for text in texts if re.search(r"\b(null|undefined|NaN)\b", text)]
    assert not blanks, f"a missing value printed in {where}: {blanks}"


def test_inventions_game_shows_names_never_ids(page: Any, web_server: LiveServer) -> None:
    page.goto(new_inventions_table(web_server))
    page.wait_for_selector(".inv-board")
    labels: set[str] = set()
    clicks = 0
    while clicks < 400:
        page.wait_for_selector(f"{TURN}, #end-screen", timeout=30_000)
        if page.query_selector("#end-screen"):
            break
        if clicks % 15 == 0:
            check_names(page.evaluate(SHOWN_TEXT), f"the page at click {clicks}")
        seq = page.get_attribute("#table", "data-seq")
        labels.update(page.eval_on_selector_all(TURN, "els => els.map(e => e.textContent)"))
        page.click(f"{TURN} >> nth=0")
        clicks += 1
        page.wait_for_function(f"document.querySelector('#table').dataset.seq !== '{seq}'",
                               timeout=15_000)
    assert page.query_selector("#end-screen"), "the game did not end"
    # a whole game (its length depends on the server's chance and on forced choices, which the
    # page plays itself): dozens of the human's decisions and their many different labels
    assert clicks >= 30 and len(labels) >= 20, (clicks, len(labels))
    check_names(sorted(labels), "option labels")
    check_names(page.eval_on_selector_all("#table .log li", "els => els.map(e => e.textContent)"),
                "the log")
    check_names(page.evaluate(SHOWN_TEXT), "the end screen")
    shot(page, "inventions-names-end")


def test_inspecting_components_shows_their_records(page: Any, web_server: LiveServer) -> None:
    page.goto(new_inventions_table(web_server))
    page.wait_for_selector(".inv-board .inspectable")
    page.hover('.inv-milestones .inspectable[data-inspect^="milestones:"] >> nth=0')
    page.wait_for_selector("#inspector:not([hidden])")
    card = page.text_content("#inspector") or ""
    assert "Milestone" in card and "Diplomat Action" in card and "Era" in card
    check_names([card], "a Milestone's card")
    shot(page, "inventions-inspect-milestone")
    page.hover('.inv-regions .inspectable[data-inspect^="ideas:"] >> nth=0')
    page.wait_for_function(INSPECTOR_SAYS % "Chain Action")
    card = page.text_content("#inspector") or ""
    assert "Type" in card
    check_names([card], "an idea's card")
    page.hover('.inv-regions .inspectable[data-inspect^="specialist_tiles:"] >> nth=0')
    page.wait_for_function(INSPECTOR_SAYS % "To present here")
    shot(page, "inventions-inspect-specialist-tile")


def test_inspecting_inventors_and_inventions(page: Any, web_server: LiveServer) -> None:
    """Legendary Inventors: an inventor's card and an invention's card open their records."""
    created = httpx.post(f"{web_server.url}/api/tables", json={
        "game": "legendary-inventors", "players": 2, "seats": ["human", "random"]}).json()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector('.li-inventor.inspectable[data-inspect^="inventors:"]')
    page.hover('.li-player[data-seat="1"] .li-inventor.inspectable >> nth=0')
    page.wait_for_function(INSPECTOR_SAYS % "Goal met")
    card = page.text_content("#inspector") or ""
    assert "team" in card and "Starts with" in card
    page.hover('.li-card.inspectable[data-inspect^="inventions:"] >> nth=0')
    page.wait_for_function(INSPECTOR_SAYS % "Squares to fill")
    assert "Classification" in (page.text_content("#inspector") or "")
    shot(page, "legendary-inventors-inspect-card")
