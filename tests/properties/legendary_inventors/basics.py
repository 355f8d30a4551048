"""Basics (the summary's first section and the game's setup) and the conservation of every
kind of component: invention cards, bonus tokens, knowledge cubes, inventor cards."""

from __future__ import annotations

from ingenium.games.legendary_inventors.table import (
    COMPLETED,
    DISCARDED,
    IN_BOX,
    IN_PLAY,
    OVER,
    PLAY,
)
from tests.properties.harness import Transition
from tests.properties.legendary_inventors.common import (
    AGE_OF,
    AGES,
    DECK_SIZE,
    EXTRA,
    MAX_LEVEL,
    NEED,
    NI,
    NK,
    PRINTED_BAGS,
    PRINTED_TOKENS,
    PROPERTIES,
    SLOTS,
    START_KNOWLEDGE,
    STRIDE,
    TEAM_SIZE,
    TEAMS,
    TYPES,
    bonus_of,
    bonus_pending,
    cubes,
    filled_of,
    held_of,
    levels_of,
)

# -- Basics: setup -------------------------------------------------------------------------------


@PROPERTIES.rule("Basics: 'Each player is randomly assigned a set of four inventors, grouped by "
                 "the time period in which they lived' (one team each, none shared)")
def basics_each_player_assigned_a_set_of_four_inventors(tr: Transition) -> str | None:
    t = tr.after.table
    if len(t.team) != t.players or len(set(t.team)) != len(t.team):
        return f"teams {t.team} for {t.players} players"
    if any(not 0 <= team < len(TEAMS) for team in t.team):
        return f"unknown team in {t.team}"
    if any(len(TEAMS[team].inventors) != TEAM_SIZE for team in t.team):
        return "a team without four inventors"
    if len(t.level) != t.players * TEAM_SIZE * TYPES or len(t.used) != t.players * TEAM_SIZE:
        return "the inventor cards on the table do not match four per player"
    return None


@PROPERTIES.rule("Basics: a player's set of inventors is theirs for the whole game")
def basics_teams_kept_all_game(tr: Transition) -> str | None:
    if tr.before is not None and tr.before.table.team != tr.after.table.team:
        return f"teams changed from {tr.before.table.team} to {tr.after.table.team}"
    return None


@PROPERTIES.rule("Basics: 'Each inventor begins with two units of starting knowledge' (the "
                 "levels printed on the card)")
