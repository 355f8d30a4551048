"""The Sites that act when a module is activated: Hidden grotto (Production) and Holy rock
(Procreation). "At each revealed" one, before the module's usual actions: choose an adjacent
territory where you have a tribe; the grotto produces 1 raw material there and transports it to
storage; the rock takes a favor test and, if passed, performs 1 procreation there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.board import ENCAMPMENTS, C
from ingenium.games.civolution.options import picked
from ingenium.games.civolution.rules.common import adjacent_to_site, tribes_in
from ingenium.games.civolution.rules.improvements import roll_passes
from ingenium.games.civolution.rules.interpreter import action, push_target
from ingenium.games.civolution.rules.materials import territory_option
from ingenium.games.civolution.table import CivTable

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]


def push_site_first(t: CivTable, seat: int, site_type: str) -> None:
    """One question per revealed site of the type with a territory of yours next to it."""
    code = GROTTO if site_type == "hidden_grotto" else HOLY_ROCK
    for recess, near in reversed(adjacent_to_site(t, site_type)):
        if any(tribes_in(t, seat, x) and C.territories[x].land for x in near):
            push_target(t, seat, code, recess)


def _options(t: CivTable, seat: int, arg: int) -> list[Option]:
    near = board.RECESS_TERRITORIES[arg]
    return [territory_option(x, "At the site, in") for x in near
            if tribes_in(t, seat, x) and C.territories[x].land]


def _grotto(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    terr = picked(option)[1]
    if t.supply[seat] and t.material_tile[terr] >= 0:
        t.supply[seat] -= 1
        t.storage[seat * 18 + t.material_tile[terr]] += 1  # produced, then transported
    return arg


def _holy_rock(state: CState, seat: int, option: Option, arg: int) -> int:
    from ingenium.games.civolution.rules.tribes import open_encampments, settle

    t = state.table
    terr = picked(option)[1]
    spots = [e for e in open_encampments(t, terr) if e < ENCAMPMENTS]
    if t.tribes[seat] and spots and roll_passes(state, seat):
        free = [e for e in spots if t.enc_seat[e] < 0]
        t.tribes[seat] -= 1
        settle(state, seat, (free or spots)[0], 1)  # read: a free encampment if there is one
    return arg


GROTTO = action(90, "hidden_grotto", "Hidden grotto: produce and store in which territory?",
                _options, _grotto)
HOLY_ROCK = action(91, "holy_rock", "Holy rock: a favor test, then procreate in which territory?",
                   _options, _holy_rock)
