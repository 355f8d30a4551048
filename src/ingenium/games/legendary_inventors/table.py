"""The Legendary Inventors table as flat data (see engine.table.FlatTable); its pending steps
are the records of `steps.py`.

Indexing: level[(seat * 4 + inventor) * 4 + type], used[seat * 4 + inventor],
held[seat * TOKEN_KINDS + kind], filled[invention * 4 + type], cubes[invention * 5 + seat],
bonus[invention * 2 + slot] (a token kind, or -1 once taken or discarded).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ingenium.engine import FlatTable, State
from ingenium.games.legendary_inventors.steps import PendingStep

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
