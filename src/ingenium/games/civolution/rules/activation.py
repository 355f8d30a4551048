"""Activating a module (rulebook: Phase 4, Activating a module; The Sleep module; Focus markers).

Exactly two activation dice, one per value the module shows; each idea marker returned turns a
die one step (6 and 1 are beside one another). A planning marker on a dice space stands in for a
die of that space's value (ideas may change it too); a focus marker stands in for any value. The
Sleep module takes any two dice. The question comes in two steps — the first die (with the idea
markers it costs), then the second — and a first die is offered only if a second one completes
it; then the module's actions go to the interpreter.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from ingenium.games.civolution.board import C
from ingenium.games.civolution.components.icons import Trigger
from ingenium.games.civolution.console import distance
from ingenium.games.civolution.options import idea_cost, opt, picked
from ingenium.games.civolution.rules import interpreter, site_actions, vocabulary
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.steps import S_ACTIVATION, Activation
from ingenium.games.civolution.table import (
    CivTable,
    dice_spaces,
    level_at,
    levels,
    planned,
    space_at,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

FOCUS = 12  # source codes: 0-5 a die on space 1-6, 6-11 a planning marker there, 12 focus
SOURCES = tuple(range(13))
NEEDS = tuple(m.dice for m in C.modules)  # None: the Sleep module, any two dice
MODULE_ORDER = tuple(range(len(C.modules)))
_DICE_PAIRS = tuple(sorted(set(NEEDS), key=str))  # the distinct NEEDS
SITE_FIRST = {"production": "hidden_grotto", "procreation": "holy_rock"}


def cost(source: int, need: int | None) -> int:
    """Idea markers to make a source show the value `need`."""
    if need is None or source == FOCUS:
        return 0
    return distance(source % 6 + 1, need)


# the idea markers each source costs to show a value (None: any value), by value and source
_COSTS: dict[int | None, tuple[int, ...]] = {
    need: tuple(cost(s, need) for s in SOURCES) for need in (None, 1, 2, 3, 4, 5, 6)}


def _sources(t: CivTable, seat: int) -> tuple[int, ...]:
    """How many of each source the seat has, by source code."""
    return (*dice_spaces(t, seat), *planned(t, seat), t.focus[seat])

# dice situations whose searches are kept (about 60 new ones a game; bounded for long runs)
DICE_KEPT = 1 << 14


_SECOND_VALUES = tuple({need[1] if need is not None else None for need in _DICE_PAIRS})
NO_SECOND = 1 << 30  # the cost of a second source where there is none


def _second_costs(have: tuple[int, ...], held: list[int],
                  second_cost: tuple[int, ...]) -> list[int]:
    """By source: the cheapest second source's cost once it is the first (the source
    itself again only if the seat has two of it; NO_SECOND if none is left)."""
    ranked = sorted(held, key=second_cost.__getitem__)[:2]  # the two cheapest
    cheapest = second_cost[ranked[0]] if ranked else NO_SECOND
    runner_up = second_cost[ranked[1]] if len(ranked) > 1 else NO_SECOND
    best = [cheapest] * len(SOURCES)
    if ranked and have[ranked[0]] < 2:  # the cheapest cannot follow itself
        best[ranked[0]] = runner_up
    return best


@lru_cache(maxsize=DICE_KEPT)
def _firsts(have: tuple[int, ...], ideas: int, needs: tuple[int, int] | None) -> tuple[int, ...]:
    """The first sources with a second one to follow, for what the seat has (memoized: the
    same few dice and idea counts recur at every turn of every game)."""
    a, b = needs if needs is not None else (None, None)
    first_cost = _COSTS[a]
    held = [s for s in SOURCES if have[s]]
    second = _second_costs(have, held, _COSTS[b])
    return tuple(s for s in held if first_cost[s] + second[s] <= ideas)


def first_sources(t: CivTable, seat: int, module: int) -> list[int]:
    """Sources that can stand for the module's first value with a second one to follow."""
    return list(_firsts(_sources(t, seat), t.ideas[seat], NEEDS[module]))


@lru_cache(maxsize=DICE_KEPT)
def _fitting(have: tuple[int, ...], ideas: int) -> frozenset[tuple[int, int] | None]:
    """The modules' dice values (NEEDS) two of the sources can stand for (memoized like
    `_firsts`: one look-up per turn instead of one search per module): some first source
    with its cheapest second one to follow."""
    held = [s for s in SOURCES if have[s]]
    seconds = {b: _second_costs(have, held, _COSTS[b]) for b in _SECOND_VALUES}
    fits = []
    for need in _DICE_PAIRS:
        a, b = need if need is not None else (None, None)
        first_cost, second = _COSTS[a], seconds[b]
        for s in held:
            if first_cost[s] + second[s] <= ideas:
                fits.append(need)
                break
    return frozenset(fits)


