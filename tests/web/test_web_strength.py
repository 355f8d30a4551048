"""The lobby's bot list shows each level's measured strength with its conditions, from
strength.toml (benchmarks/bot_strength.py) through GET /api/bots/strength."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ingenium.bots.strength import load
from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser
GAME = "legendary-inventors"


def test_the_server_lists_every_measured_figure_with_its_conditions(
        web_server: LiveServer) -> None:
    rows = httpx.get(web_server.url + "/api/bots/strength").json()
    assert rows == [row.to_dict() for row in load()] and rows
    for row in rows:
        assert row["games"] > 0 and row["budget"] and row["date"] and row["opponent"]
        assert row["low"] <= row["rate"] <= row["high"]


def test_the_lobby_shows_a_levels_measured_strength_next_to_it(page: Any,
                                                                 web_server: LiveServer) -> None:
    measured = [row for row in load() if row.game == GAME and row.players == 2]
    assert measured, "strength.toml holds no figure for the game the test picks"
    page.goto(web_server.url + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", GAME)
    page.select_option("#players", "2")
    labels = page.eval_on_selector_all('select[data-seat="1"] option', "os => os.map(o => o.text)")
    for level in {row.level for row in measured}:
        assert f"{level.capitalize()} bot" in labels, labels
        page.select_option('select[data-seat="1"]', level)
        note = page.inner_text('.seat-note[data-seat="1"]')
        shown = [row for row in measured if row.level == level and row.summary() in note]
        assert shown, (level, note)
