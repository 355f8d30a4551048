"""The rulebook's terms as enums: the ten named actions, the specialties, what a benefit gives,
the sides of an Aspiration tile and what a score counts (rulebook, "Key Concepts", "The Actions"
and "Iconography"). The effect vocabulary (`effects.py`) is written in these words.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

NUM_REGIONS = 7
NUM_ERAS = 6


class Action(StrEnum):
    """The ten named actions of the Assembly (rulebook, "The Actions")."""

    PRESENT_IDEA = "present_idea"
    INVENT = "invent"
    INNOVATE = "innovate"
    SHARE_INVENTION = "share_invention"
    CALL_SPECIALISTS = "call_specialists"
    GAIN_INFLUENCE = "gain_influence"
    TRAVEL = "travel"
    EUREKA = "eureka"
    SEND_DIPLOMAT = "send_diplomat"
    CALL_DIPLOMAT = "call_diplomat"


ACTION_NAMES: Mapping[Action, str] = {
    Action.PRESENT_IDEA: "Present an Idea",
    Action.INVENT: "Invent",
    Action.INNOVATE: "Innovate",
    Action.SHARE_INVENTION: "Share an Invention",
    Action.CALL_SPECIALISTS: "Call Specialists",
    Action.GAIN_INFLUENCE: "Gain Influence",
    Action.TRAVEL: "Travel",
    Action.EUREKA: "Eureka",
    Action.SEND_DIPLOMAT: "Send Diplomat",
    Action.CALL_DIPLOMAT: "Call Diplomat",
}


class Specialty(StrEnum):
    """Economy (traders), culture (artisans), technology (thinkers) (rulebook, G. Specialists)."""

    ECONOMY = "economy"
    CULTURE = "culture"
    TECHNOLOGY = "technology"


SPECIALIST_NAMES: Mapping[Specialty, str] = {
    Specialty.ECONOMY: "trader",
    Specialty.CULTURE: "artisan",
    Specialty.TECHNOLOGY: "thinker",
}


class Resource(StrEnum):
    """What a `gain` effect gives."""

    IP = "ip"
    INFLUENCE = "influence"
    SCHOLAR = "scholar"
    SPECIALIST = "specialist"
    ECONOMY_TOKEN = "economy_token"
    ASPIRATION = "aspiration"


class AspirationSide(StrEnum):
    """The side an Aspiration tile is turned to (rulebook, "Aspiration Tiles")."""

    ECONOMY = "economy"
    CULTURE = "culture"
    TECHNOLOGY = "technology"
    WILD = "wild"


class Per(StrEnum):
    """Multipliers the rulebook uses for a gain."""

    KNOWLEDGE_TILE_IP_SIDE = "knowledge_tile_ip_side"  # Travel: 2 IP per tile on its IP side
    FACE_UP_INFLUENCE_TOKEN = "face_up_influence_token"  # Gain Influence, step 3


class Where(StrEnum):
    """Map targets of citizen effects."""

    ANY_REGION = "any_region"  # "Place a new citizen in any map region of the world"
    REGION = "region"  # "Bring citizens home from a region" (one region of your choice)


class BuildCount(StrEnum):
    """How many Progress tiles a build effect allows."""

    ERA_MINUS_1 = "era_minus_1"


class TurnOrder(StrEnum):
    """The Era track's turn-order action."""

    CHANGE_POSITION = "change_position"


class TileKind(StrEnum):
    """Kinds of tile counted on a Progress map."""

    ECONOMY = "economy"
    CULTURE = "culture"
    TECHNOLOGY = "technology"
    WEALTH = "wealth"
    ANY = "any"


class Counted(StrEnum):
    """What a `score` effect counts at final scoring."""

    PROGRESS_TILE = "progress_tile"  # tiles on your Progress map (filter: tile)
    PROGRESS_SET = "progress_set"  # one Economy + one Culture + one Technology tile
    NUMBER_IN_TWO_TYPES = "number_in_two_types"  # a number (1-7) held in >= 2 Progress types
    INVENTION = "invention"  # inventions left of your board (filters: specialty, era_min/max)
    INVENTION_SET = "invention_set"  # one economy + one culture + one technology invention
    INVENTION_ERA = "invention_era"  # distinct eras among your inventions
    SPECIALIST = "specialist"  # your specialists, home or exhausted (filter: specialty)
    SCHOLAR = "scholar"  # scholars in your academy
    INFLUENCE_TOKEN = "influence_token"  # your Influence tokens on the main board
    DIPLOMAT = "diplomat"  # your citizens on Milestone tiles
    REGION_WITH_CITIZEN = "region_with_citizen"  # map regions holding >= 1 of your citizens
    CITIZEN_IN_REGION = "citizen_in_region"  # your citizens on the map in one region
    INFLUENCE_TOKEN_IN_REGION = "influence_token_in_region"  # your token in one region (0/1)


REGION_COUNTERS = frozenset({Counted.CITIZEN_IN_REGION, Counted.INFLUENCE_TOKEN_IN_REGION})
INVENTION_COUNTERS = frozenset({Counted.INVENTION})
SPECIALTY_COUNTERS = frozenset({Counted.INVENTION, Counted.SPECIALIST})
