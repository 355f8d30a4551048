"""The greedy bot's evaluation of an Inventions position: IP now plus what a society's assets
promise, in IP (the assets are the rulebook's Key Concepts)."""

from __future__ import annotations

from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions, era_change, final_scoring
from ingenium.games.inventions.table import (
    LOC_HAND,
    LOC_LEFT,
    OVER,
    InvTable,
    R,
    exhausted_of,
    home_of,
    map_at,
    tiles_of,
)
from ingenium.games.margins import margins


def evaluate(t: InvTable, seat: int) -> float:
    """This seat's potential less the best other seat's."""
    mine = potential(t, seat)
    return mine - max(potential(t, s) for s in range(t.players) if s != seat)


def evaluate_all(t: InvTable) -> list[float]:
    """Every seat's `evaluate`, each seat's potential computed once (search asks for all)."""
    return margins([potential(t, s) for s in range(t.players)])


def potential(t: InvTable, seat: int) -> float:
    """IP plus what the society's assets promise, in IP (greedy bot).

    The assets are the game's own (Key Concepts): available specialists and scholars, the
    core loop's stakes on the Region displays (a presented idea pays its presenter at Share,
    the inventor gets the card, the innovator a citizen), inventions to the left of the board
    (build discounts, Call Specialists chains), ideas in hand, tiles waiting in the tiles
    display, the Progress map with its Wealth tiles' end-game score, influence (Chain Action
    tokens now, IP at the end), the society's era and the Private Goals. Assets that only pay
    later lose weight as the game runs out (`rest`); end-game IP gains it (`late`)."""
    value = float(t.ip[seat])
    if t.phase == OVER:
        return value
    era = catalog.TRACK_ERA[t.chronos]
    late = era / 6
    rest = max(0.0, (6 - era) / 4)
    value += (0.5 + 0.4 * rest) * (sum(home_of(t, seat)) + t.academy[seat])
    value += 0.3 * sum(exhausted_of(t, seat))
    value += 0.4 * sum(t.on_map[map_at(r, seat)] for r in range(R))
    value += _tiles_worth(t, seat, rest)
    # counted in C: how many inventions and ideas, not which
    value += (1.0 + 2.0 * rest) * t.idea_loc.count(LOC_LEFT + seat)
    value += (0.4 + 0.8 * rest) * t.idea_loc.count(LOC_HAND + seat)
    value += 0.5 * t.influence[seat] + late * catalog.FINAL_IP[t.influence[seat]]
    value += (0.3 + 0.8 * rest) * conditions.era_of(t, seat) + 0.5 * t.eco_home[seat]
    goals = sorted(final_scoring.goal_points(t, seat), reverse=True)
    value += late * sum(goals[:2])
    value += 1.5 * rest * _turn_order_edge(t, seat)
    if t.current == seat:
        value += (0.4 + 0.8 * rest) * t.owed_ideas
    # citizens still to be paid onto a card this turn count as already there
    placing = [0] * (R * steps.ROLES)
    for step in t.pending:
        if isinstance(step, steps.Pay) and step.seat == seat and 0 <= step.dest < R * steps.ROLES:
            placing[step.dest] += step.place_n
        elif isinstance(step, steps.InnovateReward) and step.seat == seat:
            # Innovate 2-3 still to come: a new specialist and the card's Chain Action
            value += 0.5 + 0.4 * rest + (1.5 if t.chain_left > 0 else 0.0)
        elif isinstance(step, steps.ChainAction) and step.seat == seat and t.chain_left > 0:
            value += 1.5  # a Chain Action on offer, beyond the lookahead
    for r in range(R):
        if t.card[r] < 0:
            continue
        if t.presenter[r] == seat:
            sure = 0.85 if t.inventor[r] >= 0 or placing[steps.dest(r, steps.AS_INVENTOR)] else 0.6
            count = t.presenter_count[r] + placing[steps.dest(r, steps.AS_PRESENTER)]
            value += sure * catalog.IDEA_ERA[t.card[r]] * count
        if t.inventor[r] == seat or placing[steps.dest(r, steps.AS_INVENTOR)]:
            value += 0.8 * (1.0 + 2.0 * rest)
        if t.innovator[r] == seat or placing[steps.dest(r, steps.AS_INNOVATOR)]:
            value += 1.0  # a citizen onto the map when shared, and the right to share it
    return value


def _turn_order_edge(t: InvTable, seat: int) -> float:
    """1 for first in turn order down to 0 for last (earlier turns take the free Region
    displays, Eureka Milestones and era spaces first); the marker on the furthest-right Turn
    Order space will move to first at the next Era Change."""
    places = len(t.order)  # with 2 players Chronos holds a place too
    if places < 2 or seat not in t.order:
        return 0.0
    position = 0 if era_change.furthest_right_on_turn_order(t) == seat else t.order.index(seat)
    return (places - 1 - position) / (places - 1)


def _tiles_worth(t: InvTable, seat: int, rest: float) -> float:
    """Built tiles (their benefits are already taken) and their Wealth score so far; tiles in
    the tiles display are worth a build to come, a Wealth tile there part of its score."""
    built = final_scoring.map_tiles(t, seat)
    value = (1.0 + 1.5 * rest) * len(built)
    value += final_scoring.wealth_points(t, seat)
    for code in tiles_of(t, seat):
        if not code:
            continue
        value += 1.0 + 1.0 * rest
        if code >= catalog.WEALTH_BASE:
            wealth = catalog.WEALTH[code - catalog.WEALTH_BASE]
            value += 0.5 * final_scoring.points(t, seat, wealth.effects)
    return value
