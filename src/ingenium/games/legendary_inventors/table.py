"""The Legendary Inventors table as flat data (see engine.table.FlatTable).

Indexing: level[(seat * 4 + inventor) * 4 + type], used[seat * 4 + inventor],
held[seat * TOKEN_KINDS + kind], filled[invention * 4 + type], cubes[invention * 5 + seat],
bonus[invention * 2 + slot] (a token kind, or -1 once taken or discarded).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ingenium.engine import FlatTable

# phases
PLAY = 0  # turns are being taken
FINAL = 1  # after the third age: the last opportunity to play tokens
OVER = 2

# invention status
IN_BOX = 0  # face down in its age deck, or never drawn
IN_PLAY = 1
COMPLETED = 2
DISCARDED = 3  # the one left unfinished when its age ended

# pending step kinds: each step is a tuple of ints, step[0] being its kind
STEP_TARGET = 1  # (STEP_TARGET, token kind, face): choose inventor and type for a token
STEP_INVENTION = 2  # (STEP_INVENTION, inventor): choose the invention to use the inventor on
STEP_CHOCOLATE = 3  # (STEP_CHOCOLATE, invention, cubes left): place chocolate cubes
STEP_BONUS = 4  # (STEP_BONUS, invention, seat, seat, ...): top contributors choose, first first
STEP_FINAL = 5  # (STEP_FINAL, seat, seat, ...): seats still to take their last token plays
STEP_END_TURN = 6  # (STEP_END_TURN,): automatic: age end check, next player

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
    pending: list[tuple[int, ...]] = field(default_factory=list)

    def deck(self, age: int) -> list[int]:
        """The face-down invention deck of an age."""
        return (self.deck1, self.deck2, self.deck3)[age - 1]

    def bag(self, age: int) -> list[int]:
        """The token bag of an age."""
        return (self.bag1, self.bag2, self.bag3)[age - 1]
