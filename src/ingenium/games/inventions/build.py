"""Step 3 (Aspirations become Progress) and Step 4 (Build Progress), with the held-over
Aspiration tiles chosen at the end of the turn (Aspiration Tiles)."""

from __future__ import annotations

from ingenium.engine import Option, State
from ingenium.games.inventions import catalog as K
from ingenium.games.inventions import decisions as D
from ingenium.games.inventions import queries as Q
from ingenium.games.inventions.board import IState, add_influence, push_effects, who
from ingenium.games.inventions.interpreter import use_economy
from ingenium.games.inventions.rulebook import BUILD_INFLUENCE_COST
from ingenium.games.inventions.table import (
    S_BUILD,
    S_BUILD_HEX,
    S_PAY,
    TO_EXHAUST,
    InvTable,
)

H = K.NUM_HEXES


def tile_type(code: int) -> int:
    """A Progress tile's type (0-2); -1 for a Wealth tile."""
    return (code - K.PROGRESS_BASE) // 7 if code < K.WEALTH_BASE else -1


def tile_name(code: int) -> str:
    """'economy_3', 'Wealth C' or an Aspiration side."""
    if code >= K.WEALTH_BASE:
        return f"Wealth {K.WEALTH[code - K.WEALTH_BASE].letter}"
    if code >= K.PROGRESS_BASE:
        return D.PROG_ID[code - K.PROGRESS_BASE]
    return f"{K.ASPIRATION_NAMES[code - K.ASP_BASE]} Aspiration"


def same_type_inventions(t: InvTable, seat: int, kind: int) -> int:
    """Step 4, 3.b.iv: inventions left of the board of the tile's type."""
    return sum(1 for i in Q.inventions(t, seat) if K.IDEA_TYPE[i] == kind)


def build_cost(t: InvTable, seat: int, code: int, h: int, inventions: int = -1) -> int:
    """Step 4, 3.b: base 1 (Wealth 2), +1 per adjacent tile, -1 per same-type invention,
    minus the hex's printed discount."""
    kind = tile_type(code)
    base = seat * H
    pmap = t.progress_map
    cost = 2 if kind < 0 else 1
    for j in K.HEX_ADJ[h]:
        if pmap[base + j]:
            cost += 1
    if kind >= 0:
        cost -= same_type_inventions(t, seat, kind) if inventions < 0 else inventions
    return max(0, cost - K.HEX_DISCOUNT[h])


HEX_GIVES = tuple(tuple(K.gains_citizen_of(K.HEX_EFFECTS[h], k) for k in (0, 1, 2, -1))
                  for h in range(H))
HEX_SCHOLAR = tuple(K.gains_scholar(K.HEX_EFFECTS[h]) for h in range(H))


def hex_choices(t: InvTable, seat: int, code: int) -> list[int]:
    """Empty hexes where the tile can be paid for, counting the hex's own benefit first."""
    kind = tile_type(code)
    base = seat * H
    home = t.home[seat * 3:seat * 3 + 3]
    have = (home[kind] if kind >= 0 else sum(home)) + t.academy[seat]
    room = Q.academy_room(t, seat)
    supply = t.supply[seat] > 0
    inventions = same_type_inventions(t, seat, kind) if kind >= 0 else 0
    pmap = t.progress_map
    out = []
    for h in range(H):
        if pmap[base + h]:
            continue
        bonus = 1 if supply and (HEX_GIVES[h][kind] or (room and HEX_SCHOLAR[h])) else 0
        if build_cost(t, seat, code, h, inventions) <= have + bonus:
            out.append(h)
    return out


def buildable_slots(t: InvTable, seat: int) -> list[int]:
    """Tiles display spaces holding a Progress or Wealth tile that can be built somewhere."""
    base = seat * 4
    return [n for n in range(4) if t.tiles[base + n] >= K.PROGRESS_BASE
            and hex_choices(t, seat, t.tiles[base + n])]


def step4_cost(t: InvTable, seat: int) -> int:
    """Step 4, 1: the one-time influence cost by the number of tiles in the display."""
    count = sum(1 for c in t.tiles[seat * 4:seat * 4 + 4] if c)
    return BUILD_INFLUENCE_COST.get(count, 0)


def build_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """Pick a tile to build (first: only if the influence can be paid), or stop."""
    seat, first, cost = step[1], step[3], step[4]
    tiles = [] if first and t.influence[seat] < cost else [
        D.BUILD_TILE[n] for n in buildable_slots(t, seat)]
    economy = D.economy_options(t, seat) if first else []
    if not tiles and not economy:
        return []
    return [*economy, *tiles, D.SKIP if first else D.DONE]


def answer_build(state: IState, step: tuple[int, ...], block: str, index: int) -> None:
    """Pay the one-time influence with the first tile; then choose its hex."""
    t = state.table
    seat, left, first, cost = step[1], step[2], step[3], step[4]
    if block == "economy":  # I. Economy tiles: any time, once per era
        use_economy(state, seat, index)
        return
    t.pending.pop()
    if block != "build_tile":
        return
    if first and cost:
        add_influence(state, seat, -cost, "to build Progress")
    t.pending.append((S_BUILD_HEX, seat, index, left))


