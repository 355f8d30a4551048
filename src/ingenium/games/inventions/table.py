"""The Inventions table as flat data (see engine.table.FlatTable), its location codes and the
named accessors for the per-seat blocks of its flat lists.

Indexing (P = 4 colour slots, whatever the player count; R = 7 regions; H = 19 hexes; T = 5
Influence tokens): rules go through the named accessors at the end of this module, never a
stride by hand. home and exhausted per seat and type (`type_at`), on_map per region and colour
slot (`map_at`), diplomats per Milestone and colour slot (`diplomat_at`), influence_spaces per
region and space (`influence_at`: a seat or -1), token_region (a region, ON_BOARD or ASIDE) and
token_up per seat and token (`token_at`), season per seat and pillar (`pillar_at`), tiles (tile
codes, see catalog) and tiles_new per seat and space (`space_at`), progress_map, flipped,
hex_token and eco_used per seat and hex (`hex_at`), goals per seat and deck (`goal_at`).
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
from ingenium.games.inventions.components import catalog

# strides of the flat lists: colour slots, regions, hexes of a Progress map, Influence tokens
P, R, H, T = catalog.MAX_SEATS, catalog.NUM_REGIONS, catalog.NUM_HEXES, catalog.NUM_TOKENS

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

# 2-Player Rules: Chronos plays in the colour slot after the two players'
CHRONOS_PLAYERS = 2
CHRONOS = CHRONOS_PLAYERS


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
        for name in LIST_FIELDS:
            values[name] = values[name].copy()
        new.__dict__ = values
        return new


# the fields holding a list (every other field holds an int)
LIST_FIELDS = tuple(f.name for f in fields(InvTable) if f.default_factory is list)


IState = State[InvTable]


def chronos_of(t: InvTable) -> int:
    """Chronos' colour slot, or -1 when he does not play (3-4 players)."""
    return CHRONOS if t.players == CHRONOS_PLAYERS else -1


def colours(t: InvTable) -> list[int]:
    """The colour slots in play: the players' and, with 2 players, Chronos'."""
    return list(range(t.players + 1 if t.players == CHRONOS_PLAYERS else t.players))


# -- named accessors of the flat lists: the index of one entry (`*_at`), the slice of one
# seat's or one place's block, and copies of a seat's block (write through the flat lists)
TYPES = 3  # specialty areas per seat: economy, culture, technology
TILE_SPACES = 4  # the tiles display
PILLARS = 2  # Season pillars per seat
DECKS = 3  # Private Goal decks


def type_at(seat: int, kind: int) -> int:
    """Index of a seat's specialty area (type) in `home`, `exhausted`."""
    return seat * TYPES + kind


def map_at(region: int, slot: int) -> int:
    """Index of a colour slot's citizens on a region of the map in `on_map`."""
    return region * P + slot


def diplomat_at(milestone: int, slot: int) -> int:
    """Index of a colour slot's diplomat on a Milestone in `diplomats`."""
    return milestone * P + slot


def token_at(seat: int, token: int) -> int:
    """Index of a seat's Influence token in `token_region`, `token_up`."""
    return seat * T + token


def hex_at(seat: int, hex_: int) -> int:
    """Index of a hex of a seat's Progress map in `progress_map`, `flipped`, `hex_token`,
    `eco_used`."""
    return seat * H + hex_


def space_at(seat: int, space: int) -> int:
    """Index of a space of a seat's tiles display in `tiles`, `tiles_new`."""
    return seat * TILE_SPACES + space


def pillar_at(seat: int, pillar: int) -> int:
    """Index of a seat's Season pillar (0 or 1) in `season`."""
    return seat * PILLARS + pillar


def goal_at(seat: int, deck: int) -> int:
    """Index of a seat's Private Goal card from a deck in `goals`."""
    return seat * DECKS + deck


def influence_at(region: int, space: int) -> int:
    """Index of an Influence space of a region in `influence_spaces`."""
    return region * catalog.INFLUENCE_SPACES + space


def influence_spaces_of(region: int) -> slice:
    """A region's block of `influence_spaces`."""
    return slice(region * catalog.INFLUENCE_SPACES, (region + 1) * catalog.INFLUENCE_SPACES)


def hexes(seat: int) -> slice:
    """A seat's Progress map block (19 hexes) of `progress_map`, `flipped`, `hex_token`,
    `eco_used`."""
    return slice(seat * H, (seat + 1) * H)


def tile_spaces(seat: int) -> slice:
    """A seat's tiles display block of `tiles`, `tiles_new`."""
    return slice(seat * TILE_SPACES, (seat + 1) * TILE_SPACES)


def tokens(seat: int) -> slice:
    """A seat's Influence tokens block of `token_region`, `token_up`."""
    return slice(seat * T, (seat + 1) * T)


def region_slots(region: int) -> slice:
    """A region's block of `on_map`, one entry per colour slot."""
    return slice(region * P, (region + 1) * P)


def milestone_slots(milestone: int) -> slice:
    """A Milestone's block of `diplomats`, one entry per colour slot."""
    return slice(milestone * P, (milestone + 1) * P)


def home_of(t: InvTable, seat: int) -> list[int]:
    """Available specialists per type (economy, culture, technology)."""
    return t.home[seat * TYPES:(seat + 1) * TYPES]


def exhausted_of(t: InvTable, seat: int) -> list[int]:
    """Exhausted specialists per type."""
    return t.exhausted[seat * TYPES:(seat + 1) * TYPES]


def tiles_of(t: InvTable, seat: int) -> list[int]:
    """Tile codes in the four spaces of the tiles display (catalog.EMPTY for none)."""
    return t.tiles[tile_spaces(seat)]


def goals_of(t: InvTable, seat: int) -> list[int]:
    """The seat's three Private Goal cards, one per deck."""
    return t.goals[seat * DECKS:(seat + 1) * DECKS]


def seasons_of(t: InvTable, seat: int) -> list[int]:
    """Action spaces of the two Season pillars (-1: still on the Society board)."""
    return t.season[seat * PILLARS:(seat + 1) * PILLARS]


def progress_map_of(t: InvTable, seat: int) -> list[int]:
    """Tile codes on the 19 hexes of the Progress map (0 for an empty hex)."""
    return t.progress_map[hexes(seat)]


def on_map_of(t: InvTable, slot: int) -> list[int]:
    """A colour slot's citizens on each region of the map (entry `map_at(region, slot)`)."""
    return t.on_map[slot:R * P:P]


def diplomats_of(t: InvTable, slot: int) -> list[int]:
    """A colour slot's diplomats on each Milestone (entry `diplomat_at(milestone, slot)`)."""
    return t.diplomats[slot::P]


def diplomats_on(t: InvTable, milestone: int) -> list[int]:
    """Per colour slot, whether its citizen is a diplomat on this Milestone."""
    return t.diplomats[milestone_slots(milestone)]
