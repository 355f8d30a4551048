"""Chips as players name them: they have no printed names, so each is named by its content in
the rulebook's words (the same effect records the rules run), for option labels and boards."""

from __future__ import annotations

from functools import cache

from ingenium.games.civolution.board import RECESS_TERRITORIES, C, K
from ingenium.games.civolution.components.effect_text import (
    describe,
    describe_ability,
    describe_requirement,
)
from ingenium.games.civolution.components.icons import title

ATTRIBUTES = tuple(K.attribute_chips.values())
TERRITORY_NAMES = tuple(f"{title(rec.terrain)} {rec.id}" for rec in C.territories)


def territory_name(terr: int) -> str:
    """How a player names a territory: its type and where it lies ('Forest b2', as the
    board prints it on the territory)."""
    return TERRITORY_NAMES[terr]


def encampment_name(code: int) -> str:
    """An encampment by its place in its territory, as the board draws them ('encampment 2
    (fire) in Forest b2'), never by its id."""
    camp = C.encampments[code]
    number = camp.id.rsplit(".", 1)[1]
    fire = " (fire)" if camp.fire_sp else ""
    return f"encampment {number}{fire} in {territory_name(C.encampment_territory[code])}"


def recess_touching(recess: int) -> str:
    """What a site recess touches, as the board's tooltip says ('Forest b2 and Hills b1')."""
    return " and ".join(territory_name(x) for x in RECESS_TERRITORIES[recess])


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
