"""Pending steps: small NamedTuple records on the table's `pending` stack, and one dispatch table.

A step is stored as a plain tuple of ints (its first field is its kind), so the table stays flat
data; `record(raw)` gives it back as its NamedTuple. Each kind has one Handler in `HANDLERS`:
either `auto` (runs, pops itself, may push more steps) or `ask` + `answer` (a decision for the
step's seat). The rule modules register their handlers with `@handles(Kind)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ingenium.engine import Option, State
    from ingenium.games.civolution.table import CivTable

    CState = State[CivTable]


class Phase(NamedTuple):
    """Run phase `phase` of the current era (How to Play: the 8 phases)."""

    kind: int
    phase: int


class NewGoal(NamedTuple):
    """Phase 2: `seat` may take a goal chip from the display."""

    kind: int
    seat: int
    chip_slot: int  # -1 while choosing the chip; then the slot, choosing the goal area space


class ExtraFind(NamedTuple):
    """Phase 3: `seat` picks a land territory with a tribe, then a storage space of its type."""

    kind: int
    seat: int
    terrain: int  # -1 while choosing the territory type


class Turn(NamedTuple):
    """Phase 4: `seat` activates a module or does a Reset."""

    kind: int
    seat: int


class Activation(NamedTuple):
    """Activating a module: the die standing for value `need` (first, then second)."""

    kind: int
    seat: int
    module: int
    which: int  # 1: first die, 2: second die
    first: int  # the first die's source (-1 before): 0-5 die space, 6-11 planning, 12 focus


class RerollReset(NamedTuple):
    """Reset B: for each die still on a space, leave it or take it (space by space)."""

    kind: int
    seat: int
    space: int  # dice space (0-5) asked about now
    taken: int  # dice taken from spaces so far


class ResetPlace(NamedTuple):
    """Reset C: the reset marker goes on the idea or the food space."""

    kind: int
    seat: int


class Effects(NamedTuple):
    """Carry out effect list `effects` (interpreter.LISTS id) from entry `at` for `seat`."""

    kind: int
    seat: int
    effects: int
    at: int


class Choice(NamedTuple):
    """An OR: `seat` picks one side of Choose effect `effects` (interpreter.CHOOSES id)."""

    kind: int
    seat: int
    effects: int
    at: int  # unused (0): keeps the record's shape
    must: int  # 1: negative effects must be carried out (no skip)


class Repeat(NamedTuple):
    """An action done up to `left` more times (migrations, hunts ...): one more or done."""

    kind: int
    seat: int
    action: int  # interpreter ACTION_* code
    left: int
    arg: int  # per action: the territory already used, the tribe in transit ...


class Target(NamedTuple):
    """A one-question action: `seat` picks a target (territory, encampment, track ...)."""

    kind: int
    seat: int
    action: int
    arg: int
    left: int


class Feed(NamedTuple):
    """Phase 6 A: `seat` decides, tribe by tribe, whether to pay food (feeding.py slots)."""

    kind: int
    seat: int
    slot: int  # an encampment, a wilderness group or a boat group
    handled: int  # tribes of the slot's group already decided


class Auto(NamedTuple):
    """A phase's automatic part `what` (registered in AUTOS) with one argument."""

    kind: int
    what: int
    arg: int


class Weather(NamedTuple):
    """Phase 7 A: `seat` resolves the weather space's effect."""

    kind: int
    seat: int


class Refill(NamedTuple):
    """Refill the empty goal chip display spaces from the bag (after Phase 2, after a gain)."""

    kind: int


class Continue(NamedTuple):
    """Return to the action phase's turn order once a turn's steps are done."""

    kind: int
    seat: int


RECORDS: tuple[type[Any], ...] = (Phase, NewGoal, ExtraFind, Turn, Activation, RerollReset,
                                  ResetPlace, Effects, Choice, Repeat, Target, Feed, Weather,
                                  Refill, Continue, Auto)
KIND = {cls: n for n, cls in enumerate(RECORDS)}


def make(cls: type[Any], *fields: int) -> tuple[int, ...]:
    """A step of type `cls` as the plain tuple the table stores."""
    return (KIND[cls], *fields)


def record(raw: tuple[int, ...]) -> Any:
    """The NamedTuple of a stored step."""
    return RECORDS[raw[0]]._make(raw)


class Handler(NamedTuple):
    """How a step kind runs: automatically, or as a decision of its seat."""

    auto: Callable[[CState, Any], None] | None
    ask: Callable[[CivTable, Any], tuple[str, list[Option]]] | None
    answer: Callable[[CState, Any, Option], None] | None


HANDLERS: dict[int, Handler] = {}


def handles(cls: type[Any], *, auto: Callable[[CState, Any], None] | None = None,
            ask: Callable[[CivTable, Any], tuple[str, list[Option]]] | None = None,
            answer: Callable[[CState, Any, Option], None] | None = None) -> None:
    """Register the handler of a step kind (each kind once)."""
    kind = KIND[cls]
    if kind in HANDLERS:
        raise ValueError(f"step {cls.__name__} has two handlers")
    HANDLERS[kind] = Handler(auto, ask, answer)


# Extra options a rule adds to other steps' decisions (attributes.py: an attribute chip at any
# time in your own turn); answering one keeps the step on the stack beneath the rule's question.
OFFERS: list[Callable[[CivTable, Any], list[Option]]] = []
OFFER_BLOCKS = {"attribute"}

AUTOS: dict[int, Callable[[CState, int], None]] = {}


def auto(what: int, run: Callable[[CState, int], None]) -> int:
    """Register an automatic phase part under a fixed code."""
    if what in AUTOS:
        raise ValueError(f"automatic part {what} registered twice")
    AUTOS[what] = run
    return what


def _auto(state: CState, step: Auto) -> None:
    AUTOS[step.what](state, step.arg)


handles(Auto, auto=_auto)
