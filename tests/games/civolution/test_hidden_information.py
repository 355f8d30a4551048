"""Hidden information: cards drawn secretly (Module: Research) reach only their drawer — not
other seats' views, not the history's option ids, not the log."""

from __future__ import annotations

import json
import random

from ingenium.games.civolution.board import C
from ingenium.games.civolution.components import effects as fx

from .scenario import answer, do, ids, new


def test_research_secret_draw_is_seen_by_the_drawer_only() -> None:
    state = new(2)
    t = state.table
    do(state, 0, fx.DrawSecretly(2, 1))
    answer(state, "draw:invention", "draw:mutation")
    looked = [C.cards[held.card].id for held in t.looking]
    answer(state, ids(state)[0])
    kept = next(C.cards[held.card].id for held in t.secret)
    assert kept in state.view(0)["table"]["hand"]
    other = json.dumps(state.view(1)) + json.dumps(state.view(None))
    public = json.dumps(state.history_seen_by(1)) + json.dumps(
        [e.to_dict() for e in state.visible_events(1)])
    for card in looked:
        assert f'"{card}"' not in other and f"{card}" not in public


def test_determinize_resamples_the_cards_others_drew_secretly() -> None:
    state = new(2)
    t = state.table
    do(state, 0, fx.DrawSecretly(2, 1))
    answer(state, "draw:invention", "draw:mutation")
    answer(state, ids(state)[0])
    kept = next(c for c in t.secret)
    worlds = {next(iter(state.determinize(1, random.Random(k)).table.secret))
              for k in range(12)}
    assert len(worlds) > 1 and all(w.seat == kept.seat for w in worlds)
    same = state.determinize(0, random.Random(1)).table.secret
    assert same == t.secret  # the drawer's own cards stay as they are
