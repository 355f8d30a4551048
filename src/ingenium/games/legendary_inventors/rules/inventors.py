"""The inventor cards and the squares they fill (Basics; Gameplay 1-2): knowledge levels,
which inventors are fresh, refreshing them, and how many cubes an inventor places where."""

from __future__ import annotations

from ingenium.games.legendary_inventors.components.catalog import NEED, C
from ingenium.games.legendary_inventors.components.records import INVENTORS_PER_TEAM, NUM_TYPES
from ingenium.games.legendary_inventors.table import IN_PLAY, LIState, LITable

ALL_TYPES = (1 << NUM_TYPES) - 1  # a bitmask of every knowledge type


def player(seat: int) -> str:
    """How the log names a seat."""
    return f"Player {seat + 1}"


def inventor_name(t: LITable, seat: int, inventor: int) -> str:
    """An inventor's name."""
    return C.teams[t.team[seat]].inventors[inventor].name


def fresh(t: LITable, seat: int) -> list[int]:
    """Inventors of a seat not yet used since the last refresh."""
    base = seat * INVENTORS_PER_TEAM
    used = t.used
    return [i for i in range(INVENTORS_PER_TEAM) if not used[base + i]]


def refresh(state: LIState, seat: int, how: str) -> None:
    """Gameplay: refresh all inventors (sideways cards stand up again)."""
    t = state.table
    base = seat * INVENTORS_PER_TEAM
    for i in range(INVENTORS_PER_TEAM):
        t.used[base + i] = 0
    if state.keeps_log:
        state.log(seat, "refresh", f"{player(seat)} {how}")


def open_squares(t: LITable, inv: int, ty: int) -> int:
    """Empty squares of one knowledge type on an invention."""
    return NEED[inv][ty] - t.filled[inv * NUM_TYPES + ty]


def cubes_for(t: LITable, seat: int, inventor: int, inv: int) -> list[int]:
    """Gameplay 1-2: cubes an inventor places per type (its level, capped by open squares)."""
    base = (seat * INVENTORS_PER_TEAM + inventor) * NUM_TYPES
    level, filled, at = t.level, t.filled, inv * NUM_TYPES
    n0, n1, n2, n3 = NEED[inv]  # NUM_TYPES == 4, unrolled as in open_masks
    k0, k1, k2, k3 = level[base:base + NUM_TYPES]
    o0, o1, o2, o3 = n0 - filled[at], n1 - filled[at + 1], n2 - filled[at + 2], n3 - filled[at + 3]
    # the smaller of knowledge and open squares, per type (min() without its call)
    return [k0 if k0 < o0 else o0, k1 if k1 < o1 else o1, k2 if k2 < o2 else o2,
            k3 if k3 < o3 else o3]


def open_masks(t: LITable) -> list[tuple[int, int]]:
    """(invention, bitmask of types with open squares) for every open invention in play."""
    status, filled = t.status, t.filled
    masks = []
    for inv in t.display:
        if status[inv] == IN_PLAY:
            n0, n1, n2, n3 = NEED[inv]  # NUM_TYPES == 4, unrolled: the hottest rule of play
            at = inv * NUM_TYPES
            masks.append((inv, (n0 > filled[at]) | (n1 > filled[at + 1]) << 1
                          | (n2 > filled[at + 2]) << 2 | (n3 > filled[at + 3]) << 3))
    return masks


def open_types(t: LITable) -> int:
    """Bitmask of the types some open invention in play still needs (the turn question's)."""
    status, filled = t.status, t.filled
    mask = 0
    for inv in t.display:
        if status[inv] == IN_PLAY:
            n0, n1, n2, n3 = NEED[inv]
            at = inv * NUM_TYPES
            mask |= ((n0 > filled[at]) | (n1 > filled[at + 1]) << 1
                     | (n2 > filled[at + 2]) << 2 | (n3 > filled[at + 3]) << 3)
            if mask == ALL_TYPES:
                break
    return mask


def usable_inventions(t: LITable, seat: int, inventor: int) -> list[int]:
    """Gameplay 2: inventions where the inventor places a cube, or any open one with Chocolate."""
    if t.chocolate:
        return [inv for inv, _ in open_masks(t)]
    return helped_inventions(t, known_types(t, seat, inventor))


def known_types(t: LITable, seat: int, inventor: int) -> int:
    """Bitmask of the types an inventor has any knowledge of."""
    base = (seat * INVENTORS_PER_TEAM + inventor) * NUM_TYPES
    level = t.level
    return ((level[base] > 0) | (level[base + 1] > 0) << 1 | (level[base + 2] > 0) << 2
            | (level[base + 3] > 0) << 3)


def helped_inventions(t: LITable, known: int) -> list[int]:
    """Open inventions in play with an open square of a `known` type: `open_masks` filtered in
    one pass, without building the masks (the invention question of every turn)."""
    status, filled = t.status, t.filled
    helped = []
    for inv in t.display:
        if status[inv] == IN_PLAY:
            n0, n1, n2, n3 = NEED[inv]
            at = inv * NUM_TYPES
            if known & ((n0 > filled[at]) | (n1 > filled[at + 1]) << 1
                        | (n2 > filled[at + 2]) << 2 | (n3 > filled[at + 3]) << 3):
                helped.append(inv)
    return helped
