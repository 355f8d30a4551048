"""views.determinize's plain definition (every list sorted by deck card by card, each hidden
place dealt by one Fisher-Yates step from the end of its deck's pool, the face-down cards left
in card order): the fast version must give the same world and leave the generator in the same
state (tests/games/civolution/test_fast_paths.py)."""

from __future__ import annotations

from ingenium.engine.rng import Rng
from ingenium.games.civolution import board
from ingenium.games.civolution.table import CivTable
from ingenium.games.civolution.views import _determinize_marker_cards


def determinize(t: CivTable, seat: int, rng: Rng) -> None:
    """Resample what `seat` has not seen, deck by deck (the plain definition)."""
    _determinize_marker_cards(t, seat, rng)
    decks = range(len(board.DECKS))
    downs_of: list[list[int]] = [[] for _ in decks]
    for card in t.down:
        downs_of[board.CARD_DECK[card]].append(card)
    secret = set(t.secret)
    hands_of: list[list[int]] = [[] for _ in decks]
    for i, held in enumerate(t.hand):
        if held.seat != seat and held in secret:
            hands_of[board.CARD_DECK[held.card]].append(i)
    looks_of: list[list[int]] = [[] for _ in decks]
    for i, held in enumerate(t.looking):
        if held.seat != seat:
            looks_of[board.CARD_DECK[held.card]].append(i)
    bottoms_of: list[list[int]] = [[] for _ in decks]
    for i, card in enumerate(t.bottom):
        if t.bottom_seat[i] != seat:
            bottoms_of[board.CARD_DECK[card]].append(i)
    down: list[int] = []
    for deck in decks:
        hands, looks, bottoms, downs = (hands_of[deck], looks_of[deck], bottoms_of[deck],
                                        downs_of[deck])
        pool = downs + [t.hand[i].card for i in hands] + [t.looking[i].card for i in looks]
        pool += [t.bottom[i] for i in bottoms]
        pool.sort()
        hidden = len(hands) + len(looks) + len(bottoms)
        if len(pool) < 2 or not hidden:  # left alone
            down += downs
            continue
        for i in range(len(pool) - 1, len(pool) - 1 - hidden, -1):  # Fisher-Yates, from the end
            j = rng.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        rest = pool[:]
        for i in hands:
            old = t.hand[i]
            t.secret.remove(old)
            t.hand[i] = old._replace(card=rest.pop())
        t.secret += [t.hand[i] for i in hands]
        for i in looks:
            t.looking[i] = t.looking[i]._replace(card=rest.pop())
        for i in bottoms:
            t.bottom[i] = rest.pop()
        down += rest
    t.down = sorted(down)
