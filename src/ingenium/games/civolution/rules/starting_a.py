"""Setup, the starting cards: Option A (a numbered starting marker card each, the research cards
and the starting chip card of that number), and what Option B (starting_b.py) shares with it:
the starting chip card with its random goal chip and the markers of a starting marker card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components.effects import Gain
from ingenium.games.civolution.components.icons import Resource
from ingenium.games.civolution.console import gain_markers
from ingenium.games.civolution.table import (
    ITEM_START_CHIP,
    CivTable,
    HeldCard,
    Installed,
    goal_space_at,
    level_at,
)

if TYPE_CHECKING:
    from ingenium.engine import State

START_CHIPS = tuple(sorted(K.starting_chip_cards.values(), key=lambda s: s.number))
MARKER_CARDS = tuple(sorted((m for m in K.starting_marker_cards.values() if m.number),
                            key=lambda m: m.number))
ALL_MARKER_CARDS = MARKER_CARDS + tuple(sorted(
    (m for m in K.starting_marker_cards.values() if not m.number), key=lambda m: m.id))


def deal(state: State[CivTable], t: CivTable) -> None:
    """Option A: a numbered starting marker card each; the five research cards of that number
    to hand; the research display from the rest; the starting markers; the starting chip card
    of that number with a random goal chip; the starting monolith."""
    numbers = state.deal("starting_marker_card", range(len(MARKER_CARDS)), t.players)
    t.start_marker = numbers
    in_hand = set()
    for seat, n in enumerate(numbers):
        for card, rec in enumerate(C.cards):
            if rec.number == n + 1:
                t.hand.append(HeldCard(seat, card))
                in_hand.add(card)
    t.down = [c for c in range(len(C.cards)) if c not in in_hand]
    for seat, n in enumerate(numbers):
        for gain in MARKER_CARDS[n].markers:
            starting_gain(t, seat, gain)
        give_chip_card(state, t, seat, n)
    t.starting = state.draw("starting_civilization", range(t.players))
    t.current = t.starting


def give_chip_card(state: State[CivTable], t: CivTable, seat: int, n: int) -> None:
    """Starting chip card `n` with a random goal chip on it: the goal chip to the goal area,
    the module in its middle to level II, the card under the console (the first income chip)."""
    chip_card = START_CHIPS[n]
    chip = state.draw("goal_chip", t.goal_bag)
    t.goal_bag.remove(chip)
    t.goal_area[goal_space_at(seat, 0)] = chip
    t.level[level_at(seat, board.MODULE[chip_card.module])] = 2
    t.installed.append(Installed(seat, K.console.start_chip_column - 1,
                                 K.console.start_chip_stage, ITEM_START_CHIP, n))


def starting_gain(t: CivTable, seat: int, gain: object) -> None:
    """A starting marker card's markers onto their console spaces."""
    assert isinstance(gain, Gain)
    what = gain.what
    if what is Resource.FEATURE:
        assert gain.feature is not None
        gain_markers(t, seat, "feature", gain.amount, board.FEATURES.index(gain.feature))
    elif what is Resource.MATERIAL:
        assert gain.material is not None
        gain_markers(t, seat, "material", gain.amount, C.material_index[gain.material])
    else:
        gain_markers(t, seat, what.value, gain.amount)