# each module level's `vocabulary.can_do`, compiled once
LEVEL_CHECKS = tuple(tuple(vocabulary.compiled(effects) for effects in module.levels)
                     for module in C.modules)


def can_activate(t: CivTable, seat: int, module: int) -> bool:
    """Two dice can be found for the module and its actions can be carried out."""
    return module in activatable(t, seat, (module,))


def activatable(t: CivTable, seat: int, modules: Iterable[int] = MODULE_ORDER) -> list[int]:
    """The modules (of `modules`, in their order) the seat can activate now: two dice can be
    found for each (worked out once for all of them), and its actions can be carried out."""
    fits = _fitting(_sources(t, seat), t.ideas[seat])
    now = levels(t, seat)
    # the Sleep module (no dice values), a fill-in: any two dice, even for nothing
    return [m for m in modules if NEEDS[m] in fits and (
        NEEDS[m] is None or LEVEL_CHECKS[m][now[m] - 1](t, seat))]


def _label(source: int, need: int | None) -> tuple[str, str, int]:
    if source == FOCUS:
        return "focus", "a focus marker", 0
    kind = "die" if source < 6 else "planning"
    what = "die" if source < 6 else "planning marker"
    ideas = cost(source, need)
    extra = f" ({idea_cost(ideas)})" if ideas else ""
    return kind, f"the {what} on {source % 6 + 1}{extra}", source % 6


def _source_option(source: int, need: int | None) -> Option:
    """A source standing for a die value (None: any value) as an answer."""
    kind, label, index = _label(source, need)
    oid = f"{kind}:{index + 1}:ideas={cost(source, need)}" if kind != "focus" else "focus"
    return opt(kind, index, oid, f"Use {label}")


# each source's answer for each value it may stand for, built once
SOURCE_OPTIONS: dict[int | None, tuple[Option, ...]] = {
    need: tuple(_source_option(s, need) for s in SOURCES) for need in (None, 1, 2, 3, 4, 5, 6)}


def ask(t: CivTable, step: Activation) -> tuple[str, list[Option]]:
    needs = NEEDS[step.module]
    name = C.modules[step.module].name
    if step.which == 1:
        need = needs[0] if needs else None
        sources = first_sources(t, step.seat, step.module)
    else:
        need = needs[1] if needs else None
        left = t.ideas[step.seat] - cost(step.first, needs[0] if needs else None)
        have, costs = _sources(t, step.seat), _COSTS[need]  # available / cost by source
        sources = [s for s in SOURCES if have[s] - (s == step.first) > 0 and costs[s] <= left]
    answers = SOURCE_OPTIONS[need]
    options = [answers[s] for s in sources]
    shown = f"a {need}" if need else "any die"
    return f"{name}: which die stands for {shown}?", options


def _source(option: Option) -> int:
    block, index = picked(option)
    return index if block == "die" else index + 6 if block == "planning" else FOCUS


def _use(t: CivTable, seat: int, source: int, need: int | None) -> None:
    spent = cost(source, need)
    t.ideas[seat] -= spent
    t.supply[seat] += spent  # idea markers return to the supply
    if source < 6:
        t.dice[space_at(seat, source)] -= 1
        t.used_dice[seat] += 1  # "Place the two activation dice you use below your console"
    elif source < FOCUS:
        t.planning[space_at(seat, source - 6)] -= 1
        t.supply[seat] += 1  # planning markers return to the supply
    else:
        t.focus[seat] -= 1
        t.supply[seat] += 1


def answer(state: CState, step: Activation, option: Option) -> None:
    t = state.table
    source = _source(option)
    needs = NEEDS[step.module]
    if step.which == 1:
        t.pending.append(Activation(S_ACTIVATION, seat=step.seat, module=step.module, which=2,
                                    first=source))
        return
    _use(t, step.seat, step.first, needs[0] if needs else None)
    _use(t, step.seat, source, needs[1] if needs else None)
    level = t.level[level_at(step.seat, step.module)]
    effects = C.modules[step.module].levels[level - 1]
    name = C.modules[step.module].id
    if name == "production":
        fire(t, step.seat, Trigger.PRODUCE)  # "after you activate Production"
    interpreter.push_effects(t, step.seat, effects)
    if name in SITE_FIRST:  # The Sites: Hidden grotto / Holy rock come first
        site_actions.push_site_first(t, step.seat, SITE_FIRST[name])


