"""The shortcuts the speed work took equal the plain definitions they replace, at every
position of random games (2, 3 and 4 players)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ingenium.engine.rng import Rng
from ingenium.engine.table import FlatTable
from ingenium.games.civolution import board, encoding, evaluation, scoring, views
from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Installable
from ingenium.games.civolution.options import opt
from ingenium.games.civolution.rules import (
    activation,
    attributes,
    building,
    common,
    exploration,
    install,
    materials,
    partition,
    payment,
    tribe_actions,
    tribes,
    vocabulary,
)
from ingenium.games.civolution.rules.common import (
    my_territories,
    tribes_in,
    tribes_on_continent,
)
from ingenium.games.civolution.rules.research import any_face_down, hand_of, has_stack, stack_size
from ingenium.games.civolution.steps import S_CARD_COLUMN, CardColumn
from ingenium.games.civolution.table import (
    COL_ATTRIBUTE,
    COL_GOAL,
    GOAL_AREA,
    ITEM_CARD,
    CivTable,
    P,
    dice_spaces,
    feature_at,
    goal_space_at,
    levels,
    planned,
    settlement_at,
    storage_at,
    stored,
)

from . import determinize_reference, evaluation_reference, observation_reference
from .scenario import GAME


def _plain_firsts(have: tuple[int, ...], ideas: int,
                  needs: tuple[int, int] | None) -> list[int]:
    """The first sources with a second one to follow, source by source (no cost table)."""
    a, b = needs if needs is not None else (None, None)
    cost = activation.cost
    return [s for s in activation.SOURCES if have[s] and cost(s, a) <= ideas and any(
        have[x] - (x == s) > 0 and cost(x, b) <= ideas - cost(s, a)
        for x in activation.SOURCES)]


def _plain_can_do(t: CivTable, seat: int, effects: tuple[Any, ...]) -> bool:
    """vocabulary.can_do as first written: every cost doable, then any other effect (an OR's
    or an "in any order"'s lists checked here too, plainly)."""
    def doable(e: Any) -> bool:
        if isinstance(e, fx.Choose):
            return any(_plain_can_do(t, seat, b) for b in e.options)
        if isinstance(e, fx.InAnyOrder):
            return any(_plain_can_do(t, seat, p) for p in e.parts)
        return vocabulary.doable(t, seat, e)
    costs = [e for e in effects if isinstance(e, fx.Pay)]
    rest = [e for e in effects if not isinstance(e, fx.Pay)]
    return all(type(e) in vocabulary.EFFECTS for e in effects) and all(
        doable(e) for e in costs) and (not rest or any(doable(e) for e in rest))


def _plain_payable(t: CivTable, seat: int, needs: list[Any],
                   pools: payment.Pools | None = None) -> bool:
    """payment.payable as first written: every way tried, every pool copied."""
    pools = payment.pools_of(t, seat) if pools is None else pools
    if not needs:
        return True
    for way in payment.ways(t, seat, pools, needs[0]):
        left = pools
        if way[0] != payment.HELD:
            left = {k: list(v) for k, v in pools.items()}
            left[way[0]][way[1]] -= way[2]
        if _plain_payable(t, seat, needs[1:], left):
            return True
    return False


def _plain_places(t: CivTable, seat: int, strong: int | None) -> list[int]:
    """tribes.places as first written, place by place."""
    found = [e for e in range(board.ENCAMPMENTS) if t.enc_seat[e] == seat
             and (strong is None or t.enc_strong[e] == strong)]
    for terr in range(board.TERRITORIES):
        s, w = t.wild_strong[terr * P + seat], t.wild_weak[terr * P + seat]
        if (strong is None and s + w) or (strong == 1 and s) or (strong == 0 and w):
            found.append(tribes.WILD + terr)
    for b in (0, 1):
        s, w = t.boat_strong[seat * 2 + b], t.boat_weak[seat * 2 + b]
        if t.boat_at[seat * 2 + b] >= 0 and ((strong is None and s + w) or (strong == 1 and s)
                                             or (strong == 0 and w)):
            found.append(tribes.BOAT + b)
    return found


def _plain_prosperity(t: CivTable, seat: int) -> int:
    """scoring.prosperity as first written (the console's records read at every call)."""
    console = board.K.console
    diamonds = min(console.food_money_diamonds, t.food[seat] // console.food_per_diamond
                   + t.money[seat] // console.money_per_diamond)
    diamonds += sum(s.diamonds for i, s in enumerate(board.K.settlements)
                    if t.settlement_built[settlement_at(seat, i)])
    store = stored(t, seat)
    for terrain in range(6):
        rows = [store[board.material_at(terrain, row)] for row in (1, 2, 3)]
        for gap, worth in enumerate(console.storage_diamonds):
            if rows[gap] and rows[gap + 1]:
                diamonds += worth
    return diamonds


def _existence_checks_equal_their_lists(t: CivTable, seat: int) -> None:
    """The effect checks that stop at the first hit answer as the full lists would."""
    for strong in (None, 0, 1):
        assert tribes.places(t, seat, strong) == _plain_places(t, seat, strong)
    assert tribe_actions._can_migrate(t, seat) is bool(tribe_actions._movers(t, seat))
    assert building.can_build(t, seat) is any(f(t, seat) for f in building.PLACES)
    slots = [s for s, chip in enumerate(t.attribute_display) if chip >= 0 and t.feature[
        feature_at(seat, attributes.CHIP_FEATURE[chip])] >= attributes.CHIP_AMOUNT[chip]]
    assert attributes.attribute_slots(t, seat) == (
        slots if slots and partition.columns_for(t, seat, COL_ATTRIBUTE) else [])
    assert exploration._can_explore(t, seat) is bool(exploration._explore_terrs(t, seat))
    assert materials._can_hunt(t, seat) is bool(materials.hunt_places(t, seat))
    assert materials._can_find(t, seat) is bool(materials._find_types(t, seat))
    for anywhere in (0, 1):
        assert materials._can_transport(t, seat, anywhere) is bool(
            materials._transport_options(t, seat, anywhere))
    for times in (1, 2):
        fresh = materials.new_trade(seat, times)
        for step in (fresh, fresh._replace(sold_for_money=times), fresh._replace(
                sold_for_money=times, sold_for_sp=times), fresh._replace(purchased=times)):
            assert materials._can_trade(t, step) is bool(materials._trade_options(t, step))
    for terr in range(board.TERRITORIES):
        assert exploration.hidden_near(t, terr) == [
            r for r, near in enumerate(board.RECESS_TERRITORIES)
            if terr in near and t.recess_site[r] < 0]
    for place in tribes.places(t, seat, None):
        assert tribe_actions._can_move(t, seat, place, tribes.neighbours(t)) is bool(
            tribe_actions.destinations(t, seat, place))
    assert tribe_actions._can_procreate(t, seat) is bool(tribe_actions.birth_places(t, seat))
    for card in hand_of(t, seat):
        column_step = CardColumn(S_CARD_COLUMN, seat=seat, card=card, special=0)
        assert install.ask_column(t, column_step)[1] == [
            opt("column", col, f"column:{col + 1}", f"Column {col + 1} (stage "
                f"{partition.next_stage(t, seat, col)})")
            for col in partition.columns_for(t, seat, board.CARD_DECK[card])
            if install.card_stages(t, seat, card, col)]
        for col in partition.columns_for(t, seat, board.CARD_DECK[card]):
            stages = install.card_stages(t, seat, card, col)  # the lowest stage decides
            assert not stages or stages[0] == partition.next_stage(t, seat, col)
        for stage in range(1, 6):
            needs = install.active_spaces(card, stage)
            assert payment.payable(t, seat, needs) is _plain_payable(t, seat, needs)
    for what in Installable:
        if what is Installable.GOAL_CHIP:
            listed = install.goal_ready(t, seat)
        elif what in install.DECK_OF:
            listed = install.installable(t, seat, install.DECK_OF[what])
        else:
            continue
        assert install._can_install(t, seat, fx.Install(what)) is bool(listed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shortcuts_equal_their_plain_definitions(players: int) -> None:
    state = GAME.new_game(players, players)
    rng = random.Random(players)
    while (decision := state.decision) is not None:
        t = state.table
        for seat in range(players):
            _existence_checks_equal_their_lists(t, seat)
            assert scoring.upgrades(t, seat) == sum(level - 1 for level in levels(t, seat))
            assert scoring.prosperity(t, seat) == _plain_prosperity(t, seat)
            assert my_territories(t, seat) == [
                terr for terr in range(board.TERRITORIES) if tribes_in(t, seat, terr)]
            assert tribes_on_continent(t, seat) == sum(
                tribes_in(t, seat, terr) for terr in range(board.TERRITORIES))
            have = (*dice_spaces(t, seat), *planned(t, seat), t.focus[seat])
            firsts = [_plain_firsts(have, t.ideas[seat], need) for need in activation.NEEDS]
            assert [activation.first_sources(t, seat, m) for m in range(board.MODULES)] == firsts
            for m in range(board.MODULES):
                effects = C.modules[m].levels[levels(t, seat)[m] - 1]
                assert vocabulary.can_do(t, seat, effects) is _plain_can_do(t, seat, effects)
            plain = [m for m in range(board.MODULES)
                     if firsts[m] and (
                         activation.NEEDS[m] is None or vocabulary.can_do(
                             t, seat, C.modules[m].levels[levels(t, seat)[m] - 1]))]
            assert activation.activatable(t, seat) == plain
            assert install.goal_ready(t, seat) == [
                s for s in range(GOAL_AREA) if t.goal_area[goal_space_at(seat, s)] >= 0
                and _plain_payable(t, seat, list(C.goal_chips[
                    t.goal_area[goal_space_at(seat, s)]].requirement))
                and partition.columns_for(t, seat, COL_GOAL)]
            for deck in range(5):
                assert install.installable(t, seat, deck) == [
                    c for c in hand_of(t, seat) if board.CARD_DECK[c] == deck and any(
                        install.card_stages(t, seat, c, col)
                        for col in partition.columns_for(t, seat, deck))]
        assert [has_stack(t, d) for d in range(5)] == [stack_size(t, d) > 0 for d in range(5)]
        assert [stack_size(t, d) for d in range(5)] == [
            sum(1 for c in t.down + t.bottom if board.CARD_DECK[c] == d) for d in range(5)]
        assert tribes.neighbours(t) == tuple(
            tribes.adjacent(t, terr) for terr in range(board.TERRITORIES))
        for kind in common.SITES_OF_TYPE:
            assert common.adjacent_to_site(t, kind) == [
                (r, common.RECESS_SETS[r]) for r, s in enumerate(t.recess_site)
                if s >= 0 and common.SITE_TYPE[s] == kind]
        assert any_face_down(t) == any(stack_size(t, d) for d in range(5))
        state.apply(rng.choice(decision.options))


@pytest.mark.parametrize(("players", "variant"), [(1, "expert+extra-tough"), (2, None),
                                                  (3, "advanced"), (4, None)])
def test_observation_equals_its_plain_definition(players: int, variant: str | None) -> None:
    state = GAME.new_game(players, players, variant)
    rng = random.Random(players)
    while (decision := state.decision) is not None:
        for seat in range(state.players):
            fast = encoding.observation(state, seat)
            assert fast.tobytes() == observation_reference.observation(state, seat).tobytes()
        state.apply(rng.choice(decision.options))
    assert encoding.observation(state, 0).tobytes() == observation_reference.observation(
        state, 0).tobytes()


def test_observation_of_values_outside_a_byte_equals_its_plain_definition() -> None:
    """The rare paths: an entry outside a signed byte (read one by one), a negative one where
    none is expected, a step field below -2 (written after the clip)."""
    state = GAME.new_game(3, 1)
    rng = random.Random(1)
    for _ in range(40):
        decision = state.decision
        assert decision is not None
        state.apply(rng.choice(decision.options))
    t = state.table
    top: Any = t.pending[-1]
    assert len(top) > 2
    changes: list[tuple[list[Any], int, Any]] = [
        (t.supply, 0, 200), (t.food, 1, -1), (t.goal_area, 0, 300),
        (t.pending, -1, top._make((*top[:2], -7, *top[3:])))]
    for entries, at, changed in changes:
        entries[at] = changed
        for seat in range(3):
            assert encoding.observation(state, seat).tobytes() == \
                observation_reference.observation(state, seat).tobytes()


@pytest.mark.parametrize(("players", "variant", "seed"), [(1, "medium", 12), (2, None, 11),
                                                          (3, "advanced", 13), (4, None, 14)])
def test_determinize_equals_its_plain_definition(players: int, variant: str | None,
                                                 seed: int) -> None:
    """The same world (every table field) and the generator left in the same state, for
    every seat at every position (hands drawn secretly, cards looked at, bottom cards), and
    with decks nearly or wholly drawn (fewer than two cards to resample: left alone)."""
    state = GAME.new_game(players, seed, variant)
    rng = random.Random(players)
    seen = {"secret": False, "looking": False, "bottom": False}
    while (decision := state.decision) is not None:
        t = state.table
        for kind in seen:
            seen[kind] = seen[kind] or bool(getattr(t, kind))
        for seat in range(players):
            _assert_same_worlds(t, seat, len(state.history))
            drawn = t.clone()  # deck 1 down to its last card, deck 3 to none
            drawn.down = [c for c in t.down if board.CARD_DECK[c] not in (1, 3)] + [
                c for c in t.down if board.CARD_DECK[c] == 1][:1]
            _assert_same_worlds(drawn, seat, len(state.history))
        state.apply(rng.choice(decision.options))
    assert all(seen.values())


def _assert_same_worlds(t: CivTable, seat: int, seed: int) -> None:
    """views.determinize and its plain definition on copies of `t` with equal generators."""
    fast, plain = t.clone(), t.clone()
    fast_rng, plain_rng = Rng.from_seed(seed), Rng.from_seed(seed)
    views.determinize(fast, seat, fast_rng)
    determinize_reference.determinize(plain, seat, plain_rng)
    assert fast == plain
    assert fast_rng.state == plain_rng.state


@pytest.mark.parametrize(("players", "variant"), [(1, "medium"), (2, None), (3, None),
                                                  (4, "advanced")])
def test_evaluation_equals_its_plain_definition(players: int, variant: str | None) -> None:
    """The same floats, bit for bit, for every seat at every position (the categories'
    points summed as integers before the first fraction is added)."""
    state = GAME.new_game(players, players + 20, variant)
    rng = random.Random(players)
    while True:
        t = state.table
        assert evaluation.evaluate_all(t) == evaluation_reference.evaluate_all(t)
        assert evaluation.points_per_unit(t) == [
            scoring.final_points(c, t) for c in range(len(scoring.CATEGORIES))]
        assert scoring.console_points(t) == [
            scoring.stage_points(t, s) + scoring.point_bonus(t, s) for s in range(t.players)]
        for seat in range(t.players):
            assert evaluation.evaluate(t, seat) == evaluation_reference.evaluate(t, seat)
            assert evaluation.potential(t, seat) == evaluation_reference.potential(t, seat)
        if (decision := state.decision) is None:
            break
        state.apply(rng.choice(decision.options))


def test_console_points_with_point_bonus_cards_equal_their_plain_definitions() -> None:
    """Point-bonus cards (rare in random games) put into the partitions of a game's positions:
    console_points equals each seat's stage_points plus point_bonus."""
    state = GAME.new_game(3, 7)
    rng = random.Random(7)
    bonus_cards = sorted(scoring.POINT_BONUS_SP)
    while (decision := state.decision) is not None:
        t = state.table.clone()
        for k, item in enumerate(list(t.installed)):
            card = bonus_cards[(k + len(state.history)) % len(bonus_cards)]
            t.installed.append(item._replace(kind=ITEM_CARD, item=card, stage=item.stage + 1))
        assert scoring.console_points(t) == [
            scoring.stage_points(t, s) + scoring.point_bonus(t, s) for s in range(t.players)]
        state.apply(rng.choice(decision.options))


def test_dice_searches_equal_their_plain_definitions() -> None:
    """The first sources and the fitting dice values (the cheapest second source per first
    one) equal the searches over every pair of sources, for random dice, markers and ideas."""
    rng = random.Random(5)
    for _ in range(3000):
        have = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3)) for _ in activation.SOURCES)
        ideas = rng.randrange(0, 8)
        for need in activation.NEEDS:
            assert list(activation._firsts(have, ideas, need)) == _plain_firsts(have, ideas, need)
        plain = {need for need in activation.NEEDS if _plain_firsts(have, ideas, need)}
        assert activation._fitting(have, ideas) == plain