def hex_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """Hexes where the chosen tile can go."""
    seat, slot = step[1], step[2]
    return [D.BUILD_HEX[h] for h in hex_choices(t, seat, t.tiles[seat * 4 + slot])]


def answer_hex(state: IState, step: tuple[int, ...], h: int) -> None:
    """Step 4, 3: place the tile, gain the hex's benefit at once, then pay the specialists."""
    t = state.table
    _, seat, slot, left = step
    t.pending.pop()
    code = t.tiles[seat * 4 + slot]
    cost = build_cost(t, seat, code, h)
    t.tiles[seat * 4 + slot] = K.EMPTY
    t.tiles_new[seat * 4 + slot] = 0
    t.progress_map[seat * H + h] = code
    state.log(seat, "build", f"{who(seat)} builds {tile_name(code)} on hex {K.HEXES[h].id} "
              f"for {cost} specialist(s)", {"tile": tile_name(code), "hex": K.HEXES[h].id})
    if left > 1:
        t.pending.append((S_BUILD, seat, left - 1, 0, 0))
    kind = tile_type(code)
    if cost:
        if kind >= 0:
            need = [0, 0, 0]
            need[kind] = cost
            t.pending.append((S_PAY, seat, TO_EXHAUST, 0, 0, need[0], need[1], need[2], 0))
        else:
            t.pending.append((S_PAY, seat, TO_EXHAUST, 0, 0, 0, 0, 0, cost))
    if t.hex_token[seat * H + h]:
        t.hex_token[seat * H + h] = 0
    push_effects(t, seat, K.HEX_EFFECTS[h])


def progress_choices(t: InvTable, seat: int, code: int) -> list[int]:
    """Step 3: Progress tiles of the Aspiration's type (any if wild) in the supply, one of
    each number per type."""
    owned = set(Q.tiles_owned(t, seat))
    side = code - K.ASP_BASE
    kinds = range(3) if side == 3 else (side,)
    return [p for k in kinds for p in range(k * 7, k * 7 + 7)
            if t.progress_supply[p] > 0 and K.PROGRESS_BASE + p not in owned]


def aspire_slot(t: InvTable, seat: int) -> int:
    """The leftmost Aspiration tile that some Progress tile can replace (-1 if none)."""
    base = seat * 4
    for n in range(4):
        code = t.tiles[base + n]
        if K.ASP_BASE <= code <= K.ASP_WILD and progress_choices(t, seat, code):
            return n
    return -1


def aspire_options(t: InvTable, seat: int) -> list[Option]:
    """Progress tiles that may replace the leftmost replaceable Aspiration tile."""
    slot = aspire_slot(t, seat)
    if slot < 0:
        return []
    return [D.PROGRESS[p] for p in progress_choices(t, seat, t.tiles[seat * 4 + slot])]


def answer_aspire(state: IState, seat: int, p: int) -> None:
    """Replace the Aspiration tile with the chosen Progress tile (the step repeats)."""
    t = state.table
    slot = aspire_slot(t, seat)
    t.progress_supply[p] -= 1
    t.tiles[seat * 4 + slot] = K.PROGRESS_BASE + p
    state.log(seat, "progress", f"{who(seat)} takes Progress tile {D.PROG_ID[p]}",
              {"tile": D.PROG_ID[p]})


def start_overflow(t: InvTable, seat: int) -> None:
    """Aspiration Tiles: gather this turn's new Aspiration tiles with the held-over ones."""
    base = seat * 4
    for n in range(4):
        code = t.tiles[base + n]
        if t.tiles_new[base + n] and K.ASP_BASE <= code <= K.ASP_WILD:
            t.overflow.append(code - K.ASP_BASE)
            t.tiles[base + n] = K.EMPTY
            t.tiles_new[base + n] = 0


def overflow_options(t: InvTable, seat: int) -> list[Option]:
    """Which of the new Aspiration tiles to keep, while the display has room."""
    if K.EMPTY not in t.tiles[seat * 4:seat * 4 + 4]:
        return []
    return [D.KEEP[s] for s in sorted(set(t.overflow))]


def answer_keep(state: IState, seat: int, side: int) -> None:
    """Keep one Aspiration tile in the leftmost empty space."""
    t = state.table
    t.overflow.remove(side)
    base = seat * 4
    slot = t.tiles[base:base + 4].index(K.EMPTY)
    t.tiles[base + slot] = K.ASP_BASE + side


def end_overflow(state: State[InvTable], seat: int) -> None:
    """The excess Aspiration tiles return to the supply."""
    t = state.table
    if t.overflow:
        state.log(seat, "aspiration", f"{who(seat)} returns {len(t.overflow)} excess "
                  "Aspiration tile(s)")
        t.overflow.clear()
