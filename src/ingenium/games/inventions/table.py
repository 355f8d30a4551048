"""The Inventions table as flat data (see engine.table.FlatTable), its location codes and the
named accessors for the per-seat blocks of its flat lists (written in layout.py, which the
accelerated build compiles; re-exported here, where the rules import them from).

Indexing (P = 4 colour slots, whatever the player count; R = 7 regions; H = 19 hexes; T = 5
Influence tokens): rules go through the named accessors, never a stride by hand. home and
exhausted per seat and type (`type_at`), on_map per region and colour slot (`map_at`), diplomats
per Milestone and colour slot (`diplomat_at`), influence_spaces per region and space
(`influence_at`: a seat or -1), token_region (a region, ON_BOARD or ASIDE) and token_up per seat
and token (`token_at`), season per seat and pillar (`pillar_at`), tiles (tile codes, see
catalog) and tiles_new per seat and space (`space_at`), progress_map, flipped, hex_token and
eco_used per seat and hex (`hex_at`), goals per seat and deck (`goal_at`).
Idea locations: idea_loc[idea] is one of the LOC_* codes (HAND + seat, LEFT + seat).
With 2 players Chronos (2-Player Rules) holds colour slot 2 (`CHRONOS`): his citizens, Influence
tokens and roles in a Region display use that slot in on_map, influence_spaces, presenter,
inventor and innovator; his Milestone is private[2]; order holds him too; the chronos_* fields
hold the rest of his supply (he has no Society board).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from typing import Annotated

from pydantic import PlainValidator, TypeAdapter, ValidationError

from ingenium.engine import FlatTable, State
from ingenium.games.inventions import steps
from ingenium.games.inventions.layout import (
    CHRONOS,
    CHRONOS_PLAYERS,
    DECKS,
    PILLARS,
    TILE_SPACES,
    TYPES,
    H,
    P,
    R,
    T,
    chronos_of,
    colours,
    copy_lists,
    diplomat_at,
    diplomats_of,
    diplomats_on,
    exhausted_of,
    goal_at,
    goals_of,
    hex_at,
    hexes,
    home_of,
    influence_at,
    influence_spaces_of,
    map_at,
    milestone_slots,
    on_map_of,
    pillar_at,
    progress_map_of,
    region_slots,
    seasons_of,
    space_at,
    tile_spaces,
    tiles_of,
    token_at,
    tokens,
    type_at,
)

__all__ = [  # the layout's names too: the rules import them from here
    "ASIDE",
    "CHRONOS",
    "CHRONOS_PLAYERS",
    "DECKS",
    "LIST_FIELDS",
    "LOC_DISPLAY",
    "LOC_HAND",
    "LOC_LEFT",
    "LOC_OUT",
    "LOC_REGION",
    "LOC_STACK",
    "M_CK",
    "M_DECK",
    "M_DISCARD",
    "M_EUREKA",
    "M_PRIVATE",
    "ON_BOARD",
    "OVER",
    "PILLARS",
    "PLAY",
    "SETUP",
    "TILE_SPACES",
    "TYPES",
    "H",
    "IState",
    "InvTable",
    "P",
    "PendingStep",
    "R",
    "T",
    "chronos_of",
    "colours",
    "copy_lists",
    "diplomat_at",
    "diplomats_of",
    "diplomats_on",
    "exhausted_of",
    "goal_at",
    "goals_of",
    "hex_at",
    "hexes",
    "home_of",
    "influence_at",
    "influence_spaces_of",
    "map_at",
    "milestone_slots",
    "on_map_of",
    "pillar_at",
    "progress_map_of",
    "region_slots",
    "seasons_of",
    "space_at",
    "step_from_data",
    "tile_spaces",
    "tiles_of",
    "token_at",
    "tokens",
    "type_at",
]

# phases
SETUP, PLAY, OVER = 0, 1, 2

# idea/invention card locations
LOC_OUT = -1  # removed from the game (or never used)
LOC_STACK = 0
LOC_DISPLAY = 1
LOC_REGION = 2
LOC_HAND = 10  # + seat: to the right of the Society board (ideas)
LOC_LEFT = 20  # + seat: to the left of the Society board (inventions)

# milestone locations
M_DECK, M_CK, M_DISCARD, M_EUREKA, M_PRIVATE = 0, 1, 2, 3, 10  # M_PRIVATE + display slot

# Influence-token places besides a region number
ON_BOARD, ASIDE = -1, -2

# -- pending steps, read back from a save into their records ----------------------------------
@cache
def _ints() -> TypeAdapter[tuple[int, ...]]:
    """The validator of a saved step's numbers (built on first load, not at import)."""
    return TypeAdapter(tuple[int, ...])


