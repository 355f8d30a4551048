"""One loaded, validated, cached object giving access to every Civolution component.

`catalog()` is the entry point for the rules: the frozen records (by id) plus flat tuples in a
fixed order, so the table can store small ints (a card index, a territory index) and look the
record up here. Every printed effect gets an id too, for pending steps that point at one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, TypeVar

from ingenium.games.civolution.components.effects import Effect
from ingenium.games.civolution.components.icons import Deck, Material
from ingenium.games.civolution.components.loading import DataDir, load
from ingenium.games.civolution.components.records import (
    Components,
    ContinentTile,
    Encampment,
    EventCard,
    GoalChip,
    IncomeChip,
    Module,
    Placement,
    ResearchCard,
    Site,
    Territory,
)

_T = TypeVar("_T")


def _order(items: tuple[_T, ...], key: Any) -> Mapping[Any, int]:
    return MappingProxyType({key(x): i for i, x in enumerate(items)})


@dataclass(frozen=True, slots=True)
class Catalog:
    """The components and their index orders (tuple position = the id the table stores)."""

    components: Components
    cards: tuple[ResearchCard, ...]  # A1..A32, B1..E32
    modules: tuple[Module, ...]  # console order of the data file
    territories: tuple[Territory, ...]  # a1, b1, b2, b3, c1 ... h3
    encampments: tuple[Encampment, ...]  # territory-major
    encampment_territory: tuple[int, ...]  # encampment index -> territory index
    materials: tuple[Material, ...]  # terrain-major, rows 1-3
    goal_chips: tuple[GoalChip, ...]
    income_chips: tuple[IncomeChip, ...]
    events: tuple[EventCard, ...]  # F1..F20
    sites: tuple[Site, ...]
    effects: tuple[tuple[Effect, ...], ...]  # every printed effect list, one id each
    card_index: Mapping[str, int]
    module_index: Mapping[str, int]
    territory_index: Mapping[str, int]
    material_index: Mapping[Material, int]
    effect_index: Mapping[tuple[Effect, ...], int]

    @property
    def tiles(self) -> Mapping[str, ContinentTile]:
        """The continent tiles by letter."""
        return self.components.tiles

    @property
    def first_play(self) -> tuple[Placement, ...]:
        """The rulebook's first-play placements (tiles a, b, c)."""
        return self.components.first_play

    def deck(self, deck: Deck) -> tuple[int, ...]:
        """Card indices of one research deck, numbers 1-32 in order."""
        return tuple(i for i, c in enumerate(self.cards) if c.deck == deck)


def _printed_effects(c: Components) -> list[tuple[Effect, ...]]:
    lists: list[tuple[Effect, ...]] = [c.console.innate_activity]
    lists += [level for m in c.modules.values() for level in m.levels]
    lists += [b.effects for t in c.tracks.values() for b in t.bonuses]
    lists += [w.effects for w in c.weather] + [s.completion for s in c.stages]
    for card in c.research.values():
        lists += [card.bonus, card.special]
        ability = getattr(card.ability, "effects", None)
        if ability:
            lists.append(ability)
    lists += [i.effects for i in c.income_chips.values()]
    lists += [s.income for s in c.starting_chip_cards.values()]
    lists += [s.markers for s in c.starting_marker_cards.values()]
    lists += [t.bonus for e in c.events.values() for t in e.tiers]
    lists += [a.ability.effects for a in c.attribute_chips.values()
              if hasattr(a.ability, "effects")]
    return lists


def build(components: Components) -> Catalog:
    """Index validated components."""
    cards = tuple(sorted(components.research.values(),
                         key=lambda r: (list(Deck).index(r.deck), r.number)))
    modules = tuple(components.modules.values())
    territories = tuple(t for tile in sorted(components.tiles) for t in
                        components.tiles[tile].territories)
    encampments = tuple(e for t in territories for e in t.encampments)
    owner = tuple(i for i, t in enumerate(territories) for _ in t.encampments)
    materials = tuple(Material)
    effects = tuple(dict.fromkeys(e for e in _printed_effects(components) if e))
    return Catalog(
        components, cards, modules, territories, encampments, owner, materials,
        tuple(components.goal_chips.values()), tuple(components.income_chips.values()),
        tuple(sorted(components.events.values(), key=lambda e: e.number)),
        tuple(components.sites.values()), effects,
        _order(cards, lambda c: c.id), _order(modules, lambda m: m.id),
        _order(territories, lambda t: t.id), _order(materials, lambda m: m),
        _order(effects, lambda e: e))


@cache
def catalog() -> Catalog:
    """The packaged components, loaded and validated once."""
    return build(load())


def catalog_from(directory: DataDir) -> Catalog:
    """Components from another data folder (a test's broken copy), loaded and validated."""
    return build(load(directory))
