"""The one interpreter of the effect vocabulary (components/effects.py) for every component.

`Effects` steps walk an effect list; each entry either happens at once (points, markers, a
track step) or pushes the steps that ask its questions (`Choice` for an OR, `Repeat` for
"up to N" actions with an explicit done, `Target` for a one-question action). `can_do` answers
"can this be done now?", so an OR never offers a branch without a legal completion and a module
is never activated for nothing. Action families live in their own modules and register here
through `ACTIONS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ingenium.games.civolution.board import C
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.catalog import effect_sources
from ingenium.games.civolution.components.effect_text import describe
from ingenium.games.civolution.options import DONE, opt, picked
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
SOURCE_OF_LIST: tuple[str, ...] = tuple(_SOURCE.get(effects, "") for effects in LISTS)


def list_id(effects: tuple[Any, ...]) -> int:
    """The id of an effect list (every printed list and every nested one has one)."""
    found = LIST_ID.get(effects)
    if found is None:
        raise KeyError(f"effect list {effects} is not printed on any component")
    return found


class Action(NamedTuple):
    """An action family: its options for (seat, arg), and what one answer does.

    `perform` returns the arg for the next repetition (a Repeat goes on while `left` > 0)."""

    name: str
    options: Callable[[CivTable, int, int], list[Option]]
    perform: Callable[[CState, int, Option, int], int]
    prompt: str


ACTIONS: dict[int, Action] = {}


def action(code: int, name: str, prompt: str,
           options: Callable[[CivTable, int, int], list[Option]],
           perform: Callable[[CState, int, Option, int], int]) -> int:
    """Register an action family under a fixed code."""
    if code in ACTIONS:
        raise ValueError(f"action code {code} registered twice")
    ACTIONS[code] = Action(name, options, perform, prompt)
    return code


# Each effect type: (can it be done now, carry it out). Registered by the action modules too.
Doer = Callable[["CState", int, Any], None]
Check = Callable[[CivTable, int, Any], bool]
DOERS: dict[type[Any], tuple[Check, Doer]] = {}


def effect(kind: type[Any], check: Check, doer: Doer) -> None:
    """Register how an effect type is checked and carried out."""
    DOERS[kind] = (check, doer)


def doable(t: CivTable, seat: int, e: Any) -> bool:
    """Whether one effect could be carried out now (unknown effect types cannot)."""
    entry = DOERS.get(type(e))
    return entry is not None and entry[0](t, seat, e)


def can_do(t: CivTable, seat: int, effects: tuple[Any, ...]) -> bool:
    """Every cost in the list can be paid and at least one of its actions can be done."""
    costs = [e for e in effects if isinstance(e, fx.Pay)]
    rest = [e for e in effects if not isinstance(e, fx.Pay)]
    return all(doable(t, seat, e) for e in costs) and (
        not rest or any(doable(t, seat, e) for e in rest)) and all(
        type(e) in DOERS for e in effects)


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


# ---------------------------------------------------------------- the steps

# Asked before an effect (supply.py: replenishing an empty marker supply); True: a question was
# pushed, and the effect runs after it (the step comes back with `asked`, so it is asked once).
ASK_SUPPLY: list[Callable[[CivTable, int, Any], bool]] = []


def run_effects(state: CState, step: Effects) -> None:
    effects = LISTS[step.effects]
    at = step.at
    if at >= len(effects):
        return
    t = state.table
    e = effects[at]
    if not step.asked and any(ask(t, step.seat, e) for ask in ASK_SUPPLY):
        t.pending.insert(len(t.pending) - 1, step._replace(asked=1))
        return
    t.pending.append(step._replace(at=at + 1, asked=0))
    entry = DOERS.get(type(e))
    if entry is None:
        raise NotImplementedError(f"effect {e} has no rule yet")
    if isinstance(e, fx.Pay) or entry[0](t, step.seat, e):
        entry[1](state, step.seat, e)


def ask_choice(t: CivTable, step: Choice) -> tuple[str, list[Option]]:
    e = CHOOSES[step.effects]
    options = [opt("branch", i, f"or:{i + 1}", describe_all(branch))
               for i, branch in enumerate(e.options) if can_do(t, step.seat, branch)]
    if options and not step.must:
        options.append(DONE)
    source = _asking(t) or "the effect"
    return f"{source[0].upper()}{source[1:]}: which one?", options


def _asking(t: CivTable) -> str:
    """Whose effect asks: the component printing the nearest effect list being carried out."""
    for step in reversed(t.pending):
        if isinstance(step, Effects) and SOURCE_OF_LIST[step.effects]:
            return SOURCE_OF_LIST[step.effects]
    return ""


def answer_choice(state: CState, step: Choice, option: Option) -> None:
    if option is DONE:
        return
    e = CHOOSES[step.effects]
    push_effects(state.table, step.seat, e.options[picked(option)[1]])


def ask_repeat(t: CivTable, step: Repeat) -> tuple[str, list[Option]]:
    act = ACTIONS[step.action]
    options = act.options(t, step.seat, step.arg)
    return f"{act.prompt} ({step.left} left)", [*options, DONE] if options else []


def answer_repeat(state: CState, step: Repeat, option: Option) -> None:
    if option is DONE:
        return
    t = state.table
    at = len(t.pending)  # the next repetition waits beneath what this one pushes
    arg = ACTIONS[step.action].perform(state, step.seat, option, step.arg)
    if step.left > 1:
        t.pending.insert(at, step._replace(left=step.left - 1, arg=arg))


def ask_target(t: CivTable, step: Target) -> tuple[str, list[Option]]:
    act = ACTIONS[step.action]
    return act.prompt, act.options(t, step.seat, step.arg)


def answer_target(state: CState, step: Target, option: Option) -> None:
    t = state.table
    at = len(t.pending)
    arg = ACTIONS[step.action].perform(state, step.seat, option, step.arg)
    if step.left > 1:
        t.pending.insert(at, step._replace(arg=arg, left=step.left - 1))




# ---------------------------------------------------------------- OR, any order, favor test

def push_choice(t: CivTable, seat: int, e: fx.Choose, must: bool = False) -> None:
    """Ask which side of an OR (`must`: a negative effect, no forgoing)."""
    t.pending.append(Choice(S_CHOICE, seat=seat, effects=_CHOOSES[e], at=0, must=int(must)))


def _choose(state: CState, seat: int, e: fx.Choose) -> None:
    push_choice(state.table, seat, e)


effect(fx.Choose, lambda t, s, e: any(can_do(t, s, b) for b in e.options), _choose)


def _any_order(state: CState, seat: int, e: fx.InAnyOrder) -> None:
    """"B before or after A": with two parts that can be done, the civilization says which
    comes first; otherwise they follow in the printed order."""
    t = state.table
    if sum(1 for p in e.parts if can_do(t, seat, p)) > 1:
        push_target(t, seat, FIRST_PART, _ORDERS[e])
        return
    for part in reversed(e.parts):
        push_effects(t, seat, part)


def _part_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [opt("branch", i, f"first:{i + 1}", f"First: {describe_all(part)}")
            for i, part in enumerate(ORDERS[arg].parts)]


def _first_part(state: CState, seat: int, option: Option, arg: int) -> int:
    parts = ORDERS[arg].parts
    first = picked(option)[1]
    for part in [*[p for i, p in enumerate(parts) if i != first][::-1], parts[first]]:
        push_effects(state.table, seat, part)
    return arg


FIRST_PART = action(0, "first_part", "Which part first?", _part_options, _first_part)


# ---------------------------------------------------------------- bonuses that may be forgone

def push_optional(t: CivTable, seat: int, effects: tuple[Any, ...]) -> None:
    """A bonus the civilization may take or forgo (a card's instant bonus, "may be forgone";
    an event's bonus): one question, asked only when the bonus can be had at all."""
    if effects:
        push_target(t, seat, OPTIONAL, list_id(effects))


def _optional_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    effects = LISTS[arg]
    if not can_do(t, seat, effects):
        return []
    return [opt("branch", 0, "bonus:take", f"Take the bonus: {describe_all(effects)}"),
            opt("done", 0, "bonus:forgo", "Forgo the bonus")]


def _optional(state: CState, seat: int, option: Option, arg: int) -> int:
    if picked(option)[0] == "branch":
        push_effects(state.table, seat, LISTS[arg])
    return arg


OPTIONAL = action(15, "optional", "Take or forgo the bonus?", _optional_options, _optional)


effect(fx.InAnyOrder, lambda t, s, e: any(can_do(t, s, p) for p in e.parts), _any_order)