def step_from_data(raw: object) -> steps.Step:
    """The record a saved step (a list of ints, kind first) stands for; ValueError if none.

    >>> step_from_data([14, 2, 9, 1, 2, 0, 0, 0, 0]).place_n
    2
    """
    try:
        values = _ints().validate_python(raw)
    except ValidationError:
        raise ValueError(f"pending step {raw!r} is not a list of whole numbers") from None
    record = steps.STEP_TYPES.get(values[0]) if values else None
    if record is None or len(values) != len(record._fields):
        raise ValueError(f"pending step {list(values)} is not a known step")
    return record._make(values)


PendingStep = Annotated[steps.Step, PlainValidator(step_from_data)]


@dataclass
class InvTable(FlatTable):
    """Everything on the table; lists are flat and hold only immutable values."""

    players: int = 0
    phase: int = SETUP
    chronos: int = 0  # index into the Era track (catalog.TRACK)
    current: int = -1
    order: list[int] = field(default_factory=list)  # turn order, first first
    ip: list[int] = field(default_factory=list)
    influence: list[int] = field(default_factory=list)
    era_space: list[int] = field(default_factory=list)
    supply: list[int] = field(default_factory=list)
    academy: list[int] = field(default_factory=list)
    home: list[int] = field(default_factory=list)
    exhausted: list[int] = field(default_factory=list)
    sages_held: list[int] = field(default_factory=list)
    on_map: list[int] = field(default_factory=list)
    diplomats: list[int] = field(default_factory=list)
    # regions
    card: list[int] = field(default_factory=list)
    invented: list[int] = field(default_factory=list)
    specialist_tile: list[int] = field(default_factory=list)
    presenter: list[int] = field(default_factory=list)
    presenter_count: list[int] = field(default_factory=list)
    inventor: list[int] = field(default_factory=list)
    innovator: list[int] = field(default_factory=list)
    wealth_letter: list[int] = field(default_factory=list)
    wealth_left: list[int] = field(default_factory=list)
    sage: list[int] = field(default_factory=list)
    knowledge: list[int] = field(default_factory=list)
    knowledge_ip_side: list[int] = field(default_factory=list)
    influence_spaces: list[int] = field(default_factory=list)
    token_region: list[int] = field(default_factory=list)
    token_up: list[int] = field(default_factory=list)
    # milestones
    milestone_loc: list[int] = field(default_factory=list)
    common: list[int] = field(default_factory=list)  # Common Knowledge, top first
    eureka: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    private: list[int] = field(default_factory=list)  # per colour slot; -1 empty
    milestone_decks: list[int] = field(default_factory=list)  # D, E, F still to reveal
    # ideas
    idea_loc: list[int] = field(default_factory=list)
    stack: list[int] = field(default_factory=list)  # the face-up Idea stack, top last
    display: list[int] = field(default_factory=list)  # 3 slots, rightmost last; -1 empty
    # pillars (Action-space index or -1)
    epoch: list[int] = field(default_factory=list)
    season: list[int] = field(default_factory=list)
    # tiles
    progress_supply: list[int] = field(default_factory=list)
    tiles: list[int] = field(default_factory=list)
    tiles_new: list[int] = field(default_factory=list)
    progress_map: list[int] = field(default_factory=list)
    flipped: list[int] = field(default_factory=list)
    hex_token: list[int] = field(default_factory=list)
    eco_home: list[int] = field(default_factory=list)
    eco_used: list[int] = field(default_factory=list)
    goals: list[int] = field(default_factory=list)
    # the current turn
    chain_left: int = 0
    owed_ideas: int = 0
    tech_used: int = 0
    called: list[int] = field(default_factory=list)  # inventions chained by Call Specialists
    overflow: list[int] = field(default_factory=list)  # Aspiration sides beyond the display
    pending: list[PendingStep] = field(default_factory=list)  # see steps.py; top last
    # Chronos (2 players only; see chronos_of)
    chronos_region: int = -1  # the region of his Season pillar
    chronos_supply: int = 0  # citizens in his supply
    chronos_era_space: int = -1  # his Era marker's space (catalog.ERA_SPACES)
    chronos_token_supply: int = 0  # Influence tokens in his supply
    chronos_token_track: int = 0  # his face-down Influence tokens on the Era track
    chronos_tiles: list[int] = field(default_factory=list)  # tiles discarded next to his supply

    def clone(self) -> InvTable:
        """FlatTable's independent copy, its list fields named once (`LIST_FIELDS`) rather
        than found by type: a search clones the table for every world it samples."""
        new = object.__new__(InvTable)
        values = self.__dict__.copy()
        copy_lists(values, LIST_FIELDS)
        new.__dict__ = values
        return new


# the fields holding a list (every other field holds an int)
LIST_FIELDS = tuple(f.name for f in fields(InvTable) if f.default_factory is list)


IState = State[InvTable]
