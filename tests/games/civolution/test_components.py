"""Components of Civolution, checked against the rulebook's sections.

Counts and names come from the rulebook's Components list, Setup, How to Play, the phases, The
Modules and The Sites; every record marks its source; every effect is in the one vocabulary;
`validate` rejects a broken copy; the loader rejects broken data files naming the record.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from ingenium.games.civolution.components import (
    Catalog,
    ComponentError,
    Components,
    catalog,
)
from ingenium.games.civolution.components import effect_text as text
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components import rulebook as rb
from ingenium.games.civolution.components.icons import (
    LAND,
    Category,
    Count,
    Deck,
    Feature,
    Material,
    Resource,
    Terrain,
    TrackTarget,
)
from ingenium.games.civolution.components.loading import default_directory
from ingenium.games.civolution.components.validation import validate

from .balance import ability_units, requirement_units, units


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return catalog()


@pytest.fixture(scope="module")
def c(cat: Catalog) -> Components:
    return cat.components


# ---------------------------------------------------------------- Components (box inventory)

def test_components_box_inventory_as_listed(c: Components) -> None:
    assert dict(c.inventory.values) == dict(rb.INVENTORY)
    assert c.inventory.values["research_cards"] == 160
    assert c.inventory.values["module_tiles"] == 60


def test_components_pieces_in_each_of_4_colors(c: Components) -> None:
    kit, inv = c.kit.values, c.inventory.values
    assert (kit["tribes"], kit["settlements"], kit["markers"]) == (20, 4, 50)
    assert (kit["farms"], kit["boats"], kit["discs"]) == (3, 2, 7)
    for key in ("tribes", "settlements", "markers", "farms", "boats", "discs", "module_tiles"):
        assert kit[key] * 4 == inv[key]


def test_components_29_activation_and_9_fate_dice(c: Components) -> None:
    kit, inv = c.kit.values, c.inventory.values
    display = c.player_counts[4]
    assert kit["activation_dice"] * 4 + display.activation_dice_display == inv["activation_dice"]
    assert kit["fate_dice"] * 4 + display.fate_dice_display == inv["fate_dice"]


def test_components_research_cards_five_decks_of_32(c: Components) -> None:
    assert len(c.research) == 160
    assert Counter(r.deck for r in c.research.values()) == dict.fromkeys(Deck, 32)
    for deck in Deck:
        assert sorted(r.number for r in c.research.values() if r.deck == deck) == list(
            range(1, 33))


def test_components_research_cards_numbered_as_printed_c16_theocracy(c: Components) -> None:
    theocracy = c.research["C16"]
    assert (theocracy.name, theocracy.deck, theocracy.number) == ("Theocracy", Deck.INSIGHT, 16)
    assert [r.id[0] for r in c.research.values() if r.deck == Deck.INVENTION] == ["A"] * 32
    assert all(r.id == f"{'ABCDE'[list(Deck).index(r.deck)]}{r.number}"
               for r in c.research.values())


def test_components_c16_theocracy_as_the_facts_give_it(c: Components) -> None:
    card = c.research["C16"]
    assert card.costs[0] == fx.CostSpace(fx.Pay(Resource.FEATURE, feature=Feature.INTELLIGENCE))
    assert card.costs[1] == fx.CostSpace(fx.Have(Count.FEATURES, 2, feature=Feature.EXPRESSION))
    assert card.costs[2] == fx.CostSpace(fx.Have(Count.FEATURES, 1, feature=Feature.CALM))
    assert card.costs[3:] == (None, None)
    assert card.bonus == (fx.Advance(TrackTarget.CULTURE),)
    assert card.ability == fx.ActivityAbility((fx.Pay(Resource.FOOD), fx.PlaceTribes(2, True)))
    assert card.origin.facts == "M"


def test_components_chips_65_goal_25_income_12_attribute(c: Components) -> None:
    assert (len(c.goal_chips), len(c.income_chips), len(c.attribute_chips)) == (65, 25, 12)


def test_components_10_starting_chip_cards_and_12_starting_marker_cards(c: Components) -> None:
    assert len(c.starting_chip_cards) == 10
    assert sorted(s.number for s in c.starting_chip_cards.values()) == list(range(1, 11))
    assert len(c.starting_marker_cards) == 12
    assert sorted(m.number for m in c.starting_marker_cards.values() if m.number) == [
        1, 2, 3, 4, 5, 6]


def test_components_20_event_cards_numbered_f1_to_f20(c: Components) -> None:
    assert sorted(c.events, key=lambda e: int(e[1:])) == [f"F{n}" for n in range(1, 21)]
    assert all(abs(e.weather) in (1, 2) for e in c.events.values())


def test_components_8_stage_tiles_9_scoring_tiles(c: Components) -> None:
    assert Counter(t.stage for t in c.stage_tiles.values()) == {4: 4, 5: 4}
    assert sorted(t.category for t in c.scoring_tiles.values()) == sorted(Category)


def test_components_16_territory_tokens_18_material_tiles_24_sites(c: Components) -> None:
    assert sum(c.territory_tokens.by_terrain.values()) == 16
    assert len(c.materials) == 18
    assert len(c.sites) == 24


def test_components_8_continent_tiles_3_with_a_mountain_part(c: Components) -> None:
    assert sorted(c.tiles) == list("abcdefgh")
    assert sum(t.mountain_part for t in c.tiles.values()) == 3
    mountains = sorted(t.id for t in c.tiles.values()
                       if any(x.terrain is Terrain.MOUNTAINS for x in t.territories))
    assert mountains == sorted(t.id for t in c.tiles.values() if t.mountain_part)


# ---------------------------------------------------------------- Setup

@pytest.mark.parametrize(("players", "dice", "encampments", "goal", "phase"),
                         [(2, 3, 10, 2, 4), (3, 4, 4, 1, 2), (4, 5, 0, 0, 0)])
def test_setup_by_player_count(c: Components, players: int, dice: int, encampments: int,
                               goal: int, phase: int) -> None:
    setup = c.player_counts[players]
    assert (setup.activation_dice_display, setup.fate_dice_display) == (dice, dice)
    assert setup.blocked_encampments == encampments
    assert (setup.blocked_goal_spaces, setup.blocked_phase_spaces) == (goal, phase)
    camps = [e for t in c.tiles.values() for x in t.territories for e in x.encampments]
    assert sum(e.free_from > players for e in camps) == encampments
    assert setup.goal_display_spaces == {2: 4, 3: 5, 4: 6}[players]
    assert setup.reset_spaces == sum(s.min_players <= players for s in c.reset_spaces)
    assert setup.reset_spaces == {2: 5, 3: 7, 4: 9}[players]


def test_setup_scoring_tiles_4_era_3_final_2_to_the_box(c: Components) -> None:
    assert len(c.scoring_tiles) == rb.ERA_SCORING_TILES + rb.FINAL_SCORING_TILES + 2
    assert len(c.era_scoring.points) == 4


def test_setup_weather_indicator_starts_on_mild(c: Components) -> None:
    assert [w.id for w in c.weather if w.start] == ["mild"]


def test_setup_wood_and_papyrus_face_up_in_the_starting_territories(c: Components) -> None:
    starts = {m.terrain: m.id for m in c.materials.values() if m.start}
    assert starts == {Terrain.FOREST: Material.WOOD, Terrain.GRASSLAND: Material.PAPYRUS}
    start_territories = sorted(x.terrain for t in c.tiles.values() for x in t.territories
                               if x.start)
    assert start_territories == [Terrain.FOREST, Terrain.GRASSLAND]


def test_setup_step_7_starting_territories_hold_a_tribe_of_every_colour(c: Components) -> None:
    for t in (x for tile in c.tiles.values() for x in tile.territories if x.start):
        free = [e for e in t.encampments if e.fire_sp == 0 and e.free_from == 2]
        assert len(free) >= 4, t.id


def test_setup_option_a_starting_cards_1_to_6_in_every_deck(c: Components) -> None:
    for deck in Deck:
        starters = [r for r in c.research.values() if r.deck == deck and r.starting]
        assert sorted(r.number for r in starters) == [1, 2, 3, 4, 5, 6]
        assert all(r.costs[0] is not None for r in starters)


def test_setup_option_a_starting_cards_installable_from_the_start(c: Components) -> None:
    """Stage 1 asks only the first cost space: Wood, Papyrus, or card n's feature marker."""
    for marker_card in (m for m in c.starting_marker_cards.values() if m.number):
        features = {e.feature for e in marker_card.markers
                    if isinstance(e, fx.Gain) and e.what is Resource.FEATURE}
        for card in (r for r in c.research.values() if r.number == marker_card.number):
            space = card.costs[0]
            assert space is not None
            need = space.need
            ok = ((isinstance(need, fx.Pay) and need.material in (Material.WOOD, Material.PAPYRUS))
                  or (isinstance(need, fx.Have) and need.feature in features and need.amount == 1))
            assert ok, card.id


