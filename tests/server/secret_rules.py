"""A tiny test game with real secrets (hands, a face-down deck, private events).

Legendary Inventors hides only the deck order, identical for everyone; this game gives each seat
its own secrets so the tests can prove that no payload leaks one seat's hand to another.
Not registered here (the test process keeps the real registry); test servers preload
`secret_game`, which registers it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ingenium.engine import Decision, FlatTable, Game, Option, Rng, State

CARDS = ("amethyst", "basilisk", "cormorant", "dulcimer", "equinox", "fjord", "gargoyle",
         "hyacinth", "ibex", "jacaranda", "kumquat", "labyrinth")
HAND = 2
TURNS = 8
DECK, PLAYED = -1, -2


@dataclass
class SecretTable(FlatTable):
    """owner[card]: a seat, DECK or PLAYED; deck: face-down order, top last."""

    players: int = 0
    current: int = 0
    turn: int = 0
    owner: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)


def hand(t: SecretTable, seat: int) -> list[int]:
    """Cards a seat holds."""
    return [c for c, o in enumerate(t.owner) if o == seat]


class SecretHands(Game[SecretTable]):
    """Play a card from your hand (its value scores) or draw one; eight turns."""

    name: ClassVar[str] = "secret-hands"
    title: ClassVar[str] = "Secret Hands"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    num_actions: ClassVar[int] = len(CARDS) + 1
    observation_shape: ClassVar[tuple[int, ...]] = (1,)
    table_type: ClassVar[type[FlatTable]] = SecretTable

    def empty_table(self) -> SecretTable:
        return SecretTable()

    def setup(self, state: State[SecretTable]) -> SecretTable:
        t = SecretTable(players=state.players, owner=[DECK] * len(CARDS),
                        deck=list(range(len(CARDS))), points=[0] * state.players)
        for seat in range(state.players):
            dealt = state.deal("deal", t.deck, HAND, (seat,))
            for card in dealt:
                t.deck.remove(card)
                t.owner[card] = seat
            state.log(seat, "dealt", f"You are dealt {', '.join(CARDS[c] for c in dealt)}",
                      {"cards": [CARDS[c] for c in dealt]}, visible_to=(seat,))
        return t

    def decide(self, state: State[SecretTable]) -> Decision | None:
        t = state.table
        if t.turn >= TURNS:
            return None
        options = [Option(f"play:card={CARDS[c]}", f"Play {CARDS[c]}", c)
                   for c in hand(t, t.current)]
        if t.deck:
            options.append(Option("draw", "Draw a card", len(CARDS)))
        return Decision(t.current, "turn", "Play a card or draw", tuple(options))

    def resolve(self, state: State[SecretTable], decision: Decision, option: Option) -> None:
        t = state.table
        seat = decision.seat
        if option.id == "draw":
            card = state.draw("deck", t.deck, (seat,))  # seen: no undo past this
            t.deck.remove(card)
            t.owner[card] = seat
            state.log(seat, "draw", f"You draw {CARDS[card]}", {"card": CARDS[card]},
                      visible_to=(seat,))
            state.log(seat, "draw", f"Player {seat + 1} draws a card")
        else:
            t.owner[option.code] = PLAYED
            t.points[seat] += option.code % 5
            state.log(seat, "play", f"Player {seat + 1} plays {CARDS[option.code]}",
                      {"card": CARDS[option.code]})
        t.turn += 1
        t.current = (t.current + 1) % t.players

    def scores(self, state: State[SecretTable]) -> list[int]:
        return list(state.table.points)

    def view_table(self, state: State[SecretTable], seat: int | None) -> dict[str, Any]:
        t = state.table
        return {
            "hand": [CARDS[c] for c in hand(t, seat)] if seat is not None else None,
            "hand_sizes": [len(hand(t, s)) for s in range(t.players)],
            "played": [CARDS[c] for c, o in enumerate(t.owner) if o == PLAYED],
            "deck": len(t.deck),
            "turn": t.turn,
        }

    def determinize_table(self, state: State[SecretTable], seat: int, rng: Rng) -> None:
        t = state.table
        unknown = [c for c, o in enumerate(t.owner) if o not in (seat, PLAYED)]
        holders = [t.owner[c] for c in unknown]
        rng.shuffle(unknown)
        for card, holder in zip(unknown, holders, strict=True):
            t.owner[card] = holder
        t.deck = sorted(c for c in unknown if t.owner[c] == DECK)

    def observation(self, state: State[SecretTable], seat: int) -> np.ndarray:
        return np.zeros(1, dtype=np.float32)


def secrets_hidden_from(state: State[SecretTable], seat: int | None) -> set[str]:
    """Card names `seat` must not see right now: the deck and the other seats' hands."""
    t = state.table
    return {CARDS[c] for c, o in enumerate(t.owner) if o != PLAYED and o != seat}


GAME = SecretHands()
