"""Components of Inventions: Evolution of Ideas, checked against the rulebook's sections.

Counts and names come from the rulebook's Components list, Setup, A Glimpse of Time and
Iconography; every record marks its source; every effect is in the vocabulary; `validate`
rejects a broken copy; reconstructed benefits are balanced on the documented unit scale.
"""

from __future__ import annotations

import dataclasses
import doctest
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from ingenium.games.inventions.components import (
    ComponentError,
    Components,
    components,
    load,
    loading,
    validate,
)
from ingenium.games.inventions.components import effects as fx
from ingenium.games.inventions.components import rulebook as rb
from ingenium.games.inventions.components.effects import (
    Action,
    Effect,
    EffectError,
    Specialty,
    parse_effect,
)
from ingenium.games.inventions.components.records import GoalType, Pillar


@pytest.fixture(scope="module")
def c() -> Components:
    return components()


def _records(c: Components) -> Iterator[Any]:
    yield c.inventory
    yield c.kit
    yield c.society_board
    yield c.displays
    yield c.aspiration_tiles
    yield from c.player_counts.values()
    for group in (c.eras, c.era_marker_spaces, c.regions, c.actions, c.forums, c.milestones,
                  c.ideas, c.specialist_tiles, c.knowledge_tiles, c.progress_tiles,
                  c.wealth_tiles, c.influence_tokens, c.progress_map, c.private_goals):
        yield from group.values()
    yield from c.chronos_track
    yield from c.influence_track


def _effects(c: Components) -> Iterator[Effect]:
    for record in _records(c):
        for field in ("effects", "benefit", "chain", "back", "grants"):
            value = getattr(record, field, ())
            if isinstance(value, tuple):
                yield from value


# ---------------------------------------------------------------- Components (box inventory)

def test_components_box_inventory_as_listed(c: Components) -> None:
    assert dict(c.inventory.values) == dict(rb.INVENTORY)
    assert c.inventory.values["wealth_tiles"] == 25
    assert c.inventory.values["economy_tokens"] == 12


def test_components_pieces_in_each_of_the_4_player_colors(c: Components) -> None:
    kit = c.kit.values
    assert kit["colors"] == 4
    assert (kit["citizens"], kit["epoch_pillars"], kit["season_pillars"]) == (30, 1, 2)
    assert (kit["chain_action_tokens"], kit["influence_tokens"]) == (3, 5)
    assert all(kit[m] == 1 for m in ("influence_markers", "scoring_markers",
                                     "turn_order_markers", "era_markers"))


def test_society_board_setup_per_player(c: Components) -> None:
    kit = c.kit.values
    assert (kit["economy_tokens"], kit["aspiration_tiles"], kit["private_goal_cards"]) == (3, 4, 3)
    assert (kit["start_scholars"], kit["start_specialists_per_specialty"]) == (2, 1)
    assert (kit["start_diplomats"], kit["era1_inventions"], kit["b_ideas"]) == (1, 2, 1)
    assert kit["start_economy_tokens_home"] + kit["start_economy_tokens_on_map"] == 3
    assert kit["private_goals_scored"] == 2
    assert sorted(t.name for t in c.influence_tokens.values()) == sorted(rb.INFLUENCE_TOKENS)


def test_step_4_build_progress_costs_on_the_society_board(c: Components) -> None:
    board = c.society_board.values
    assert board["tiles_display_spaces"] == 4
    costs = [board[f"build_influence_with_{n}_tile{'s' if n > 1 else ''}"] for n in (1, 2, 3, 4)]
    assert costs == [3, 2, 1, 0]
    assert (board["progress_build_specialists"], board["wealth_build_specialists"]) == (1, 2)
    assert board["technology_tile_influence"] == 1


# ---------------------------------------------------------------- Milestones

def test_milestones_21_in_decks_a_to_f(c: Components) -> None:
    assert len(c.milestones) == 21
    sizes = Counter(m.deck for m in c.milestones.values())
    assert sizes == {"A": 4, "B": 4, "C": 3, "D": 3, "E": 4, "F": 3}


