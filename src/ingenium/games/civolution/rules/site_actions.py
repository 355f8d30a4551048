"""The Sites that act when a module is activated: Hidden grotto (Production) and Holy rock
(Procreation). "At each revealed" one, before the module's usual actions: choose an adjacent
territory where you have a tribe; the grotto produces 1 raw material there and transports it to
storage; the rock takes a favor test (idea markers spent only if the civilization says so) and, if
passed, performs 1 procreation there (the civilization picks the encampment)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.options import picked, territory_option
from ingenium.games.civolution.rules.common import adjacent_to_site, tribes_in
from ingenium.games.civolution.rules.improvements import pass_or_fail, test_cost
from ingenium.games.civolution.rules.interpreter import Action, push_target
from ingenium.games.civolution.rules.materials import roll_fate
from ingenium.games.civolution.rules.tribe_actions import PROCREATE_AT, born_at
from ingenium.games.civolution.rules.tribes import BOAT
from ingenium.games.civolution.steps import S_HOLY_ROCK_IDEAS, HolyRockIdeas
from ingenium.games.civolution.table import CivTable, boat_index, storage_at

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]


def push_site_first(t: CivTable, seat: int, site_type: str) -> None:
    """One question per revealed site of the type with a territory of yours next to it."""
    code = GROTTO if site_type == "hidden_grotto" else HOLY_ROCK
    for recess, _near in reversed(adjacent_to_site(t, site_type)):
        if _places(t, seat, recess, code == HOLY_ROCK):
            push_target(t, seat, code, recess)


def _boat_with_one(t: CivTable, seat: int, terr: int) -> int:
    """The seat's boat in a Water territory with exactly one tribe on it (-1: none)."""
    return next((b for b in (0, 1) if t.boat_at[boat_index(seat, b)] == terr and
                 t.boat_strong[boat_index(seat, b)] + t.boat_weak[boat_index(seat, b)] == 1), -1)


def _places(t: CivTable, seat: int, recess: int, rock: bool) -> list[int]:
    """Adjacent land territories with the seat's tribe; for a Holy rock also adjacent Water
    territories where its boat holds exactly one tribe ("You may procreate on a boat if you
    have exactly one tribe on it")."""
    return [x for x in board.RECESS_TERRITORIES[recess] if tribes_in(t, seat, x) and (
        C.territories[x].land or (rock and _boat_with_one(t, seat, x) >= 0))]


def _options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [territory_option(x, "At the site, in") for x in _places(t, seat, arg, False)]


def _rock_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [territory_option(x, "At the site, in") for x in _places(t, seat, arg, True)]


def _grotto(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    terr = picked(option)[1]
    if t.supply[seat] and t.material_tile[terr] >= 0:
        t.supply[seat] -= 1
        t.storage[storage_at(seat, t.material_tile[terr])] += 1  # produced, then transported
    return arg


def _holy_rock(state: CState, seat: int, option: Option, arg: int) -> int:
    """Take a favor test (idea markers may change a fate die: the civilization says whether to
    spend them); if passed, perform 1 procreation there (any encampment, as Procreation)."""
    t = state.table
    terr = picked(option)[1]
    if not t.tribes[seat]:
        return arg
    need = K.favor[t.favor[seat]].pass_from
    rolled = [] if need == 0 else roll_fate(state, seat)
    cost = test_cost(t, seat, rolled) if rolled else 0
    if need == 0 or (rolled and cost == 0):
        _procreate_there(state, seat, terr)
    elif rolled and cost <= t.ideas[seat]:
        t.pending.append(HolyRockIdeas(S_HOLY_ROCK_IDEAS, seat=seat, territory=terr, cost=cost))
    return arg


def _procreate_there(state: CState, seat: int, terr: int) -> None:
    """Passed: 1 procreation in the territory (the encampment asked) or on the boat there."""

    t = state.table
    if C.territories[terr].land:
        push_target(t, seat, PROCREATE_AT, terr)
        return
    boat = _boat_with_one(t, seat, terr)
    if boat >= 0:
        born_at(state, seat, BOAT + boat)


def ask_holy_ideas(t: CivTable, step: HolyRockIdeas) -> tuple[str, list[Option]]:
    return ("Holy rock: the favor test failed; change a fate die with idea markers?",
            pass_or_fail(step.cost))


def answer_holy_ideas(state: CState, step: HolyRockIdeas, option: Option) -> None:
    t = state.table
    if picked(option)[1] == 0:
        t.ideas[step.seat] -= step.cost
        t.supply[step.seat] += step.cost
        _procreate_there(state, step.seat, step.territory)


GROTTO = 90
HOLY_ROCK = 91


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        GROTTO,
        "hidden_grotto",
        "Hidden grotto: produce and store in which territory?",
        _options,
        _grotto,
    ),
    Action(
        HOLY_ROCK,
        "holy_rock",
        "Holy rock: a favor test, then procreate in which territory?",
        _rock_options,
        _holy_rock,
    ),
)
