"""The Modules: migration, procreation, production, transport, sustenance, exploration,
building, planning, research, achievement, mutation, trade, and the favor test."""

from __future__ import annotations

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Deck, Feature, Project, Resource
from ingenium.games.civolution.rules import install
from ingenium.games.civolution.rules.research import hand_of
from ingenium.games.civolution.table import FREE, Installed, P

from .scenario import answer, clear_continent, do, ids, new, put_tribe, territory


def _adjacent_land(state, tid: str) -> str:  # type: ignore[no-untyped-def]
    from ingenium.games.civolution.rules.tribes import adjacent

    near = sorted(adjacent(state.table, territory(tid)))
    return next(C.territories[x].id for x in near if C.territories[x].land)


def test_migration_moves_a_strong_tribe_to_an_adjacent_encampment_and_develops_it() -> None:
    state = new(2, seed=2)
    t = state.table
    clear_continent(state)
    enc = put_tribe(state, 0, "b2")
    dest = _adjacent_land(state, "b2")
    do(state, 0, fx.Migrate(1))
    answer(state, f"encampment:{C.encampments[enc].id}", f"territory:{dest}")
    target = next(o for o in ids(state) if o.startswith("encampment:"))
    supply = t.supply[0]
    answer(state, target)
    assert t.enc_seat[enc] == FREE
    x = territory(dest)
    assert any(t.enc_seat[e] == 0 and t.enc_strong[e] for e in board.ENC_OF[x])
    if not C.territories[x].start:
        assert t.developed[x] and t.material_tile[x] >= 0 and t.raw[x * P + 0] == 1
        assert t.supply[0] == supply - 1


def test_migration_displaces_into_the_wilderness_and_lies_down() -> None:
    state = new(2)
    t = state.table
    clear_continent(state)
    dest = _adjacent_land(state, "b2")
    other = put_tribe(state, 1, dest)
    mine = put_tribe(state, 0, "b2")
    do(state, 0, fx.Migrate(1))
    answer(state, f"encampment:{C.encampments[mine].id}", f"territory:{dest}",
           f"encampment:{C.encampments[other].id}")
    assert t.enc_seat[other] == 0 and t.enc_strong[other] == 0
    assert t.wild_strong[territory(dest) * P + 1] == 1


def test_migration_weak_tribes_never_migrate() -> None:
    state = new(2)
    clear_continent(state)
    put_tribe(state, 0, "b2", strong=0)
    do(state, 0, fx.Migrate(1))
    assert state.decision is None or state.decision.kind != "repeat"


def test_fire_encampment_gives_its_success_points() -> None:
    from ingenium.games.civolution.rules.tribes import settle

    state = new(2)
    t = state.table
    fire = next(e for e in board.ENC_OF[territory("b2")] if board.FIRE_SP[e])
    before = t.score[0]
    settle(state, 0, fire, 1)
    assert t.score[0] - before == board.FIRE_SP[fire]


def test_procreation_on_an_occupied_encampment_displaces_and_lies_down() -> None:
    state = new(2)
    t = state.table
    occupied = next(e for e in board.ENC_OF[territory("b2")] if t.enc_seat[e] == 1)
    do(state, 0, fx.Procreate(1))
    answer(state, "territory:b2", f"encampment:{C.encampments[occupied].id}")
    assert t.enc_seat[occupied] == 0 and not t.enc_strong[occupied]
    assert t.wild_strong[territory("b2") * P + 1] == 1 and t.tribes[0] == 17


def test_production_and_transport_bring_a_raw_material_to_storage() -> None:
    state = new(2)
    t = state.table
    do(state, 0, fx.Produce(1))
    answer(state, "territory:b2")
    assert t.raw[territory("b2") * P] == 2
    do(state, 0, fx.Transport(3))
    answer(state, "territory:b2", "territory:b2")
    wood = C.material_index["wood"]  # type: ignore[index]
    assert t.storage[wood] == 2 and t.raw[territory("b2") * P] == 0


def test_hunt_reads_the_hunting_table_and_leaves_a_hunting_token() -> None:
    state = new(2)
    t = state.table
    t.ideas[0] = 0
    do(state, 0, fx.Hunt(1))
    answer(state, "territory:c3")
    options = ids(state)
    assert options and all(o.startswith("use:") for o in options)
    food = t.food[0]
    answer(state, options[-1])
    assert t.food[0] > food - 1 and t.hunted[territory("c3")] == 1
    do(state, 0, fx.Hunt(1))
    assert "territory:c3" not in ids(state)  # no one hunts there again this era


def test_lucky_find_stores_a_material_of_the_announced_type() -> None:
    state = new(2)
    t = state.table
    do(state, 0, fx.LuckyFind(1))
    answer(state, "terrain:forest")
    answer(state, ids(state)[0])
    assert sum(t.storage[0:3]) == 1


