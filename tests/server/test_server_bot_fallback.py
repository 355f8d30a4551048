"""A bot that cannot think in time plays its level's fallback, not a random move: hard (search)
plays as medium (greedy), medium as greedy looking one decision ahead, easy at random. The bot
of each level is made to hang in its worker (it ignores its stop flag); the server's bot worker
gives up on it after its thinking limit and answers with the fallback's choice."""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import pytest

from ingenium.bots import make_bot
from ingenium.bots.base import never
from ingenium.engine import Decision, Option, State, get_game
from ingenium.server.bots import LAST_RESORT, BotWorker, choose_on_state

SEED = 1234  # the bot's seed: the fallback's choice is a function of it and the position
LEVEL_FALLBACKS = [("hard", "greedy"), ("medium", "greedy:depth=1"), ("easy", "random")]


def choice(state: State[Any], spec: str) -> str:
    """What `spec` picks with SEED at the position, given all the time it wants."""
    decision = state.decision
    assert decision is not None
    return choose_on_state(state, decision.seat, spec, SEED, 60.0, never)


def position(fallback: str, other: str) -> State[Any]:
    """A Legendary Inventors position where `fallback` and `other` choose differently (so the
    test tells them apart)."""
    rng = random.Random(5)
    state = get_game("legendary-inventors").new_game(2, seed=11)
    for _ in range(400):
        decision = state.decision
        assert decision is not None
        if len(decision.options) >= 4 and choice(state, fallback) != choice(state, other):
            return state
        state.apply(rng.choice(decision.options).id)
    raise AssertionError("no position tells the two bots apart")


@pytest.mark.parametrize(("level", "fallback"), LEVEL_FALLBACKS)
def test_a_bot_that_cannot_think_in_time_plays_its_levels_fallback(
        level: str, fallback: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert make_bot(level, 0).fallback() == fallback
    # told apart from a random move (the old fallback), and easy's from greedy's
    state = position(fallback, "greedy" if fallback == LAST_RESORT else LAST_RESORT)
    stuck = make_bot(level, 0)
    release, asked = threading.Event(), threading.Event()
    original = type(stuck).decide

    def hang(self: Any, world: State[Any], decision: Decision) -> Option:
        if self.spec == stuck.spec:  # the level's own bot thinks for ever, deaf to its stop
            asked.set()
            release.wait(60)
        return original(self, world, decision)

    monkeypatch.setattr(type(stuck), "decide", hang)
    worker = BotWorker(0, 0, max_seconds=0.2)  # threads; it gives up after 3 x 0.2 + 2 s
    decision = state.decision
    assert decision is not None
    try:
        chosen = asyncio.run(worker.choose("t1", state, decision.seat, level, SEED))
    finally:
        release.set()
        worker.shutdown()
    assert asked.is_set()
    assert chosen == choice(state, fallback)
