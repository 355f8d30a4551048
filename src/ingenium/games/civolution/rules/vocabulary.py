"""The effect vocabulary's one table: every action family's actions (by their saved code) and
how each effect type is checked and carried out, gathered from the families' own `ACTIONS` and
`EFFECTS`; and the interpreter's steps that use it (`machine.py` runs them).

`can_do` answers "can this be done now?", so an OR never offers a branch without a legal
completion and a module is never activated for nothing. The effects that are themselves lists
of effects (an OR, "in any order", an activity, a bonus that may be forgone) are handled here,
since whether they can be done depends on every other effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.masks import has, with_
from ingenium.games.civolution.options import DONE, opt, picked
from ingenium.games.civolution.rules import (
    attributes,
    building,
    console_actions,
    exploration,
    gains,
    improvements,
    install,
    materials,
    partition,
    site_actions,
    sites,
    starting_b,
    supply,
    tribe_actions,
)
from ingenium.games.civolution.rules.interpreter import (
    CHOOSES,
    FIRST_PART,
    LISTS,
    OPTIONAL,
    ORDER_ID,
    ORDERS,
    RETIRED_ACTION_CODES,
    Action,
    EffectRule,
    asking,
    describe_all,
    push_choice,
    push_effects,
    push_target,
)
from ingenium.games.civolution.steps import (
    S_ACTIVITIES,
    S_EFFECTS,
    Activities,
    Choice,
    Effects,
    Repeat,
    Target,
)
from ingenium.games.civolution.table import CivTable

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

# -- effects made of effect lists ---------------------------------------------------------------


def doable(t: CivTable, seat: int, e: Any) -> bool:
    """Whether one effect could be carried out now (unknown effect types cannot)."""
    rule = EFFECTS.get(type(e))
    return rule is not None and rule.check(t, seat, e)


def can_do(t: CivTable, seat: int, effects: tuple[Any, ...]) -> bool:
    """Every cost in the list can be paid and at least one of its actions can be done."""
    compiled = _CHECKS.get(id(effects))
    if compiled is None or compiled[0] is not effects:
        compiled = _compile(effects)
    return compiled[1](t, seat)


Check = Callable[[CivTable, int], bool]
RuleCheck = Callable[[CivTable, int, Any], bool]
# An effect list's check, by the list's identity: `doable` of each effect, its rule looked up
# once (the lists are the components' and live as long as the program; the list itself is
# kept with its check, so an id is never taken for another list's)
_CHECKS: dict[int, tuple[tuple[Any, ...], Check]] = {}
_MOST_CHECKS = 4096  # the components print a few hundred lists


def _compile(effects: tuple[Any, ...]) -> tuple[tuple[Any, ...], Check]:
    """`can_do` of one list as a function of the table and seat: the costs (all must be
    checked) first, then the other effects (one is enough), each with its rule's check."""
    if all(type(e) in EFFECTS for e in effects):
        costs = tuple(_effect_rule(e) for e in effects if isinstance(e, fx.Pay))
        rest = tuple(_effect_rule(e) for e in effects if not isinstance(e, fx.Pay))
        check = _one(*rest[0]) if len(rest) == 1 and not costs else _costs_then_one(costs, rest)
    else:
        check = _never  # an effect type without a rule cannot be done
    if len(_CHECKS) >= _MOST_CHECKS:  # a bound, should lists ever be built on the fly
        _CHECKS.clear()
    _CHECKS[id(effects)] = compiled = (effects, check)
    return compiled


def _never(t: CivTable, seat: int) -> bool:
    return False


def _effect_rule(e: Any) -> tuple[RuleCheck, Any]:
    """An effect's check and the effect to hand it: an OR's or an "in any order"'s own rule
    (one of its effect lists can be done) with those lists' checks compiled in, so their
    `can_do` look-ups are made once; any other effect's rule."""
    kind = type(e)
    if kind is fx.Choose or kind is fx.InAnyOrder:
        lists = sorted(e.options if kind is fx.Choose else e.parts, key=_searches)
        return _any_list(tuple(compiled(b) for b in lists)), e
    return EFFECTS[kind].check, e