@pytest.mark.parametrize(("players", "variant", "seed"), [(1, "medium", 3), (3, None, 4)])
def test_table_clone_equals_flat_tables(players: int, variant: str | None, seed: int) -> None:
    """CivTable.clone (its list fields named once) gives FlatTable.clone's copy at every
    position: equal, of the same class, every list a new one and every other value shared."""
    state = GAME.new_game(players, seed, variant)
    rng = random.Random(seed)
    while (decision := state.decision) is not None:
        t = state.table
        fast, plain = t.clone(), FlatTable.clone(t)
        assert fast == plain and type(fast) is type(t)
        for name, value in t.__dict__.items():
            assert (getattr(fast, name) is value) == (value.__class__ is not list), name
        state.apply(rng.choice(decision.options))


def _plain_settlement_slots(t: CivTable, seat: int) -> list[int]:
    """Settlements whose whole building cost is in storage, cost by cost from the records."""
    m = C.material_index
    return [i for i, s in enumerate(K.settlements)
            if not t.settlement_built[settlement_at(seat, i)]
            and all(t.storage[storage_at(seat, m[x])] >= list(s.cost).count(x) for x in s.cost)]


def _plain_grounds(t: CivTable) -> list[int]:
    """The island, then 1 + recess of each revealed site that is a Building ground."""
    return [0] + [1 + r for r, s in enumerate(t.recess_site) if s in building.SITE_GROUNDS]


@pytest.mark.parametrize(("players", "variant", "seed"), [(2, None, 21), (3, "advanced", 22)])
def test_building_places_equal_their_plain_definitions(players: int, variant: str | None,
                                                       seed: int) -> None:
    """settlement_slots (costs read once) and grounds (none revealed: one scan) at every
    position, also with storage, settlements and revealed sites filled at random."""
    state = GAME.new_game(players, seed, variant)
    rng = random.Random(seed)
    while (decision := state.decision) is not None:
        t = state.table
        filled = t.clone()
        filled.storage = [rng.randrange(3) for _ in t.storage]
        filled.settlement_built = [rng.randrange(2) for _ in t.settlement_built]
        filled.recess_site = [rng.randrange(-1, len(C.sites)) for _ in t.recess_site]
        for table in (t, filled):
            assert building.grounds(table) == _plain_grounds(table)
            for seat in range(players):
                assert building.settlement_slots(table, seat) == \
                    _plain_settlement_slots(table, seat)
        state.apply(rng.choice(decision.options))