def test_setup_starting_chip_card_modules_are_main_modules(c: Components) -> None:
    main = {m.id for m in c.modules.values() if m.kind == "main"}
    modules = [s.module for s in c.starting_chip_cards.values()]
    assert set(modules) <= main and len(set(modules)) == len(modules)


# ---------------------------------------------------------------- The Modules

def test_the_modules_15_main_6_feature_1_sleep(c: Components) -> None:
    kinds = Counter(m.kind for m in c.modules.values())
    assert kinds == {"main": 15, "feature": 6, "sleep": 1}
    assert sorted(m.name for m in c.modules.values() if m.kind == "main") == sorted(
        rb.MAIN_MODULES)
    assert all(len(m.levels) == 3 for m in c.modules.values() if m.kind == "main")


def test_the_modules_every_module_has_two_die_values(c: Components) -> None:
    pairs = [tuple(sorted(m.dice)) for m in c.modules.values() if m.dice]
    assert len(pairs) == 21 and len(set(pairs)) == 21
    assert c.modules["sleep"].dice is None
    assert all(m.dice[0] == m.dice[1] for m in c.modules.values()
               if m.kind == "feature" and m.dice)


def test_the_modules_sleep_one_focus_or_two_ideas(c: Components) -> None:
    assert c.modules["sleep"].levels == ((fx.Choose(((fx.Gain(Resource.FOCUS),),
                                                     (fx.Gain(Resource.IDEA, 2),))),),)


