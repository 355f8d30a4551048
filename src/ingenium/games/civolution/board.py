"""Fixed lookups the rules need, computed once outside the state: indices, adjacency per layout.

The table stores only the layout (tile, column, row, rotation); `geometry(layout)` gives the
territory adjacency it implies ("borders touch at any point") and what each site recess touches,
cached per layout so a clone never copies it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ingenium.games.civolution.components import catalog
from ingenium.games.civolution.components.continent import adjacency
from ingenium.games.civolution.components.icons import LAND, Deck, Feature, Terrain
from ingenium.games.civolution.components.records import Placement

C = catalog()
K = C.components
TERRITORIES = len(C.territories)
ENCAMPMENTS = len(C.encampments)
TILE_LETTERS = tuple(sorted(C.tiles))
RECESSES = tuple(r for letter in TILE_LETTERS for r in C.tiles[letter].recesses)
GROUNDS = 1 + len(RECESSES)  # the island + one per recess (a revealed Building-ground site)
MODULES = len(C.modules)
MODULE = C.module_index
TERRAIN = tuple(t.terrain for t in C.territories)
TERRAINS = tuple(Terrain)
LAND_TERRAINS = LAND
FEATURES = tuple(Feature)
WATER = tuple(i for i, t in enumerate(C.territories) if t.terrain is Terrain.WATER)
ISLAND_TERRITORY = next(i for i, t in enumerate(C.territories) if t.building_ground)
START_TERRITORIES = tuple(i for i, t in enumerate(C.territories) if t.start)
# encampments of each territory, as index ranges into C.encampments
ENC_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(e for e, owner in enumerate(C.encampment_territory) if owner == t)
    for t in range(TERRITORIES))
FIRE_SP = tuple(e.fire_sp for e in C.encampments)
RECESS_TERRITORIES = tuple(tuple(C.territory_index[x] for x in r.adjacent) for r in RECESSES)
DECKS = tuple(Deck)
DECK_CARDS = tuple(frozenset(C.deck(d)) for d in DECKS)
CARD_DECK = tuple(DECKS.index(c.deck) for c in C.cards)
MATERIAL_TERRAIN = tuple(LAND.index(K.materials[m].terrain) for m in C.materials)
MATERIAL_ROW = tuple(K.materials[m].row for m in C.materials)
_MATERIAL_AT = {(MATERIAL_TERRAIN[m], MATERIAL_ROW[m]): m for m in range(len(C.materials))}


def material_at(terrain: int, row: int) -> int:
    """The material of a land terrain (an index of LAND_TERRAINS) in a storage row (1-3)."""
    return _MATERIAL_AT[terrain, row]


@dataclass(frozen=True, slots=True)
class Geometry:
    """What a layout fixes: adjacency of territories (by index) and of site recesses."""

    adjacent: tuple[frozenset[int], ...]  # territory -> adjacent territories
    recess_adjacent: tuple[tuple[int, ...], ...]  # recess -> territories it touches


# Continents whose geometry (and layout encoding, board drawing) is kept: a game's continent is
# fixed, but one process may play many games, each with its own (unbounded, they leaked ~20 KiB
# a game).
LAYOUTS_KEPT = 64


@lru_cache(maxsize=LAYOUTS_KEPT)
def geometry(layout: tuple[tuple[int, int, int, int], ...]) -> Geometry:
    """The geometry of a stored layout (tile index, column, row, rotation)."""
    placements = [Placement(TILE_LETTERS[tile], col, row, rot) for tile, col, row, rot in layout]
    links = adjacency(C.tiles, placements)
    index = C.territory_index
    adjacent = tuple(frozenset(index[n] for n in links[t.id]) for t in C.territories)
    return Geometry(adjacent, RECESS_TERRITORIES)


def sites_touching(geo: Geometry, territory: int) -> tuple[int, ...]:
    """The recesses whose site is adjacent to a territory."""
    return tuple(r for r, ts in enumerate(geo.recess_adjacent) if territory in ts)
