"""Phase 5: Site phase (and The Sites) — revealed Gorges of the Grimwolves, then Glaciers, then
Mystic oaks affect the civilizations with tribes in adjacent territories."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.components.rulebook import MYSTIC_OAK_SP
from ingenium.games.civolution.console import gain_sp
from ingenium.games.civolution.rules.common import (
    adjacent_to_site,
    seating_order,
    strong_in,
    tribes_in,
)
from ingenium.games.civolution.rules.tribes import weaken_one_in
from ingenium.games.civolution.table import CivTable

if TYPE_CHECKING:
    from ingenium.engine import State


def begin(state: State[CivTable]) -> None:
    """A) Gorges, B) Glaciers, C) Mystic oaks, each civilization in seating order."""
    t = state.table
    order = seating_order(t)
    for _, near in adjacent_to_site(t, "gorge_of_the_grimwolves"):
        for seat in order:
            if t.food[seat] and any(tribes_in(t, seat, terr) for terr in near):
                t.food[seat] -= 1  # "If you have no food markers, you are exempt"
                t.supply[seat] += 1
    for _, near in adjacent_to_site(t, "glacier"):
        for seat in order:
            where = [terr for terr in sorted(near) if strong_in(t, seat, terr)]
            if where:
                weaken_one_in(t, seat, where[0])
    for _, near in adjacent_to_site(t, "mystic_oak"):
        for seat in order:
            gain_sp(t, seat, sum(MYSTIC_OAK_SP[board.TERRAIN[terr]] for terr in near
                                 if tribes_in(t, seat, terr)))