def test_module_migration_levels_as_written(c: Components) -> None:
    levels = c.modules["migration"].levels
    assert levels[0] == (fx.Migrate(1),)
    assert levels[1] == (fx.FavorTest((fx.Migrate(2),), (fx.Migrate(1),)),)
    assert levels[2] == (fx.FavorTest((fx.Migrate(3),), (fx.Migrate(2),)),)


def test_module_procreation_level_3_b_before_or_after_a(c: Components) -> None:
    assert c.modules["procreation"].levels[2] == (fx.InAnyOrder((
        (fx.Procreate(2),), (fx.FavorTest((fx.Strengthen(1),)),))),)


def test_module_transport_level_3_all_and_boats_anywhere(c: Components) -> None:
    assert c.modules["transport"].levels[2] == (fx.Transport(None, boats_anywhere=True),)


def test_module_research_secret_draws(c: Components) -> None:
    draws = [e for lv in c.modules["research"].levels for e in fx.walk(lv)
             if isinstance(e, fx.DrawSecretly)]
    assert draws == [fx.DrawSecretly(2, 1), fx.DrawSecretly(4, 1), fx.DrawSecretly(4, 2)]


@pytest.mark.parametrize("deck", list(Deck))
def test_install_1_research_card_by_the_module_of_its_deck(c: Components, deck: Deck) -> None:
    module = c.modules[rb.INSTALL_MODULE[deck]]
    installs = [[e for e in fx.walk(lv) if isinstance(e, fx.Install)] for lv in module.levels]
    assert [[i.what for i in lv] for lv in installs] == [[deck.value]] * 3
    assert [lv[0].special for lv in installs] == [False, False, True]


