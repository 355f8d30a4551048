"""Hidden information (Private Goals; the Idea stack below its top), views, the log,
determinization, and whole random games keeping every conservation rule."""

from __future__ import annotations

import random

import pytest

from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.rules.key_concepts import take_stack_top
from tests.games.inventions import scenario as S


def test_private_goals_only_in_their_owners_view() -> None:
    state = S.new(4, 1)
    for seat in range(4):
        view = state.view(seat)["table"]["players"]
        assert view[seat]["private_goals"] is not None
        assert all(view[o]["private_goals"] is None for o in range(4) if o != seat)
    assert all(p["private_goals"] is None for p in state.view(None)["table"]["players"])


def test_private_goals_logged_only_to_their_owner() -> None:
    state = S.new(3, 2)
    goal_events = [e for e in state.events if e.kind == "goals"]
    assert len(goal_events) == 3
    for e in goal_events:
        assert e.visible_to == (e.seat,)
        assert e not in state.visible_events(None)
        assert all(e not in state.visible_events(o) for o in range(3) if o != e.seat)


def test_determinize_resamples_goals_and_the_stack_has_no_order_to_resample() -> None:
    """Setup 15 and the chance model: below its face-up top the Idea stack is unordered, so a
    determinized world keeps it as it is and the next card turned up is drawn in each world."""
    state = S.after_stone_age(4, 3)
    t = state.table
    seen_goals, next_tops = set(), set()
    for k in range(12):
        world = state.determinize(0, random.Random(k))
        w = world.table
        assert world.view(0) == state.view(0)
        assert w.goals[0:3] == t.goals[0:3]  # your own cards are known
        for deck in range(3):
            others = [w.goals[s * 3 + deck] for s in range(1, 4)]
            assert len(set(others)) == 3 and t.goals[deck] not in others
            assert all(g in K.GOALS_BY_TYPE[deck] for g in others)
        assert w.stack == t.stack  # the face-up top stays; nothing below has an order
        seen_goals.add(tuple(w.goals))
        take_stack_top(world)
        next_tops.add(w.stack[-1])
    assert len(seen_goals) > 1 and len(next_tops) > 1
    assert all(K.IDEA_ERA[i] == K.IDEA_ERA[t.stack[-2]] for i in next_tops)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_conservation_and_end(players: int) -> None:
    for seed in range(3):
        state = S.new(players, seed)
        rng = random.Random(seed)
        while state.decision is not None:
            state.apply(rng.choice(state.decision.options))
            assert not S.sound(state)
        assert state.table.phase == 2 and len(state.scores()) == players
