"""The continent (Setup; Migration: "Territories are adjacent if their borders touch at any
point"): its 8 tiles, every layout in the 5 x 3 frame, the first-play layout, encampments,
site recesses and territory tokens."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

import pytest

from ingenium.games.civolution.components import Catalog, catalog
from ingenium.games.civolution.components import continent as geo
from ingenium.games.civolution.components.icons import LAND, Terrain
from ingenium.games.civolution.components.records import Placement


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return catalog()


def _check_map(cat: Catalog, adj: Mapping[str, frozenset[str]]) -> None:
    terrains = Counter(cat.territories[cat.territory_index[t]].terrain for t in adj)
    assert {t: terrains[t] for t in LAND} == dict.fromkeys(LAND, 3)
    assert terrains[Terrain.WATER] == 4
    assert len(adj) == 22
    for t, others in adj.items():
        assert t not in others
        assert all(t in adj[o] for o in others), t
    seen, todo = {"a1"}, ["a1"]
    while todo:
        for nxt in adj[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(adj)


def test_setup_the_continent_18_land_3_of_each_and_4_water(cat: Catalog) -> None:
    kinds = Counter(t.terrain for t in cat.territories)
    assert {t: kinds[t] for t in LAND} == dict.fromkeys(LAND, 3)
    assert kinds[Terrain.WATER] == 4
    island = [t.id for t in cat.territories if t.building_ground]
    assert island == ["a1"]


def test_continent_tiles_territories_top_to_bottom_as_the_facts(cat: Catalog) -> None:
    names = {tid: "/".join(t.terrain.value for t in tile.territories)
             for tid, tile in cat.tiles.items()}
    assert names == {
        "a": "water", "b": "hills/forest/mountains", "c": "desert/swamp/grassland",
        "d": "desert/water/forest", "e": "water/mountains/swamp",
        "f": "swamp/mountains/grassland", "g": "desert/forest/hills",
        "h": "hills/grassland/water"}
    assert [t.id for t in cat.territories if t.start] == ["b2", "c3"]


def test_fire_encampments_one_in_every_land_territory(cat: Catalog) -> None:
    for t in cat.territories:
        fires = [e.fire_sp for e in t.encampments if e.fire_sp]
        assert len(fires) == (1 if t.land else 0), t.id
        assert all(2 <= sp <= 4 for sp in fires)


def test_setup_blocking_tokens_match_the_covered_encampments(cat: Catalog) -> None:
    covered = Counter(cat.territories[cat.encampment_territory[i]].terrain
                      for i, e in enumerate(cat.encampments) if e.free_from > 2)
    tokens = cat.components.territory_tokens.by_terrain
    assert sum(covered.values()) == 10
    assert all(tokens[t] >= n for t, n in covered.items())
    assert sum(tokens.values()) - 10 >= 1  # hunting tokens left with 2 players
    assert all(e.fire_sp == 0 for e in cat.encampments if e.free_from > 2)


def test_the_sites_24_recesses_touch_territories_of_their_tile(cat: Catalog) -> None:
    recesses = [r for tile in cat.tiles.values() for r in tile.recesses]
    assert len(recesses) == 24
    for tile in cat.tiles.values():
        inner = geo.tile_adjacency(tile)
        for r in tile.recesses:
            assert 1 <= len(r.adjacent) <= 2
            assert all(t.startswith(tile.id) for t in r.adjacent)
            if len(r.adjacent) == 2:
                assert r.adjacent[1] in inner[r.adjacent[0]]


def test_continent_frame_has_106_shapes(cat: Catalog) -> None:
    shapes = geo.layout_shapes(cat.tiles)
    assert len(shapes) == 106
    assert all(len(s.dominoes) == 7 and s.single is not None for s in shapes)
    singles = {s.single for s in shapes}
    assert all((col + row) % 2 == 0 for col, row in singles if col is not None)


def test_continent_every_layout_18_land_4_water_symmetric_and_connected(cat: Catalog) -> None:
    """Every shape of the frame, each with several random orders and orientations."""
    rng = random.Random(8)
    rest = [t for t in sorted(cat.tiles) if cat.tiles[t].cells == 2]
    for shape in geo.layout_shapes(cat.tiles):
        for _ in range(6):
            order = rng.sample(rest, len(rest))
            flips = [rng.random() < 0.5 for _ in rest]
            layout = geo.complete(cat.tiles, (), shape, order, flips)
            _check_map(cat, geo.adjacency(cat.tiles, layout))


def test_continent_every_orientation_of_one_layout(cat: Catalog) -> None:
    shape = geo.layout_shapes(cat.tiles)[0]
    order = "bcdefgh"
    for bits in range(2 ** 7):
        flips = [bool(bits >> i & 1) for i in range(7)]
        _check_map(cat, geo.adjacency(cat.tiles, geo.complete(cat.tiles, (), shape, order,
                                                              flips)))


def test_continent_a_tile_keeps_its_own_adjacency_in_every_layout(cat: Catalog) -> None:
    rng = random.Random(3)
    shapes = geo.layout_shapes(cat.tiles)
    for _ in range(40):
        shape = rng.choice(shapes)
        order = rng.sample("bcdefgh", 7)
        layout = geo.complete(cat.tiles, (), shape, order, [rng.random() < 0.5 for _ in order])
        adj = geo.adjacency(cat.tiles, layout)
        for tile in cat.tiles.values():
            for t, inner in geo.tile_adjacency(tile).items():
                assert inner <= adj[t]
            if tile.cells == 2:
                top, _, bottom = (t.id for t in tile.territories)
                assert bottom not in adj[top]  # the middle band lies between them


def test_continent_borders_touching_at_a_corner_are_adjacent(cat: Catalog) -> None:
    """b and c upright side by side in columns 0 and 1: b's top band (sub-rows 0-1) and c's
    middle band (sub-rows 2-3) share no edge, only the corner point at sub-row 2; they are
    adjacent ("borders touch at any point"); b's top and c's bottom never touch."""
    shape = next(s for s in geo.layout_shapes(cat.tiles)
                 if ((0, 0), (0, 1)) in s.dominoes and ((1, 0), (1, 1)) in s.dominoes)
    others = iter("defgh")
    order = ["b" if d == ((0, 0), (0, 1)) else "c" if d == ((1, 0), (1, 1)) else next(others)
             for d in shape.dominoes]
    layout = geo.complete(cat.tiles, (), shape, order, [False] * 7)
    grid = geo.territory_grid(cat.tiles, layout)
    b1 = {xy for xy, t in grid.items() if t == "b1"}
    c2 = {xy for xy, t in grid.items() if t == "c2"}
    edges = {((x + 1, y) in c2) or ((x, y + 1) in c2) for x, y in b1}
    assert edges == {False}  # no shared edge
    adj = geo.adjacency(cat.tiles, layout)
    assert "c2" in adj["b1"] and "b1" in adj["c2"]
    assert "c3" not in adj["b1"]


def test_setup_first_play_layout_tiles_a_b_c(cat: Catalog) -> None:
    first = {p.tile: p for p in cat.first_play}
    assert first["a"] == Placement("a", 1, 1, 0)
    assert first["b"] == Placement("b", 2, 0, 0)
    assert first["c"] == Placement("c", 1, 2, 90)
    shapes = geo.layout_shapes(cat.tiles, cat.first_play)
    assert len(shapes) == 3 and all(s.single is None for s in shapes)
    rng = random.Random(1)
    for shape in shapes:
        for _ in range(10):
            order = rng.sample("defgh", 5)
            layout = geo.complete(cat.tiles, cat.first_play, shape, order,
                                  [rng.random() < 0.5 for _ in order])
            adj = geo.adjacency(cat.tiles, layout)
            _check_map(cat, adj)
            assert {"b2", "c3"} <= adj["a1"]  # both starting territories touch the large Water
            grid = geo.territory_grid(cat.tiles, layout)
            assert grid[(8, 6)] == "c1" and grid[(3, 8)] == "c3"  # turned 90°: top to the right


@pytest.mark.parametrize(("layout", "message"), [
    ((), "places each of the tiles"),
    (tuple(Placement(t, 0, 0, 0) for t in "abcdefgh"), "overlap"),
    ((Placement("a", 4, 2, 0), *(Placement(t, 0, 0, 45) for t in "bcdefgh")), "rotation 45"),
    ((Placement("a", 0, 0, 0), Placement("b", 4, 2, 0),
      *(Placement(t, i, 0, 0) for i, t in enumerate("cdefgh"))), "leaves the frame"),
])
def test_continent_bad_layouts_rejected_in_one_line(cat: Catalog, layout: tuple[Placement, ...],
                                                     message: str) -> None:
    with pytest.raises(geo.LayoutError, match=message) as error:
        geo.check_layout(cat.tiles, layout)
    assert "\n" not in str(error.value)
