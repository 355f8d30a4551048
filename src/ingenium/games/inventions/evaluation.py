"""The greedy bot's evaluation of an Inventions position: IP now plus what a society's assets
promise, in IP (the assets are the rulebook's Key Concepts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import era_change, final_scoring
from ingenium.games.inventions.table import (
    DECKS,
    LOC_HAND,
    LOC_LEFT,
    OVER,
    TILE_SPACES,
    TYPES,
    H,
    InvTable,
    P,
    R,
)
from ingenium.games.margins import margins


class Stakes(NamedTuple):
    """What the pending steps promise one seat: citizens still to be paid onto a Region
    display, by `steps.dest`, and the value of rewards still to come, in stack order."""

    placing: Sequence[int]  # NO_PLACING (shared, never written) until a payment is found
    bonuses: Sequence[float]  # NO_BONUSES (likewise) until a reward is found


NO_PLACING: Final = (0,) * (R * steps.ROLES)
NO_BONUSES: tuple[float, ...] = ()
NO_STAKES = Stakes(NO_PLACING, NO_BONUSES)


def evaluate(t: InvTable, seat: int) -> float:
    """This seat's potential less the best other seat's."""
    values = potentials(t)
    return values[seat] - max(values[:seat] + values[seat + 1:])


def evaluate_all(t: InvTable) -> list[float]:
    """Every seat's `evaluate`, each seat's potential computed once (search asks for all)."""
    return margins(potentials(t))


def potential(t: InvTable, seat: int) -> float:
    """IP plus what the society's assets promise, in IP (greedy bot).

    The assets are the game's own (Key Concepts): available specialists and scholars, the
    core loop's stakes on the Region displays (a presented idea pays its presenter at Share,
    the inventor gets the card, the innovator a citizen), inventions to the left of the board
    (build discounts, Call Specialists chains), ideas in hand, tiles waiting in the tiles
    display, the Progress map with its Wealth tiles' end-game score, influence (Chain Action
    tokens now, IP at the end), the society's era and the Private Goals. Assets that only pay
    later lose weight as the game runs out (`rest`); end-game IP gains it (`late`)."""
    return potentials(t)[seat]


# the pending steps that promise a seat something
STAKE_STEPS: Final = frozenset({steps.Pay, steps.InnovateReward, steps.ChainAction})


def _stakes(t: InvTable, rest: float) -> list[Stakes]:
    """Each seat's stakes in the pending steps, in one pass over the stack: citizens still to
    be paid onto a card this turn count as already there; an Innovate still to finish and a
    Chain Action on offer are worth something beyond the lookahead. Most stacks hold none of
    those steps (found by one scan of their types in C): every seat then has NO_STAKES."""
    stakes = [NO_STAKES] * t.players
    if STAKE_STEPS.isdisjoint(map(type, t.pending)):
        return stakes
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
                _add_bonus(stakes, step.seat, 0.5 + 0.4 * rest + (1.5 if chain else 0.0))
        elif type(step) is steps.ChainAction and chain and 0 <= step.seat < t.players:
            _add_bonus(stakes, step.seat, 1.5)
    return stakes


def _add_bonus(stakes: list[Stakes], seat: int, bonus: float) -> None:
    """Append a reward's value to the seat's bonuses (its own list from the first one on)."""
    stake = stakes[seat]
    if isinstance(stake.bonuses, list):
        stake.bonuses.append(bonus)
    else:
        stakes[seat] = Stakes(stake.placing, [bonus])


class Weights(NamedTuple):
    """What an asset is worth in an era: `late` weighs end-game IP, `rest` what pays later;
    the others are the products of those that the potential uses (computed once per era, the
    same floats as written out), and tables of terms that depend on one small count only."""

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
    influence: tuple[float, ...]  # by influence: its worth now and its final IP, weighed
    society: tuple[float, ...]  # by private Milestone: `society_era` times its era
    tiles: tuple[tuple[float, ...], ...]  # [built][waiting]: `_tiles_worth` without Wealth


def _weights(era: int) -> Weights:
    """The weights of an era, each the expression the potential was first written with (the
    tables hold the same floats, computed by the same operations in the same order)."""
    rest = max(0.0, (6 - era) / 4)
    late = era / 6
    society_era = 0.3 + 0.8 * rest
    built_tile, waiting_tile = 1.0 + 1.5 * rest, 1.0 + 1.0 * rest
    return Weights(late=late, rest=rest, specialist=0.5 + 0.4 * rest,
                   invention=1.0 + 2.0 * rest, idea=0.4 + 0.8 * rest,
                   society_era=society_era, inventor=0.8 * (1.0 + 2.0 * rest),
                   order=1.5 * rest, built_tile=built_tile, waiting_tile=waiting_tile,
                   influence=tuple(0.5 * influence + late * catalog.FINAL_IP[influence]
                                   for influence in range(len(catalog.FINAL_IP))),
                   society=tuple(society_era * era_of for era_of in catalog.M_ERA),
                   tiles=tuple(tuple(_waiting_sum(built_tile * built, waiting_tile, waiting)
                                     for waiting in range(TILE_SPACES + 1))
                               for built in range(H + 1)))


def _waiting_sum(value: float, waiting_tile: float, waiting: int) -> float:
    """`value` with `waiting_tile` added once per waiting tile, one addition at a time (as
    `_tiles_worth` adds them)."""
    for _ in range(waiting):
        value += waiting_tile
    return value


WEIGHTS: Final = {era: _weights(era) for era in set(catalog.TRACK_ERA)}
WEALTH_BASE: Final = catalog.WEALTH_BASE


def potentials(t: InvTable) -> list[float]:
    """Every seat's `potential`: what the seats share (the era's weights, the pending steps,
    the turn order, the ideas' places, the table's lists) read once for all, then each seat's
    terms added in a fixed order (the sum of floats depends on it; the test of the fast paths
    checks it against the terms as first written). A seat's blocks are read by plain loops:
    the accelerated build compiles them to native code, where slices and list methods are
    calls into Python."""
    players = t.players
    if t.phase == OVER:
        return [float(t.ip[s]) for s in range(players)]
    weights = WEIGHTS[catalog.TRACK_ERA[t.chronos]]
    stakes = _stakes(t, weights.rest)
    edges = _turn_order_edges(t, era_change.furthest_right_on_turn_order(t))
    hand, inventions = _ideas(t.idea_loc)
    ip, home, exhausted, academy = t.ip, t.home, t.exhausted, t.academy
    on_map, influence = t.on_map, t.influence
    private, eco_home, goals = t.private, t.eco_home, t.goals
    progress_map, tiles, tiles_w = t.progress_map, t.tiles, weights.tiles
    presenter, inventor, innovator = t.presenter, t.inventor, t.innovator
    shown = [r for r, card in enumerate(t.card) if card >= 0]  # Region displays with a card
    late = weights.late
    specialist_w, invention_w, idea_w = weights.specialist, weights.invention, weights.idea
    influence_w, society_w, order_w = weights.influence, weights.society, weights.order
    values = []
    for seat in range(players):
        value = float(ip[seat])
        at = seat * TYPES
        value += specialist_w * (home[at] + home[at + 1] + home[at + 2] + academy[seat])
        value += 0.3 * (exhausted[at] + exhausted[at + 1] + exhausted[at + 2])
        citizens = 0
        for r in range(R):  # the seat's column of `on_map`
            citizens += on_map[r * P + seat]
        value += 0.4 * citizens
        built = waiting = top = 0  # tiles on the Progress map, in the tiles display, top code
        for at in range(seat * H, seat * H + H):
            code = progress_map[at]
            if code:
                built += 1
                top = max(top, code)
        for at in range(seat * TILE_SPACES, seat * TILE_SPACES + TILE_SPACES):
            code = tiles[at]
            if code:
                waiting += 1
                top = max(top, code)
        if top < WEALTH_BASE:  # `_tiles_worth` without a Wealth tile: the era's table entry
            value += tiles_w[built][waiting]
        else:
            value += _tiles_worth(t, seat, weights)
        cards = inventions[seat]
        value += invention_w * len(cards)
        value += idea_w * hand[seat]
        value += influence_w[influence[seat]]
        value += society_w[private[seat]] + 0.5 * eco_home[seat]
        at = seat * DECKS
        a = final_scoring.goal_ip(t, seat, goals[at], cards)
        b = final_scoring.goal_ip(t, seat, goals[at + 1], cards)
        c = final_scoring.goal_ip(t, seat, goals[at + 2], cards)
        value += late * (a + b + c - min(a, min(b, c)))  # the two best Private Goals
        value += order_w * edges[seat]
        if t.current == seat:
            value += idea_w * t.owed_ideas
        stake = stakes[seat]
        for bonus in stake.bonuses:
            value += bonus
        if stake.placing is not NO_PLACING:
            value = _display_stakes(t, seat, value, stake.placing, shown, weights.inventor)
        elif seat in presenter or seat in inventor or seat in innovator:  # scans in C
            value = _role_stakes(t, seat, value, shown, weights.inventor)
        values.append(value)
    return values


def _ideas(idea_loc: list[int]) -> tuple[list[int], list[list[int]]]:
    """Per colour slot, the ideas in hand (how many) and the inventions left of the board (in
    order), in one pass over the ideas."""
    hand = [0] * P
    inventions: list[list[int]] = [[] for _ in range(P)]
    for idea, loc in enumerate(idea_loc):
        if loc >= LOC_LEFT:
            inventions[loc - LOC_LEFT].append(idea)
        elif loc >= LOC_HAND:
            hand[loc - LOC_HAND] += 1
    return hand, inventions


def _display_stakes(t: InvTable, seat: int, value: float, placing: Sequence[int],
                    regions: list[int], inventor_w: float) -> float:
    """`value` with what the seat's roles on these Region displays (those with a card, in
    region order) promise added to it one by one (into the potential itself: the sum of
    floats depends on the order); a display where the seat has no role and no citizen to be
    paid adds nothing."""
    for r in regions:
        at = r * steps.ROLES
        if t.presenter[r] == seat:
            sure = 0.85 if t.inventor[r] >= 0 or placing[at + steps.AS_INVENTOR] else 0.6
            count = t.presenter_count[r] + placing[at + steps.AS_PRESENTER]
            value += sure * catalog.IDEA_ERA[t.card[r]] * count
        if t.inventor[r] == seat or placing[at + steps.AS_INVENTOR]:
            value += inventor_w
        if t.innovator[r] == seat or placing[at + steps.AS_INNOVATOR]:
            value += 1.0  # a citizen onto the map when shared, and the right to share it
    return value


def _role_stakes(t: InvTable, seat: int, value: float, regions: list[int],
                 inventor_w: float) -> float:
    """`_display_stakes` of a seat with no citizen to be paid onto a display (its placing all
    0: the same terms, the zeros not read)."""
    presenter, inventor, innovator = t.presenter, t.inventor, t.innovator
    for r in regions:
        if presenter[r] == seat:
            sure = 0.85 if inventor[r] >= 0 else 0.6
            value += sure * catalog.IDEA_ERA[t.card[r]] * t.presenter_count[r]
        if inventor[r] == seat:
            value += inventor_w
        if innovator[r] == seat:
            value += 1.0  # a citizen onto the map when shared, and the right to share it
    return value


def _turn_order_edges(t: InvTable, first: int) -> list[float]:
    """Every seat's `_turn_order_edge`, the Turn Order track read once."""
    places = len(t.order)
    edges = [0.0] * t.players
    if places < 2:
        return edges
    for position in range(places - 1, -1, -1):  # a seat's first place counts (`index`)
        seat = t.order[position]
        if 0 <= seat < t.players:
            edges[seat] = (places - 1 - position) / (places - 1)
    if 0 <= first < t.players and first in t.order:
        edges[first] = (places - 1) / (places - 1)
    return edges


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
    the tiles display are worth a build to come, a Wealth tile there part of its score (each
    Wealth tile's IP for the map now found once, `final_scoring.wealth_ips`)."""
    progress_map, wealth_base = t.progress_map, final_scoring.WEALTH_BASE
    ips = final_scoring.wealth_ips(t, seat)
    built = wealth = 0  # tiles on the map; the Wealth tiles' IP (`wealth_points`)
    for at in range(seat * H, seat * H + H):
        code = progress_map[at]
        if code:
            built += 1
            if code >= wealth_base:
                wealth += ips[code - wealth_base]
    value = weights.built_tile * built
    value += wealth
    tiles = t.tiles
    for at in range(seat * TILE_SPACES, seat * TILE_SPACES + TILE_SPACES):
        code = tiles[at]
        if not code:
            continue
        value += weights.waiting_tile
        if code >= wealth_base:
            value += 0.5 * ips[code - wealth_base]
    return value
