"""Setup (rulebook: Setup) for 2, 3 and 4 civilizations, with starting cards by Option A
(starting_a.py; the variant `advanced`: Option B, starting_b.py).

Nothing face down is pre-shuffled (engine/chance.py): the event stack, the bags, the face-down
research stacks, the sites and the material tiles are unordered pools, drawn from when the rules
reveal one. "Place 4 of the 20 event cards face down, return the rest unseen" is therefore the
pool of 20, of which the four eras reveal four (the same chances, and nothing hidden to track).
Variant `first-play`: the continent's tiles A, B and C as the rulebook shows them;
`first-play-advanced`: that layout with Option B.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components.continent import LayoutShape, complete, layout_shapes
from ingenium.games.civolution.components.icons import Category
from ingenium.games.civolution.masks import NONE
from ingenium.games.civolution.rules import starting_a, starting_b
from ingenium.games.civolution.steps import S_PHASE, Phase
from ingenium.games.civolution.table import (
    BLOCKED,
    COL_EMPTY,
    COVERED,
    EMPTY,
    FREE,
    NEW_CARDS,
    CivTable,
    P,
    on_place,
)

if TYPE_CHECKING:
    from ingenium.engine import State

FIRST_PLAY = "first-play"
ADVANCED = "advanced"  # starting cards by Option B (starting_b.py)
FIRST_PLAY_ADVANCED = "first-play-advanced"  # both
VARIANTS = (FIRST_PLAY, ADVANCED, FIRST_PLAY_ADVANCED)
CATEGORIES = tuple(Category)
MARKERS = 50
TRIBES = 20


@cache
def _shapes(first_play: bool) -> tuple[LayoutShape, ...]:
    fixed = C.first_play if first_play else ()
    return layout_shapes(C.tiles, fixed)


def build_continent(state: State[CivTable], t: CivTable, first_play: bool) -> None:
    """Setup: "fitting the 8 continent tiles in a random order and orientation into the frame";
    first play: tiles A, B and C as shown, the rest at random."""
    shapes = _shapes(first_play)
    shape = shapes[state.draw("layout", range(len(shapes)))]
    fixed = C.first_play if first_play else ()
    placed = {p.tile for p in fixed} | ({"a"} if shape.single is not None else set())
    rest = [i for i, letter in enumerate(board.TILE_LETTERS) if letter not in placed]
    order = [board.TILE_LETTERS[i] for i in state.deal("tile_order", rest)]
    flips = [bool(state.draw("tile_turn", (0, 1))) for _ in order]
    layout = complete(C.tiles, fixed, shape, order, flips)
    t.layout = [(board.TILE_LETTERS.index(p.tile), p.col, p.row, p.rotation) for p in layout]


def boards(state: State[CivTable], t: CivTable) -> None:
    """Indicators, event stack, scoring tiles, 100-point tokens and their blocking side."""
    setup = K.player_counts[t.players]
    t.weather = next(w.index for w in K.weather if w.start)
    t.event_stack = list(range(len(C.events)))
    t.era_tiles = state.deal("era_tile", range(len(CATEGORIES)), 4)
    t.final_tiles = state.deal("final_tile", [c for c in range(len(CATEGORIES))
                                              if c not in t.era_tiles], 3)
    t.hundred_supply = K.inventory.values["hundred_point_tokens"] - (
        setup.blocked_goal_spaces + setup.blocked_phase_spaces)


def displays(state: State[CivTable], t: CivTable) -> None:
    """Goal, income and attribute chips drawn from their bags onto their displays; dice."""
    setup = K.player_counts[t.players]
    t.goal_bag = list(range(len(C.goal_chips)))
    t.goal_display = [EMPTY] * setup.goal_display_spaces + [COVERED] * setup.blocked_goal_spaces
    refill(state, t.goal_display, t.goal_bag, "goal_chip")
    t.income_bag = list(range(len(C.income_chips)))
    t.income_display = [EMPTY] * 3
    refill(state, t.income_display, t.income_bag, "income_chip")
    t.attribute_bag = list(range(len(K.attribute_chips)))
    t.attribute_display = [EMPTY] * 3
    refill(state, t.attribute_display, t.attribute_bag, "attribute_chip")
    t.activation_display = setup.activation_dice_display
    t.fate_display = setup.fate_dice_display


def refill(state: State[CivTable], display: list[int], bag: list[int], kind: str) -> None:
    """Fill every empty display space with a chip drawn from its bag (while chips remain)."""
    for slot, chip in enumerate(display):
        if chip == EMPTY and bag:
            drawn = state.draw(kind, bag)
            bag.remove(drawn)
            display[slot] = drawn


def continent(state: State[CivTable], t: CivTable, first_play: bool) -> None:
    """Sites face down in every recess; material tiles; blocked encampments; hunting tokens."""
    n = board.TERRITORIES
    t.recess_site = [-1] * len(board.RECESSES)
    t.site_pool = list(range(len(C.sites)))
    material_tiles(state, t, first_play)
    t.developed = [1 if board.TERRAIN[i].value == "water" else 0 for i in range(n)]
    t.enc_seat = [FREE if e.free_from <= t.players else BLOCKED for e in C.encampments]
    t.enc_strong = [0] * board.ENCAMPMENTS
    t.hunting_supply = sum(K.territory_tokens.by_terrain.values()) - t.enc_seat.count(BLOCKED)
    t.wild_strong = [0] * (n * P)
    t.wild_weak = [0] * (n * P)
    t.raw = [0] * (n * P)
    t.hunted = [0] * n
    t.farm = [-1] * n
    t.statues = [0] * (board.GROUNDS * P)
    t.settled = [0] * (board.GROUNDS * P)


def material_tiles(state: State[CivTable], t: CivTable, first_play: bool) -> None:
    """"For your first plays: place the Wood material tile face up on the [...] "Start" [space]
    in the Forest [...] and the Papyrus [...] in the Grassland. Shuffle the remaining material
    tiles face down by territory type". In other plays every tile is shuffled face down by
    type; the starting tribes then develop the starting territories (steps 7-8), which flips
    the tile drawn there face up."""
    t.material_tile = [-1] * board.TERRITORIES
    t.material_pool = list(range(len(C.materials)))
    for terr in board.START_TERRITORIES:
        land = board.LAND_TERRAINS.index(board.TERRAIN[terr])
        if first_play:
            tile = next(m for m in t.material_pool
                        if board.MATERIAL_TERRAIN[m] == land and K.materials[C.materials[m]].start)
        else:
            tile = state.draw("material_tile",
                              [m for m in t.material_pool if board.MATERIAL_TERRAIN[m] == land])
        t.material_pool.remove(tile)
        t.material_tile[terr] = tile


def consoles(t: CivTable) -> None:
    """Each civilization's console, steps 1-6 and the supplies of steps 7-8."""
    p = t.players
    t.level = [1] * (p * board.MODULES)  # step 1: level-I side up
    t.upgraded_now = [0] * (p * board.MODULES)
    t.dice = [1] * (p * 6)  # step 2: one die on each value 1-6
    t.used_dice = [0] * p
    t.planning = [0] * (p * 6)
    t.fate = [1] * p  # step 3
    t.stage_tile = [0] * (p * 2)  # step 4: inactive side up
    t.settlement_built = [0] * (p * 4)  # step 5
    t.farms_left = [3] * p
    t.boat_at = [-1] * (p * 2)
    t.boat_strong = [0] * (p * 2)
    t.boat_weak = [0] * (p * 2)
    t.boat_notch = [1] * (p * 2)  # step 8: a marker in each boat's notch
    t.transit = [-1] * p
    t.transit_path = [NONE] * p
    t.score, t.favor = [0] * p, [0] * p  # step 6
    t.hundreds = [0] * p
    t.track = [0] * (p * 5)
    t.reset_marker = [1] * (p * 4)  # step 8
    t.supply = [MARKERS - 2 - 2 - 4] * p  # step 8: 2 raw materials, 2 boats, 4 reset markers
    t.tribes = [TRIBES] * p
    t.focus, t.ideas, t.food, t.money = [0] * p, [0] * p, [0] * p, [0] * p
    t.feature = [0] * (p * 6)
    t.storage = [0] * (p * 18)
    t.goal_area = [-1] * (p * 3)
    t.column_type = [COL_EMPTY] * (p * 9)


