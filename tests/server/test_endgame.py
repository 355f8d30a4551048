"""The end screen's report (server/endgame.py): the final score by the rulebook's categories
adds up to every seat's score, the tie-breaker that decided a tie is named with each seat's
count, statistics become tables without internal ids, and nothing is reported mid-game."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

import pytest

from ingenium.engine import State, get_game
from ingenium.server import endgame

INTERNAL_ID = re.compile(r"\b[a-z]+\d*_\d+\b")
RULEBOOK_CATEGORIES = {
    "legendary-inventors": {"Card points", "Victory point bonus tokens", "Inventor bonus",
                            "Card run"},
    "inventions": {"Final scoring 1: Influence track", "Final scoring 2: Wealth tiles",
                   "Final scoring 3: 2 Private Goal cards"},
    "civolution": {"Final scoring: Technology", "Final scoring: Expansion",
                   "Final scoring A: stage partition", "Final scoring B: point-bonus cards"},
}


def finished(game: str, players: int, seed: int, variant: str | None = None) -> State[Any]:
    state = get_game(game).new_game(players, seed, variant)
    rng = random.Random(seed)
    while state.decision is not None:
        state.apply(rng.choice(state.decision.options).id)
    return state


@pytest.mark.parametrize(("game", "players"), [("legendary-inventors", 3), ("inventions", 2),
                                               ("civolution", 2)])
def test_categories_add_up_to_each_seats_score(game: str, players: int) -> None:
    state = finished(game, players, seed=11)
    report = endgame.final_report(state)
    names = {c["name"] for c in report["categories"]}
    assert RULEBOOK_CATEGORIES[game] <= names
    for seat in range(players):
        assert sum(c["points"][seat] for c in report["categories"]) == state.scores()[seat]
    assert report["statistics"], "the game's own statistics are in the report"
    shown = [g["group"] for g in report["statistics"]] + [
        row["name"] for g in report["statistics"] for row in g["rows"]] + list(names)
    assert not [text for text in shown if INTERNAL_ID.search(text) or "_" in text]


def test_a_solo_games_report_has_the_rivals_column_too() -> None:
    state = finished("civolution", 1, seed=3, variant="beginner")
    report = endgame.final_report(state)
    vici = state.table.score[1]
    assert all(len(c["points"]) == 2 for c in report["categories"])
    assert sum(c["points"][1] for c in report["categories"]) == vici
    assert sum(c["points"][0] for c in report["categories"]) == state.scores()[0]


def test_no_report_while_the_game_goes_on() -> None:
    state = get_game("inventions").new_game(2, seed=1)
    with pytest.raises(ValueError, match="not over"):
        endgame.final_report(state)


def _tied(monkeypatch: pytest.MonkeyPatch, keys: list[tuple[int, ...]],
          breakers: tuple[tuple[str, str], ...]) -> list[dict[str, Any]]:
    rules = SimpleNamespace(rank_key=lambda state, seat: keys[seat], tie_breakers=breakers)
    monkeypatch.setattr(endgame, "rules_of", lambda state: rules)
    ranking = sorted(range(len(keys)), key=lambda s: (keys[s], s))
    state = SimpleNamespace(players=len(keys), scores=lambda: [-k[0] for k in keys],
                            ranking=lambda: ranking)
    return endgame.ties(state)  # type: ignore[arg-type]


def test_the_first_tie_breaker_that_separates_the_tied_seats_is_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    breakers = (("more module upgrades", "more"), ("seating order", "order"))
    found = _tied(monkeypatch, [(-9, -2, 1), (-5, -1, 0), (-9, -2, 0)], breakers)
    assert found == [{"seats": [2, 0], "points": 9, "by": "seating order", "how": "order",
                      "values": [1, 2]}]
    found = _tied(monkeypatch, [(-9, -3, 1), (-9, -5, 0)], breakers)
    assert found[0]["by"] == "more module upgrades" and found[0]["values"] == [5, 3]


def test_seats_the_tie_breakers_cannot_separate_share_the_place(
        monkeypatch: pytest.MonkeyPatch) -> None:
    found = _tied(monkeypatch, [(-4, -1), (-4, -1)], (("more invention cards", "more"),))
    assert found == [{"seats": [0, 1], "points": 4, "by": None, "values": []}]
    assert _tied(monkeypatch, [(-4, -1), (-3, -1)], (("more invention cards", "more"),)) == []


def test_statistics_keys_read_as_words() -> None:
    assert endgame.words("call_diplomat") == "call diplomat"
    assert endgame.shown_value(-3, "more") == 3
    assert endgame.shown_value(4, "fewer") == 4
    assert endgame.shown_value(0, "order") == 1
