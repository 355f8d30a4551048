"""The rulebook's nouns: territory types, features, materials, tracks, decks, resources, counts.

Every enum value is the word the rulebook (or, for the materials and features, the published
components) uses, lower-cased with underscores, so a data file reads like the rulebook:
`terrain = "grassland"`, `feature = "intelligence"`, `material = "papyrus"`.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class Terrain(StrEnum):
    """Territory types (Setup: "3 each of the 6 types ... and 4 Water territories")."""

    FOREST = "forest"
    GRASSLAND = "grassland"
    HILLS = "hills"
    SWAMP = "swamp"
    MOUNTAINS = "mountains"
    DESERT = "desert"
    WATER = "water"


LAND: tuple[Terrain, ...] = tuple(t for t in Terrain if t is not Terrain.WATER)


class Feature(StrEnum):
    """The six features, in console order (facts: Stamina ... Perception)."""

    STAMINA = "stamina"
    INTELLIGENCE = "intelligence"
    CALM = "calm"
    DEXTERITY = "dexterity"
    EXPRESSION = "expression"
    PERCEPTION = "perception"


class Material(StrEnum):
    """The 18 materials, terrain-major and storage row 1-3 (facts: the storage table)."""

    WOOD = "wood"
    BEESWAX = "beeswax"
    OIL = "oil"
    PAPYRUS = "papyrus"
    HERB = "herb"
    GOLD = "gold"
    COTTON = "cotton"
    CLAY = "clay"
    SULFUR = "sulfur"
    COAL = "coal"
    PEAT = "peat"
    TAR = "tar"
    STONE = "stone"
    IRON = "iron"
    JADE = "jade"
    SAND = "sand"
    SALT = "salt"
    COPPER = "copper"


MATERIAL_TERRAIN: Mapping[Material, Terrain] = {
    m: LAND[i // 3] for i, m in enumerate(Material)
}
MATERIAL_ROW: Mapping[Material, int] = {m: i % 3 + 1 for i, m in enumerate(Material)}


class Track(StrEnum):
    """The five progress tracks (scoring categories 1-5)."""

    TECHNOLOGY = "technology"
    PRESTIGE = "prestige"
    KNOWLEDGE = "knowledge"
    CONSTRUCTION = "construction"
    CULTURE = "culture"


class TrackTarget(StrEnum):
    """Where an `advance` effect moves a disc: a named track, any progress track, or Favor."""

    TECHNOLOGY = "technology"
    PRESTIGE = "prestige"
    KNOWLEDGE = "knowledge"
    CONSTRUCTION = "construction"
    CULTURE = "culture"
    ANY = "any"  # "advance a disc on a progress track of your choice"
    FAVOR = "favor"  # "advance on the Favor of Agera track"


class Deck(StrEnum):
    """The five research decks, lettered A-E in the order the Components list names them."""

    INVENTION = "invention"
    MUTATION = "mutation"
    INSIGHT = "insight"
    BUILDING = "building"
    ACHIEVEMENT = "achievement"


DECK_LETTER: Mapping[Deck, str] = {d: "ABCDE"[i] for i, d in enumerate(Deck)}


class Category(StrEnum):
    """The 9 scoring categories, in board order (How to Play)."""

    TECHNOLOGY = "technology"
    PRESTIGE = "prestige"
    KNOWLEDGE = "knowledge"
    CONSTRUCTION = "construction"
    CULTURE = "culture"
    EVOLUTION = "evolution"
    PROSPERITY = "prosperity"
    POPULATION = "population"
    EXPANSION = "expansion"


class Resource(StrEnum):
    """What `gain` and `pay` move: markers on console spaces, dice, chips, cards, points."""

    SP = "sp"  # success points
    IDEA = "idea"  # idea markers on the idea space
    FOCUS = "focus"  # focus markers on the focus space
    FOOD = "food"
    MONEY = "money"
    MATERIAL = "material"  # a stored material (a marker on a storage space)
    FEATURE = "feature"  # a feature marker (a marker on a feature space)
    FATE_DIE = "fate_die"
    ACTIVATION_DIE = "activation_die"
    RESEARCH_CARD = "research_card"  # "Gain 1 research card"
    GOAL_CHIP = "goal_chip"  # "Gain 1 goal chip"
    INCOME_CHIP = "income_chip"  # "Gain 1 income chip" (take, refill, install, carry out)


# What a civilization can pay (return to its supply) or lose.
PAYABLE = frozenset({Resource.IDEA, Resource.FOCUS, Resource.FOOD, Resource.MONEY,
                     Resource.MATERIAL, Resource.FEATURE})


class Project(StrEnum):
    """The four building projects (Module: Building); `any` lets the player choose."""

    FARM = "farm"
    BOAT = "boat"
    STATUE = "statue"
    SETTLEMENT = "settlement"
    ANY = "any"


class Installable(StrEnum):
    """What an `install` effect puts into the stage partition."""

    INVENTION = "invention"
    MUTATION = "mutation"
    INSIGHT = "insight"
    BUILDING = "building"
    ACHIEVEMENT = "achievement"
    GOAL_CHIP = "goal_chip"


class Trigger(StrEnum):
    """When an installed card's or chip's ability adds its effects (`on = ...`)."""

    HUNT = "hunt"  # after you perform a hunt
    MIGRATE = "migrate"  # after each of your migrations
    PROCREATE = "procreate"  # after each of your procreations
    PRODUCE = "produce"  # after you activate Production
    EXPLORE = "explore"  # after you explore new sites
    LUCKY_FIND = "lucky_find"  # after each lucky find
    BUILD_FARM = "build_farm"
    BUILD_BOAT = "build_boat"
    BUILD_STATUE = "build_statue"
    BUILD_SETTLEMENT = "build_settlement"
    INSTALL_CARD = "install_card"  # after you install another research card
    RESET = "reset"  # after you do a Reset
    FAVOR_TEST_PASSED = "favor_test_passed"
    FIRE_ENCAMPMENT = "fire_encampment"  # a tribe of yours settles on a fire encampment
    FEEDING_PHASE = "feeding_phase"  # at the start of phase 6, before feeding
    INCOME_PHASE = "income_phase"  # in phase 8, with the income chips


class Count(StrEnum):
    """What a requirement (`have`) or an event counts for one civilization."""

    TRIBES = "tribes"  # your tribes on the continent [terrain]
    STRONG_TRIBES = "strong_tribes"  # [terrain]
    TRIBES_IN_TERRITORY = "tribes_in_territory"  # most of your tribes in one territory [terrain]
    TERRITORIES = "territories"  # territories with a tribe of yours [terrain]
    FARMS = "farms"  # your farms on the continent [terrain]
    BOATS = "boats"
    FULL_BOATS = "full_boats"  # boats with both seats taken
    SETTLEMENTS = "settlements"  # built settlements
    STATUES = "statues"
    BUILDINGS = "buildings"  # statues and settlements
    FEATURES = "features"  # feature markers [feature]
    FEATURE_TYPES = "feature_types"  # feature spaces holding at least one marker
    FOOD = "food"
    MONEY = "money"
    IDEAS = "ideas"
    MATERIALS = "materials"  # stored materials [terrain]
    TRACK = "track"  # the space of your disc on a progress track (track required)
    FAVOR = "favor"  # your Favor of Agera space, 0 = leftmost
    FATE_DICE = "fate_dice"
    ACTIVATION_DICE = "activation_dice"
    RESEARCH_CARDS = "research_cards"  # installed research cards [deck]
    INCOME_CHIPS = "income_chips"  # installed income chips
    GOAL_CHIPS = "goal_chips"  # installed goal chips
    FIRE_ENCAMPMENTS = "fire_encampments"  # fire encampments your tribes hold
    PROSPERITY = "prosperity"  # active diamonds (scoring category 7)


TERRAIN_COUNTS = frozenset({Count.TRIBES, Count.STRONG_TRIBES, Count.TRIBES_IN_TERRITORY,
                            Count.TERRITORIES, Count.FARMS, Count.MATERIALS})


class SiteType(StrEnum):
    """The 9 types of sites (The Sites)."""

    BUILDING_GROUND = "building_ground"
    GORGE_OF_THE_GRIMWOLVES = "gorge_of_the_grimwolves"
    GLACIER = "glacier"
    MYSTIC_OAK = "mystic_oak"
    HIDDEN_GROTTO = "hidden_grotto"
    HOLY_ROCK = "holy_rock"
    CAVE = "cave"
    MUSHROOM_VALLEY = "mushroom_valley"
    VOLCANO = "volcano"


class ModuleKind(StrEnum):
    """The Modules: 15 main modules, 6 feature modules and 1 Sleep module."""

    MAIN = "main"
    FEATURE = "feature"
    SLEEP = "sleep"


class EventMode(StrEnum):
    """Who an event's bonus goes to (Phase 7 B)."""

    MOST = "most"  # the civilization(s) with the most of the count (ties all gain)
    EACH = "each"  # every civilization reaching the tier
    TIERS = "tiers"  # every tier a civilization reaches gives its bonus


def title(value: StrEnum) -> str:
    """Printed form of an enum word: 'mushroom_valley' -> 'Mushroom valley'."""
    text = value.value.replace("_", " ")
    return text[:1].upper() + text[1:]
