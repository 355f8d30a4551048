"""Setup, starting cards by Option B (advanced; the variant `advanced`).

"First set up the research display. Each civilization draws 2 cards from each of the 5
face-down stacks. Shuffle the starting marker cards, give each civilization 3, and each secretly
chooses one card of each of the 6 types ... Unchosen research cards go face down to the bottom
of their stacks; unchosen starting marker cards return to the box." Then the starting markers
(which reveals the chosen marker card), the starting monolith, and "Option B: choose one [starting
chip card] from a display" — in seating order from the starting civilization; each with a random
goal chip, as in Option A (a reading: the rulebook names the goal chip for Option A only).

The secret choices are six questions per civilization, seats 1 to 4 in turn (the monolith is
not yet given); the cards are seen by their holder only (chance draws `visible_to` it), option
ids name positions, never cards, and the log names no card until the markers are placed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules.common import seating_order
from ingenium.games.civolution.rules.interpreter import Action, describe_all, push_target
from ingenium.games.civolution.rules.starting_a import (
    ALL_MARKER_CARDS,
    START_CHIPS,
    give_chip_card,
    starting_gain,
)
from ingenium.games.civolution.steps import S_AUTO, Auto
from ingenium.games.civolution.table import ITEM_START_CHIP, CivTable, DealtMarkerCard, HeldCard

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

DRAWN_PER_DECK = 2
MARKER_CARDS_EACH = 3
CHOICES = 1 + len(board.DECKS)  # a starting marker card, then one card of each deck


REVEAL = 7  # the Auto step's `what` (machine.AUTOS; saved: never renumber)


def deal(state: CState, t: CivTable) -> None:
    """The research display, 2 secret cards per deck and 3 secret marker cards per seat; the
    choices come first, then the reveal (both above phase 1 on the pending stack)."""
    t.down = list(range(len(C.cards)))
    t.start_marker = [-1] * t.players
    t.marker_pick = [-1] * t.players
    t.marker_offer = []
    for seat in range(t.players):
        for deck in range(len(board.DECKS)):
            for _ in range(DRAWN_PER_DECK):  # the table is not yet the state's: draw here
                card = state.draw(f"research_{deck}", [c for c in t.down
                                                       if c in board.DECK_CARDS[deck]], (seat,))
                t.down.remove(card)
                t.looking.append(HeldCard(seat, card))
    left = list(range(len(ALL_MARKER_CARDS)))
    for seat in range(t.players):
        for _ in range(MARKER_CARDS_EACH):
            card = state.draw("starting_marker_card", left, (seat,))
            left.remove(card)
            t.marker_offer.append(DealtMarkerCard(seat, card))
    t.pending.append(Auto(S_AUTO, what=REVEAL))
    for seat in reversed(range(t.players)):
        push_target(t, seat, CHOOSE, 0, CHOICES)


def offer_of(t: CivTable, seat: int) -> list[int]:
    """The starting marker cards dealt to a seat."""
    return [dealt.card for dealt in t.marker_offer if dealt.seat == seat]


def _looking(t: CivTable, seat: int, deck: int) -> list[int]:
    return [held.card for held in t.looking if held.seat == seat
            and board.CARD_DECK[held.card] == deck]


def _choose_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    if arg == 0:
        return [opt("amount", n, f"start_markers:{n + 1}", "Starting markers: " +
                    describe_all(ALL_MARKER_CARDS[card].markers))
                for n, card in enumerate(offer_of(t, seat))]
    return [opt("amount", n, f"start_card:{n + 1}", f"Keep {C.cards[card].name} "
                f"({C.cards[card].id})") for n, card in enumerate(_looking(t, seat, arg - 1))]


def _choose(state: CState, seat: int, option: Option, arg: int) -> int:
    """One secret choice; the research card not chosen goes to the bottom of its stack."""
    t = state.table
    n = picked(option)[1]
    if arg == 0:
        t.marker_pick[seat] = offer_of(t, seat)[n]
        return arg + 1
    cards = _looking(t, seat, arg - 1)
    for i, card in enumerate(cards):
        t.looking.remove(HeldCard(seat, card))
        if i == n:
            t.hand.append(HeldCard(seat, card))
            t.secret.append(HeldCard(seat, card))
        else:
            t.bottom.append(card)
            t.bottom_seat.append(seat)
    if arg == CHOICES - 1:
        state.log(seat, "starting_cards", f"Player {seat + 1} has chosen their starting cards")
    return arg + 1


def reveal(state: CState, step: Auto) -> None:
    """The chosen marker cards' markers (the others back to the box), the monolith, then the
    starting chip cards in seating order."""
    t = state.table
    for seat in range(t.players):
        card = t.marker_pick[seat]
        t.start_marker[seat] = card
        for gain in ALL_MARKER_CARDS[card].markers:
            starting_gain(t, seat, gain)
        state.log(seat, "starting_markers", f"Player {seat + 1} places the starting markers "
                  f"({describe_all(ALL_MARKER_CARDS[card].markers)})",
                  {"card": ALL_MARKER_CARDS[card].id})
    t.marker_offer = []
    t.marker_pick = [-1] * t.players
    t.starting = state.draw("starting_civilization", range(t.players))
    t.current = t.starting
    for seat in reversed(seating_order(t)):
        push_target(t, seat, CHIP_CARD, -1)


def _chip_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    taken = {i.item for i in t.installed if i.kind == ITEM_START_CHIP}
    return [opt("start_chip", n, f"start_chip:{card.number}", f"Starting chip card "
                f"{card.number}: {C.modules[board.MODULE[card.module]].name} to level II, "
                f"income {describe_all(card.income)}")
            for n, card in enumerate(START_CHIPS) if n not in taken]


def _chip_card(state: CState, seat: int, option: Option, arg: int) -> int:
    give_chip_card(state, state.table, seat, picked(option)[1])
    return arg


CHOOSE = 94
CHIP_CARD = 95


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        CHOOSE,
        "starting_cards",
        "Option B: choose your starting cards (secretly)",
        _choose_options,
        _choose,
    ),
    Action(
        CHIP_CARD,
        "starting_chip_card",
        "Option B: choose a starting chip card",
        _chip_options,
        _chip_card,
    ),
)
