"""The Legendary Inventors table as flat data (see engine.table.FlatTable); its pending steps
are the records of `steps.py`.

Indexing: level[(seat * 4 + inventor) * 4 + type], used[seat * 4 + inventor],
held[seat * TOKEN_KINDS + kind], filled[invention * 4 + type], cubes[invention * 5 + seat],
bonus[invention * 2 + slot] (a token kind, or -1 once taken or discarded).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Annotated

from pydantic import PlainValidator, TypeAdapter, ValidationError

from ingenium.engine import FlatTable, State
from ingenium.games.legendary_inventors import steps

# phases
PLAY = 0  # turns are being taken
FINAL = 1  # after the third age: the last opportunity to play tokens
OVER = 2

# invention status
IN_BOX = 0  # face down in its age deck, or never drawn
IN_PLAY = 1
COMPLETED = 2
DISCARDED = 3  # the one left unfinished when its age ended

# the face a bonus token is played on (TokenTarget.face)
FACE_FRONT = 0
FACE_BACK = 1  # the "1" every token has on its back



# -- pending steps, read back from a save into their records ----------------------------------
@cache
def _ints() -> TypeAdapter[tuple[int, ...]]:
    """The validator of a saved step's numbers (built on first load, not at import)."""
    return TypeAdapter(tuple[int, ...])


def step_from_data(raw: object) -> steps.Step:
    """The record a saved step (a list of ints, kind first) stands for; ValueError if none.

    >>> step_from_data([4, 7, 2, 0]).choosers
    (2, 0)
    """
    try:
        values = _ints().validate_python(raw)
    except ValidationError:
        raise ValueError(f"pending step {raw!r} is not a list of whole numbers") from None
    kind = values[0] if values else None
    if kind == steps.STEP_BONUS and len(values) >= 2:
        return steps.Bonus(values[1], values[2:])
    if kind == steps.STEP_FINAL:
        return steps.FinalTokens(values[1:])
    record = steps.FIXED.get(kind) if kind is not None else None
    if record is None or len(values) != len(record._fields):
        raise ValueError(f"pending step {list(values)} is not a known step")
    return record._make(values)


PendingStep = Annotated[steps.Step, PlainValidator(step_from_data)]


@dataclass
class LITable(FlatTable):
    """Everything on the table; lists are flat and hold only immutable values."""

    players: int = 0
    age: int = 1
    phase: int = PLAY
    current: int = 0
    chocolate: int = 0  # 1 while a chocolate token played this turn waits for its invention
    team: list[int] = field(default_factory=list)
    level: list[int] = field(default_factory=list)
    used: list[int] = field(default_factory=list)
    held: list[int] = field(default_factory=list)
    status: list[int] = field(default_factory=list)
    owner: list[int] = field(default_factory=list)
    display: list[int] = field(default_factory=list)
    filled: list[int] = field(default_factory=list)
    cubes: list[int] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    deck1: list[int] = field(default_factory=list)
    deck2: list[int] = field(default_factory=list)
    deck3: list[int] = field(default_factory=list)
    bag1: list[int] = field(default_factory=list)
    bag2: list[int] = field(default_factory=list)
    bag3: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)  # tokens used up, per kind
    discarded: list[int] = field(default_factory=list)  # tokens nobody took, per kind
    pending: list[PendingStep] = field(default_factory=list)  # see steps.py; top last

    def deck(self, age: int) -> list[int]:
        """The face-down invention deck of an age."""
        return (self.deck1, self.deck2, self.deck3)[age - 1]

    def bag(self, age: int) -> list[int]:
        """The token bag of an age."""
        return (self.bag1, self.bag2, self.bag3)[age - 1]


LIState = State[LITable]