def test_trade_sale_for_money_and_for_points_purchase_by_tile() -> None:
    state = new(2)
    t = state.table
    oil, wood = C.material_index["oil"], C.material_index["wood"]  # type: ignore[index]
    t.storage[oil] = 1
    t.storage[wood] = 1
    t.money[0] = 0
    do(state, 0, fx.Trade(1))
    answer(state, "sale:money", "material:oil")
    assert t.money[0] == 3  # Oil gives 3
    answer(state, "sale:sp")
    score = t.score[0]
    answer(state, "material:wood")
    assert t.score[0] == score + 2
    answer(state, "purchase")
    assert "material:wood" in ids(state) and "material:oil" not in ids(state)  # 2 or 4 money


def test_building_a_farm_gives_an_idea_marker_and_feeds_tribes() -> None:
    state = new(2)
    t = state.table
    ideas = t.ideas[0]
    do(state, 0, fx.Build(Project.ANY, 1))
    answer(state, "build:farm", "territory:b2")
    assert t.farm[territory("b2")] == 0 and t.ideas[0] == ideas + 1 and t.farms_left[0] == 2


def test_building_a_boat_and_moving_a_strong_tribe_onto_it() -> None:
    state = new(2)
    t = state.table
    do(state, 0, fx.Build(Project.ANY, 1))
    if "build:boat" not in ids(state):
        return  # no Water territory next to the starting territories in this layout
    answer(state, "build:boat")
    answer(state, ids(state)[0])
    assert t.boat_at[0] in board.WATER
    options = ids(state)
    if options and options[0] != "done":
        answer(state, options[0])
        assert t.boat_strong[0] == 1


def test_install_research_card_pays_its_active_cost_spaces() -> None:
    state = new(2)
    t = state.table
    card = next(c for c in hand_of(t, 0) if C.cards[c].deck is Deck.INVENTION)
    first = C.cards[card].costs[0]
    assert first is not None
    # give what the first cost space asks
    need = first.need
    if isinstance(need, fx.Pay) and need.material is not None:
        t.storage[C.material_index[need.material]] += need.amount
        t.supply[0] -= need.amount
    state.invalidate()
    do(state, 0, fx.Install(install.Installable.INVENTION))
    answer(state, f"install:{C.cards[card].id}", "column:1")
    assert "stage:1" in ids(state)
    answer(state, "stage:1")
    assert (0, 0, 1, 0, card) in t.installed and card not in hand_of(t, 0)


def test_install_goal_chip_reveals_the_upgrade_bonus() -> None:
    state = new(2)
    t = state.table
    chip = next(i for i, g in enumerate(C.goal_chips) if all(
        isinstance(r, fx.Pay) and r.what is Resource.MATERIAL and r.material is not None
        for r in g.requirement))  # "returning a specific stored material"
    t.goal_area[0] = chip
    req = C.goal_chips[chip].requirement
    for r in req:
        if isinstance(r, fx.Pay) and r.what is Resource.MATERIAL and r.material is not None:
            t.storage[C.material_index[r.material]] += r.amount
            t.supply[0] -= r.amount
    state.invalidate()
    assert install.goal_ready(t, 0)
    do(state, 0, fx.Install(install.Installable.GOAL_CHIP))
    answer(state, ids(state)[0], "column:1")
    assert ids(state)[0].startswith("upgrade:")


def test_research_draw_secretly_keeps_one_and_puts_the_other_to_the_bottom() -> None:
    state = new(2)
    t = state.table
    hand = len(hand_of(t, 0))
    do(state, 0, fx.DrawSecretly(2, 1))
    answer(state, "draw:invention", "draw:mutation")
    assert len(t.looking) == 2
    answer(state, ids(state)[0])
    assert len(hand_of(t, 0)) == hand + 1 and len(t.bottom) == 1 and t.bottom_seat == [0]
    assert t.secret and t.looking == []


def test_achievement_die_from_the_display_then_from_the_civilization_with_most() -> None:
    state = new(2)
    t = state.table
    t.fate_display = 0
    t.fate[1] = 3
    do(state, 0, fx.Gain(Resource.FATE_DIE))
    assert ids(state) == ["die:player=2"]
    answer(state, "die:player=2")
    assert t.fate[0] == 2 and t.fate[1] == 2


def test_achievement_die_ties_for_the_most_you_choose() -> None:
    state = new(3)
    t = state.table
    t.fate_display = 0
    t.fate[1] = t.fate[2] = 2
    do(state, 0, fx.Gain(Resource.FATE_DIE))
    assert ids(state) == ["die:player=2", "die:player=3"]
    t.fate[0] = 3
    from ingenium.games.civolution.rules.gains import die_sources

    assert die_sources(t, 0, False) == []  # already uniquely the most: none to take


