"""The three ages (Gameplay: "The game is played over three ages... An age ends when four of
the inventions are completed"), and after the third the last chance to play bonus tokens
(Scoring)."""

from __future__ import annotations

from ingenium.engine import Decision
from ingenium.games.legendary_inventors import options, steps
from ingenium.games.legendary_inventors.components.catalog import C
from ingenium.games.legendary_inventors.components.records import (
    AGES,
    EXTRA_INVENTIONS,
    MAX_PLAYERS,
    TOKENS_PER_INVENTION,
)
from ingenium.games.legendary_inventors.rules.bonus_tokens import knowledge_token_options, play
from ingenium.games.legendary_inventors.rules.completion import close_bonus
from ingenium.games.legendary_inventors.rules.inventors import player
from ingenium.games.legendary_inventors.table import (
    DISCARDED,
    FINAL,
    IN_PLAY,
    OVER,
    LIState,
    LITable,
)


def start_age(state: LIState, t: LITable, age: int) -> None:
    """An age begins: players + 3 inventions come into play, each with 2 bonus tokens."""
    t.age = age
    deck, bag = t.deck(age), t.bag(age)
    t.display = []
    for _ in range(t.players + EXTRA_INVENTIONS):
        inv = state.draw(f"deck{age}", deck)
        deck.remove(inv)
        t.display.append(inv)
        t.status[inv] = IN_PLAY
        for slot in range(TOKENS_PER_INVENTION):
            token = state.draw(f"bag{age}", bag)
            bag.remove(token)
            t.bonus[inv * TOKENS_PER_INVENTION + slot] = token
    state.reveal()  # the face-down deck and bag showed new cards: no undo past this
    names = ", ".join(C.inventions[i].name for i in t.display)
    state.log(None, "age", f"Age {age} begins: {names}",
              {"age": age, "inventions": [C.inventions[i].slug for i in t.display]})


def end_age(state: LIState) -> None:
    """An age ends: the unfinished invention is discarded with its cubes; next age or the end."""
    t = state.table
    for inv in t.display:
        if t.status[inv] == IN_PLAY:
            t.status[inv] = DISCARDED
            for s in range(t.players):
                t.cubes[inv * MAX_PLAYERS + s] = 0
            close_bonus(t, inv)
            state.log(None, "discard", f"{C.inventions[inv].name} is left unfinished and discarded",
                      {"invention": C.inventions[inv].slug})
    state.log(None, "age_end", f"Age {t.age} ends", {"age": t.age})
    if t.age < len(AGES):
        start_age(state, t, t.age + 1)
        return
    t.phase = FINAL
    order = [(t.current + 1 + k) % t.players for k in range(t.players)]
    t.pending.append(steps.FinalTokens(order))
    state.log(None, "final", "The third age is over: last chance to play bonus tokens")


# -- after the third age: the last token plays ---------------------------------------------------
def skip_final_seat(state: LIState, step: steps.FinalTokens) -> bool:
    """A seat with no token it could play is passed over (True: the step was replaced)."""
    t = state.table
    if step.seats and knowledge_token_options(t, step.seats[0]):
        return False
    t.pending.pop()
    if len(step.seats) > 1:
        t.pending.append(steps.FinalTokens(step.seats[1:]))
    return True


def final_decision(t: LITable, step: steps.FinalTokens) -> Decision:
    """Scoring: the last opportunity to play tokens that improve knowledge."""
    return Decision(step.seats[0], "final_tokens",
                    "Last chance to play bonus tokens on your inventors",
                    (*knowledge_token_options(t, step.seats[0]), options.DONE))


def answer_final(state: LIState, step: steps.FinalTokens, seat: int, block: str,
                 index: int) -> None:
    """Play a token (its target is asked next), or be done: the next seat's turn to play."""
    t = state.table
    if block == "done":
        t.pending.pop()
        if len(step.seats) > 1:
            t.pending.append(steps.FinalTokens(step.seats[1:]))
    else:
        play(state, seat, block, index)


def end_of_game(state: LIState) -> None:
    """Once every seat has played its last tokens (FINAL, nothing pending), the game is over."""
    state.table.phase = OVER
    state.log(None, "end", "The game is over: " + ", ".join(
        f"{player(s)} {p}" for s, p in enumerate(state.scores())))
