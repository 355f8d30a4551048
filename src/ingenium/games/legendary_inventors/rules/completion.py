"""Gameplay 3: a completed invention. Its cubes go home and the three players who contributed
most choose a bonus in turn, most first (ties clockwise from the finisher): a bonus token or
the card itself (Scoring 1)."""

from __future__ import annotations

from ingenium.engine import Decision
from ingenium.games.legendary_inventors import options, steps
from ingenium.games.legendary_inventors.components.catalog import NUM_KINDS, C
from ingenium.games.legendary_inventors.components.records import (
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
)
from ingenium.games.legendary_inventors.options import CARD_SLOT
from ingenium.games.legendary_inventors.rules.inventors import open_squares, player
from ingenium.games.legendary_inventors.table import COMPLETED, LIState, LITable

# the texts a completion's questions and log show, per invention and token kind, built once
BONUS_PROMPTS = tuple(f"{i.name} is complete: choose your bonus" for i in C.inventions)
INVENTION_SLUGS = tuple(i.slug for i in C.inventions)
CARD_TAKEN = tuple(f"the {i.name} card" for i in C.inventions)
TOKEN_TAKEN = tuple(f"the {k.label} token" for k in C.token_kinds)


def is_complete(t: LITable, inv: int) -> bool:
    """Every square of the invention holds a cube."""
    return all(open_squares(t, inv, ty) == 0 for ty in range(NUM_TYPES))


def bonus_order(t: LITable, inv: int, finisher: int) -> list[int]:
    """Gameplay 3: the three biggest contributors, ties clockwise from the finisher."""
    players = t.players
    contributors = [s for s in range(players) if t.cubes[inv * MAX_PLAYERS + s] > 0]
    contributors.sort(key=lambda s: (-t.cubes[inv * MAX_PLAYERS + s], (s - finisher) % players))
    return contributors[:3]


def complete(state: LIState, inv: int, finisher: int) -> None:
    """Gameplay 3: a completed invention; cubes go home, the top three choose bonuses."""
    t = state.table
    order = bonus_order(t, inv, finisher)
    contributions = [t.cubes[inv * MAX_PLAYERS + s] for s in range(t.players)]
    for s in range(t.players):
        t.cubes[inv * MAX_PLAYERS + s] = 0
    t.status[inv] = COMPLETED
    if state.keeps_log:  # a search's world keeps no log: its text is not even built
        state.log(finisher, "complete",
                  f"{player(finisher)} completes {C.inventions[inv].name}; bonus order: "
                  + ", ".join(player(s) for s in order),
                  {"invention": C.inventions[inv].slug, "contributions": contributions,
                   "order": order})
    t.pending.append(steps.Bonus(inv, order))


def close_if_done(state: LIState, step: steps.Bonus) -> bool:
    """Nobody left to choose, or nothing left to take: the rest leaves the game (True)."""
    t = state.table
    if step.choosers and bonus_left(t, step.invention):
        return False
    t.pending.pop()
    close_bonus(t, step.invention)
    return True


def bonus_decision(t: LITable, step: steps.Bonus) -> Decision:
    """Gameplay 3: a top contributor chooses one bonus token or the card."""
    inv, seat = step.invention, step.choosers[0]
    offered = []
    for slot in range(TOKENS_PER_INVENTION):
        kind = t.bonus[inv * TOKENS_PER_INVENTION + slot]
        if kind >= 0:
            offered.append(options.BONUS_TOKEN[slot][kind])
    if t.owner[inv] < 0:
        offered.append(options.BONUS_CARD[inv])
    return Decision(seat, "bonus", BONUS_PROMPTS[inv], tuple(offered))


def take_bonus(state: LIState, step: steps.Bonus, seat: int, block: str, slot: int) -> None:
    """Gameplay 3 / Scoring 1: take a token, or the card and its ribbon points."""
    t = state.table
    t.pending.pop()
    inv = step.invention
    if slot == CARD_SLOT:
        t.owner[inv] = seat
        what = CARD_TAKEN[inv]
    else:
        kind = t.bonus[inv * TOKENS_PER_INVENTION + slot]
        t.bonus[inv * TOKENS_PER_INVENTION + slot] = -1
        t.held[seat * NUM_KINDS + kind] += 1
        what = TOKEN_TAKEN[kind]
    if state.keeps_log:
        state.log(seat, "bonus", f"{player(seat)} takes {what}",
                  {"invention": INVENTION_SLUGS[inv], "slot": slot})
    t.pending.append(steps.Bonus(inv, step.choosers[1:]))


def bonus_left(t: LITable, inv: int) -> bool:
    """Whether anything is still there to choose from a completed invention."""
    return t.owner[inv] < 0 or any(
        t.bonus[inv * TOKENS_PER_INVENTION + s] >= 0 for s in range(TOKENS_PER_INVENTION))


def close_bonus(t: LITable, inv: int) -> None:
    """Tokens nobody chose leave the game."""
    for slot in range(TOKENS_PER_INVENTION):
        kind = t.bonus[inv * TOKENS_PER_INVENTION + slot]
        if kind >= 0:
            t.discarded[kind] += 1
            t.bonus[inv * TOKENS_PER_INVENTION + slot] = -1