def basics_inventors_begin_with_two_knowledge(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    for seat in range(t.players):
        levels = levels_of(t, seat)
        for i, person in enumerate(TEAMS[t.team[seat]].inventors):
            mine = levels[i * TYPES:(i + 1) * TYPES]
            if sum(mine) != START_KNOWLEDGE or tuple(mine) != person.start:
                return f"{person.name} starts with {mine}, the card shows {person.start}"
    return None


@PROPERTIES.rule("Basics (setup): nobody holds a token, a card or a cube, and every inventor "
                 "is ready to use, before the first turn")
def basics_setup_empty_supplies(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    if any(t.held) or any(o >= 0 for o in t.owner) or any(t.used):
        return "tokens, cards or used inventors at setup"
    if any(t.cubes) or any(t.filled) or any(t.played) or any(t.discarded):
        return "cubes or spent tokens at setup"
    return None


@PROPERTIES.rule("Basics (setup): age I begins with players + 3 of its inventions, each with "
                 "2 bonus tokens from the age I bag; the later ages' decks and bags are full")
def basics_setup_first_age_display(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    if t.age != 1 or t.phase != PLAY:
        return f"setup ends in age {t.age}, phase {t.phase}"
    if len(t.display) != t.players + EXTRA or any(AGE_OF[i] != 1 for i in t.display):
        return f"age I display {t.display}"
    tokens = [k for inv in t.display for k in bonus_of(t, inv)]
    if len(tokens) != SLOTS * len(t.display) or min(tokens) < 0:
        return "an invention without its two bonus tokens"
    if sorted(tokens + t.bag1) != sorted(PRINTED_BAGS[1]):
        return "the age I tokens did not come from the age I bag"
    for age in (2, 3):
        if len(t.deck(age)) != DECK_SIZE[age] or sorted(t.bag(age)) != sorted(PRINTED_BAGS[age]):
            return f"age {age} deck or bag touched at setup"
    return None


@PROPERTIES.rule("Basics (setup, reconstructed: the summary names no first player): the first "
                 "seat takes the first turn")
def basics_first_player(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    decision = tr.after.decision
    if decision is None or decision.kind != "turn" or decision.seat != 0 or tr.after.table.current:
        return "the game does not open with the first seat's turn"
    return None


# -- conservation, one kind of component each -----------------------------------------------------


@PROPERTIES.rule("Conservation: every invention card is in exactly one place (its age's deck, "
                 "in play, completed, or discarded); only the current age's are in play")
def conservation_invention_cards(tr: Transition) -> str | None:
    t = tr.after.table
    for age in range(1, AGES + 1):
        deck = t.deck(age)
        if len(set(deck)) != len(deck) or any(AGE_OF[i] != age for i in deck):
            return f"age {age} deck {deck}"
        boxed = [i for i in range(NI) if AGE_OF[i] == age and t.status[i] == IN_BOX]
        if sorted(boxed) != sorted(deck):
            return f"age {age}: face-down cards {sorted(boxed)}, deck {sorted(deck)}"
        if age > t.age and len(deck) != DECK_SIZE[age]:
            return f"age {age} cards left the deck before age {age}"
    if len(set(t.display)) != len(t.display) or any(AGE_OF[i] != t.age for i in t.display):
        return f"display {t.display} in age {t.age}"
    for inv in range(NI):
        if t.status[inv] == IN_PLAY and inv not in t.display:
            return f"invention {inv} in play but not displayed"
        if t.status[inv] in (COMPLETED, DISCARDED) and AGE_OF[inv] > t.age:
            return f"invention {inv} of a later age is closed"
        if t.owner[inv] >= 0 and t.status[inv] != COMPLETED:
            return f"invention {inv} owned but not completed"
    return None


@PROPERTIES.rule("Conservation: every bonus token of each kind is in a bag, on an invention, "
                 "held, played, or out of the game, as many as were printed")
def conservation_bonus_tokens(tr: Transition) -> str | None:
    t = tr.after.table
    for kind in range(NK):
        where = (sum(t.bag(a).count(kind) for a in range(1, AGES + 1)) + t.bonus.count(kind)
                 + sum(held_of(t, s)[kind] for s in range(t.players))
                 + t.played[kind] + t.discarded[kind])
        if where != PRINTED_TOKENS[kind]:
            return f"token kind {kind}: {where} found, {PRINTED_TOKENS[kind]} printed"
    if min(t.held) < 0:
        return "a negative token count"
    choosing = {step.invention for step in bonus_pending(t)}
    for inv in range(NI):
        if max(bonus_of(t, inv)) >= 0 and not (
                t.status[inv] == IN_PLAY or (t.status[inv] == COMPLETED and inv in choosing)):
            return f"tokens left on invention {inv} (status {t.status[inv]}) nobody may choose"
    if tr.before is not None:
        b = tr.before.table
        if any(a < p for a, p in zip(t.played, b.played, strict=True)) or any(
                a < p for a, p in zip(t.discarded, b.discarded, strict=True)):
            return "a played or discarded token came back"
    return None


@PROPERTIES.rule("Conservation: the knowledge cubes on an invention in play are its filled "
                 "squares, never more than it needs; a closed invention holds none")
def conservation_knowledge_cubes(tr: Transition) -> str | None:
    t = tr.after.table
    for inv in range(NI):
        on = sum(t.cubes[inv * STRIDE:(inv + 1) * STRIDE])
        filled = filled_of(t, inv)
        if any(not 0 <= f <= n for f, n in zip(filled, NEED[inv], strict=True)):
            return f"invention {inv} filled {filled} of {NEED[inv]}"
        if min(t.cubes[inv * STRIDE:(inv + 1) * STRIDE]) < 0:
            return f"negative cubes on invention {inv}"
        if t.status[inv] == IN_PLAY and on != sum(filled):
            return f"invention {inv}: {on} cubes on {sum(filled)} filled squares"
        if t.status[inv] != IN_PLAY and on:
            return f"invention {inv} (status {t.status[inv]}) still holds cubes"
        if any(cubes(t, inv, s) for s in range(t.players, STRIDE)):
            return f"cubes of an absent seat on invention {inv}"
    return None


@PROPERTIES.rule("Conservation: each player's four inventor cards are each ready or used, with "
                 f"knowledge levels 0 to {MAX_LEVEL}")
def conservation_inventor_cards(tr: Transition) -> str | None:
    t = tr.after.table
    if any(u not in (0, 1) for u in t.used):
        return f"used flags {t.used}"
    if any(not 0 <= level <= MAX_LEVEL for level in t.level):
        return "a knowledge level outside 0..4"
    return None


@PROPERTIES.rule("Conservation: a completed invention keeps every square filled and goes to at "
                 "most one player; an invention in play is never full")
def conservation_completed_cards(tr: Transition) -> str | None:
    t = tr.after.table
    for inv in range(NI):
        full = filled_of(t, inv) == list(NEED[inv])
        if t.status[inv] == COMPLETED and not full:
            return f"invention {inv} completed with open squares"
        if t.status[inv] == IN_PLAY and full:
            return f"invention {inv} full but not completed"
    if t.phase == OVER and any(t.pending):
        return "steps pending after the end"
    return None

