"""Phase 5: Site phase (and The Sites) — revealed Gorges of the Grimwolves, then Glaciers, then
Mystic oaks affect the civilizations with tribes in adjacent territories.

A Glacier weakens one strong tribe of each civilization next to it: the civilization chooses
which (a question only when it has more than one place to choose from)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.components.rulebook import MYSTIC_OAK_SP
from ingenium.games.civolution.console import gain_sp
from ingenium.games.civolution.rules.common import adjacent_to_site, seating_order, tribes_in
from ingenium.games.civolution.rules.interpreter import Action, push_target
from ingenium.games.civolution.rules.solo.table import deciding
from ingenium.games.civolution.rules.tribes import (
    place_of,
    place_option,
    places,
    put,
    take,
    territory_of,
)
from ingenium.games.civolution.steps import S_AUTO, Auto
from ingenium.games.civolution.table import CivTable

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]


GLACIER = 5  # the Auto step's `what` (machine.AUTOS; saved: never renumber)
OAKS = 6  # the Auto step's `what` (machine.AUTOS; saved: never renumber)


def begin(state: CState) -> None:
    """A) Gorges at once; B) Glaciers, each civilization in seating order; then C) oaks."""
    t = state.table
    order = deciding(t, seating_order(t))  # Solo Mode: sites never affect V.I.C.I
    for _, near in adjacent_to_site(t, "gorge_of_the_grimwolves"):
        for seat in order:
            if t.food[seat] and any(tribes_in(t, seat, terr) for terr in near):
                t.food[seat] -= 1  # "If you have no food markers, you are exempt"
                t.supply[seat] += 1
    t.pending.append(Auto(S_AUTO, what=OAKS))
    glaciers = [(r, seat) for r, _ in adjacent_to_site(t, "glacier") for seat in order]
    for recess, seat in reversed(glaciers):
        t.pending.append(Auto(S_AUTO, what=GLACIER, seat=seat, place=recess))


def glacier_places(t: CivTable, seat: int, recess: int) -> list[int]:
    """The seat's places with a strong tribe in a territory adjacent to the Glacier."""
    near = board.RECESS_TERRITORIES[recess]
    return [p for p in places(t, seat, 1) if territory_of(t, seat, p) in near]


def glacier(state: CState, step: Auto) -> None:
    """B) "must weaken one such strong tribe by laying it down" (weak tribes never)."""
    t = state.table
    recess, seat = step.place, step.seat
    found = glacier_places(t, seat, recess)
    if len(found) == 1:
        _lay_down(t, seat, found[0])
    elif found:
        push_target(t, seat, GLACIER_TRIBE, recess)


def _lay_down(t: CivTable, seat: int, place: int) -> None:
    take(t, seat, place, 1)
    put(t, seat, place, 0)


def _glacier_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [place_option(p, "Glacier: lay down the tribe on") for p in
            glacier_places(t, seat, arg)]


def _glacier_tribe(state: CState, seat: int, option: Option, arg: int) -> int:
    _lay_down(state.table, seat, place_of(option))
    return arg


def oaks(state: CState, step: Auto) -> None:
    """C) 2 points per adjacent Water, Swamp or Desert territory with a tribe, 1 per other."""
    t = state.table
    for _, near in adjacent_to_site(t, "mystic_oak"):
        for seat in deciding(t, seating_order(t)):
            gain_sp(t, seat, sum(MYSTIC_OAK_SP[board.TERRAIN[terr]] for terr in near
                                 if tribes_in(t, seat, terr)))


GLACIER_TRIBE = 92


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        GLACIER_TRIBE,
        "glacier",
        "Glacier: lay down which of your strong tribes?",
        _glacier_options,
        _glacier_tribe,
    ),
)
