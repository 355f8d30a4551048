"""Iconography: the one interpreter of the effect vocabulary (`components/effects.py`). A
printed benefit runs at once, or becomes the question step it needs (a free action, a Chain
Action, a new citizen placed, citizens brought home, a build)."""

from __future__ import annotations

from typing import Final

from ingenium.engine import Option
from ingenium.games.inventions import options, steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.effects import (
    BringHome,
    Build,
    Chain,
    Gain,
    PlaceCitizen,
    TakeAction,
)
from ingenium.games.inventions.components.terms import Resource
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.key_concepts import (
    add_influence,
    add_ip,
    gain_aspiration,
    gain_scholars,
    gain_specialist,
    place_citizen,
    who,
)
from ingenium.games.inventions.table import InvTable, IState

# the resources a Gain names, read as module constants (an Enum member's class lookup costs
# more, at every benefit of every simulated turn)
IP, INFLUENCE, SCHOLAR = Resource.IP, Resource.INFLUENCE, Resource.SCHOLAR
SPECIALIST, ECONOMY_TOKEN, ASPIRATION = (Resource.SPECIALIST, Resource.ECONOMY_TOKEN,
                                         Resource.ASPIRATION)
ASPIRATION_SIDES = ("economy", "culture", "technology", "wild")

# what each printed benefit does, read once (`_plan`): its kind below and one or two numbers,
# so a benefit runs by comparing ints (in the compiled build, the effect's fields and the
# Enum-keyed tables are reads through Python)
NOTHING: Final = 0  # a Gain of nothing this interpreter knows, or another effect
GAIN_IP: Final = 1  # n: IP
GAIN_INFLUENCE: Final = 2  # n: influence
GAIN_SCHOLARS: Final = 3  # n: scholars
GAIN_SPECIALISTS: Final = 4  # n specialists of type m
GAIN_ECONOMY_TOKENS: Final = 5  # n: Economy tokens
GAIN_ASPIRATION: Final = 6  # m: the Aspiration side
FREE_ACTION: Final = 7  # n: the action
CHAIN_ACTION: Final = 8  # n: the action
PLACE_CITIZEN: Final = 9
BRING_HOME: Final = 10
BUILD: Final = 11  # n: the influence cost


def _plan(eff: object) -> tuple[int, int, int]:
    """(kind, n, m) of one printed benefit, as `run_effect` reads it."""
    if isinstance(eff, Gain):
        what = eff.what
        if what is IP:
            return GAIN_IP, eff.amount, 0
        if what is INFLUENCE:
            return GAIN_INFLUENCE, eff.amount, 0
        if what is SCHOLAR:
            return GAIN_SCHOLARS, eff.amount, 0
        if what is SPECIALIST and eff.specialty is not None:
            return GAIN_SPECIALISTS, eff.amount, catalog.TYPE_INDEX[eff.specialty]
        if what is ECONOMY_TOKEN:
            return GAIN_ECONOMY_TOKENS, eff.amount, 0
        if what is ASPIRATION and eff.side is not None:
            return GAIN_ASPIRATION, 0, ASPIRATION_SIDES.index(eff.side.value)
        return NOTHING, 0, 0
    if isinstance(eff, TakeAction):
        return FREE_ACTION, catalog.ACTION_INDEX[eff.action], 0
    if isinstance(eff, Chain):
        return CHAIN_ACTION, catalog.ACTION_INDEX[eff.action], 0
    if isinstance(eff, PlaceCitizen):
        return PLACE_CITIZEN, 0, 0
    if isinstance(eff, BringHome):
        return BRING_HOME, 0, 0
    if isinstance(eff, Build):
        return BUILD, eff.influence_cost, 0
    return NOTHING, 0, 0


PLANS = tuple(_plan(eff) for eff in catalog.EFFECTS)
EFFECT_KIND: Final = tuple(plan[0] for plan in PLANS)
EFFECT_N: Final = tuple(plan[1] for plan in PLANS)
EFFECT_M: Final = tuple(plan[2] for plan in PLANS)


def run_benefit(state: IState, step: steps.Benefit) -> None:
    """A queued benefit comes up: run it."""
    state.table.pending.pop()
    run_effect(state, step.seat, step.effect)


def run_effect(state: IState, seat: int, e: int) -> None:
    """Apply one printed benefit (its plan, `_plan`); those needing a choice become a question
    step."""
    t = state.table
    kind, n = EFFECT_KIND[e], EFFECT_N[e]
    if kind == GAIN_IP:
        add_ip(state, seat, n, "benefit")
    elif kind == GAIN_INFLUENCE:
        add_influence(state, seat, n, "benefit")
    elif kind == GAIN_SCHOLARS:
        gain_scholars(state, seat, n)
    elif kind == GAIN_SPECIALISTS:
        for _ in range(n):
            gain_specialist(state, seat, EFFECT_M[e])
    elif kind == GAIN_ECONOMY_TOKENS:
        t.eco_home[seat] += n
        if state.keeps_log:
            state.log(seat, "economy_token", f"{who(seat)} gains an Economy token")
    elif kind == GAIN_ASPIRATION:
        gain_aspiration(state, seat, EFFECT_M[e])
    elif kind == FREE_ACTION:
        if conditions.can(t, seat, n):
            t.pending.append(steps.FreeAction(steps.S_FREE, seat, n))
    elif kind == CHAIN_ACTION:
        if t.chain_left > 0 and conditions.can(t, seat, n):
            t.pending.append(steps.ChainAction(steps.S_CHAIN, seat, n))
    elif kind == PLACE_CITIZEN:
        if t.supply[seat] > 0:
            t.pending.append(steps.PlaceNewCitizen(steps.S_PLACE, seat))
    elif kind == BRING_HOME:
        if conditions.map_regions(t, seat):
            t.pending.append(steps.HomeRegion(steps.S_HOME_REGION, seat, steps.HOME_EFFECT))
    elif kind == BUILD:
        t.pending.append(steps.BuildProgress(steps.S_BUILD, seat, conditions.era_of(t, seat) - 1,
                                             1, n))


def effect_possible(t: InvTable, seat: int, e: int) -> bool:
    """Whether a chained effect can be carried out (for offering it)."""
    kind = EFFECT_KIND[e]
    if kind == FREE_ACTION:
        return conditions.can(t, seat, EFFECT_N[e])
    if kind == PLACE_CITIZEN:
        return t.supply[seat] > 0
    return True


def place_options(t: InvTable, step: steps.PlaceNewCitizen) -> list[Option]:
    """Place a new citizen in any map region."""
    return list(options.PLACE) if t.supply[step.seat] > 0 else []


def answer_place(state: IState, step: steps.PlaceNewCitizen, block: str, r: int) -> None:
    """The citizen leaves the supply for the region."""
    state.table.pending.pop()
    place_citizen(state, step.seat, r)