def test_track_bonuses_upgrade_1_of_5_possible_modules(c: Components) -> None:
    main = [m for m in c.modules.values() if m.kind == "main"]
    for track in c.tracks.values():
        assert sum(track.upgrade_die in (m.dice or ()) for m in main) == 5, track.id
    assert [t.upgrade_die for t in c.tracks.values()] == [1, 2, 3, 4, 5]


# ---------------------------------------------------------------- boards

def test_how_to_play_8_phases(c: Components) -> None:
    assert [p.name for p in c.phases] == list(rb.PHASES)


def test_how_to_play_9_scoring_categories(c: Components) -> None:
    assert [k.name for k in c.categories.values()] == list(rb.CATEGORIES)
    points = {k.id: (k.final_points, k.tile_points) for k in c.categories.values()}
    assert points[Category.POPULATION] == (2, 3) and points[Category.TECHNOLOGY] == (1, 2)


def test_progress_tracks_0_to_12_and_2_sp_beyond(c: Components) -> None:
    for track in c.tracks.values():
        assert (track.top, track.sp_beyond_top) == (12, 2)
        assert [b.at for b in track.bonuses] == sorted({b.at for b in track.bonuses})


def test_take_a_favor_test_thresholds_by_favor_space(c: Components) -> None:
    assert [s.pass_from for s in c.favor] == [6, 5, 4, 3, 2, 0]
    statues = [s.statue_sp for s in c.favor]
    assert statues == sorted(statues) and statues[0] >= 1


def test_phase_7_weather_positive_and_negative_effects(c: Components) -> None:
    for w in c.weather:
        kinds = {type(e) for e in fx.walk(w.effects)} - {fx.Choose}
        expected = {fx.IncomeAction, fx.Activity} if w.positive else {fx.Lose, fx.RemoveTribe}
        assert kinds <= expected, w.id
    names = [w.id for w in c.weather]
    assert names.index("hot") < names.index("mild") < names.index("cold")
    assert {w.returns_to for w in c.weather if w.returns_to} == {"hot", "cold"}


def test_perform_a_hunt_hunting_table_every_territory_type(c: Components) -> None:
    assert sorted(c.hunting) == sorted(Terrain)
    for column in c.hunting.values():
        assert len(column.food) == 6 and list(column.food) == sorted(column.food)


# ---------------------------------------------------------------- console

def test_console_storage_18_spaces_rows_price_and_lucky_find(c: Components) -> None:
    rows = Counter((m.terrain, m.row) for m in c.materials.values())
    assert rows == {(t, r): 1 for t in LAND for r in (1, 2, 3)}
    assert c.materials[Material.WOOD].money == 1 and c.materials[Material.OIL].money == 3
    assert sorted(d for m in c.materials.values() if m.terrain is Terrain.FOREST
                  for d in m.lucky_find) == [1, 2, 3, 4, 5, 6]


def test_build_a_settlement_4_recesses_with_costs_and_diamonds(c: Components) -> None:
    assert [s.number for s in c.settlements] == [1, 2, 3, 4]
    assert {s.diamonds for s in c.settlements} <= {1, 2, 3}
    assert c.settlements[0].cost == (Material.WOOD, Material.PAPYRUS)


def test_stage_partition_columns_points_and_completion_bonuses(c: Components) -> None:
    stages = c.stages
    assert [s.columns for s in stages] == [4, 6, 8, 9, 9]
    assert stages[0].completion == (fx.Gain(Resource.INCOME_CHIP),)
    assert stages[1].completion == (fx.FlipStageTile(1),)
    assert [s.needs_tile for s in stages] == [False, False, False, True, True]
    assert [s.sp for s in stages] == sorted(s.sp for s in stages)
    assert c.console.start_chip_column == 9 and c.console.start_chip_stage == 4