@pytest.mark.parametrize("deck", sorted(rb.MILESTONE_DECKS))
def test_milestones_names_and_eras_as_in_a_glimpse_of_time(c: Components, deck: str) -> None:
    era, names = rb.MILESTONE_DECKS[deck]
    tiles = [m for m in c.milestones.values() if m.deck == deck]
    assert sorted(m.name for m in tiles) == sorted(names)
    assert {m.era for m in tiles} == {era}
    assert all(m.diplomat_spaces >= 1 and m.effects for m in tiles)


def test_milestones_look_up_by_rulebook_name(c: Components) -> None:
    assert c.milestone_named("Stone & Bone Tools").deck == "A"
    assert c.milestone_named("AI").era == 6


# ---------------------------------------------------------------- Idea/Invention cards

def test_components_48_idea_cards_in_six_era_decks(c: Components) -> None:
    assert len(c.ideas) == 48
    assert Counter(i.era for i in c.ideas.values()) == {1: 9, 2: 9, 3: 6, 4: 6, 5: 12, 6: 6}


@pytest.mark.parametrize(
    ("era", "name", "milestone"),
    [(era, name, ms) for era, cards in rb.INVENTIONS.items() for name, ms in cards.items()])
def test_inventions_names_and_required_milestones_as_listed(
        c: Components, era: int, name: str, milestone: str | None) -> None:
    card = c.idea_named(name)
    assert (card.name, card.era) == (name, era)
    if milestone is None:
        assert card.milestone is None
    else:
        assert card.milestone is not None
        assert c.milestones[card.milestone].name == milestone


def test_inventions_era_1_prehistoric_have_no_idea_side(c: Components) -> None:
    for card in (i for i in c.ideas.values() if i.era == 1):
        assert not card.has_idea_side
        assert card.innovate_chain is None and not card.invent_exhaust and card.invent_ip == 0


def test_setup_14_five_a_ideas_for_all_regions_but_two(c: Components) -> None:
    era2 = [i for i in c.ideas.values() if i.era == 2 and i.milestone]
    a_ideas = [i for i in era2 if c.milestones[i.milestone or ""].deck == "A"]
    assert len(a_ideas) == 5
    assert sum(not t.setup_idea for t in c.specialist_tiles.values()) == 2


def test_society_board_setup_e_one_b_idea_per_b_milestone(c: Components) -> None:
    era2 = [i for i in c.ideas.values() if i.era == 2 and i.milestone]
    b_needs = Counter(c.milestones[i.milestone or ""].name for i in era2
                      if c.milestones[i.milestone or ""].deck == "B")
    assert b_needs == dict.fromkeys(rb.MILESTONE_DECKS["B"][1], 1)


def test_idea_cards_ip_for_inventing_on_era_6_only_and_share_ip_is_the_era(c: Components) -> None:
    for card in c.ideas.values():
        assert (card.invent_ip > 0) == (card.era == 6)
        assert card.share_ip == card.era


def test_idea_cards_types_even_within_each_era(c: Components) -> None:
    for era in rb.INVENTIONS:
        types = Counter(i.type for i in c.ideas.values() if i.era == era)
        assert len(set(types.values())) == 1 and set(types) == set(Specialty)


def test_idea_cards_invent_cost_rises_with_era(c: Components) -> None:
    extra = {era: {len(i.invent_exhaust) for i in c.ideas.values() if i.era == era}
             for era in range(3, 7)}
    assert extra == {3: {1}, 4: {1}, 5: {2}, 6: {2}}
    for card in (i for i in c.ideas.values() if i.era >= 5):
        assert card.invent_exhaust[0] == card.type != card.invent_exhaust[1]


# ---------------------------------------------------------------- main board

