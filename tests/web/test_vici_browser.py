"""Civolution's Solo Mode in headless Chromium, from a hand-made solo view (fixture: a real
2-player view of seat 0 cut to one player plus the `vici` block the solo rules publish): the
board draws one console and V.I.C.I's area with its last action, names never ids; the scores and
the end screen say "You win" / "V.I.C.I wins" with both scores."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
FIXTURE = Path(__file__).parents[1] / "games" / "civolution" / "fixtures" / "solo_view.json"
ID_WORD = re.compile(r"\b[a-z]+_\d+\b")

DRAW = """async (view) => {
  const board = await import('/boards/civolution.js');
  const box = document.createElement('div');
  box.id = 'solo-board';
  box.className = 'board';
  document.querySelector('#app').replaceChildren(box);
  const payload = { view, seat: 0, to_move: 0, status: 'running', players: 1,
    seats: [{ seat: 0, kind: 'human', bot: null }], scores: view.scores };
  board.render(box, payload, { options: new Map(), choose: null, seat: 0, glossary: {} });
  const solo = await import('/solo.js');
  return [solo.soloResult(solo.rivalOf(view), [0], view.scores[0], ''),
          solo.soloResult(solo.rivalOf(view), [], view.scores[0], 'Player 1 (bot: greedy)')];
}"""


def test_the_board_draws_vicis_area_from_a_solo_view(page: Any, web_server: LiveServer) -> None:
    view = json.loads(FIXTURE.read_text(encoding="utf-8"))
    page.goto(web_server.url + "/#/")
    page.wait_for_selector("#create")
    results = page.evaluate(DRAW, view)
    assert results == ["You win: you 6, V.I.C.I 27 (Expert)",
                       "V.I.C.I wins: Player 1 (bot: greedy) 6, V.I.C.I 27 (Expert)"]
    area = page.inner_text("#solo-board .civ-vici")
    for text in ("V.I.C.I", "automated rival, Expert", "Score 27", "Action stack 9",
                 "Discarded 4", "2 blue · 3 red", "Evolution grid 5", "Prosperity grid 4",
                 "Water a1 ×2", "Action card 11 (blue half)",
                 "Action card 4 (red half, roll 2): advanced the culture track 2"):
        assert text in area, text
    assert len(page.query_selector_all("#solo-board .civ-console:not(.civ-vici)")) == 1
    sequence = page.inner_text("#solo-board .civ-vici-now")
    assert "V.I.C.I's last action" in sequence and "Action card 4 (red half, roll 2)" in sequence
    board = page.inner_text("#solo-board")
    assert "Player 2" not in board and not ID_WORD.search(board)
    shot(page, "civolution-solo-board-fixture")


def test_the_lobby_offers_one_player_with_a_difficulty(page: Any,
                                                       web_server: LiveServer) -> None:
    """Player count 1 for Civolution: the five levels, easiest first, and an extra-tough box;
    for 2-4 players the usual variants."""
    page.goto(web_server.url + "/#/")
    page.wait_for_selector("#create")
    page.select_option("#game", "civolution")
    page.select_option("#players", "1")
    levels = [o.get_attribute("value") for o in page.query_selector_all("#variant option")]
    assert levels == ["beginner", "moderate", "medium", "advanced", "expert"]
    assert "Difficulty" in page.inner_text("form")
    assert page.query_selector("#variant-extra-tough") is not None
    assert len(page.query_selector_all("select[data-seat]")) == 1
    page.check("#variant-extra-tough")
    shot(page, "civolution-solo-lobby", full_page=False)
    page.select_option("#players", "2")
    shown = page.inner_text("#variant")
    assert "Standard" in shown and "First play advanced" in shown and "-" not in shown
    assert page.query_selector("#variant-extra-tough") is None