def test_activity_innate_activity_one_money_for_a_track_step(c: Components) -> None:
    assert c.console.innate_activity == (fx.Pay(Resource.MONEY), fx.Advance(TrackTarget.ANY))


# ---------------------------------------------------------------- cards and chips

def test_install_1_research_card_cost_spaces_fill_from_the_left(c: Components) -> None:
    for card in c.research.values():
        filled = [s is not None for s in card.costs]
        assert len(filled) == 5 and filled[0] and filled == sorted(filled, reverse=True)
        for space in (s for s in card.costs if s):
            for req in (space.need, space.alt):
                if isinstance(req, fx.Have) and req.count is Count.FEATURES:
                    assert req.amount in (1, 2, 3), card.id


def test_install_special_bonus_on_all_decks_but_building(c: Components) -> None:
    for card in c.research.values():
        assert bool(card.special) == (card.deck is not Deck.BUILDING), card.id


def test_install_building_cards_offer_alternative_requirements(c: Components) -> None:
    alts = [s.alt for r in c.research.values() if r.deck is Deck.BUILDING for s in r.costs
            if s and s.alt]
    assert alts and {a.count for a in alts if isinstance(a, fx.Have)} >= {Count.SETTLEMENTS}


def test_final_scoring_b_point_bonus_cards_exist(c: Components) -> None:
    bonus = [r for r in c.research.values() if isinstance(r.ability, fx.PointBonus)]
    assert len(bonus) >= 20
    activities = [r for r in c.research.values() if isinstance(r.ability, fx.ActivityAbility)]
    assert len(activities) >= 40


def test_attribute_chips_hold_3_or_4_of_a_feature(c: Components) -> None:
    by = Counter((a.feature, a.amount) for a in c.attribute_chips.values())
    assert by == {(f, n): 1 for f in Feature for n in (3, 4)}


def test_planning_goal_chips_requirements_can_be_met(c: Components) -> None:
    for goal in c.goal_chips.values():
        assert goal.requirement, goal.id
    materials = {r.material for g in c.goal_chips.values() for r in g.requirement
                 if isinstance(r, fx.Pay)}
    assert materials == set(Material)


def test_names_and_ids_unique(c: Components, cat: Catalog) -> None:
    names = [r.name for r in c.research.values()]
    assert len(set(names)) == 160
    for group in (c.goal_chips, c.income_chips, c.attribute_chips, c.events, c.sites,
                  c.starting_chip_cards, c.starting_marker_cards, c.modules):
        assert len(group) == len({r.id for r in group.values()})
    assert len(set(cat.territory_index)) == 22 and len(cat.encampments) == len(
        {e.id for e in cat.encampments})


# ---------------------------------------------------------------- The Sites

def test_the_sites_24_of_9_types(c: Components) -> None:
    types = Counter(s.type for s in c.sites.values())
    assert sorted(types) == sorted(rb.SITE_TYPES)
    assert {k: types[k] for k in rb.SITE_COUNTS} == dict(rb.SITE_COUNTS)
    assert sum(types.values()) == 24


# ---------------------------------------------------------------- provenance

def _records(c: Components) -> Iterator[Any]:
    yield c.inventory
    yield c.kit
    yield c.console
    yield c.era_scoring
    yield c.territory_tokens
    yield from c.player_counts.values()
    for group in (c.tracks, c.categories, c.hunting, c.materials, c.modules, c.stage_tiles,
                  c.scoring_tiles, c.research, c.goal_chips, c.income_chips, c.attribute_chips,
                  c.starting_chip_cards, c.starting_marker_cards, c.events, c.sites, c.tiles):
        yield from group.values()
    yield from (*c.phases, *c.reset_spaces, *c.weather, *c.favor, *c.settlements, *c.stages)


