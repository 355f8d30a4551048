"""The fast paths of the rules, scoring and evaluation equal their plain definitions at every
position of a few seeded games: `conditions.can` (each action's question stops at the first
place it can be done) says whether the action's places are not empty, and a seat's hand and
inventions found by the list's own scans are its ideas in order, and the Aspiration's
options found with its slot are those of the slot found first, and the buildable tiles
found by their first fitting hex are those with some hex; `score` effects counted
through the counter table with the seat's holdings read once (final_scoring.COUNTERS) count
what the plain if-chain counts, and each Private Goal's IP found by one branch per kind of
goal (final_scoring.goal_ip) is the sum of its effects' plain counts, each Wealth tile's IP
from one census of the map (final_scoring.wealth_ips) its effect's; the ideas in hand and
inventions found in one pass (evaluation._ideas) are those found by scans; and the evaluation
that reads the pending steps once for all seats (evaluate_all) gives each seat's `evaluate`, each
seat's potential exactly the sum of its terms as first written (`plain_potential`: the same
floats added in the same order); the table's clone and the Private Goals' redeal of
`determinize_table` are those written plainly."""

from __future__ import annotations

import itertools
import random

import pytest

import ingenium
from ingenium.engine import FlatTable, Rng
from ingenium.games.inventions import evaluation, options, steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.effects import (
    BringHome,
    Build,
    Chain,
    Gain,
    PlaceCitizen,
    Score,
    TakeAction,
)
from ingenium.games.inventions.components.terms import Counted, Resource, TileKind
from ingenium.games.inventions.rules import (
    conditions,
    era_change,
    final_scoring,
    iconography,
    key_concepts,
    payment,
    tiles,
)
from ingenium.games.inventions.rules.final_scoring import KIND_OF, map_tiles
from ingenium.games.inventions.table import (
    LIST_FIELDS,
    LOC_HAND,
    LOC_LEFT,
    M_CK,
    M_PRIVATE,
    OVER,
    InvTable,
    IState,
    T,
    diplomat_at,
    exhausted_of,
    goal_at,
    home_of,
    map_at,
    on_map_of,
    pillar_at,
    space_at,
    tiles_of,
    token_at,
    type_at,
)
from ingenium.games.margins import margins

SCORES = [e for effects in [*(g.effects for g in catalog.GOALS),
                            *(w.effects for w in catalog.WEALTH)]
          for e in effects if isinstance(e, Score)]


