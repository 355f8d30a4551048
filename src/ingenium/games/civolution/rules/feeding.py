"""Phase 6: Feeding phase — A) every tribe is fed: 1 food on an encampment or boat, 2 in the
wilderness; with your farm in the territory your encampment tribes there are fed and your
wilderness tribes there need 1. An unfed tribe is weakened: an upright one lies down, a lying
one dies — unless Deus ex machina saves it (Favor of Agera one step back). B) Once all are
fed, 1 SP per strong tribe. Civilizations decide in seating order, tribe by tribe, or feed all
the tribes still to feed at once when their food suffices.

Groups (the order of the questions): each encampment, then each territory's wilderness (its
lying tribes before its upright ones, so a tribe weakened now is not asked about twice), then
each boat (lying, then upright). The `Feed` step names its group by a place (tribes.place_of's
code) and a side (`strong`: 0 lying, 1 upright; 0 for an encampment, whose one tribe is either).
"""

from __future__ import annotations

from itertools import compress
from operator import or_
from typing import TYPE_CHECKING

from ingenium.games.civolution.board import C
from ingenium.games.civolution.components.icons import Trigger
from ingenium.games.civolution.console import gain_sp, strong_tribes
from ingenium.games.civolution.names import encampment_name
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.rules.common import push_each, seating_order
from ingenium.games.civolution.rules.solo.table import VICI_FEED, deciding, is_vici
from ingenium.games.civolution.rules.tribes import BOAT, WILD, name, remove
from ingenium.games.civolution.steps import S_AUTO, S_FEED, Auto, Feed
from ingenium.games.civolution.table import FEEDING, CivTable, boat_index, by_place, on_place

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

END = BOAT + 2  # past the last boat: no group left

SCORE_STRONG = 1  # the Auto step's `what` (machine.AUTOS; saved: never renumber)


def begin(state: CState) -> None:
    """A) each civilization in seating order; then B). Solo Mode: V.I.C.I's A is its
    provision action and feeding by provision markers (rules/solo/flow.py)."""
    t = state.table
    t.pending.append(Auto(S_AUTO, what=SCORE_STRONG))
    push_each(t, [Auto(S_AUTO, what=VICI_FEED) if is_vici(t, seat)
                  else Feed(S_FEED, seat=seat, place=0, strong=0, handled=0)
                  for seat in seating_order(t)])
    # "at the start of phase 6, before feeding"
    for seat in reversed(deciding(t, seating_order(t))):
        fire(t, seat, Trigger.FEEDING_PHASE)


def group(t: CivTable, seat: int, place: int, strong: int) -> tuple[int, int, int]:
    """(tribes in the group, strong?, food each) for one of the seat's groups."""
    if place < WILD:
        if t.enc_seat[place] != seat:
            return 0, 0, 0
        return 1, t.enc_strong[place], _food_each(t, seat, place)
    if place < BOAT:
        n = (t.wild_strong if strong else t.wild_weak)[on_place(place - WILD, seat)]
        return n, strong, _food_each(t, seat, place)
    at = boat_index(seat, place - BOAT)
    if t.boat_at[at] < 0:
        return 0, 0, 0
    return (t.boat_strong if strong else t.boat_weak)[at], strong, _food_each(t, seat, place)


def _food_each(t: CivTable, seat: int, place: int) -> int:
    """The food one of the seat's tribes at `place` eats: on an encampment 1, or none with the
    seat's farm in its territory; in the wilderness 2, or 1 with that farm; on a boat 1."""
    if place < WILD:
        return 0 if t.farm[C.encampment_territory[place]] == seat else 1
    if place < BOAT:
        return 1 if t.farm[place - WILD] == seat else 2
    return 1


def _groups(t: CivTable, seat: int) -> list[tuple[int, int, int, int]]:
    """The seat's groups that hold a tribe, as (place, side, tribes, food each), in the order
    of the questions (the pairs' own order); the others have nobody to ask about. One pass
    over the seat's pieces: the evaluation asks for them at every leaf (feeding_shortfall)."""
    enc_seat = t.enc_seat
    found = []
    e = -1
    for _ in range(enc_seat.count(seat)):  # its encampments, found by list.index
        e = enc_seat.index(seat, e + 1)
        found.append((e, 0, 1, _food_each(t, seat, e)))
    ups, downs = by_place(t.wild_strong, seat), by_place(t.wild_weak, seat)
    for terr in compress(range(len(ups)), map(or_, ups, downs)):  # the territories with a tribe
        each = _food_each(t, seat, WILD + terr)
        if downs[terr]:
            found.append((WILD + terr, 0, downs[terr], each))
        if ups[terr]:
            found.append((WILD + terr, 1, ups[terr], each))
    for b in (0, 1):
        at = boat_index(seat, b)
        if t.boat_at[at] >= 0:
            if t.boat_weak[at]:
                found.append((BOAT + b, 0, t.boat_weak[at], 1))
            if t.boat_strong[at]:
                found.append((BOAT + b, 1, t.boat_strong[at], 1))
    return found


