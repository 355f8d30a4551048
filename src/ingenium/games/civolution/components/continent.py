"""The continent from its 8 tiles: layouts in the 5 x 3 frame and the adjacency they give.

Setup: "fitting the 8 continent tiles in a random order and orientation into the frame ... until
it is completely filled"; The Modules: "Territories are adjacent if their borders touch at any
point". Each tile's `shape` divides its cells into 3 x 3 sub-cells, one territory each; placed in
the frame, two territories are adjacent when any of their sub-cells touch, edge or corner. So the
adjacency of any layout is computed, never listed.

>>> from ingenium.games.civolution.components.catalog import catalog
>>> c = catalog()
>>> shapes = layout_shapes(c.tiles, c.first_play)
>>> len(shapes)
3
>>> layout = complete(c.tiles, c.first_play, shapes[0], "defgh", (False,) * 5)
>>> "a1" in adjacency(c.tiles, layout)["b2"]  # the Forest start touches the large Water
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ingenium.games.civolution.components.records import (
    ComponentError,
    ContinentTile,
    Placement,
)

COLS, ROWS = 5, 3  # facts (H): the frame holds a 5 x 3 grid of cells
SUB = 3  # sub-cells per cell side in a tile's shape
ROTATIONS = (0, 90, 180, 270)  # clockwise
Cell = tuple[int, int]  # (column, row)
Domino = tuple[Cell, Cell]  # (top-or-left cell, the other)


class LayoutError(ComponentError):
    """A layout that does not fill the frame with the 8 tiles exactly once."""


@dataclass(frozen=True, slots=True)
class LayoutShape:
    """Where the tiles go, before saying which tile: tile a's cell and the domino cells."""

    single: Cell | None  # None when tile a is already placed
    dominoes: tuple[Domino, ...]


def _size(tile: ContinentTile) -> tuple[int, int]:
    """Sub-cell width and height of the tile upright."""
    return SUB, SUB * tile.cells


def cells(tile: ContinentTile, p: Placement) -> tuple[Cell, ...]:
    """The frame cells a placed tile covers (anchor = top left cell)."""
    if tile.cells == 1:
        return ((p.col, p.row),)
    if p.rotation in (0, 180):
        return (p.col, p.row), (p.col, p.row + 1)
    return (p.col, p.row), (p.col + 1, p.row)


def _rotate(x: int, y: int, w: int, h: int, rotation: int) -> tuple[int, int]:
    if rotation == 90:
        return h - 1 - y, x
    if rotation == 180:
        return w - 1 - x, h - 1 - y
    if rotation == 270:
        return y, w - 1 - x
    return x, y


def subcells(tile: ContinentTile, p: Placement) -> dict[tuple[int, int], str]:
    """Frame sub-cell -> territory id for one placed tile."""
    w, h = _size(tile)
    x0, y0 = p.col * SUB, p.row * SUB
    ids = {str(t.position): t.id for t in tile.territories}
    grid: dict[tuple[int, int], str] = {}
    for y, row in enumerate(tile.shape):
        for x, mark in enumerate(row):
            dx, dy = _rotate(x, y, w, h, p.rotation)
            grid[(x0 + dx, y0 + dy)] = ids[mark]
    return grid


def check_layout(tiles: Mapping[str, ContinentTile], layout: Sequence[Placement]) -> None:
    """Raise LayoutError unless every tile lies once, turned legally, filling the frame."""
    names = [p.tile for p in layout]
    if sorted(names) != sorted(tiles):
        raise LayoutError(f"a layout places each of the tiles {', '.join(sorted(tiles))} once, "
                          f"not {', '.join(names)}")
    covered: dict[Cell, str] = {}
    for p in layout:
        if p.rotation not in ROTATIONS:
            raise LayoutError(f"tile {p.tile}: rotation {p.rotation} is not one of {ROTATIONS}")
        for cell in cells(tiles[p.tile], p):
            col, row = cell
            if not (0 <= col < COLS and 0 <= row < ROWS):
                raise LayoutError(f"tile {p.tile} leaves the frame at cell {cell}")
            if cell in covered:
                raise LayoutError(f"tiles {covered[cell]} and {p.tile} overlap at cell {cell}")
            covered[cell] = p.tile
    if len(covered) != COLS * ROWS:
        raise LayoutError(f"the layout covers {len(covered)} of the frame's {COLS * ROWS} cells")


