"""Chips as players name them: they have no printed names, so each is named by its content in
the rulebook's words (the same effect records the rules run), for option labels and boards."""

from __future__ import annotations

from functools import cache

from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components.effect_text import (
    describe,
    describe_ability,
    describe_requirement,
)
from ingenium.games.civolution.components.icons import title

ATTRIBUTES = tuple(K.attribute_chips.values())


@cache
def goal_text(chip: int) -> str:
    """What goal chip `chip` (its catalog index) requires."""
    return "; ".join(describe_requirement(r) for r in C.goal_chips[chip].requirement)


@cache
def income_text(chip: int) -> str:
    """What income chip `chip` does."""
    return "; ".join(describe(e) for e in C.income_chips[chip].effects)


def goal_chip_name(chip: int) -> str:
    """A goal chip as its face reads, for labels and the log: 'goal chip (have 6 food markers)'."""
    return f"goal chip ({goal_text(chip)})"


def income_chip_name(chip: int) -> str:
    """An income chip as its face reads."""
    return f"income chip ({income_text(chip)})"


@cache
def attribute_name(chip: int) -> str:
    """Attribute chip `chip` (index into ATTRIBUTES) by its feature and amount: 'Dexterity 3'."""
    rec = ATTRIBUTES[chip]
    return f"{title(rec.feature)} {rec.amount}"


@cache
def attribute_text(chip: int) -> str:
    """What an attribute chip gives, and the markers it takes: `amount` of a feature held, one
    of them returned."""
    rec = ATTRIBUTES[chip]
    return (f"{describe_ability(rec.ability)} (needs {rec.amount} {rec.feature.value} markers, "
            f"1 returned)")
