"""Hidden information: the face-down invention decks and the token bags are the table's only
secrets (facts: inventions and tokens are drawn at random); a seat's view shows their sizes,
never their contents. Everything else on this table is public, the same for every seat."""

from __future__ import annotations

import json

from ingenium.games.legendary_inventors.table import IN_BOX
from tests.properties.harness import Transition
from tests.properties.legendary_inventors.common import (
    AGES,
    INVENTIONS,
    NI,
    PROPERTIES,
    table_view,
)

EVERY = 5  # the view checks run at every 5th step (a view costs)
PUBLIC_KEYS = {"age", "phase", "current", "chocolate", "players", "display", "completed",
               "discarded", "decks", "bags"}


def _due(tr: Transition) -> bool:
    return tr.setup or len(tr.after.history) % EVERY == 0


@PROPERTIES.rule("Hidden information: the face-down invention decks show only how many cards "
                 "they hold; no seat's view names a card still in a deck")
def hidden_face_down_decks(tr: Transition) -> str | None:
    if not _due(tr):
        return None
    state = tr.after
    t = state.table
    decision = state.decision
    seat = decision.seat if decision is not None else 0
    view = state.view(seat)
    if view["table"]["decks"] != {str(age): len(t.deck(age)) for age in range(1, AGES + 1)}:
        return f"deck sizes shown {view['table']['decks']}"
    text = json.dumps(view)
    for inv in range(NI):
        if t.status[inv] == IN_BOX:
            slug = INVENTIONS[inv].slug
            if f'"{slug}"' in text or f'invention={slug}"' in text:
                return f"seat {seat}'s view names {slug}, still face down"
    return None


@PROPERTIES.rule("Hidden information: the token bags show only how many tokens they hold")
def hidden_token_bags(tr: Transition) -> str | None:
    if not _due(tr):
        return None
    t = tr.after.table
    view = table_view(tr)
    if set(view) != PUBLIC_KEYS:
        return f"the table view holds {sorted(set(view) - PUBLIC_KEYS)} beyond the public table"
    if view["bags"] != {str(age): len(t.bag(age)) for age in range(1, AGES + 1)}:
        return f"bags shown as {view['bags']}"
    return None


@PROPERTIES.rule("Hidden information: teams, inventors, tokens held, cards and cubes are public: "
                 "every seat's view of the table is the same")
def hidden_public_table_same_for_every_seat(tr: Transition) -> str | None:
    if not _due(tr):
        return None
    state = tr.after
    shared = table_view(tr)
    for seat in range(state.players):
        if state.game.view_table(state, seat) != shared:
            return f"seat {seat} sees a different table"
    return None
