"""The layout of the Inventions table's flat lists (table.py): their strides, the index of
one entry (`*_at`), the slice of one seat's or one place's block, and copies of a seat's block
(write through the flat lists); and who plays in which colour slot (Chronos, 2-Player Rules).

Apart from table.py, which re-exports every name (rules import them from there), so that the
accelerated build compiles them (acceleration.MODULES): the rules call them at every step of
every simulated game, and compiled rules call a compiled accessor directly. The table's class
is named here for type checking only (table.py imports this module)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ingenium.games.inventions.components import catalog

if TYPE_CHECKING:
    from ingenium.games.inventions.table import InvTable

# strides of the flat lists: colour slots, regions, hexes of a Progress map, Influence tokens
# (Final: the compiled rules read them as native constants, not from a module's dict)
P: Final[int] = catalog.MAX_SEATS
R: Final[int] = catalog.NUM_REGIONS
H: Final[int] = catalog.NUM_HEXES
T: Final[int] = catalog.NUM_TOKENS

# 2-Player Rules: Chronos plays in the colour slot after the two players'
CHRONOS_PLAYERS: Final = 2
CHRONOS: Final = CHRONOS_PLAYERS


def chronos_of(t: InvTable) -> int:
    """Chronos' colour slot, or -1 when he does not play (3-4 players)."""
    return CHRONOS if t.players == CHRONOS_PLAYERS else -1


def colours(t: InvTable) -> list[int]:
    """The colour slots in play: the players' and, with 2 players, Chronos'."""
    return list(range(t.players + 1 if t.players == CHRONOS_PLAYERS else t.players))


# -- named accessors of the flat lists: the index of one entry (`*_at`), the slice of one
# seat's or one place's block, and copies of a seat's block (write through the flat lists)
TYPES: Final = 3  # specialty areas per seat: economy, culture, technology
TILE_SPACES: Final = 4  # the tiles display
PILLARS: Final = 2  # Season pillars per seat
DECKS: Final = 3  # Private Goal decks


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


def copy_lists(values: dict[str, Any], names: tuple[str, ...]) -> None:
    """Replace each named list of a table's attributes by a copy of it (`InvTable.clone`: here
    so the accelerated build runs the loop natively)."""
    for name in names:
        listed: list[Any] = values[name]
        values[name] = listed[:]