def _type_counts(codes: list[int]) -> list[int]:
    counts = [0, 0, 0]
    for c in codes:
        if catalog.PROGRESS_BASE <= c < catalog.WEALTH_BASE:
            counts[(c - catalog.PROGRESS_BASE) // 7] += 1
    return counts


def plain_count(t: InvTable, seat: int, s: Score) -> int:
    """How many things a `score` effect counts, as first written (one if-chain)."""
    c = s.counter
    if c in (Counted.PROGRESS_TILE, Counted.PROGRESS_SET, Counted.NUMBER_IN_TWO_TYPES):
        tiles = map_tiles(t, seat)
        if c is Counted.PROGRESS_SET:
            return min(_type_counts(tiles))
        if c is Counted.NUMBER_IN_TWO_TYPES:
            numbers = [(x - catalog.PROGRESS_BASE) % 7 for x in tiles if x < catalog.WEALTH_BASE]
            return sum(1 for n in range(7) if numbers.count(n) >= 2)
        if s.tile is TileKind.ANY:
            return len(tiles)
        if s.tile is TileKind.WEALTH:
            return sum(1 for x in tiles if x >= catalog.WEALTH_BASE)
        return _type_counts(tiles)[KIND_OF[s.tile]] if s.tile else 0
    if c in (Counted.INVENTION, Counted.INVENTION_SET, Counted.INVENTION_ERA):
        cards = conditions.inventions(t, seat)
        if c is Counted.INVENTION_SET:
            return min(sum(1 for i in cards if catalog.IDEA_TYPE[i] == k) for k in range(3))
        if c is Counted.INVENTION_ERA:
            return len({catalog.IDEA_ERA[i] for i in cards})
        return sum(1 for i in cards
                   if (s.specialty is None
                       or catalog.IDEA_TYPE[i] == catalog.TYPE_INDEX[s.specialty])
                   and catalog.IDEA_ERA[i] >= (s.era_min or 1)
                   and catalog.IDEA_ERA[i] <= (s.era_max or 6))
    if c is Counted.SPECIALIST:
        kinds = range(3) if s.specialty is None else (catalog.TYPE_INDEX[s.specialty],)
        return sum(t.home[type_at(seat, k)] + t.exhausted[type_at(seat, k)] for k in kinds)
    if c is Counted.SCHOLAR:
        return t.academy[seat]
    if c is Counted.INFLUENCE_TOKEN:
        return sum(1 for k in range(T) if t.token_region[token_at(seat, k)] >= 0)
    if c is Counted.DIPLOMAT:
        return sum(t.diplomats[diplomat_at(m, seat)] for m in range(catalog.NUM_MILESTONES)
                   if t.milestone_loc[m] == M_CK or t.milestone_loc[m] >= M_PRIVATE)
    if c is Counted.REGION_WITH_CITIZEN:
        return sum(1 for r in range(catalog.NUM_REGIONS) if t.on_map[map_at(r, seat)])
    region = (s.region or 1) - 1
    if c is Counted.CITIZEN_IN_REGION:
        return t.on_map[map_at(region, seat)]
    return 1 if conditions.has_token_in(t, seat, region) else 0


def plain_can(t: InvTable, seat: int, action: int) -> bool:
    """Whether the action can be done, as first written: its places listed in full."""
    if action == conditions.PRESENT:
        return any(conditions.present_regions(t, seat, i) for i in conditions.hand(t, seat))
    if action == conditions.INVENT:
        return bool(conditions.invent_regions(t, seat))
    if action == conditions.INNOVATE:
        return bool(conditions.innovate_regions(t, seat))
    if action == conditions.SHARE:
        return bool(conditions.share_regions(t, seat))
    if action in (conditions.CALL, conditions.TRAVEL):
        return bool(conditions.map_regions(t, seat))
    if action == conditions.GAIN_INF:
        return bool(conditions.gain_influence_regions(t, seat))
    if action == conditions.EUREKA:
        return bool(conditions.eureka_choices(t, seat))
    if action == conditions.SEND:
        return (t.academy[seat] > 0 or any(home_of(t, seat))) \
            and bool(conditions.diplomat_targets(t, seat))
    if action == conditions.RECALL:
        return bool(conditions.diplomat_milestones(t, seat))
    return False


def plain_stakes(t: InvTable, rest: float) -> list[tuple[list[int], list[float]]]:
    """Each seat's stakes in the pending steps (citizens to be paid onto each Region display's
    roles, the rewards to come), every step read, each seat's lists its own."""
    stakes: list[tuple[list[int], list[float]]] = [
        ([0] * (catalog.NUM_REGIONS * steps.ROLES), []) for _ in range(t.players)]
    chain = t.chain_left > 0
    for step in t.pending:
        if not 0 <= step.seat < t.players:
            continue
        if type(step) is steps.Pay and 0 <= step.dest < catalog.NUM_REGIONS * steps.ROLES:
            stakes[step.seat][0][step.dest] += step.place_n
        elif type(step) is steps.InnovateReward:
            stakes[step.seat][1].append(0.5 + 0.4 * rest + (1.5 if chain else 0.0))
        elif type(step) is steps.ChainAction and chain:
            stakes[step.seat][1].append(1.5)
    return stakes


def plain_potential(t: InvTable, seat: int) -> float:
    """A seat's potential as first written: every term read in full (holdings, every goal
    through the counters, every Region display), added in the same order."""
    era = catalog.TRACK_ERA[t.chronos]
    late = era / 6
    rest = max(0.0, (6 - era) / 4)
    placing, bonuses = plain_stakes(t, rest)[seat]
    value = float(t.ip[seat])
    value += (0.5 + 0.4 * rest) * (sum(home_of(t, seat)) + t.academy[seat])
    value += 0.3 * sum(exhausted_of(t, seat))
    value += 0.4 * sum(on_map_of(t, seat))
    held = final_scoring.holdings(t, seat)
    worth = (1.0 + 1.5 * rest) * len(held.tiles)
    worth += final_scoring.wealth_points(t, seat, held)
    for code in tiles_of(t, seat):
        if code:
            worth += 1.0 + 1.0 * rest
            if code >= catalog.WEALTH_BASE:
                worth += 0.5 * final_scoring.wealth_tile_points(t, seat, code, held)
    value += worth
    value += (1.0 + 2.0 * rest) * t.idea_loc.count(LOC_LEFT + seat)
    value += (0.4 + 0.8 * rest) * t.idea_loc.count(LOC_HAND + seat)
    value += 0.5 * t.influence[seat] + late * catalog.FINAL_IP[t.influence[seat]]
    value += (0.3 + 0.8 * rest) * conditions.era_of(t, seat) + 0.5 * t.eco_home[seat]
    goals = sorted(final_scoring.goal_points(t, seat, held), reverse=True)
    value += late * sum(goals[:2])
    first = era_change.furthest_right_on_turn_order(t)
    value += 1.5 * rest * evaluation._turn_order_edge(t, seat, first)
    if t.current == seat:
        value += (0.4 + 0.8 * rest) * t.owed_ideas
    for bonus in bonuses:
        value += bonus
    for r in range(catalog.NUM_REGIONS):
        card = t.card[r]
        if card < 0:
            continue
        at = r * steps.ROLES
        if t.presenter[r] == seat:
            sure = 0.85 if t.inventor[r] >= 0 or placing[at + steps.AS_INVENTOR] else 0.6
            count = t.presenter_count[r] + placing[at + steps.AS_PRESENTER]
            value += sure * catalog.IDEA_ERA[card] * count
        if t.inventor[r] == seat or placing[at + steps.AS_INVENTOR]:
            value += 0.8 * (1.0 + 2.0 * rest)
        if t.innovator[r] == seat or placing[at + steps.AS_INNOVATOR]:
            value += 1.0
    return value


def plain_determinized_goals(t: InvTable, seat: int, rng: Rng) -> list[int]:
    """The Private Goals after `determinize_table`, written plainly: for each deck, every
    ordered choice of cards for the other seats from the deck's cards but the seat's own,
    one drawn uniformly and dealt to them in seat order."""
    goals = t.goals.copy()
    for deck in range(len(catalog.GOALS_BY_TYPE)):
        others = [s for s in range(t.players) if s != seat]
        mine = goals[goal_at(seat, deck)]
        pool = [g for g in catalog.GOALS_BY_TYPE[deck] if g != mine]
        choices = list(itertools.permutations(pool, len(others)))
        for s, goal in zip(others, choices[rng.below(len(choices))], strict=True):
            goals[goal_at(s, deck)] = goal
    return goals


def assert_clone_and_determinize_equal_their_plain_definitions(state: IState) -> None:
    """The table's own clone is FlatTable's (equal, every list a new one); the goals redealt
    by `determinize_table` are those of the plain redeal with the same generator."""
    t = state.table
    clone = t.clone()
    assert clone == FlatTable.clone(t)
    assert all(getattr(clone, name) is not getattr(t, name) for name in LIST_FIELDS)
    if t.phase == OVER:
        return
    for seat in range(t.players):
        world = state.clone()
        state.game.determinize_table(world, seat, Rng.from_seed(seat))
        assert world.table.goals == plain_determinized_goals(t, seat, Rng.from_seed(seat))


def plain_accessible_spaces(t: InvTable, seat: int) -> list[int]:
    """The Golden Rule as first written: the spaces of forums holding none of the seat's
    pillars, the forums in a set."""
    pillars = [t.epoch[seat], *(t.season[pillar_at(seat, i)] for i in (0, 1))]
    blocked = {space // 2 for space in pillars if space >= 0}
    return [s for s in range(catalog.NUM_SPACES) if s // 2 not in blocked]


def aspire_choices(t: InvTable, seat: int) -> list[str]:
    step = steps.AspirationsBecomeProgress(steps.S_ASPIRE, seat=seat)
    return [o.id for o in tiles.aspire_options(t, step)]


def plain_aspire_choices(t: InvTable, seat: int) -> list[str]:
    """The Progress tiles for the leftmost replaceable Aspiration tile, the slot found first."""
    slot = tiles.aspire_slot(t, seat)
    if slot < 0:
        return []
    return [options.PROGRESS[p].id
            for p in tiles.progress_choices(t, seat, t.tiles[space_at(seat, slot)])]


def plain_can_pay(t: InvTable, seat: int, need: tuple[int, int, int], wild: int) -> bool:
    """Whether the specialists can be paid, as first written: a loop over the three types."""
    home = home_of(t, seat)
    short = spare = 0
    for k in range(3):
        if need[k] > home[k]:
            short += need[k] - home[k]
        else:
            spare += home[k] - need[k]
    scholars = t.academy[seat]
    return short <= scholars and wild <= spare + scholars - short


@pytest.mark.parametrize("players", [2, 4])
def test_can_pay_written_out_equals_its_loop(players: int) -> None:
    game = ingenium.get_game("inventions")
    state = game.new_game(players, 5)
    rng = random.Random(5)
    needs = [(a, b, c) for a, b, c in itertools.product(range(3), repeat=3)]
    moves = 0
    while (decision := state.decision) is not None:
        if moves % 7 == 0:
            t = state.table
            for seat in range(players):
                for need in needs:
                    for wild in range(3):
                        assert conditions.can_pay(t, seat, need, wild) == plain_can_pay(
                            t, seat, need, wild)
        state.apply(decision.options[rng.randrange(len(decision.options))])
        moves += 1


def test_every_counter_has_a_rule_in_the_table() -> None:
    assert set(final_scoring.COUNTERS) == set(Counted)
    assert {s.counter for s in SCORES} <= set(Counted)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_can_counters_and_evaluation_equal_their_plain_definitions(players: int) -> None:
    game = ingenium.get_game("inventions")
    for seed in range(2):
        state = game.new_game(players, seed)
        rng = random.Random(seed)
        while (decision := state.decision) is not None:
            t = state.table
            for seat in range(players):
                assert conditions.hand(t, seat) == [
                    i for i, loc in enumerate(t.idea_loc) if loc == LOC_HAND + seat]
                assert conditions.inventions(t, seat) == [
                    i for i, loc in enumerate(t.idea_loc) if loc == LOC_LEFT + seat]
                hand_counts, inventions = evaluation._ideas(t.idea_loc)
                assert hand_counts[seat] == t.idea_loc.count(LOC_HAND + seat)
                assert inventions[seat] == conditions.inventions(t, seat)
                assert aspire_choices(t, seat) == plain_aspire_choices(t, seat)
                assert conditions.accessible_spaces(t, seat) == plain_accessible_spaces(t, seat)
                assert tiles.inventions_by_type(t, seat) == [
                    tiles.same_type_inventions(t, seat, kind) for kind in range(3)]
                assert tiles.buildable_slots(t, seat) == [
                    n for n, code in enumerate(tiles_of(t, seat))
                    if code >= catalog.PROGRESS_BASE and tiles.hex_choices(t, seat, code)]
                for action in range(len(catalog.ACTIONS)):
                    assert conditions.can(t, seat, action) == plain_can(t, seat, action)
                held = final_scoring.holdings(t, seat)
                assert final_scoring.wealth_ips(t, seat) == [
                    final_scoring.wealth_tile_points(t, seat, catalog.WEALTH_BASE + w, held)
                    for w in range(catalog.NUM_WEALTH)]
                for s in SCORES:
                    assert final_scoring.count(t, seat, s, held) == plain_count(t, seat, s)
                for goal, scores in enumerate(final_scoring.GOAL_SCORES):
                    assert final_scoring.goal_ip(t, seat, goal, held.cards) == sum(
                        s.ip * (min(plain_count(t, seat, s), s.limit) if s.limit
                                else plain_count(t, seat, s)) for s in scores)
            assert evaluation.evaluate_all(t) == margins(
                [evaluation.potential(t, s) for s in range(players)])
            assert_clone_and_determinize_equal_their_plain_definitions(state)
            for step in t.pending:
                if type(step) is steps.Pay:
                    assert payment._to_exhaust(step) == step.exhaust_by_type()
            if t.phase != OVER:
                assert evaluation.potentials(t) == [plain_potential(t, s) for s in range(players)]
                for rest in (0.0, 0.5):
                    assert [(list(stake.placing), list(stake.bonuses))
                            for stake in evaluation._stakes(t, rest)] == plain_stakes(t, rest)
            assert evaluation.evaluate_all(t) == [evaluation.evaluate(t, s)
                                                  for s in range(players)]
            state.apply(decision.options[rng.randrange(len(decision.options))])


def plain_run_effect(state: IState, seat: int, e: int) -> None:
    """`iconography.run_effect` as first written: the printed effect's fields read at once."""
    t = state.table
    eff = catalog.EFFECTS[e]
    if isinstance(eff, Gain):
        if eff.what is Resource.IP:
            key_concepts.add_ip(state, seat, eff.amount, "benefit")
        elif eff.what is Resource.INFLUENCE:
            key_concepts.add_influence(state, seat, eff.amount, "benefit")
        elif eff.what is Resource.SCHOLAR:
            key_concepts.gain_scholars(state, seat, eff.amount)
        elif eff.what is Resource.SPECIALIST and eff.specialty is not None:
            for _ in range(eff.amount):
                key_concepts.gain_specialist(state, seat, catalog.TYPE_INDEX[eff.specialty])
        elif eff.what is Resource.ECONOMY_TOKEN:
            t.eco_home[seat] += eff.amount
            state.log(seat, "economy_token", f"{key_concepts.who(seat)} gains an Economy token")
        elif eff.what is Resource.ASPIRATION and eff.side is not None:
            key_concepts.gain_aspiration(state, seat, ("economy", "culture", "technology",
                                                       "wild").index(eff.side.value))
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


@pytest.mark.parametrize("players", [2, 3])
def test_benefits_run_by_their_plans_as_by_the_plain_interpreter(players: int) -> None:
    """Every printed benefit, run for the seat to move at every 10th position of a seeded game
    (on copies of the position), leaves the table and log the plain interpreter leaves; and
    `effect_possible` reads the plans as the effects."""
    game = ingenium.get_game("inventions")
    state = game.new_game(players, 3)
    rng = random.Random(3)
    moves = 0
    while (decision := state.decision) is not None:
        if moves % 10 == 0:
            for e in range(len(catalog.EFFECTS)):
                fast, plain = state.clone(), state.clone()
                iconography.run_effect(fast, decision.seat, e)
                plain_run_effect(plain, decision.seat, e)
                assert fast.table == plain.table and fast.events == plain.events, e
                eff = catalog.EFFECTS[e]
                assert iconography.effect_possible(state.table, decision.seat, e) == (
                    conditions.can(state.table, decision.seat, catalog.ACTION_INDEX[eff.action])
                    if isinstance(eff, TakeAction) else
                    state.table.supply[decision.seat] > 0 if isinstance(eff, PlaceCitizen)
                    else True)
        state.apply(decision.options[rng.randrange(len(decision.options))])
        moves += 1
