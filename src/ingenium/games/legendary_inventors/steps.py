"""The pending steps of Legendary Inventors: small immutable records on the table's `pending`
stack. With the stack empty, the current player is asked for a turn (Gameplay).

Every record is a tuple of ints whose first item is its kind code, so a step is saved as a flat
list of ints and loads back into the same record (`table.step_from_data`). Four are NamedTuples;
the two that carry a list of seats (`Bonus`, `FinalTokens`) are tuple records with named parts.
Which steps ask and which run by themselves is the one table in `machine.py`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Self

# kind codes (saved with every step: never renumber)
STEP_TARGET, STEP_INVENTION, STEP_CHOCOLATE, STEP_BONUS, STEP_FINAL, STEP_END_TURN = range(1, 7)


class TokenTarget(NamedTuple):
    """Bonus Tokens: which inventor and knowledge type the `token` kind raises (played on
    `face`, FACE_FRONT or FACE_BACK)."""

    kind: int
    token: int
    face: int


class ChooseInvention(NamedTuple):
    """Gameplay 2: the invention on which the current player's `inventor` works."""

    kind: int
    inventor: int


class ChocolateCubes(NamedTuple):
    """Bonus Tokens, Chocolate: `left` extra cubes still to place on `invention`."""

    kind: int
    invention: int
    left: int


class EndTurn(NamedTuple):
    """After a turn: the age may end; the next player clockwise (runs by itself)."""

    kind: int


class _SeatsRecord(tuple[int, ...]):
    """A step carrying a list of seats: a tuple of ints whose first item is its kind code."""

    __slots__ = ()

    @property
    def kind(self) -> int:
        """The kind code (STEP_BONUS or STEP_FINAL)."""
        return self[0]


class Bonus(_SeatsRecord):
    """Gameplay 3: the top contributors still to choose a bonus of a completed `invention`,
    best first (saved as kind, invention, chooser, ...)."""

    __slots__ = ()

    def __new__(cls, invention: int, choosers: Iterable[int]) -> Self:
        return super().__new__(cls, (STEP_BONUS, invention, *choosers))

    def __getnewargs__(self) -> tuple[int, tuple[int, ...]]:
        return self.invention, self.choosers

    @property
    def invention(self) -> int:
        """The completed invention."""
        return self[1]

    @property
    def choosers(self) -> tuple[int, ...]:
        """Seats still to choose, the next one first."""
        return self[2:]


class FinalTokens(_SeatsRecord):
    """Scoring: after the third age, the seats still to take their last chance to play bonus
    tokens, the next one first (saved as kind, seat, ...)."""

    __slots__ = ()

    def __new__(cls, seats: Iterable[int]) -> Self:
        return super().__new__(cls, (STEP_FINAL, *seats))

    def __getnewargs__(self) -> tuple[tuple[int, ...]]:
        return (self.seats,)

    @property
    def seats(self) -> tuple[int, ...]:
        """Seats still to play, the next one first."""
        return self[1:]


Step = TokenTarget | ChooseInvention | ChocolateCubes | EndTurn | Bonus | FinalTokens
FIXED: dict[int, type[TokenTarget | ChooseInvention | ChocolateCubes | EndTurn]] = {
    STEP_TARGET: TokenTarget, STEP_INVENTION: ChooseInvention, STEP_CHOCOLATE: ChocolateCubes,
    STEP_END_TURN: EndTurn,
}
STEP_TYPES: dict[int, type[Step]] = {**FIXED, STEP_BONUS: Bonus, STEP_FINAL: FinalTokens}