def territory_grid(tiles: Mapping[str, ContinentTile],
                   layout: Sequence[Placement]) -> dict[tuple[int, int], str]:
    """Every frame sub-cell -> the territory on it (the layout is checked first)."""
    check_layout(tiles, layout)
    grid: dict[tuple[int, int], str] = {}
    for p in layout:
        grid.update(subcells(tiles[p.tile], p))
    return grid


_AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def _touching(grid: Mapping[tuple[int, int], str]) -> dict[str, set[str]]:
    links: dict[str, set[str]] = {t: set() for t in grid.values()}
    for (x, y), here in grid.items():
        for dx, dy in _AROUND:
            there = grid.get((x + dx, y + dy))
            if there is not None and there != here:
                links[here].add(there)
    return links


def adjacency(tiles: Mapping[str, ContinentTile],
              layout: Sequence[Placement]) -> Mapping[str, frozenset[str]]:
    """Territory id -> the territories whose borders touch it at any point, for this layout."""
    links = _touching(territory_grid(tiles, layout))
    return MappingProxyType({t: frozenset(n) for t, n in sorted(links.items())})


def tile_adjacency(tile: ContinentTile) -> Mapping[str, frozenset[str]]:
    """Adjacency of a tile's own territories (the same in every layout)."""
    upright = Placement(tile.id, 0, 0, 0)
    links = _touching(subcells(tile, upright))
    return MappingProxyType({t: frozenset(n) for t, n in sorted(links.items())})


# ---------------------------------------------------------------- enumerating layouts

def _tilings(free: frozenset[Cell]) -> Iterable[tuple[Domino, ...]]:
    if not free:
        yield ()
        return
    first = min(free, key=lambda c: (c[1], c[0]))
    col, row = first
    for other in ((col + 1, row), (col, row + 1)):
        if other in free:
            for rest in _tilings(free - {first, other}):
                yield ((first, other), *rest)


def layout_shapes(tiles: Mapping[str, ContinentTile],
                  fixed: Sequence[Placement] = ()) -> tuple[LayoutShape, ...]:
    """Every way to fill the frame around `fixed` placements: tile a's cell and the dominoes."""
    taken = {cell for p in fixed for cell in cells(tiles[p.tile], p)}
    free = frozenset((c, r) for c in range(COLS) for r in range(ROWS)) - taken
    singles = [t for t in tiles.values() if t.cells == 1 and t.id not in {p.tile for p in fixed}]
    found: list[LayoutShape] = []
    if singles:
        for cell in sorted(free, key=lambda c: (c[1], c[0])):
            found += [LayoutShape(cell, d) for d in _tilings(free - {cell})]
    else:
        found += [LayoutShape(None, d) for d in _tilings(free)]
    return tuple(found)


def complete(tiles: Mapping[str, ContinentTile], fixed: Sequence[Placement],
             shape: LayoutShape, order: Sequence[str], flips: Sequence[bool]) -> tuple[
                 Placement, ...]:
    """The layout putting the tiles `order` on the shape's dominoes, `flips` turning them 180°."""
    placements = list(fixed)
    if shape.single is not None:
        single = next(t.id for t in tiles.values() if t.cells == 1)
        placements.append(Placement(single, shape.single[0], shape.single[1], 0))
    if len(order) != len(shape.dominoes) or len(flips) != len(shape.dominoes):
        raise LayoutError(f"{len(shape.dominoes)} dominoes need as many tiles and flips")
    for (first, second), tile, flip in zip(shape.dominoes, order, flips, strict=True):
        upright = first[0] == second[0]
        rotation = (0 if upright else 90) + (180 if flip else 0)
        placements.append(Placement(tile, first[0], first[1], rotation))
    layout = tuple(placements)
    check_layout(tiles, layout)
    return layout