def test_components_every_record_marks_its_source(c: Components) -> None:
    records = list(_records(c))
    assert len(records) > 450
    for record in records:
        origin = record.origin
        assert origin.source in ("rulebook", "reconstructed"), record
        assert origin.source == "rulebook" or origin.why, record
        assert origin.facts in ("", "H", "M", "L"), record


def test_reconstructed_md_explains_every_reconstructed_group(c: Components) -> None:
    text = (Path(fx.__file__).parent / "RECONSTRUCTED.md").read_text(encoding="utf-8")
    for heading in ("## Balance scale", "### Research cards", "### Goal chips",
                    "### Income chips", "### Attribute chips", "### Starting chip cards",
                    "### Starting marker cards", "### Event cards", "### Sites",
                    "### Continent tiles", "### Module die values", "### Progress tracks",
                    "### Favor of Agera", "### Stage partition", "### Hunting table",
                    "### Settlements", "## Rulebook ambiguities"):
        assert heading in text, heading


# ---------------------------------------------------------------- effects

def _every_effect_list(c: Components) -> Iterator[tuple[fx.Effect, ...]]:
    yield c.console.innate_activity
    for m in c.modules.values():
        yield from m.levels
    for t in c.tracks.values():
        yield from (b.effects for b in t.bonuses)
    yield from (w.effects for w in c.weather)
    for r in c.research.values():
        yield r.bonus
        yield r.special
        if isinstance(r.ability, (fx.ActivityAbility, fx.Triggered)):
            yield r.ability.effects
    yield from (i.effects for i in c.income_chips.values())
    yield from (s.income for s in c.starting_chip_cards.values())
    yield from (s.markers for s in c.starting_marker_cards.values())
    yield from (t.bonus for e in c.events.values() for t in e.tiers)


def test_iconography_every_effect_parses_and_reads(c: Components) -> None:
    found = [e for effects in _every_effect_list(c) for e in fx.walk(effects)]
    assert len(found) > 700
    kinds = {type(e) for e in found}
    assert kinds == set(fx.Effect.__args__)  # type: ignore[attr-defined]
    assert all(text.describe(e) for e in found)
    for r in c.research.values():
        if r.ability is not None:
            assert text.describe_ability(r.ability)
        for space in (s for s in r.costs if s):
            assert text.describe_requirement(space.need)
    assert all(text.describe_event(e) for e in c.events.values())
    assert all(text.describe_requirement(r) for g in c.goal_chips.values() for r in g.requirement)


def test_catalog_every_printed_effect_list_has_an_id(cat: Catalog) -> None:
    for effects in _every_effect_list(cat.components):
        if effects:
            assert cat.effects[cat.effect_index[effects]] == effects


# ---------------------------------------------------------------- balance (RECONSTRUCTED.md)

def test_reconstructed_research_cards_worth_what_they_cost(c: Components) -> None:
    """Bonus + ability: 5-14 units; at least the target for the card's cost spaces."""
    for deck in Deck:
        values = []
        for card in (r for r in c.research.values() if r.deck == deck):
            value = units(card.bonus) + ability_units(card.ability)
            spaces = sum(s is not None for s in card.costs)
            assert 5 <= value <= 14, card.id
            assert value >= {3: 5.5, 4: 6.5, 5: 7.5}[spaces], card.id
            values.append(value)
        assert 6.5 <= sum(values) / len(values) <= 8.5, deck


def test_reconstructed_cost_spaces_dearer_to_the_right_on_average(c: Components) -> None:
    for deck in Deck:
        cards = [r for r in c.research.values() if r.deck == deck]
        cost = [sum(requirement_units(r.costs[i].need) for r in cards if r.costs[i])
                / max(1, sum(1 for r in cards if r.costs[i])) for i in range(5)]
        sp = [sum(r.costs[i].sp for r in cards if r.costs[i]) for i in range(5)]
        assert sum(cost[:3]) <= sum(cost[2:]) + 3, deck
        assert sp[:3] == [0, 0, 0] and sp[3] > 0 and sp[4] > sp[3] * 0, deck


