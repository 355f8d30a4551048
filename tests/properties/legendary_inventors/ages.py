"""The ages (Gameplay: 'The game is played over three ages. Each age consists of five
inventions ... An age ends when four of the inventions are completed'; facts: players + 3
inventions in play, the age ends when all but one are complete, the unfinished one is
discarded, moving to the next age does not refresh inventors)."""

from __future__ import annotations

from ingenium.games.legendary_inventors.table import (
    COMPLETED,
    DISCARDED,
    FINAL,
    IN_PLAY,
    OVER,
    PLAY,
)
from tests.properties.harness import Transition
from tests.properties.legendary_inventors.common import (
    AGE_OF,
    AGES,
    EXTRA,
    NI,
    PROPERTIES,
    SLOTS,
    STRIDE,
    bonus_of,
    bonus_pending,
    completed_in_display,
    decision_kind,
    filled_of,
)


def _age_ended(tr: Transition) -> bool:
    """Whether this step closed an age."""
    assert tr.before is not None
    b, a = tr.before.table, tr.after.table
    return bool(a.age != b.age or (b.phase == PLAY and a.phase != PLAY))


@PROPERTIES.rule("Gameplay: 'The game is played over three ages' - ages I, II, III in order, "
                 "one at a time; the last token plays and the end come only after age III")
def ages_three_ages_in_order(tr: Transition) -> str | None:
    a = tr.after.table
    if not 1 <= a.age <= AGES or a.phase not in (PLAY, FINAL, OVER):
        return f"age {a.age}, phase {a.phase}"
    if a.phase != PLAY and a.age != AGES:
        return f"phase {a.phase} in age {a.age}"
    if tr.before is None:
        return None
    b = tr.before.table
    if a.age not in (b.age, b.age + 1) or a.phase < b.phase:
        return f"age {b.age} phase {b.phase} -> age {a.age} phase {a.phase}"
    if a.age != b.age and a.phase != PLAY:
        return "a new age began after the game's last age"
    return None


@PROPERTIES.rule("Gameplay: 'Each age consists of five inventions' at two players (facts: "
                 "players + 3 in play per age)")
def ages_players_plus_three_inventions(tr: Transition) -> str | None:
    t = tr.after.table
    if len(t.display) != t.players + EXTRA:
        return f"{len(t.display)} inventions in play at {t.players} players"
    return None


@PROPERTIES.rule("Gameplay: a new age lays out players + 3 inventions from its own deck, empty, "
                 "each with 2 bonus tokens from its own bag")
def ages_new_age_layout(tr: Transition) -> str | None:
    if tr.before is None or tr.after.table.age == tr.before.table.age:
        return None
    b, a = tr.before.table, tr.after.table
    age = a.age
    drawn = sorted(set(b.deck(age)) - set(a.deck(age)))
    if drawn != sorted(a.display) or any(AGE_OF[i] != age for i in a.display):
        return f"age {age} drew {drawn}, displays {a.display}"
    tokens = []
    for inv in a.display:
        if a.status[inv] != IN_PLAY or any(filled_of(a, inv)) or a.owner[inv] >= 0:
            return f"invention {inv} does not start the age empty and in play"
        slots = bonus_of(a, inv)
        if len(slots) != SLOTS or min(slots) < 0:
            return f"invention {inv} starts age {age} with tokens {slots}"
        tokens.extend(slots)
    if sorted(b.bag(age)) != sorted(a.bag(age) + tokens):
        return f"age {age}'s tokens did not come from its bag"
    return None


@PROPERTIES.rule("Gameplay: 'An age ends when four of the inventions are completed' (facts: all "
                 "but one of players + 3): at its end, all but one completed, one discarded")
def ages_age_ends_when_all_but_one_completed(tr: Transition) -> str | None:
    if tr.before is None or not _age_ended(tr):
        return None
    b, a = tr.before.table, tr.after.table
    states = [a.status[inv] for inv in b.display]
    done, dropped = states.count(COMPLETED), states.count(DISCARDED)
    if done != len(b.display) - 1 or dropped != 1:
        return f"age {b.age} ended with {done} completed, {dropped} discarded of {len(states)}"
    return None


@PROPERTIES.rule("Gameplay: an age does not end early - while fewer than all but one of its "
                 "inventions are completed, it goes on (all but one: only its last bonuses wait)")
def ages_age_does_not_end_early(tr: Transition) -> str | None:
    t = tr.after.table
    if t.phase != PLAY:
        return None
    done = completed_in_display(t)
    if done > len(t.display) - 1:
        return f"{done} of {len(t.display)} completed and the age goes on"
    if done == len(t.display) - 1 and decision_kind(tr.after) != "bonus":
        return "the age's last completion is past, yet the age goes on"
    if any(t.status[inv] == DISCARDED and AGE_OF[inv] == t.age for inv in range(NI)):
        return "an invention of the current age discarded before its end"
    return None


@PROPERTIES.rule("Gameplay (facts): 'the unfinished one is discarded even with cubes on it' - "
                 "its cubes go back and its tokens leave the game")
def ages_unfinished_invention_discarded(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    newly = [inv for inv in range(NI) if a.status[inv] == DISCARDED and b.status[inv] != DISCARDED]
    if not newly:
        return None
    if not _age_ended(tr):
        return f"inventions {newly} discarded before the age ended"
    left = [inv for inv in b.display if b.status[inv] == IN_PLAY]
    if newly != left:
        return f"discarded {newly}, unfinished {left}"
    inv = newly[0]
    if any(a.cubes[inv * STRIDE:(inv + 1) * STRIDE]) or max(bonus_of(a, inv)) >= 0:
        return f"the discarded invention {inv} keeps cubes or tokens"
    if a.owner[inv] >= 0 or any(s.invention == inv for s in bonus_pending(a)):
        return f"the discarded invention {inv} was given away"
    return None


@PROPERTIES.rule("Gameplay (facts): 'Moving to the next age does not refresh inventors'")
def ages_inventors_not_refreshed_between_ages(tr: Transition) -> str | None:
    if tr.before is None or not _age_ended(tr):
        return None
    if tr.before.table.used != tr.after.table.used:
        return "inventors refreshed when the age changed"
    return None