def _left(t: CivTable, step: Feed) -> list[tuple[int, int, int, int]]:
    """(place, side, tribes still to decide, food each) of every group from the step's on
    whose tribes need food."""
    start = (step.place, step.strong)
    found = []
    for place, side, n, each in _groups(t, step.seat):
        if (place, side) < start:
            continue
        if (place, side) == start:
            n -= step.handled
        if n > 0 and each:
            found.append((place, side, n, each))
    return found


def _current(t: CivTable, step: Feed) -> tuple[int, int, int]:
    """The next (place, strong, handled) with a tribe that needs food."""
    left = _left(t, step)
    if not left:
        return END, 0, 0
    place, side, _, _ = left[0]
    return place, side, step.handled if (place, side) == (step.place, step.strong) else 0


def _hungry(t: CivTable, step: Feed) -> tuple[int, int]:
    """(tribes still to be fed, the food they need together) from the step's group on."""
    left = _left(t, step)
    return sum(n for _, _, n, _ in left), sum(n * need for _, _, n, need in left)


def groups_to_feed(t: CivTable, seat: int) -> list[tuple[int, int, int, int]]:
    """(place, strong?, tribes, food each) of the seat's groups the coming feeding still asks
    about, in the questions' order: during Phase 6 from the seat's pending question on (none
    once it has fed), before Phase 6 every group that needs food."""
    if t.phase == FEEDING:
        step = next((s for s in t.pending if isinstance(s, Feed) and s.seat == seat), None)
        if step is None:
            return []
    else:
        step = Feed(S_FEED, seat=seat, place=0, strong=0, handled=0)
    enc_strong = t.enc_strong  # an encampment's one tribe is either; another group is its side
    return [(place, enc_strong[place] if place < WILD else side, n, each)
            for place, side, n, each in _left(t, step)]


def ask(t: CivTable, step: Feed) -> tuple[str, list[Option]]:
    left = _left(t, step)  # once: the current group is its first, the hungry its sum
    if not left:
        return "", []
    place, side, _, _ = left[0]
    _, strong, need = group(t, step.seat, place, side)
    tribes, food = sum(n for _, _, n, _ in left), sum(n * each for _, _, n, each in left)
    where = (encampment_name(place) if place < WILD
             else f"the wilderness of {name(place - WILD)}" if place < BOAT
             else f"boat {place - BOAT + 1}")
    options = []
    if tribes > 1 and t.food[step.seat] >= food:  # one answer where one would do
        options.append(opt("branch", 3, "feed:all", f"Feed all {tribes} tribes still to feed "
                           f"({food} food)"))
    if t.food[step.seat] >= need:
        options.append(opt("branch", 0, f"feed:{need}", f"Feed it ({need} food)"))
    options.append(opt("branch", 1, "unfed", "Leave it unfed (it " +
                       ("lies down)" if strong else "dies)")))
    if not strong and t.favor[step.seat] > 0:
        options.append(opt("branch", 2, "deus_ex_machina", "Leave it unfed, save it by Deus ex "
                           "machina (Favor -1)"))
    kind = "upright" if strong else "lying"
    return f"Feed your {kind} tribe at {where}?", options


def answer(state: CState, step: Feed, option: Option) -> None:
    t = state.table
    seat = step.seat
    place, side, handled = _current(t, step)
    _, strong, need = group(t, seat, place, side)
    choice = picked(option)[1]
    if choice == 3:
        _, food = _hungry(t, step)
        t.food[seat] -= food
        t.supply[seat] += food
        return  # every tribe fed: the step is over
    if choice == 0:
        t.food[seat] -= need
        t.supply[seat] += need
        handled += 1
    elif choice == 2:
        t.favor[seat] -= 1
        handled += 1
    elif strong:
        _weaken(t, seat, place)  # a wilderness or boat tribe leaves the upright group
        handled += 1 if place < WILD else 0
    else:
        remove(t, seat, place, 0)
    t.pending.append(Feed(S_FEED, seat=seat, place=place, strong=side, handled=handled))


def _weaken(t: CivTable, seat: int, place: int) -> None:
    if place < WILD:
        t.enc_strong[place] = 0
    elif place < BOAT:
        t.wild_strong[on_place(place - WILD, seat)] -= 1
        t.wild_weak[on_place(place - WILD, seat)] += 1
    else:
        t.boat_strong[boat_index(seat, place - BOAT)] -= 1
        t.boat_weak[boat_index(seat, place - BOAT)] += 1


def score_strong(state: CState, step: Auto) -> None:
    t = state.table
    for seat in seating_order(t):
        strong = strong_tribes(t, seat)
        gain_sp(t, seat, strong)
        if is_vici(t, seat):  # Solo Mode: "V.I.C.I gains 1 point per strong tribe in step B"
            state.log(None, "vici_strong", f"V.I.C.I gains {strong} success points for its "
                      "strong tribes", {"points": strong})


