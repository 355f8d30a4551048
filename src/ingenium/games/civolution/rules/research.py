"""The research display (Setup: "Setting up the research display"; Module: Research).

Face-down stacks are unordered: the top card is a chance draw. Cards put back "face down at the
bottom of its stack" are known to whoever put them there and keep their order in `bottom`; a
deck's bottom cards are drawn, oldest first, only once its unordered part is empty.
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import eq
from typing import TYPE_CHECKING

from ingenium.games.civolution.board import CARD_DECK
from ingenium.games.civolution.table import HeldCard

if TYPE_CHECKING:
    from ingenium.engine import State
    from ingenium.games.civolution.table import CivTable


# card -> its deck, as a bytes.translate table: the scans of the face-down lists run in C
DECK_OF = bytes(CARD_DECK) + bytes(256 - len(CARD_DECK))


def decks_of(cards: list[int]) -> bytes:
    """Each card's deck, in the list's order."""
    return bytes(cards).translate(DECK_OF)


def stack_size(t: CivTable, deck: int) -> int:
    """Cards in a deck's face-down stack (unordered part and known bottom)."""
    return decks_of(t.down).count(deck) + decks_of(t.bottom).count(deck)


def has_stack(t: CivTable, deck: int) -> bool:
    """Whether a deck's face-down stack holds a card."""
    return deck in decks_of(t.down) or deck in decks_of(t.bottom)


def any_face_down(t: CivTable) -> bool:
    """Whether any face-down stack holds a card (every card belongs to a deck)."""
    return bool(t.down or t.bottom)


def draw_down(state: State[CivTable], deck: int,
              visible_to: tuple[int, ...] | None = None) -> int:
    """The top card of a face-down stack, taken off it (-1 if the stack is empty)."""
    t = state.table
    pool = list(compress(t.down, map(eq, decks_of(t.down), repeat(deck))))  # in its order
    if pool:
        card = state.draw(f"research_{deck}", pool, visible_to)
        t.down.remove(card)
        return card
    for at, card in enumerate(t.bottom):
        if CARD_DECK[card] == deck:
            del t.bottom[at]
            del t.bottom_seat[at]
            return card
    return -1


def top_up(t: CivTable, deck: int) -> int:
    """The top card of a deck's face-up stack (-1 if empty)."""
    for card in reversed(t.face_up):
        if CARD_DECK[card] == deck:
            return card
    return -1


def reveal(state: State[CivTable], deck: int) -> None:
    """Reveal the top face-down card onto the face-up stack (covering the previous card)."""
    card = draw_down(state, deck)
    if card >= 0:
        state.table.face_up.append(card)


def take_up(state: State[CivTable], seat: int, deck: int) -> int:
    """Gain the top face-up card; "whenever you take the last card of a face-up stack,
    immediately reveal the top card of the corresponding face-down stack"."""
    t = state.table
    card = top_up(t, deck)
    t.face_up.remove(card)
    t.hand.append(HeldCard(seat, card))
    if top_up(t, deck) < 0:
        reveal(state, deck)
    return card


def take_secretly(state: State[CivTable], seat: int, deck: int) -> int:
    """Draw the top face-down card into a seat's hand, seen only by that seat."""
    t = state.table
    card = draw_down(state, deck, (seat,))
    if card >= 0:
        t.hand.append(HeldCard(seat, card))
        t.secret.append(HeldCard(seat, card))
    return card


def leave_hand(t: CivTable, seat: int, card: int) -> None:
    """A card leaves a hand (installed): it is public from now on."""
    held = HeldCard(seat, card)
    t.hand.remove(held)
    if held in t.secret:
        t.secret.remove(held)


def hand_of(t: CivTable, seat: int) -> list[int]:
    """The research cards in a seat's hand."""
    return [held.card for held in t.hand if held.seat == seat]