def test_regions_7_on_the_migration_path_asia_and_north_america_linked(c: Components) -> None:
    assert sorted(c.regions) == list(range(1, 8))
    names = {r.name: r.number for r in c.regions.values()}
    assert names["Africa"] == 1
    assert {names["Asia"], names["North America"]} == {4, 6}
    assert 6 in c.regions[4].adjacent and 4 in c.regions[6].adjacent
    for region in c.regions.values():
        assert all(region.number in c.regions[o].adjacent for o in region.adjacent)
        assert list(region.influence_ip) == sorted(region.influence_ip, reverse=True)


def test_assembly_5_forums_of_2_different_actions(c: Components) -> None:
    assert len(c.forums) == 5
    placed = [a for f in c.forums.values() for a in f.actions]
    assert sorted(placed) == sorted(Action)
    assert all(len(set(f.actions)) == 2 for f in c.forums.values())


def test_the_actions_ten_with_chain_and_aspiration(c: Components) -> None:
    assert {a.name for a in c.actions.values()} == set(fx.ACTION_NAMES.values())
    assert {a for a, s in c.actions.items() if s.chain_granting} == rb.CHAIN_GRANTING
    sides = {a: s.grants for a, s in c.actions.items() if s.grants}
    assert sides == {
        Action.INVENT: (parse_effect({"gain": "aspiration", "side": "technology"}),),
        Action.CALL_SPECIALISTS: (parse_effect({"gain": "aspiration", "side": "economy"}),),
        Action.TRAVEL: (parse_effect({"gain": "aspiration", "side": "culture"}),),
    }


def test_influence_track_0_to_10_chain_tokens_final_ip_and_era_change(c: Components) -> None:
    track = c.influence_track
    assert [s.value for s in track] == list(range(11))
    assert [s.era_change for s in track] == [1, 0, 0, 0, -1, -1, -1, -1, -2, -2, -2]
    assert {s.chain_tokens for s in track} == {1, 2, 3}
    assert {s.final_ip for s in track} == {1, 5, 10}


def test_era_track_chronos_spaces_season_season_epoch(c: Components) -> None:
    pillars = [s.pillar for s in c.chronos_track]
    middle = [Pillar.SEASON, Pillar.SEASON, Pillar.EPOCH] * 4
    assert pillars == [Pillar.EPOCH, *middle, Pillar.NONE]
    assert [e.rounds for e in c.eras.values()] == [1, 3, 3, 3, 3, 0]


def test_era_track_marker_spaces_first_four_then_one_per_milestone(c: Components) -> None:
    per_era = Counter(s.era for s in c.era_marker_spaces.values())
    assert per_era == {2: 4, 3: 3, 4: 3, 5: 4, 6: 3}
    turn_order = [s.era for s in c.era_marker_spaces.values()
                  if any(isinstance(e, fx.ChangeTurnOrder) for e in s.effects)]
    assert turn_order == [3, 4, 5]


# ---------------------------------------------------------------- tiles

def test_iconography_specialist_tiles_seven_benefits_1_or_2_specialists(c: Components) -> None:
    assert len(c.specialist_tiles) == 7
    got = sorted(repr(e) for t in c.specialist_tiles.values() for e in t.benefit)
    assert got == sorted(repr(parse_effect(b)) for b in rb.SPECIALIST_BENEFITS)
    assert {t.specialists for t in c.specialist_tiles.values()} == {1, 2}


def test_iconography_knowledge_tiles_seven_chain_actions_and_2_ip_back(c: Components) -> None:
    assert len(c.knowledge_tiles) == 7
    got = sorted(repr(e) for t in c.knowledge_tiles.values() for e in t.chain)
    assert got == sorted(repr(parse_effect(f)) for f in rb.KNOWLEDGE_FRONTS)
    assert all(t.back == (parse_effect(rb.KNOWLEDGE_BACK),) for t in c.knowledge_tiles.values())


def test_progress_tiles_three_types_numbers_1_to_7_three_of_each(c: Components) -> None:
    for kind in Specialty:
        tiles = [t for t in c.progress_tiles.values() if t.type == kind]
        assert sorted(t.number for t in tiles) == list(range(1, 8))
        assert sum(t.copies for t in tiles) == 21


