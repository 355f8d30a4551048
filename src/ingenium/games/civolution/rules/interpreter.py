"""The one interpreter of the effect vocabulary (components/effects.py) for every component.

`Effects` steps walk an effect list; each entry either happens at once (points, markers, a
track step) or pushes the steps that ask its questions (`Choice` for an OR, `Repeat` for
"up to N" actions with an explicit done, `Target` for a one-question action). This module holds
what every action family needs: the effect lists' ids, the records an action family declares
(`Action`, `EffectRule`) and the functions that push the interpreter's steps. Each family lists
its own `ACTIONS` and `EFFECTS`; `rules/vocabulary.py` gathers them into the one table and
carries the steps out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ingenium.games.civolution.board import C
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.catalog import effect_sources
from ingenium.games.civolution.components.effect_text import describe
from ingenium.games.civolution.steps import (
    S_CHOICE,
    S_EFFECTS,
    S_REPEAT,
    S_TARGET,
    Choice,
    Effects,
    Repeat,
    Target,
)
from ingenium.games.civolution.table import CivTable

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]


def _walk(lists: list[tuple[Any, ...]], found: dict[tuple[Any, ...], int],
          source: str | None = None) -> None:
    for effects in lists:
        name = source or _PRINTED_BY.get(effects, "")
        _SOURCE.setdefault(effects, name)
        if effects in found:
            continue
        found[effects] = len(found)
        for e in effects:
            if isinstance(e, fx.Choose):
                _CHOOSES.setdefault(e, len(_CHOOSES))
                _walk(list(e.options), found, name)
            elif isinstance(e, fx.InAnyOrder):
                _ORDERS.setdefault(e, len(_ORDERS))
                _walk(list(e.parts), found, name)
            elif isinstance(e, fx.FavorTest):
                _walk([e.passed, e.failed], found, name)


_PRINTED_BY = effect_sources(C.components)
_SOURCE: dict[tuple[Any, ...], str] = {}  # effect list -> the component that prints it
_FOUND: dict[tuple[Any, ...], int] = {}
_CHOOSES: dict[fx.Choose, int] = {}
_ORDERS: dict[fx.InAnyOrder, int] = {}
_walk(list(C.effects), _FOUND)
for _printed in list(_FOUND):  # every printed effect on its own, named as its list
    _walk([(e,) for e in _printed], _FOUND, _SOURCE[_printed])
CHOOSES: tuple[fx.Choose, ...] = tuple(_CHOOSES)
ORDERS: tuple[fx.InAnyOrder, ...] = tuple(_ORDERS)
LISTS: tuple[tuple[Any, ...], ...] = tuple(_FOUND)
LIST_ID = _FOUND
ORDER_ID = _ORDERS  # an InAnyOrder effect -> its id in ORDERS
SOURCE_OF_LIST: tuple[str, ...] = tuple(_SOURCE.get(effects, "") for effects in LISTS)


def list_id(effects: tuple[Any, ...]) -> int:
    """The id of an effect list (every printed list and every nested one has one)."""
    found = LIST_ID.get(effects)
    if found is None:
        raise KeyError(f"effect list {effects} is not printed on any component")
    return found


class Action(NamedTuple):
    """An action family's question: its options for (seat, arg), and what one answer does.

    `code` is saved in `Target` and `Repeat` steps: never renumber one. `perform` returns the
    arg for the next repetition (a Repeat goes on while `left` > 0)."""

    code: int
    name: str
    prompt: str
    options: Callable[[CivTable, int, int], list[Option]]
    perform: Callable[[CState, int, Option, int], int]


class EffectRule(NamedTuple):
    """How an effect type is handled: can it be done now, and carry it out."""

    check: Callable[[CivTable, int, Any], bool]
    carry_out: Callable[[CState, int, Any], None]


# The interpreter's own actions (their rules are in rules/vocabulary.py): which part of an
# "in any order" comes first, and a bonus that may be forgone.
FIRST_PART, OPTIONAL = 0, 15
# Codes once used by actions that now have step records of their own (HuntDie, FindDie, Trade,
# Activities, IncomeOrder, MigrateTo, ExploreFrom, FavorTestIdeas, HolyRockIdeas, PlaceNewTribes,
# BoatStorage, BuildWhere, BuildProjects, the research card chain and its payment): old saves
# still hold them, so they are never reused.
RETIRED_ACTION_CODES = frozenset({8, 21, 25, 31, 32, 42, 44, 46, 47, 50, 60, 61, 70, 71, 72, 74,
                                  76, 93})


def describe_all(effects: tuple[Any, ...]) -> str:
    """An effect list in the rulebook's words."""

    return "; ".join(describe(e) for e in effects)


def push_effects(t: CivTable, seat: int, effects: tuple[Any, ...]) -> None:
    """Carry out an effect list next (before whatever is pending)."""
    if effects:
        t.pending.append(Effects(S_EFFECTS, seat=seat, effects=list_id(effects), at=0))


def push_repeat(t: CivTable, seat: int, code: int, left: int, arg: int = -1) -> None:
    """Ask for up to `left` more uses of an action (with done)."""
    if left > 0:
        t.pending.append(Repeat(S_REPEAT, seat=seat, action=code, left=left, arg=arg))


def push_target(t: CivTable, seat: int, code: int, arg: int = -1, left: int = 1) -> None:
    """Ask one question of an action (no done: it must be answered if it can be)."""
    t.pending.append(Target(S_TARGET, seat=seat, action=code, arg=arg, left=left))


# ---------------------------------------------------------------- ORs and optional bonuses

def push_choice(t: CivTable, seat: int, e: fx.Choose, must: bool = False) -> None:
    """Ask which side of an OR (`must`: a negative effect, no forgoing)."""
    t.pending.append(Choice(S_CHOICE, seat=seat, effects=_CHOOSES[e], at=0, must=int(must)))


def push_optional(t: CivTable, seat: int, effects: tuple[Any, ...]) -> None:
    """A bonus the civilization may take or forgo (a card's instant bonus, "may be forgone";
    an event's bonus): one question, asked only when the bonus can be had at all."""
    if effects:
        push_target(t, seat, OPTIONAL, list_id(effects))


def asking(t: CivTable) -> str:
    """Whose effect asks: the component printing the nearest effect list being carried out."""
    for step in reversed(t.pending):
        if isinstance(step, Effects) and SOURCE_OF_LIST[step.effects]:
            return SOURCE_OF_LIST[step.effects]
    return ""
