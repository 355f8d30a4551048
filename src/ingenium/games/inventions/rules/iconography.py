"""Iconography: the one interpreter of the effect vocabulary (`components/effects.py`). A
printed benefit runs at once, or becomes the question step it needs (a free action, a Chain
Action, a new citizen placed, citizens brought home, a build)."""

from __future__ import annotations

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


def run_benefit(state: IState, step: steps.Benefit) -> None:
    """A queued benefit comes up: run it."""
    state.table.pending.pop()
    run_effect(state, step.seat, step.effect)


def run_effect(state: IState, seat: int, e: int) -> None:
    """Apply one printed benefit; those needing a choice become a question step."""
    t = state.table
    eff = catalog.EFFECTS[e]
    if isinstance(eff, Gain):
        what = eff.what
        if what is IP:
            add_ip(state, seat, eff.amount, "benefit")
        elif what is INFLUENCE:
            add_influence(state, seat, eff.amount, "benefit")
        elif what is SCHOLAR:
            gain_scholars(state, seat, eff.amount)
        elif what is SPECIALIST and eff.specialty is not None:
            for _ in range(eff.amount):
                gain_specialist(state, seat, catalog.TYPE_INDEX[eff.specialty])
        elif what is ECONOMY_TOKEN:
            t.eco_home[seat] += eff.amount
            if state.keeps_log:
                state.log(seat, "economy_token", f"{who(seat)} gains an Economy token")
        elif what is ASPIRATION and eff.side is not None:
            gain_aspiration(state, seat, ("economy", "culture", "technology", "wild").index(
                eff.side.value))
    elif isinstance(eff, TakeAction):
        if conditions.can(t, seat, catalog.ACTION_INDEX[eff.action]):
            t.pending.append(steps.FreeAction(steps.S_FREE, seat, catalog.ACTION_INDEX[eff.action]))
    elif isinstance(eff, Chain):
        action = catalog.ACTION_INDEX[eff.action]
        if t.chain_left > 0 and conditions.can(t, seat, action):
            t.pending.append(steps.ChainAction(steps.S_CHAIN, seat, action))
    elif isinstance(eff, PlaceCitizen):
        if t.supply[seat] > 0:
            t.pending.append(steps.PlaceNewCitizen(steps.S_PLACE, seat))
    elif isinstance(eff, BringHome):
        if conditions.map_regions(t, seat):
            t.pending.append(steps.HomeRegion(steps.S_HOME_REGION, seat, steps.HOME_EFFECT))
    elif isinstance(eff, Build):
        t.pending.append(steps.BuildProgress(steps.S_BUILD, seat, conditions.era_of(t, seat) - 1,
                                             1, eff.influence_cost))


def effect_possible(t: InvTable, seat: int, e: int) -> bool:
    """Whether a chained effect can be carried out (for offering it)."""
    eff = catalog.EFFECTS[e]
    if isinstance(eff, TakeAction):
        return conditions.can(t, seat, catalog.ACTION_INDEX[eff.action])
    if isinstance(eff, PlaceCitizen):
        return t.supply[seat] > 0
    return True


def place_options(t: InvTable, step: steps.PlaceNewCitizen) -> list[Option]:
    """Place a new citizen in any map region."""
    return list(options.PLACE) if t.supply[step.seat] > 0 else []


def answer_place(state: IState, step: steps.PlaceNewCitizen, block: str, r: int) -> None:
    """The citizen leaves the supply for the region."""
    state.table.pending.pop()
    place_citizen(state, step.seat, r)
