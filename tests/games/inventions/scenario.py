"""A scenario builder for Inventions rule tests: set up a position, push a step, then act."""

from __future__ import annotations

from ingenium.engine import State
from ingenium.games.inventions import machine
from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.game import Inventions
from ingenium.games.inventions.invariants import invariants
from ingenium.games.inventions.steps import S_MAIN, MainAction, Step
from ingenium.games.inventions.table import (
    LOC_HAND,
    LOC_LEFT,
    LOC_OUT,
    LOC_REGION,
    M_PRIVATE,
    PLAY,
    InvTable,
    chronos_of,
)

GAME = Inventions()
P = K.MAX_SEATS
IState = State[InvTable]


def new(players: int = 4, seed: int = 0) -> IState:
    """A fresh game, at the first Stone Age question."""
    return GAME.new_game(players, seed)


def after_stone_age(players: int = 4, seed: int = 0) -> IState:
    """A game whose Stone Age was played with each seat's first option."""
    state = new(players, seed)
    while state.table.phase != PLAY:
        state.apply(state.decision.options[0])  # type: ignore[union-attr]
    return state


def idea(name: str) -> int:
    """An idea's index by slug or name."""
    return K.IDEA_INDEX.get(name, K.IDEA_INDEX.get(K.C.idea_named(name).id, -1))


def milestone(slug: str) -> int:
    """A Milestone's index by slug."""
    return K.MILESTONE_INDEX[slug]


def give_back(t: InvTable, slot: int, n: int) -> None:
    """Citizens back to a player's supply, or to Chronos' (2-player games)."""
    if slot == chronos_of(t):
        t.chronos_supply += n
    else:
        t.supply[slot] += n


def clear_regions(state: IState) -> None:
    """Empty every Region display (cards out of the game, citizens to the supply)."""
    t = state.table
    for r in range(K.NUM_REGIONS):
        if t.card[r] >= 0:
            t.idea_loc[t.card[r]] = LOC_OUT
            if t.presenter[r] >= 0:
                give_back(t, t.presenter[r], t.presenter_count[r])
            for s in (t.inventor[r], t.innovator[r]):
                if s >= 0:
                    give_back(t, s, 1)
        t.card[r] = -1
        t.invented[r] = 0
        t.presenter[r] = t.inventor[r] = t.innovator[r] = -1
        t.presenter_count[r] = 0
    state.invalidate()


def put_card(state: IState, region: int, name: str, presenter: int, count: int = 1,
             inventor: int = -1, innovator: int = -1) -> None:
    """A card in a Region display (region 1-7), with its citizens taken from supplies."""
    t = state.table
    r = region - 1
    i = idea(name)
    t.card[r] = i
    t.idea_loc[i] = LOC_REGION
    t.presenter[r], t.presenter_count[r] = presenter, count
    give_back(t, presenter, -count)
    t.invented[r] = 1 if inventor >= 0 else 0
    t.inventor[r], t.innovator[r] = inventor, innovator
    for s in (inventor, innovator):
        if s >= 0:
            give_back(t, s, -1)
    state.invalidate()


def give_idea(state: IState, seat: int, name: str) -> None:
    """An idea to the right of a seat's board."""
    state.table.idea_loc[idea(name)] = LOC_HAND + seat
    state.invalidate()


def give_invention(state: IState, seat: int, name: str) -> None:
    """An invention to the left of a seat's board."""
    state.table.idea_loc[idea(name)] = LOC_LEFT + seat
    state.invalidate()


def drop_hand(state: IState, seat: int) -> None:
    """Remove a seat's ideas from the game."""
    t = state.table
    for i, loc in enumerate(t.idea_loc):
        if loc == LOC_HAND + seat:
            t.idea_loc[i] = LOC_OUT
    state.invalidate()


def citizens(state: IState, seat: int, region: int, n: int) -> None:
    """Set a seat's citizens on the map in region 1-7 (the difference from the supply)."""
    t = state.table
    at = (region - 1) * P + seat
    t.supply[seat] -= n - t.on_map[at]
    t.on_map[at] = n
    state.invalidate()


def specialists(state: IState, seat: int, home: list[int], academy: int | None = None) -> None:
    """Set a seat's available specialists (and scholars), balancing with the supply."""
    t = state.table
    before = sum(t.home[seat * 3:seat * 3 + 3]) + t.academy[seat]
    t.home[seat * 3:seat * 3 + 3] = home
    if academy is not None:
        t.academy[seat] = academy
    t.supply[seat] -= sum(home) + t.academy[seat] - before
    state.invalidate()


def set_private(state: IState, seat: int, slug: str) -> None:
    """Swap a seat's private Milestone for another (its diplomat moves along)."""
    t = state.table
    old, new_m = t.private[seat], milestone(slug)
    if old == new_m:
        return
    for lst in (t.common, t.eureka, t.milestone_decks, t.discard):
        if new_m in lst:
            lst[lst.index(new_m)] = old
            t.milestone_loc[old] = t.milestone_loc[new_m]
    if new_m in t.private:
        other = t.private.index(new_m)
        t.private[other] = old
        t.milestone_loc[old] = M_PRIVATE + other
        t.diplomats[old * P + other], t.diplomats[new_m * P + other] = 1, 0
    t.diplomats[new_m * P + seat], t.diplomats[old * P + seat] = t.diplomats[old * P + seat], 0
    t.private[seat] = new_m
    t.milestone_loc[new_m] = M_PRIVATE + seat
    state.invalidate()


def at(state: IState, *steps: Step, chain: int = 0, current: int = -1) -> None:
    """Replace the pending stack (bottom first), then run automatic steps."""
    t = state.table
    t.pending = list(steps)
    t.chain_left = chain
    if current >= 0:
        t.current = current
    state.invalidate()
    machine.advance(state)
    state.invalidate()


def main(state: IState, seat: int, chain: int = 1) -> None:
    """The seat is asked for its main action (nothing follows)."""
    at(state, MainAction(S_MAIN, seat), chain=chain, current=seat)


def ids(state: IState) -> list[str]:
    """Option ids of the pending question."""
    decision = state.decision
    return [] if decision is None else [o.id for o in decision.options]


def play(state: IState, *choices: str) -> None:
    """Answer a series of questions by option id."""
    for choice in choices:
        state.apply(choice)


def sound(state: IState) -> list[str]:
    """Conservation problems (should be none)."""
    return invariants(state.table)
