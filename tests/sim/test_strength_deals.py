"""Strength matches on paired deals: every deal (game seed) is played once from each seat, so
the seat a deal favours is the tested bot's as often as an opponent's."""

from __future__ import annotations

import pytest

import ingenium
from ingenium.sim import strength


def test_each_deal_is_played_from_every_seat_in_turn() -> None:
    assert strength.deals(7, 3, seed=10) == [(10, 0), (10, 1), (10, 2), (11, 0), (11, 1),
                                             (11, 2), (12, 0)]


def test_measure_plays_the_paired_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = ingenium.get_game("legendary-inventors")
    dealt: list[int] = []
    original = type(rules).new_game

    def recording(self: object, players: int, seed: int, *args: object) -> object:
        dealt.append(seed)
        return original(rules, players, seed, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(type(rules), "new_game", recording)
    figures = strength.measure("legendary-inventors", 2, "random", "random", 4, seed=5)
    assert dealt == [5, 5, 6, 6]
    assert figures.games == 4 and 0 <= figures.wins <= 4 and figures.low <= figures.rate
