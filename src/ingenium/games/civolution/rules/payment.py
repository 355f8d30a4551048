"""Paying requirements: a research card's active cost spaces, a goal chip's requirement (Install
1 research card: "Fulfill the active cost spaces"; Install 1 goal chip).

A requirement returns markers (stored materials, feature markers, food, money, ideas) or is
held ("having at least 3/2/1 feature markers of a type (not removed)"); a cost space may offer
an alternative ("Building cards often offer an alternative requirement"). Where more than one
source can pay a requirement — its alternative, or any of several materials or features — the
civilization chooses, one requirement at a time, among the sources that still leave the rest
payable; with one source it is paid at once. Then the action that asked for the payment goes
on (`THEN`). The question is the payment's own step (`PayCard`, `PayGoal`), asked once per
requirement with more than one source.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Count, Resource, title
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules.gains import SPACES, feature_option
from ingenium.games.civolution.rules.requirements import count
from ingenium.games.civolution.steps import PayCard, PayGoal
from ingenium.games.civolution.table import CivTable, feature_at, features, storage_at, stored

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

SPACE_ORDER = (Resource.IDEA, Resource.FOCUS, Resource.FOOD, Resource.MONEY)
SPACE_FIELDS = ("ideas", "focus", "food", "money")
HELD = "held"  # a way that returns nothing: a held requirement (index 0: the need, 1: the alt)
HELD_SPACES = {Count.IDEAS: 0, Count.FOOD: 2, Count.MONEY: 3}
Way = tuple[str, int, int]  # (pool, index, amount)
Pools = dict[str, list[int]]


def pools_of(t: CivTable, seat: int) -> Pools:
    """The markers a civilization could pay with."""
    return {"storage": stored(t, seat),
            "feature": features(t, seat),
            "space": [t.ideas[seat], t.focus[seat], t.food[seat], t.money[seat]]}


def _keys(e: fx.Pay) -> tuple[str, tuple[int, ...]]:
    """The pool and the entries that could pay a cost (worked out once per printed cost:
    kept by the cost's identity, with the cost; hashing one by value costs more)."""
    known = _KEYS.get(id(e))
    if known is not None and known[0] is e:
        return known[1], known[2]
    pool, keys = _find_keys(e)
    if len(_KEYS) >= _MOST_KEYS:  # a bound, should costs ever be built on the fly
        _KEYS.clear()
    _KEYS[id(e)] = (e, pool, tuple(keys))
    return pool, tuple(keys)


_KEYS: dict[int, tuple[fx.Pay, str, tuple[int, ...]]] = {}
_MOST_KEYS = 4096


def _find_keys(e: fx.Pay) -> tuple[str, list[int]]:
    if e.what in SPACES:
        return "space", [SPACE_ORDER.index(e.what)]
    if e.what is Resource.FEATURE:
        return "feature", [board.FEATURES.index(e.feature)] if e.feature else list(range(6))
    if e.material is not None:
        return "storage", [C.material_index[e.material]]
    if e.terrain is not None:
        land = board.LAND_TERRAINS.index(e.terrain)
        return "storage", [m for m in range(18) if board.MATERIAL_TERRAIN[m] == land]
    return "storage", list(range(18))


def ways(t: CivTable, seat: int, pools: Pools, need: Any) -> list[Way]:
    """The distinct sources that could pay one requirement (or cost space) from `pools`."""
    found: list[Way] = []
    choices = [need.need, need.alt] if isinstance(need, fx.CostSpace) else [need]
    for n, req in enumerate(choices):
        if req is None:
            continue
        if isinstance(req, fx.Have):
            if held(t, seat, pools, req) >= req.amount:
                found.append((HELD, n, 0))
            continue
        pool, keys = _keys(req)
        found += [(pool, k, req.amount) for k in keys if pools[pool][k] >= req.amount
                  and not any(w[:2] == (pool, k) for w in found)]  # one option per source
    return found


def held(t: CivTable, seat: int, pools: Pools, req: fx.Have) -> int:
    """A held count, markers already returned for earlier requirements not counted."""
    c = req.count
    if c is Count.FEATURES:
        feats = pools["feature"]
        return feats[board.FEATURES.index(req.feature)] if req.feature else sum(feats)
    if c is Count.MATERIALS and req.terrain is None:
        return sum(pools["storage"])
    if c is Count.MATERIALS:
        land = board.LAND_TERRAINS.index(req.terrain)
        return sum(v for m, v in enumerate(pools["storage"]) if board.MATERIAL_TERRAIN[m] == land)
    if c in HELD_SPACES:
        return pools["space"][HELD_SPACES[c]]
    return count(t, seat, req)


def _deduct(pools: Pools, way: Way) -> Pools:
    """The pools after a way is paid (a new dict; only the pool paid from is copied: the
    pools are never changed in place)."""
    pool, index, amount = way
    if pool == HELD:
        return pools
    copy = dict(pools)
    copy[pool] = paid = list(pools[pool])
    paid[index] -= amount
    return copy


def payable(t: CivTable, seat: int, needs: list[Any], pools: Pools | None = None) -> bool:
    """Whether every requirement can be paid together (an exact search: few and small)."""
    pools = pools_of(t, seat) if pools is None else pools
    if not needs:
        return True
    if len(needs) == 1:  # any way at all (nothing left to pay after it)
        return bool(ways(t, seat, pools, needs[0]))
    return any(payable(t, seat, needs[1:], _deduct(pools, w))
               for w in ways(t, seat, pools, needs[0]))


def open_ways(t: CivTable, seat: int, needs: list[Any]) -> list[Way]:
    """Sources for the first requirement that leave the rest payable."""
    pools = pools_of(t, seat)
    return [w for w in ways(t, seat, pools, needs[0])
            if payable(t, seat, needs[1:], _deduct(pools, w))]


def take_way(t: CivTable, seat: int, way: Way) -> None:
    """Return one source's markers to the supply."""
    pool, index, amount = way
    if pool == HELD:
        return
    if pool == "storage":
        t.storage[storage_at(seat, index)] -= amount
    elif pool == "feature":
        t.feature[feature_at(seat, index)] -= amount
    else:
        getattr(t, SPACE_FIELDS[index])[seat] -= amount
    t.supply[seat] += amount


# ---------------------------------------------------------------- the payment questions

Paying = PayCard | PayGoal  # a payment's step: what is paid for, and the requirement asked next
PaidFor = TypeVar("PaidFor", PayCard, PayGoal)

# per payment step type: its requirements, and what follows the payment
NEEDS: dict[type[Paying], Callable[[CivTable, Any], list[Any]]] = {}
THEN: dict[type[Paying], Callable[[CState, Any], None]] = {}


def payment(record: type[PaidFor], needs: Callable[[CivTable, PaidFor], list[Any]],
            then: Callable[[CState, PaidFor], None]) -> None:
    """Register a kind of payment (a card's cost spaces, a goal chip's requirement)."""
    NEEDS[record], THEN[record] = needs, then


def pay(state: CState, step: Paying) -> None:
    """Pay the requirements from `step.requirement` on (asking, with `step` on the stack, where
    there is a choice), then the follow-up."""
    t = state.table
    needs = NEEDS[type(step)](t, step)
    for i in range(step.requirement, len(needs)):
        found = open_ways(t, step.seat, needs[i:])
        if not found:
            raise RuntimeError(f"{type(step).__name__}: requirement {i + 1} cannot be paid")
        if len(found) > 1:
            t.pending.append(step._replace(requirement=i))
            return
        take_way(t, step.seat, found[0])
    THEN[type(step)](state, step)


def _way_option(way: Way) -> Option:
    pool, index, amount = way
    if pool == "storage":
        name = title(C.materials[index])
        return opt("material", index, f"pay:{C.materials[index].value}",
                   f"Return {amount} {name}")
    if pool == "feature":
        return feature_option(index, f"Return {amount} marker(s) of ")
    if pool == "space":
        return opt("branch", index, f"pay:{SPACE_FIELDS[index]}",
                   f"Return {amount} {SPACE_FIELDS[index]}")
    return opt("branch", 4 + index, f"held:{'alternative' if index else 'requirement'}",
               "Hold the " + ("alternative requirement" if index else "requirement"))


def _open(t: CivTable, step: Paying) -> list[Way]:
    return open_ways(t, step.seat, NEEDS[type(step)](t, step)[step.requirement:])


def ask_pay(t: CivTable, step: Paying) -> tuple[str, list[Option]]:
    """Which source pays the requirement asked now."""
    return "Pay the requirement with what?", [_way_option(w) for w in _open(t, step)]


def answer_pay(state: CState, step: Paying, option: Option) -> None:
    """Return the chosen source's markers, then pay on from the next requirement."""
    t = state.table
    way = next(w for w in _open(t, step) if _way_option(w) == option
               or picked(_way_option(w)) == picked(option))
    take_way(t, step.seat, way)
    pay(state, step._replace(requirement=step.requirement + 1))
