"""Civolution's questions: fixed action codes (one ActionSpace block per kind of answer) and
the decision for the step on top of the pending stack.

Options are cached by id, so a decision costs only the legality checks of its step's handler.
"""

from __future__ import annotations

from ingenium.engine import ActionSpace, Option
from ingenium.games.civolution import board
from ingenium.games.civolution.names import territory_name

SPACE = ActionSpace([
    ("module", board.MODULES),
    ("reset", 1),
    ("done", 1),  # done / skip / forgo
    ("die", 6),  # an activation die from dice space 1-6
    ("planning", 6),  # a planning marker from dice space 1-6
    ("focus", 1),
    ("take", 7),  # Reset B: take 0-6 dice from a dice space
    ("branch", 6),  # one side of an OR, a console space, a yes/no
    ("territory", board.TERRITORIES),
    ("encampment", board.ENCAMPMENTS),
    ("material", 18),
    ("feature", 6),
    ("track", 5),
    ("terrain", 7),
    ("goal_slot", 6),
    ("goal_space", 3),
    ("income_slot", 3),
    ("attribute_slot", 3),
    ("stack_up", 5),
    ("stack_down", 5),
    ("card", len(board.C.cards)),
    ("chip", 40),  # an installed item of one's stage partition (income chips' actions)
    ("column", 9),
    ("seat", 4),
    ("amount", 13),
    ("recess", len(board.RECESSES)),
    ("boat", 2),
    ("ground", board.GROUNDS),
    ("cross", board.TERRITORIES),  # a migration crossing through a territory
    ("attribute", 3),  # take and install a displayed attribute chip (any time in your turn)
    ("start_chip", 10),  # Setup, Option B: a starting chip card from the display
])

_CACHE: dict[tuple[str, int, str, str], Option] = {}


def opt(block: str, index: int, oid: str, label: str) -> Option:
    """The option `oid` coding as entry `index` of `block` (each built once)."""
    key = (block, index, oid, label)
    option = _CACHE.get(key)
    if option is None:
        option = _CACHE[key] = Option(oid, label, SPACE.code(block, index))
    return option


DONE = Option("done", "Done (or forgo)", SPACE.code("done"))


def territory_option(terr: int, verb: str) -> Option:
    """A territory as an answer: "Hunt in Forest b2"."""
    return opt("territory", terr, f"territory:{board.C.territories[terr].id}",
               f"{verb} {territory_name(terr)}")


def idea_cost(ideas: int) -> str:
    """What turning a die costs, as an option says it: "costs 2 idea markers"."""
    return f"costs {ideas} idea marker{'s' if ideas != 1 else ''}"


def picked(option: Option) -> tuple[str, int]:
    """(block, index) of an answered option."""
    return SPACE.decode(option.code)