def test_setup_17_progress_tiles_two_of_each_with_2_or_3_players(c: Components) -> None:
    copies = {n: counts.values["progress_copies"] for n, counts in c.player_counts.items()}
    assert copies == {2: 2, 3: 2, 4: 3}


def test_progress_tiles_economy_culture_technology_shapes(c: Components) -> None:
    for tile in c.progress_tiles.values():
        if tile.type is Specialty.TECHNOLOGY:
            assert len(set(tile.pair)) == 2 and not tile.effects
        else:
            assert tile.effects and not tile.pair
            assert (tile.on is not None) == (tile.type is Specialty.CULTURE)
    pairs = Counter(a for t in c.progress_tiles.values() for a in t.pair)
    assert set(pairs.values()) == {2}


def test_setup_16_wealth_tiles_a_to_d_four_e_to_g_three(c: Components) -> None:
    assert {w.letter: w.copies for w in c.wealth_tiles.values()} == dict(rb.WEALTH_COPIES)
    assert sum(w.copies for w in c.wealth_tiles.values()) == 25
    in_play = {n: (p.values["wealth_a_to_d"], p.values["wealth_e_to_g"])
               for n, p in c.player_counts.items()}
    assert in_play == {2: (3, 2), 3: (3, 2), 4: (4, 3)}


def test_components_16_aspiration_tiles_four_per_player(c: Components) -> None:
    assert c.aspiration_tiles.per_player * 4 == 16
    assert c.aspiration_tiles.sides == ("economy", "culture", "technology", "wild")


def test_private_goal_cards_21_in_three_decks_of_seven(c: Components) -> None:
    assert len(c.private_goals) == 21
    assert Counter(g.type for g in c.private_goals.values()) == dict.fromkeys(GoalType, 7)
    regions = {e.region for g in c.private_goals.values() if g.type is GoalType.REGION
               for e in g.effects if isinstance(e, fx.Score)}
    assert regions == set(range(1, 8))


def test_society_board_progress_map_two_economy_token_hexes(c: Components) -> None:
    hexes = list(c.progress_map.values())
    assert len(hexes) == 19
    tokens = [h for h in hexes if h.economy_token]
    assert len(tokens) == 2
    assert all(fx.Gain(fx.Resource.ECONOMY_TOKEN) in h.effects for h in tokens)
    assert sum(h.touches(o) for h in hexes for o in hexes) == 2 * 42


# ---------------------------------------------------------------- provenance and effects

def test_components_every_record_marks_its_source(c: Components) -> None:
    records = list(_records(c))
    assert len(records) > 200
    for record in records:
        assert record.source in ("rulebook", "reconstructed"), record
        assert record.source == "rulebook" or record.why, record


def _reconstructed_keys(c: Components) -> list[str]:
    groups: dict[str, Mapping[Any, Any]] = {
        "era_marker_space": c.era_marker_spaces, "region": c.regions, "forum": c.forums,
        "influence_space": dict(enumerate(c.influence_track)), "milestone": c.milestones,
        "idea": c.ideas, "specialist_tile": c.specialist_tiles, "progress_tile": c.progress_tiles,
        "wealth_tile": c.wealth_tiles, "influence_token": c.influence_tokens,
        "progress_hex": c.progress_map, "private_goal": c.private_goals,
    }
    return [f"`{kind}:{key}`" for kind, group in groups.items()
            for key, record in group.items() if record.source == "reconstructed"]


def test_reconstructed_md_lists_every_reconstructed_record(c: Components) -> None:
    text = (Path(fx.__file__).parent / "RECONSTRUCTED.md").read_text(encoding="utf-8")
    keys = _reconstructed_keys(c)
    reconstructed = [r for r in _records(c) if r.source == "reconstructed"]
    assert len(keys) == len(reconstructed) == text.count("\n| `")
    assert [k for k in keys if k not in text] == []


def test_components_rulebook_records_are_the_stated_ones(c: Components) -> None:
    assert all(t.source == "rulebook" for t in c.knowledge_tiles.values())
    assert all(a.source == "rulebook" for a in c.actions.values())
    assert all(i.source == "reconstructed" for i in c.ideas.values())
    assert all(f.source == "reconstructed" for f in c.forums.values())