# effects whose check searches the table (the continent, the hand, the payments): an OR's
# branches without them are checked first (one doable branch is enough and the checks are
# pure, so the answer is the same, found sooner: Planning's "or place 2 markers" before its
# goal chip's payment search)
_SEARCHING = (fx.Install, fx.Build, fx.Migrate, fx.Procreate, fx.Explore, fx.Hunt,
              fx.Transport, fx.Produce, fx.Trade, fx.Choose, fx.InAnyOrder)


def _searches(effects: tuple[Any, ...]) -> int:
    """How many effects of a list search the table (an OR's branches, fewest first)."""
    return sum(isinstance(e, _SEARCHING) for e in effects)


def compiled(effects: tuple[Any, ...]) -> Check:
    """`can_do` of one effect list as a function of the table and seat (for a caller that
    asks about the same list again and again: its look-up made once)."""
    found = _CHECKS.get(id(effects))
    if found is None or found[0] is not effects:
        found = _compile(effects)
    return found[1]


def _any_list(checks: tuple[Check, ...]) -> RuleCheck:
    """One of the lists can be done (the rule of fx.Choose and fx.InAnyOrder below)."""
    def check(t: CivTable, seat: int, e: Any) -> bool:
        for done in checks:  # noqa: SIM110 (a loop: any() of a generator costs a frame)
            if done(t, seat):
                return True
        return False
    return check


def _one(rule: RuleCheck, e: Any) -> Check:
    """A list of one effect that is not a cost (the most common)."""
    return lambda t, seat: bool(rule(t, seat, e))


def _costs_then_one(costs: tuple[tuple[RuleCheck, Any], ...],
                    rest: tuple[tuple[RuleCheck, Any], ...]) -> Check:
    """Every cost payable, then one of the other effects (any one) doable."""
    def check(t: CivTable, seat: int) -> bool:
        for rule, e in costs:
            if not rule(t, seat, e):
                return False
        if not rest:
            return True
        for rule, e in rest:  # noqa: SIM110 (a loop: any() of a generator costs a frame)
            if rule(t, seat, e):
                return True
        return False
    return check


def _choose(state: CState, seat: int, e: fx.Choose) -> None:
    push_choice(state.table, seat, e)


def _any_order(state: CState, seat: int, e: fx.InAnyOrder) -> None:
    """"B before or after A": with two parts that can be done, the civilization says which
    comes first; otherwise they follow in the printed order."""
    t = state.table
    if sum(1 for p in e.parts if can_do(t, seat, p)) > 1:
        push_target(t, seat, FIRST_PART, ORDER_ID[e])
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


def ask_activities(t: CivTable, step: Activities) -> tuple[str, list[Option]]:
    """Module: Activity: the activities that can be done (with `different`, each once)."""
    options = [opt("chip", n, f"activity:{n}", f"Activity: {describe_all(e)}")
               for n, e in console_actions.activities(t, step.seat)
               if not (step.different and has(step.used, n)) and can_do(t, step.seat, e)]
    return (f"Perform which activity? ({step.left} left)",
            [*options, DONE] if options else [])


def answer_activities(state: CState, step: Activities, option: Option) -> None:
    """One activity's effects; the next question waits beneath them."""
    if option is DONE:
        return
    t = state.table
    at = len(t.pending)
    n = picked(option)[1]
    for index, e in console_actions.activities(t, step.seat):
        if index == n:
            push_effects(t, step.seat, e)
            break
    if step.left > 1:
        used = with_(step.used, n) if step.different else step.used
        t.pending.insert(at, step._replace(left=step.left - 1, used=used))


def _can_perform_activity(t: CivTable, seat: int, e: fx.Activity) -> bool:
    return any(can_do(t, seat, a) for _, a in console_actions.activities(t, seat))


def _perform_activity(state: CState, seat: int, e: fx.Activity) -> None:
    if e.count > 0:
        state.table.pending.append(Activities(S_ACTIVITIES, seat=seat, left=e.count,
                                              different=int(e.different), used=0))