def test_favor_test_on_the_rightmost_space_passes_without_rolling() -> None:
    state = new(2)
    t = state.table
    t.favor[0] = 5
    history = len(state.history)
    test = C.modules[board.MODULE["migration"]].levels[1][0]  # passed: 2 migrations
    assert isinstance(test, fx.FavorTest)
    do(state, 0, test)
    assert len(state.history) == history  # no fate die was rolled
    assert "(2 left)" in state.decision.prompt  # type: ignore[union-attr]


def test_mutation_moves_a_feature_marker() -> None:
    state = new(2)
    t = state.table
    f = t.start_marker[0]
    do(state, 0, fx.MoveFeature(1))
    answer(state, f"feature:{board.FEATURES[f].value}")
    target = next(o for o in ids(state) if o != f"feature:{board.FEATURES[f].value}")
    answer(state, target)
    assert t.feature[f] == 0 and sum(t.feature[0:6]) == 1
    assert Feature(target.split(":")[1])


def test_production_level_1_b_before_or_after_a_is_a_choice() -> None:
    state = new(2)
    t = state.table
    t.favor[0] = 5  # the favor test passes: both parts can be done
    level1 = C.modules[board.MODULE["production"]].levels[0]
    do(state, 0, *level1)
    assert ids(state) == ["first:1", "first:2"]
    answer(state, "first:2")  # the transport first
    assert state.decision is not None and "Transport" in state.decision.prompt


def test_triggered_ability_follows_its_action() -> None:
    from ingenium.games.civolution.table import ITEM_CARD

    state = new(2)
    t = state.table
    card = C.card_index["B21"]  # whenever you explore new sites: 2 SP
    t.down.remove(card)
    t.installed.append(Installed(0, 0, 1, ITEM_CARD, card))
    before = t.score[0]
    do(state, 0, fx.Explore())
    answer(state, "territory:b2")
    revealed = sum(C.sites[s].sp for s in t.recess_site if s >= 0)
    assert revealed and t.score[0] == before + revealed + 2


def test_hidden_grotto_produces_and_stores_before_production() -> None:
    from ingenium.games.civolution.steps import Activation

    from .scenario import push

    state = new(2)
    t = state.table
    r = next(i for i, ts in enumerate(board.RECESS_TERRITORIES) if territory("c3") in ts)
    grotto = next(i for i, s in enumerate(C.sites) if s.type.value == "hidden_grotto")
    t.site_pool.remove(grotto)
    t.recess_site[r] = grotto
    t.dice[0:6] = [1, 0, 0, 1, 0, 0]  # Production is 1-4
    t.ideas[0] = 0
    push(state, Activation, 0, board.MODULE["production"], 1, -1)
    answer(state, "die:1:ideas=0", "die:4:ideas=0")
    assert ids(state) == ["territory:c3"]
    papyrus = C.material_index["papyrus"]  # type: ignore[index]
    answer(state, "territory:c3")
    assert t.storage[papyrus] == 1


def test_building_level_3_special_bonus_ignores_a_cost_space_or_installs_another() -> None:
    from ingenium.games.civolution.rules.install import active_spaces

    from .scenario import push

    state = new(2)
    t = state.table
    card = next(c for c in hand_of(t, 0) if C.cards[c].deck is Deck.BUILDING)
    assert len(active_spaces(card, 2)) == 2
    from ingenium.games.civolution.steps import BuildingSpecial

    push(state, BuildingSpecial, 0, card, 0, 2)
    assert ids(state) == ["ignore:1", "ignore:2", "another"]


def test_migration_same_tribe_crosses_through_and_settles_where_it_enters_last() -> None:
    state = new(2, seed=2)
    t = state.table
    clear_continent(state)
    enc = put_tribe(state, 0, "b2")
    do(state, 0, fx.Migrate(2))
    answer(state, f"encampment:{C.encampments[enc].id}")
    cross = next(o for o in ids(state) if o.startswith("cross:"))
    answer(state, cross)
    crossed = territory(cross.split(":")[1])
    assert t.transit[0] == crossed and "done" not in ids(state)  # it must move on
    first = ids(state)[0]
    answer(state, first)
    if first.startswith("territory:"):
        answer(state, ids(state)[0])
    from ingenium.games.civolution.rules.common import tribes_in, tribes_on_continent

    assert t.transit[0] == -1 and tribes_on_continent(t, 0) == 1
    assert tribes_in(t, 0, crossed) == 0  # it crossed through without settling


def test_hunt_with_two_equal_fate_dice_offers_that_value(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from ingenium.games.civolution.rules import materials

    state = new(2)
    t = state.table
    t.fate[0], t.ideas[0] = 2, 0
    monkeypatch.setattr(materials, "roll_fate", lambda state, seat: [3, 3])
    do(state, 0, fx.Hunt(1))
    answer(state, "territory:c3")
    assert ids(state) == ["use:3:ideas=0"]