def test_iconography_every_effect_parses_and_reads(c: Components) -> None:
    found = list(_effects(c))
    assert len(found) > 150
    kinds = {type(e) for e in found}
    assert kinds == {fx.Gain, fx.TakeAction, fx.Chain, fx.PlaceCitizen, fx.BringHome,
                     fx.Build, fx.BuildDiscount, fx.ChangeTurnOrder, fx.Score}
    assert all(fx.describe(e) for e in found)


@pytest.mark.parametrize("raw", [
    {"gain": "influence", "amount": 1}, {"chain": "present_idea"}, {"gain": "ip", "amount": 3},
    {"gain": "scholar"}, {"place_citizen": "any_region"}, {"action": "invent"},
    {"bring_home": "region"}, {"build": "era_minus_1", "influence_cost": 2},
    {"build_discount": 2}, {"gain": "economy_token"}, {"turn_order": "change_position"},
    {"gain": "specialist", "specialty": "technology"},
    {"score": "citizen_in_region", "region": 3, "ip": 2, "limit": 5},
])
def test_iconography_vocabulary_accepts(raw: dict[str, object]) -> None:
    assert fx.describe(parse_effect(raw))


@pytest.mark.parametrize("raw", [
    {"gain": "glory"}, {"gain": "ip", "amount": 0}, {"gain": "ip", "amount": True},
    {"gain": "ip", "colour": "red"}, {"chain": "conquer"}, {"gain": "specialist"},
    {"gain": "scholar", "specialty": "culture"}, {"gain": "scholar", "per": "diplomat"},
    {"place_citizen": "moon"}, {"gain": "ip", "chain": "invent"}, {}, "gain 3 ip",
    {"score": "scholar"}, {"score": "citizen_in_region", "ip": 2},
    {"score": "scholar", "ip": 2, "region": 1}, {"score": "scholar", "ip": 2, "tile": "wealth"},
    {"score": "invention", "ip": 2, "era_min": 5, "era_max": 3},
    {"score": "progress_tile", "ip": 2},
])
def test_iconography_vocabulary_rejects_unknown_terms(raw: object) -> None:
    with pytest.raises(EffectError):
        parse_effect(raw)


def test_effects_doctests() -> None:
    assert doctest.testmod(fx).failed == 0


# ---------------------------------------------------------------- balance (RECONSTRUCTED.md)

def _units(effect: Effect) -> float:
    """The documented scale: 1 citizen = 1 influence = 2 IP; chain 2; free action 3; build 3."""
    match effect:
        case fx.Gain(what=fx.Resource.IP, amount=n):
            return n / 2
        case fx.Gain(amount=n):
            return float(n)
        case fx.Chain():
            return 2.0
        case fx.TakeAction():
            return 3.0
        case fx.Build(influence_cost=cost):
            return 3.0 - cost
        case fx.BuildDiscount(citizens=n):
            return float(n)
        case _:
            return 1.0


def test_reconstructed_milestones_balanced_within_each_deck(c: Components) -> None:
    value = {d: {sum(map(_units, m.effects)) for m in c.milestones.values() if m.deck == d}
             for d in rb.MILESTONE_DECKS}
    assert value == {"A": {1}, "B": {2}, "C": {3}, "D": {3}, "E": {4}, "F": {5}}


def test_reconstructed_economy_tiles_and_era_spaces_balanced(c: Components) -> None:
    economy = {sum(map(_units, t.effects)) for t in c.progress_tiles.values()
               if t.type is Specialty.ECONOMY}
    assert economy == {2}
    for era in range(3, 7):
        spaces = {sum(map(_units, s.effects)) for s in c.era_marker_spaces.values()
                  if s.era == era and not isinstance(s.effects[0], fx.ChangeTurnOrder)}
        assert spaces == {era - 2}


