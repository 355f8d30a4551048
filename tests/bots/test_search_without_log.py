"""The search's worlds keep no log (`determinize(..., keep_log=False)`): the log is for people,
the rules never read it, so a world without one plays exactly as a world with one. Checked
on the worlds themselves (same position, decision and play) and on whole searches (the same
tree statistics as a search whose worlds keep their log), over all three games."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ingenium
from ingenium.bots import IsmctsBot, make_bot
from ingenium.engine import State

GAMES = [("inventions", 3), ("inventions", 2), ("legendary-inventors", 3), ("civolution", 2)]


def positions(name: str, players: int, seed: int, count: int = 4) -> list[State[Any]]:
    """Real choices spread through a seeded random game."""
    state = ingenium.get_game(name).new_game(players, seed)
    rng = random.Random(seed)
    found: list[State[Any]] = []
    while (decision := state.decision) is not None:
        if len(decision.options) > 1 and rng.random() < 0.05 and len(found) < count:
            found.append(state.clone())
        state.apply(decision.options[rng.randrange(len(decision.options))])
    return found


def tree(state: State[Any], spec: str) -> list[tuple[str, float, int, list[float]]]:
    """The root statistics of one search of the deciding seat."""
    decision = state.decision
    assert decision is not None
    bot = make_bot(spec, decision.seat, 7)
    assert isinstance(bot, IsmctsBot)
    root = bot.search(state.determinize(decision.seat, 11), decision)
    return sorted((option, child.visits, child.available, child.value)
                  for option, child in root.children.items())


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_world_without_log_plays_as_one_with_it(name: str, players: int) -> None:
    for state in positions(name, players, 5):
        seat = state.decision.seat  # type: ignore[union-attr]
        with_log = state.determinize(seat, random.Random(3))
        without = state.determinize(seat, random.Random(3), keep_log=False)
        assert not without.events and not without.keeps_log and with_log.keeps_log
        rng = random.Random(4)
        while (decision := with_log.decision) is not None:
            assert without.decision == decision
            assert without.fingerprint() == with_log.fingerprint()
            option = decision.options[rng.randrange(len(decision.options))]
            with_log.apply(option)
            without.apply(option.id)
            assert not without.events
        assert without.is_terminal and without.scores() == with_log.scores()
        assert without.history == with_log.history


@pytest.mark.parametrize(("name", "players"), GAMES)
@pytest.mark.parametrize("spec", ["ismcts:iters=40", "ismcts:iters=40,rollout=0,prior=1"])
def test_a_search_over_worlds_without_log_grows_the_same_tree(
        name: str, players: int, spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = positions(name, players, 8, count=2)
    assert chosen
    fast = [tree(state, spec) for state in chosen]
    determinize = State.determinize

    def keeping_the_log(self: State[Any], seat: int, rng: Any, chance: Any = "seeded",
                        keep_log: bool = True) -> State[Any]:
        return determinize(self, seat, rng, chance)

    monkeypatch.setattr(State, "determinize", keeping_the_log)
    assert [tree(state, spec) for state in chosen] == fast