def starting_tribes(t: CivTable) -> None:
    """Steps 7-8: a tribe on a free encampment of each starting territory (the fire stays
    free), a marker there as a raw material; the territories are developed by it."""
    for seat in range(t.players):
        for terr in board.START_TERRITORIES:
            enc = next(e for e in board.ENC_OF[terr]
                       if t.enc_seat[e] == FREE and not board.FIRE_SP[e])
            t.enc_seat[enc], t.enc_strong[enc] = seat, 1
            t.tribes[seat] -= 1
            t.raw[on_place(terr, seat)] += 1
            t.developed[terr] = 1


def setup(state: State[CivTable]) -> CivTable:
    """The whole Setup, in the rulebook's order; the game then starts with era 1, phase 1."""
    t = CivTable(players=state.players, variant=state.variant or "")
    boards(state, t)
    displays(state, t)
    first_play = state.variant in (FIRST_PLAY, FIRST_PLAY_ADVANCED)
    build_continent(state, t, first_play)
    continent(state, t, first_play)
    consoles(t)
    starting_tribes(t)
    t.pending = [Phase(S_PHASE, phase=NEW_CARDS)]
    if state.variant in (ADVANCED, FIRST_PLAY_ADVANCED):
        starting_b.deal(state, t)  # the choices are decisions: the game starts with them
    else:
        starting_a.deal(state, t)
    return t