def test_reconstructed_specialist_tiles_cost_follows_benefit(c: Components) -> None:
    for tile in c.specialist_tiles.values():
        assert tile.specialists == (2 if sum(map(_units, tile.benefit)) >= 3 else 1)


# ---------------------------------------------------------------- validate rejects broken copies

def _drop(mapping: Mapping[Any, Any], key: Any) -> Mapping[Any, Any]:
    return MappingProxyType({k: v for k, v in mapping.items() if k != key})


def _swap(mapping: Mapping[Any, Any], key: Any, **changes: Any) -> Mapping[Any, Any]:
    return MappingProxyType({**mapping, key: dataclasses.replace(mapping[key], **changes)})


BREAKS: dict[str, tuple[Callable[[Components], Components], str]] = {
    "lost milestone": (lambda c: dataclasses.replace(
        c, milestones=_drop(c.milestones, "crane")), "Milestone tiles"),
    "renamed milestone": (lambda c: dataclasses.replace(
        c, milestones=_swap(c.milestones, "ai", name="A.I.")), "Milestone deck F"),
    "lost idea": (lambda c: dataclasses.replace(
        c, ideas=_drop(c.ideas, "wheel")), "Idea cards"),
    "wrong milestone": (lambda c: dataclasses.replace(
        c, ideas=_swap(c.ideas, "steel", milestone="mining")), "Milestone needed by Steel"),
    "era-3 invent IP": (lambda c: dataclasses.replace(
        c, ideas=_swap(c.ideas, "coins", invent_ip=3)), "Era-6"),
    "wealth copies": (lambda c: dataclasses.replace(
        c, wealth_tiles=_swap(c.wealth_tiles, "E", copies=4)), "Wealth tiles"),
    "progress copies": (lambda c: dataclasses.replace(
        c, progress_tiles=_swap(c.progress_tiles, "culture_3", copies=2)), "culture tiles"),
    "one-way rope": (lambda c: dataclasses.replace(
        c, regions=_swap(c.regions, 5, adjacent=(4, 7))), "two-way"),
    "forum duplicate": (lambda c: dataclasses.replace(
        c, forums=_swap(c.forums, 5, actions=(Action.INVENT, Action.CALL_DIPLOMAT))), "forums"),
    "influence track": (lambda c: dataclasses.replace(
        c, influence_track=c.influence_track[:-1]), "Influence track"),
    "specialist tile": (lambda c: dataclasses.replace(
        c, specialist_tiles=_drop(c.specialist_tiles, "scholar")), "Specialist tiles"),
    "private goals": (lambda c: dataclasses.replace(
        c, private_goals=_drop(c.private_goals, "region_asia")), "Private Goal"),
    "inventory": (lambda c: dataclasses.replace(
        c, inventory=dataclasses.replace(c.inventory, values={**c.inventory.values,
                                                              "idea_cards": 47})), "inventory"),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_components_validate_rejects_a_broken_copy(c: Components, name: str) -> None:
    validate(c)
    breaker, message = BREAKS[name]
    with pytest.raises(ComponentError, match=message):
        validate(breaker(c))


def test_components_loaded_once(c: Components) -> None:
    assert components() is c


@pytest.mark.parametrize(("file", "change", "message"), [
    ("milestones.toml", {"colour": "red"}, "unknown field"),
    ("milestones.toml", {"source": "guess"}, "source must be"),
    ("milestones.toml", {"why": ""}, "needs a short `why`"),
    ("milestones.toml", {"effects": [{"gain": "glory"}]}, "gain must be one of"),
    ("milestones.toml", {"diplomat_spaces": "three"}, "diplomat_spaces must be int"),
])
def test_components_load_rejects_a_bad_record(
        monkeypatch: pytest.MonkeyPatch, file: str, change: dict[str, object],
        message: str) -> None:
    real = loading._read

    def patched(name: str) -> dict[str, Any]:
        data = real(name)
        if name == file:
            data["milestone"][0].update(change)
        return data

    monkeypatch.setattr(loading, "_read", patched)
    with pytest.raises(ComponentError, match=message):
        load()
