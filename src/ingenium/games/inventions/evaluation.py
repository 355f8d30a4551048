"""The greedy bot's evaluation of an Inventions position: IP now plus what a society's assets
promise, in IP (the assets are the rulebook's Key Concepts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions, era_change, final_scoring
from ingenium.games.inventions.table import (
    LOC_HAND,
    OVER,
    InvTable,
    P,
    R,
    goal_at,
    hexes,
    on_map_of,
    tile_spaces,
    type_at,
)
from ingenium.games.margins import margins


class Stakes(NamedTuple):
    """What the pending steps promise one seat: citizens still to be paid onto a Region
    display, by `steps.dest`, and the value of rewards still to come, in stack order."""

    placing: Sequence[int]  # NO_PLACING (shared, never written) until a payment is found
    bonuses: list[float]


NO_PLACING = (0,) * (R * steps.ROLES)


def evaluate(t: InvTable, seat: int) -> float:
    """This seat's potential less the best other seat's."""
    values = potentials(t)
    return values[seat] - max(values[:seat] + values[seat + 1:])


def evaluate_all(t: InvTable) -> list[float]:
    """Every seat's `evaluate`, each seat's potential computed once (search asks for all)."""
    return margins(potentials(t))


def potentials(t: InvTable) -> list[float]:
    """Every seat's `potential`, what the seats share (the era, the pending steps, the turn
    order marker, the Region displays' roles) read once for all."""
    if t.phase == OVER:
        return [float(t.ip[s]) for s in range(t.players)]
    era = catalog.TRACK_ERA[t.chronos]
    rest = max(0.0, (6 - era) / 4)
    stakes = _stakes(t, rest)
    first = era_change.furthest_right_on_turn_order(t)
    roles = _roles(t, stakes)
    return [_potential(t, s, stakes[s], first, roles[s]) for s in range(t.players)]


def potential(t: InvTable, seat: int) -> float:
    """IP plus what the society's assets promise, in IP (greedy bot).

    The assets are the game's own (Key Concepts): available specialists and scholars, the
    core loop's stakes on the Region displays (a presented idea pays its presenter at Share,
    the inventor gets the card, the innovator a citizen), inventions to the left of the board
    (build discounts, Call Specialists chains), ideas in hand, tiles waiting in the tiles
    display, the Progress map with its Wealth tiles' end-game score, influence (Chain Action
    tokens now, IP at the end), the society's era and the Private Goals. Assets that only pay
    later lose weight as the game runs out (`rest`); end-game IP gains it (`late`)."""
    if t.phase == OVER:
        return float(t.ip[seat])
    rest = max(0.0, (6 - catalog.TRACK_ERA[t.chronos]) / 4)
    stakes = _stakes(t, rest)
    return _potential(t, seat, stakes[seat], era_change.furthest_right_on_turn_order(t),
                      _roles(t, stakes)[seat])


# the pending steps that promise a seat something
STAKE_STEPS = frozenset({steps.Pay, steps.InnovateReward, steps.ChainAction})


def _stakes(t: InvTable, rest: float) -> list[Stakes]:
    """Each seat's stakes in the pending steps, in one pass over the stack: citizens still to
    be paid onto a card this turn count as already there; an Innovate still to finish and a
    Chain Action on offer are worth something beyond the lookahead."""
    stakes = [Stakes(NO_PLACING, []) for _ in range(t.players)]
    chain = t.chain_left > 0
    for step in t.pending:
        if type(step) not in STAKE_STEPS:  # most of the stack: one set lookup each
            continue
        if type(step) is steps.Pay:
            if 0 <= step.dest < R * steps.ROLES and 0 <= step.seat < t.players:
                stake = stakes[step.seat]
                placing = stake.placing if isinstance(stake.placing, list) else list(NO_PLACING)
                placing[step.dest] += step.place_n
                stakes[step.seat] = Stakes(placing, stake.bonuses)
        elif type(step) is steps.InnovateReward:
            if 0 <= step.seat < t.players:
                # Innovate 2-3 still to come: a new specialist and the card's Chain Action
                stakes[step.seat].bonuses.append(0.5 + 0.4 * rest + (1.5 if chain else 0.0))
        elif type(step) is steps.ChainAction and chain and 0 <= step.seat < t.players:
            stakes[step.seat].bonuses.append(1.5)
    return stakes


def _roles(t: InvTable, stakes: list[Stakes]) -> list[list[int]]:
    """Per seat, the Region displays with a card where it has a role or citizens still to be
    paid onto it, in region order (a seat's `_potential` looks at no other display)."""
    players = t.players
    roles: list[list[int]] = [[] for _ in range(players)]
    presenter, inventor, innovator = t.presenter, t.inventor, t.innovator
    for r, card in enumerate(t.card):
        if card < 0:
            continue
        shown, invented, innovated = presenter[r], inventor[r], innovator[r]
        if 0 <= shown < players:
            roles[shown].append(r)
        if 0 <= invented < players and invented != shown:
            roles[invented].append(r)
        if 0 <= innovated < players and innovated != shown and innovated != invented:
            roles[innovated].append(r)
    for seat, stake in enumerate(stakes):
        if stake.placing is not NO_PLACING and any(stake.placing):
            roles[seat] = [r for r in range(R) if t.card[r] >= 0 and (
                r in roles[seat] or any(stake.placing[r * steps.ROLES:(r + 1) * steps.ROLES]))]
    return roles


