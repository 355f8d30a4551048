"""Phase 6: Feeding phase — A) every tribe is fed: 1 food on an encampment or boat, 2 in the
wilderness; with your farm in the territory your encampment tribes there are fed and your
wilderness tribes there need 1. An unfed tribe is weakened: an upright one lies down, a lying
one dies — unless Deus ex machina saves it (Favor of Agera one step back). B) Once all are
fed, 1 SP per strong tribe. Civilizations decide in seating order, tribe by tribe, or feed all
the tribes still to feed at once when their food suffices.

Slots (the order of the questions): encampments, then each territory's wilderness (lying tribes
before upright ones, so a tribe weakened now is not asked about twice), then the boats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution.board import ENCAMPMENTS, TERRITORIES, C
from ingenium.games.civolution.components.icons import Trigger
from ingenium.games.civolution.console import gain_sp, strong_tribes
from ingenium.games.civolution.names import encampment_name
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.rules.common import push_each, seating_order
from ingenium.games.civolution.rules.solo.table import VICI_FEED, deciding, is_vici
from ingenium.games.civolution.rules.tribes import BOAT, WILD, name, remove
from ingenium.games.civolution.steps import S_AUTO, S_FEED, Auto, Feed
from ingenium.games.civolution.table import CivTable, boat_index, on_place

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

SLOTS = ENCAMPMENTS + 2 * TERRITORIES + 4  # encampments, wilderness (lying, upright), boats


SCORE_STRONG = 1  # the Auto step's `what` (machine.AUTOS; saved: never renumber)


def begin(state: CState) -> None:
    """A) each civilization in seating order; then B). Solo Mode: V.I.C.I's A is its
    provision action and feeding by provision markers (rules/solo/flow.py)."""
    t = state.table
    t.pending.append(Auto(S_AUTO, what=SCORE_STRONG))
    push_each(t, [Auto(S_AUTO, what=VICI_FEED) if is_vici(t, seat)
                  else Feed(S_FEED, seat=seat, slot=0, handled=0)
                  for seat in seating_order(t)])
    # "at the start of phase 6, before feeding"
    for seat in reversed(deciding(t, seating_order(t))):
        fire(t, seat, Trigger.FEEDING_PHASE)


def group(t: CivTable, seat: int, slot: int) -> tuple[int, int, int, int]:
    """(tribes in the slot, strong?, food each, place code) for one of the seat's slots."""
    if slot < ENCAMPMENTS:
        if t.enc_seat[slot] != seat:
            return 0, 0, 0, slot
        terr = C.encampment_territory[slot]
        return 1, t.enc_strong[slot], 0 if t.farm[terr] == seat else 1, slot
    if slot < ENCAMPMENTS + 2 * TERRITORIES:
        terr, strong = divmod(slot - ENCAMPMENTS, 2)
        n = (t.wild_strong if strong else t.wild_weak)[on_place(terr, seat)]
        return n, strong, 1 if t.farm[terr] == seat else 2, WILD + terr
    b, strong = divmod(slot - ENCAMPMENTS - 2 * TERRITORIES, 2)
    if t.boat_at[boat_index(seat, b)] < 0:
        return 0, 0, 0, BOAT + b
    n = (t.boat_strong if strong else t.boat_weak)[seat * 2 + b]
    return n, strong, 1, BOAT + b


def _current(t: CivTable, step: Feed) -> tuple[int, int]:
    """The next (slot, handled) with a tribe that needs food."""
    slot, handled = step.slot, step.handled
    while slot < SLOTS:
        n, _, need, _ = group(t, step.seat, slot)
        if handled < n and need:
            return slot, handled
        slot, handled = slot + 1, 0
    return SLOTS, 0


def _hungry(t: CivTable, step: Feed) -> tuple[int, int]:
    """(tribes still to be fed, the food they need together) from the step's slot on."""
    slot, handled = _current(t, step)
    tribes = food = 0
    while slot < SLOTS:
        n, _, need, _ = group(t, step.seat, slot)
        if need and n > handled:
            tribes += n - handled
            food += (n - handled) * need
        slot, handled = slot + 1, 0
    return tribes, food


def ask(t: CivTable, step: Feed) -> tuple[str, list[Option]]:
    slot, _ = _current(t, step)
    if slot >= SLOTS:
        return "", []
    _, strong, need, place = group(t, step.seat, slot)
    tribes, food = _hungry(t, step)
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
    slot, handled = _current(t, step)
    _, strong, need, place = group(t, seat, slot)
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
    t.pending.append(Feed(S_FEED, seat=seat, slot=slot, handled=handled))


def _weaken(t: CivTable, seat: int, place: int) -> None:
    if place < WILD:
        t.enc_strong[place] = 0
    elif place < BOAT:
        t.wild_strong[on_place(place - WILD, seat)] -= 1
        t.wild_weak[on_place(place - WILD, seat)] += 1
    else:
        t.boat_strong[seat * 2 + place - BOAT] -= 1
        t.boat_weak[seat * 2 + place - BOAT] += 1


def score_strong(state: CState, step: Auto) -> None:
    t = state.table
    for seat in seating_order(t):
        strong = strong_tribes(t, seat)
        gain_sp(t, seat, strong)
        if is_vici(t, seat):  # Solo Mode: "V.I.C.I gains 1 point per strong tribe in step B"
            state.log(None, "vici_strong", f"V.I.C.I gains {strong} success points for its "
                      "strong tribes", {"points": strong})


