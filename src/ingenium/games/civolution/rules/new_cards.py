"""Phase 1: New cards — reveal the era's event card, then the top card of each research stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution.board import C
from ingenium.games.civolution.rules.research import reveal

if TYPE_CHECKING:
    from ingenium.engine import State
    from ingenium.games.civolution.table import CivTable


def begin(state: State[CivTable]) -> None:
    """Reveal the top event card (covering last era's) and one card per research deck."""
    t = state.table
    event = state.draw("event", t.event_stack)
    t.event_stack.remove(event)
    t.event_up = event
    if state.keeps_log:  # a search's world has no log: skip building the text
        state.log(None, "event", f"Era {t.era}: event {C.events[event].name} is revealed",
                  {"event": C.events[event].id})
    for deck in range(5):
        reveal(state, deck)