class Weights(NamedTuple):
    """What an asset is worth in an era: `late` weighs end-game IP, `rest` what pays later;
    the others are the products of those that `_potential` uses (computed once per era, the
    same floats as written out)."""

    late: float
    rest: float
    specialist: float  # an available specialist or scholar
    invention: float  # an invention left of the board
    idea: float  # an idea in hand (or owed)
    society_era: float  # per era of the society
    inventor: float  # the inventor's stake in a Region display
    order: float  # first in turn order
    built_tile: float  # a tile on the Progress map
    waiting_tile: float  # a tile in the tiles display


def _weights(era: int) -> Weights:
    """The weights of an era, each the expression `_potential` was first written with."""
    rest = max(0.0, (6 - era) / 4)
    return Weights(late=era / 6, rest=rest, specialist=0.5 + 0.4 * rest,
                   invention=1.0 + 2.0 * rest, idea=0.4 + 0.8 * rest,
                   society_era=0.3 + 0.8 * rest, inventor=0.8 * (1.0 + 2.0 * rest),
                   order=1.5 * rest, built_tile=1.0 + 1.5 * rest, waiting_tile=1.0 + 1.0 * rest)


WEIGHTS = {era: _weights(era) for era in set(catalog.TRACK_ERA)}
# each seat's blocks of the flat lists the evaluation reads (the accessors' slices, built once:
# the evaluation runs at every leaf of a search, for every seat)
HEXES_OF = tuple(hexes(seat) for seat in range(P))
TILE_SPACES_OF = tuple(tile_spaces(seat) for seat in range(P))
GOALS_OF = tuple(slice(goal_at(seat, 0), goal_at(seat + 1, 0)) for seat in range(P))


def _potential(t: InvTable, seat: int, stakes: Stakes, first: int, regions: list[int]) -> float:
    """`potential` of a game not over, given the seat's stakes in the pending steps, the
    seat whose marker is furthest right on the Turn Order spaces and the Region displays where
    the seat has a stake (`_roles`). The terms are added in a fixed order (the sum of floats
    depends on it)."""
    value = float(t.ip[seat])
    weights = WEIGHTS[catalog.TRACK_ERA[t.chronos]]
    late = weights.late
    home, exhausted, at = t.home, t.exhausted, type_at(seat, 0)
    value += weights.specialist * (home[at] + home[at + 1] + home[at + 2] + t.academy[seat])
    value += 0.3 * (exhausted[at] + exhausted[at + 1] + exhausted[at + 2])
    value += 0.4 * sum(on_map_of(t, seat))
    value += _tiles_worth(t, seat, weights)
    cards = conditions.inventions(t, seat)  # found in C; the goals count them too
    value += weights.invention * len(cards)
    value += weights.idea * t.idea_loc.count(LOC_HAND + seat)  # counted in C
    influence = t.influence[seat]
    value += 0.5 * influence + late * catalog.FINAL_IP[influence]
    value += weights.society_era * catalog.M_ERA[t.private[seat]] + 0.5 * t.eco_home[seat]
    value += late * _best_two_goals(t, seat, cards)
    value += weights.order * _turn_order_edge(t, seat, first)
    if t.current == seat:
        value += weights.idea * t.owed_ideas
    for bonus in stakes.bonuses:
        value += bonus
    placing = stakes.placing
    for r in regions:
        at = r * steps.ROLES
        if t.presenter[r] == seat:
            sure = 0.85 if t.inventor[r] >= 0 or placing[at + steps.AS_INVENTOR] else 0.6
            count = t.presenter_count[r] + placing[at + steps.AS_PRESENTER]
            value += sure * catalog.IDEA_ERA[t.card[r]] * count
        if t.inventor[r] == seat or placing[at + steps.AS_INVENTOR]:
            value += weights.inventor
        if t.innovator[r] == seat or placing[at + steps.AS_INNOVATOR]:
            value += 1.0  # a citizen onto the map when shared, and the right to share it
    return value


def _best_two_goals(t: InvTable, seat: int, cards: list[int]) -> int:
    """IP of the seat's two best Private Goals now (Final Scoring 3), given its inventions."""
    first, second, third = t.goals[GOALS_OF[seat]]
    goal_ip = final_scoring.GOAL_IP
    a = goal_ip[first](t, seat, cards)
    b = goal_ip[second](t, seat, cards)
    c = goal_ip[third](t, seat, cards)
    return a + b + c - min(a, b, c)


def _turn_order_edge(t: InvTable, seat: int, first: int) -> float:
    """1 for first in turn order down to 0 for last (earlier turns take the free Region
    displays, Eureka Milestones and era spaces first); the marker on the furthest-right Turn
    Order space (`first`) will move to first at the next Era Change."""
    places = len(t.order)  # with 2 players Chronos holds a place too
    if places < 2 or seat not in t.order:
        return 0.0
    position = 0 if first == seat else t.order.index(seat)
    return (places - 1 - position) / (places - 1)


def _tiles_worth(t: InvTable, seat: int, weights: Weights) -> float:
    """Built tiles (their benefits are already taken) and their Wealth score so far; tiles in
    the tiles display are worth a build to come, a Wealth tile there part of its score."""
    built = t.progress_map[HEXES_OF[seat]]
    value = weights.built_tile * (len(built) - built.count(0))
    display = t.tiles[TILE_SPACES_OF[seat]]
    if max(built) < catalog.WEALTH_BASE and max(display) < catalog.WEALTH_BASE:
        # no Wealth tile to score (`wealth_points` is 0): the holdings are not read
        for code in display:
            if code:
                value += weights.waiting_tile
        return value
    held = final_scoring.holdings(t, seat)
    value += final_scoring.wealth_points(t, seat, held)
    for code in display:
        if not code:
            continue
        value += weights.waiting_tile
        if code >= catalog.WEALTH_BASE:
            value += 0.5 * final_scoring.wealth_tile_points(t, seat, code, held)
    return value