_LIST_ACTIONS = (
    Action(FIRST_PART, "first_part", "Which part first?", _part_options, _first_part),
    Action(OPTIONAL, "optional", "Take or forgo the bonus?", _optional_options, _optional),
)
_LIST_EFFECTS: dict[type[Any], EffectRule] = {
    fx.Choose: EffectRule(lambda t, s, e: any(can_do(t, s, b) for b in e.options), _choose),
    fx.InAnyOrder: EffectRule(lambda t, s, e: any(can_do(t, s, p) for p in e.parts), _any_order),
    fx.Activity: EffectRule(_can_perform_activity, _perform_activity),
}

# -- the table ----------------------------------------------------------------------------------

# Every action family's actions and effect rules, in the order of rules/__init__.py
FAMILY_ACTIONS: tuple[tuple[Action, ...], ...] = (
    starting_b.ACTIONS, sites.ACTIONS, attributes.ACTIONS, tribe_actions.ACTIONS,
    materials.ACTIONS, building.ACTIONS, exploration.ACTIONS, gains.ACTIONS, improvements.ACTIONS,
    install.ACTIONS, partition.ACTIONS, console_actions.ACTIONS,
    site_actions.ACTIONS, supply.ACTIONS,
)
FAMILY_EFFECTS: tuple[dict[type[Any], EffectRule], ...] = (
    tribe_actions.EFFECTS, materials.EFFECTS, building.EFFECTS, exploration.EFFECTS,
    gains.EFFECTS, improvements.EFFECTS, install.EFFECTS, console_actions.EFFECTS,
)


def _actions() -> dict[int, Action]:
    found: dict[int, Action] = {}
    for act in [*_LIST_ACTIONS, *(a for actions in FAMILY_ACTIONS for a in actions)]:
        if act.code in found or act.code in RETIRED_ACTION_CODES:
            raise ValueError(f"action {act.name}: code {act.code} is taken (saved games hold it)")
        found[act.code] = act
    return found


def _effects() -> dict[type[Any], EffectRule]:
    found = dict(_LIST_EFFECTS)
    for rules in FAMILY_EFFECTS:
        for kind, rule in rules.items():
            if kind in found:
                raise ValueError(f"effect {kind.__name__} has two rules")
            found[kind] = rule
    return found


ACTIONS: dict[int, Action] = _actions()  # by the code saved in Target and Repeat steps
EFFECTS: dict[type[Any], EffectRule] = _effects()

# -- the interpreter's steps --------------------------------------------------------------------


def run_effects(state: CState, step: Effects) -> None:
    """The next entry of an effect list (the marker supply's question first, once)."""
    effects = LISTS[step.effects]
    at = step.at
    if at >= len(effects):
        return
    t = state.table
    e = effects[at]
    if not step.asked and supply.before_effect(t, step.seat, e):
        t.pending.insert(len(t.pending) - 1, step._replace(asked=1))
        return
    # the list's next entry waits beneath (built by keyword: cheaper than _replace)
    t.pending.append(Effects(S_EFFECTS, seat=step.seat, effects=step.effects, at=at + 1,
                             asked=0))
    rule = EFFECTS.get(type(e))
    if rule is None:
        raise NotImplementedError(f"effect {e} has no rule yet")
    if isinstance(e, fx.Pay) or rule.check(t, step.seat, e):
        rule.carry_out(state, step.seat, e)


# each OR's branches as answers, described once
BRANCH_OPTIONS: tuple[tuple[Option, ...], ...] = tuple(
    tuple(opt("branch", i, f"or:{i + 1}", describe_all(branch))
          for i, branch in enumerate(e.options)) for e in CHOOSES)


def ask_choice(t: CivTable, step: Choice) -> tuple[str, list[Option]]:
    e = CHOOSES[step.effects]
    options = [option for option, branch in zip(BRANCH_OPTIONS[step.effects], e.options,
                                                strict=True) if can_do(t, step.seat, branch)]
    if options and not step.must:
        options.append(DONE)
    source = asking(t) or "the effect"
    return f"{source[0].upper()}{source[1:]}: which one?", options


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
