"""Where a seat's entries lie in the table's flat lists (table.py's layout: seat-major rows
`x[seat * N + i]`, place-major continent lists `x[place * P + seat]`): the index of an entry
and a seat's row, apart from table.py so the accelerated build compiles them (issue #23: the
rules ask for them some fifty times a search iteration, and a compiled rule calling a pure
function pays an interpreter call each time); table.py re-exports every name.
"""

from __future__ import annotations

from typing import Final, Protocol

from ingenium.games.civolution.board import MODULES, K

P: Final[int] = 4  # seats (Setup: 2 to 4 civilizations)
DICE_SPACES: Final[int] = 6
FEATURES: Final[int] = 6
MATERIALS: Final[int] = 18
COLUMNS: Final[int] = 9  # usable columns of the stage partition (facts)
RESET_COLUMNS: Final[int] = 4
GOAL_AREA: Final[int] = 3


class Rows(Protocol):
    """The seat-major lists of the table (CivTable) these accessors read."""

    reset_marker: list[int]
    settlement_built: list[int]
    stage_tile: list[int]
    goal_area: list[int]
    column_type: list[int]
    feature: list[int]
    storage: list[int]
    dice: list[int]
    planning: list[int]
    level: list[int]
    track: list[int]


# -- named accessors of the flat lists: a seat's row of a seat-major list, and a place's entry
# for a seat in a place-major continent list ([place * P + seat])
TRACKS: Final[int] = len(K.tracks)  # progress tracks, in the order of `Track`


def feature_at(seat: int, feature: int) -> int:
    """Index of a seat's feature marker space in `feature`."""
    return seat * FEATURES + feature


def storage_at(seat: int, material: int) -> int:
    """Index of a seat's storage space of a material in `storage`."""
    return seat * MATERIALS + material


def space_at(seat: int, space: int) -> int:
    """Index of a seat's dice space (0-5: the value 1-6) in `dice`, `planning`."""
    return seat * DICE_SPACES + space


def level_at(seat: int, module: int) -> int:
    """Index of a seat's module (console order) in `level`."""
    return seat * MODULES + module


def track_at(seat: int, track: int) -> int:
    """Index of a seat's disc on a progress track in `track`."""
    return seat * TRACKS + track


def on_place(place: int, seat: int) -> int:
    """Index of a seat's pieces on a territory or Building ground in the continent's lists
    (`wild_strong`, `wild_weak`, `raw`, `statues`, `settled`)."""
    return place * P + seat


def boat_index(seat: int, boat: int) -> int:
    """Index of a seat's boat (0 or 1) in `boat_at`, `boat_strong`, `boat_weak`, `boat_notch`."""
    return seat * 2 + boat


def stage_tile_at(seat: int, tile: int) -> int:
    """Index of a seat's stage tile (0 or 1) in `stage_tile`."""
    return seat * 2 + tile


def settlement_at(seat: int, slot: int) -> int:
    """Index of a seat's settlement slot (0-3) in `settlement_built`."""
    return seat * 4 + slot


def goal_space_at(seat: int, space: int) -> int:
    """Index of a seat's goal area space in `goal_area`."""
    return seat * GOAL_AREA + space


def column_at(seat: int, column: int) -> int:
    """Index of a seat's stage partition column in `column_type`."""
    return seat * COLUMNS + column


def reset_column_at(seat: int, column: int) -> int:
    """Index of a seat's reset column in `reset_marker`."""
    return seat * RESET_COLUMNS + column


def reset_columns(t: Rows, seat: int) -> list[int]:
    """A seat's reset markers, by reset column."""
    return t.reset_marker[seat * RESET_COLUMNS:(seat + 1) * RESET_COLUMNS]


def settlements_built(t: Rows, seat: int) -> list[int]:
    """A seat's settlement slots: 1 once built."""
    return t.settlement_built[seat * 4:(seat + 1) * 4]


def stage_tiles(t: Rows, seat: int) -> list[int]:
    """A seat's stage tiles (1: active), by tile."""
    return t.stage_tile[seat * 2:(seat + 1) * 2]


def goal_spaces(t: Rows, seat: int) -> list[int]:
    """A seat's goal area spaces: the chip on each, or -1."""
    return t.goal_area[seat * GOAL_AREA:(seat + 1) * GOAL_AREA]


def column_types(t: Rows, seat: int) -> list[int]:
    """A seat's stage partition columns: the kind of card or chip each is bound to."""
    return t.column_type[seat * COLUMNS:(seat + 1) * COLUMNS]


def boats_of(values: list[int], seat: int) -> list[int]:
    """A seat's two entries of a boat list (`boat_at`, `boat_strong`, `boat_weak`,
    `boat_notch`), by boat."""
    return values[seat * 2:(seat + 1) * 2]


def by_place(values: list[int], seat: int) -> list[int]:
    """A seat's entries of a place-major continent list (`wild_strong`, `wild_weak`, `raw`,
    `statues`, `settled`), by territory or Building ground."""
    return values[seat::P]


def features(t: Rows, seat: int) -> list[int]:
    """A seat's feature markers, by feature."""
    return t.feature[seat * FEATURES:(seat + 1) * FEATURES]


def stored(t: Rows, seat: int) -> list[int]:
    """A seat's stored materials, by material."""
    return t.storage[seat * MATERIALS:(seat + 1) * MATERIALS]


def dice_spaces(t: Rows, seat: int) -> list[int]:
    """A seat's activation dice on its dice spaces (0-5: value 1-6)."""
    return t.dice[seat * DICE_SPACES:(seat + 1) * DICE_SPACES]


def planned(t: Rows, seat: int) -> list[int]:
    """A seat's planning markers on its dice spaces."""
    return t.planning[seat * DICE_SPACES:(seat + 1) * DICE_SPACES]


def levels(t: Rows, seat: int) -> list[int]:
    """A seat's module levels (1-3), in console order."""
    return t.level[seat * MODULES:(seat + 1) * MODULES]


def tracks(t: Rows, seat: int) -> list[int]:
    """A seat's discs on the progress tracks."""
    return t.track[seat * TRACKS:(seat + 1) * TRACKS]
