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


def effect_sources(c: Components) -> dict[tuple[Effect, ...], str]:
    """Every printed effect list and the component that prints it (the first, where several
    print the same list), as a person names it: a question asked inside an effect says whose."""
    found: dict[tuple[Effect, ...], str] = {}

    def add(effects: tuple[Effect, ...], name: str) -> None:
        found.setdefault(effects, name)

    add(c.console.innate_activity, "the innate activity")
    for m in c.modules.values():
        for level, effects in enumerate(m.levels):
            add(effects, f"the {m.name} module ({'I' * (level + 1)})")
    for track in c.tracks.values():
        for b in track.bonuses:
            add(b.effects, f"the {track.name} track's bonus")
    for w in c.weather:
        add(w.effects, f"the weather ({w.name})")
    for stage in c.stages:
        add(stage.completion, f"stage {stage.number}'s completion bonus")
    for card in c.research.values():
        add(card.bonus, f"{card.name}'s instant bonus")
        add(card.special, f"{card.name}'s special bonus")
        ability = getattr(card.ability, "effects", None)
        if ability:
            add(ability, f"{card.name}'s ability")
    for chip in c.income_chips.values():
        add(chip.effects, "an income chip")
    for start in c.starting_chip_cards.values():
        add(start.income, "the starting chip card's income")
    for marker in c.starting_marker_cards.values():
        add(marker.markers, "the starting marker card")
    for event in c.events.values():
        for tier in event.tiers:
            add(tier.bonus, f"the event {event.name}")
    for attribute in c.attribute_chips.values():
        ability = getattr(attribute.ability, "effects", None)
        if ability:
            add(ability, "an attribute chip")
    return found


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
    effects = tuple(e for e in effect_sources(components) if e)
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