def test_reconstructed_income_and_starting_cards_on_one_scale(c: Components) -> None:
    assert {round(units(i.effects)) for i in c.income_chips.values()} <= {2, 3, 4}
    assert {units(s.income) for s in c.starting_chip_cards.values()} == {3.0}
    assert {units(m.markers) for m in c.starting_marker_cards.values()} <= {8.0, 9.0}


def test_reconstructed_attribute_chips_4_markers_worth_more(c: Components) -> None:
    for feature in Feature:
        three = ability_units(c.attribute_chips[f"{feature.value}_3"].ability)
        four = ability_units(c.attribute_chips[f"{feature.value}_4"].ability)
        assert 3 <= three < four <= 9, feature


# ---------------------------------------------------------------- validate rejects broken copies

def _drop(mapping: Any, key: Any) -> Any:
    return MappingProxyType({k: v for k, v in mapping.items() if k != key})


def _swap(mapping: Any, key: Any, **changes: Any) -> Any:
    return MappingProxyType({**mapping, key: dataclasses.replace(mapping[key], **changes)})


BREAKS: dict[str, tuple[Any, str]] = {
    "lost card": (lambda c: dataclasses.replace(c, research=_drop(c.research, "B7")),
                  "mutation deck has 31 cards"),
    "renamed Theocracy": (lambda c: dataclasses.replace(
        c, research=_swap(c.research, "C16", name="Priest Rule")), "research card C16"),
    "building special": (lambda c: dataclasses.replace(
        c, research=_swap(c.research, "D3", special=(fx.Gain(Resource.SP),))), "D3"),
    "empty first cost space": (lambda c: dataclasses.replace(
        c, research=_swap(c.research, "A9", costs=(None,) * 5)), "A9"),
    "five farms": (lambda c: dataclasses.replace(c, goal_chips=_swap(
        c.goal_chips, "goal_01", requirement=(fx.Have(Count.FARMS, 5),))), "goal chip goal_01"),
    "lost goal chip": (lambda c: dataclasses.replace(c, goal_chips=_drop(c.goal_chips,
                                                                         "goal_65")),
                       "goal chips"),
    "module pair": (lambda c: dataclasses.replace(c, modules=_swap(c.modules, "trade",
                                                                   dice=(2, 3))), "same pair"),
    "six upgrade choices": (lambda c: dataclasses.replace(c, modules=_swap(
        c.modules, "trade", dice=(1, 1))), "modules"),
    "lost site": (lambda c: dataclasses.replace(c, sites=_drop(c.sites, "cave_1")), "sites"),
    "favor": (lambda c: dataclasses.replace(c, favor=c.favor[1:]), "favor test thresholds"),
    "weather": (lambda c: dataclasses.replace(c, weather=c.weather[1:]), "weather"),
    "inventory": (lambda c: dataclasses.replace(c, inventory=dataclasses.replace(
        c.inventory, values={**c.inventory.values, "goal_chips": 64})), "box inventory"),
    "blocked encampments": (lambda c: dataclasses.replace(c, player_counts=_swap(
        c.player_counts, 3, blocked_encampments=5)), "3p blocked encampments"),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_components_validate_rejects_a_broken_copy(c: Components, name: str) -> None:
    validate(c)
    breaker, message = BREAKS[name]
    with pytest.raises(ComponentError, match=message):
        validate(breaker(c))


def test_components_loaded_once(cat: Catalog) -> None:
    assert catalog() is cat


def test_data_ships_with_the_package() -> None:
    files = sorted(p.name for p in default_directory().iterdir() if p.name.endswith(".toml"))
    assert "research_insight.toml" in files and "solo.toml" in files and len(files) == 14
    text = (Path(__file__).parents[3] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"games/*/components/data/*.toml"' in text


def test_effect_text_doctests() -> None:
    import doctest

    from ingenium.games.civolution.components import continent, effects

    for module in (effects, text, continent):
        assert doctest.testmod(module).failed == 0, module.__name__
