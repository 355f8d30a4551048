"""Abilities that became active when their card or attribute chip was installed (Install 1
research card: "If it has an ability in its top third, that ability is now active"; Attribute
chips: "it gives an individual benefit throughout the game").

`fire(t, seat, trigger)` pushes the effects of every active triggered ability of that kind, so
they follow the action that triggered them; the rules call it where the trigger happens.
"""

from __future__ import annotations

from typing import Any

from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Trigger
from ingenium.games.civolution.rules.interpreter import push_effects
from ingenium.games.civolution.table import ITEM_ATTRIBUTE, ITEM_CARD, CivTable

ATTRIBUTES = tuple(K.attribute_chips.values())


def active(t: CivTable, seat: int) -> list[tuple[int, Any]]:
    """(index in `installed`, ability) of the seat's installed cards and attribute chips."""
    found: list[tuple[int, Any]] = []
    for n, (s, _c, _st, kind, item) in enumerate(t.installed):
        if s != seat:
            continue
        if kind == ITEM_CARD and C.cards[item].ability is not None:
            found.append((n, C.cards[item].ability))
        elif kind == ITEM_ATTRIBUTE:
            found.append((n, ATTRIBUTES[item].ability))
    return found


def fire(t: CivTable, seat: int, trigger: Trigger) -> None:
    """Whenever `trigger` happens to a civilization: its abilities of that kind, in the order
    installed (pushed so the first runs first)."""
    gains = [a.effects for _, a in active(t, seat)
             if isinstance(a, fx.Triggered) and a.on is trigger]
    for effects in reversed(gains):
        push_effects(t, seat, effects)
