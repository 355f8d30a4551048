"""The tiles of a society: Step 3 (Aspirations Become Progress), Step 4 (Build Progress), the
held-over Aspiration tiles chosen at the end of the turn (Aspiration Tiles) and the Economy
tiles (Key Concepts I). Culture and Technology tiles act after an action (`actions/perform.py`).
"""

from __future__ import annotations

from typing import Final

from ingenium.engine import Option
from ingenium.games.inventions import options, steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.rulebook import BUILD_INFLUENCE_COST
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.key_concepts import add_influence, push_effects, who
from ingenium.games.inventions.table import (
    LOC_LEFT,
    TILE_SPACES,
    TYPES,
    H,
    InvTable,
    IState,
    hex_at,
    hexes,
    progress_map_of,
    space_at,
    tiles_of,
)

# the tile codes' bases, native constants in the compiled build (`catalog.X` is two lookups)
PROGRESS_BASE: Final = catalog.PROGRESS_BASE
WEALTH_BASE: Final = catalog.WEALTH_BASE


def tile_type(code: int) -> int:
    """A Progress tile's type (0-2); -1 for a Wealth tile."""
    return (code - PROGRESS_BASE) // 7 if code < WEALTH_BASE else -1


def tile_name(code: int) -> str:
    """'economy_3', 'Wealth C' or an Aspiration side."""
    if code >= catalog.WEALTH_BASE:
        return f"Wealth {catalog.WEALTH[code - catalog.WEALTH_BASE].letter}"
    if code >= catalog.PROGRESS_BASE:
        return options.PROG_ID[code - catalog.PROGRESS_BASE]
    return f"{catalog.ASPIRATION_NAMES[code - catalog.ASP_BASE]} Aspiration"


def tile_title(code: int) -> str:
    """The tile as people name it: 'Economy tile 3', 'Wealth tile C', 'Culture Aspiration tile'."""
    if code >= catalog.WEALTH_BASE:
        return f"Wealth tile {catalog.WEALTH[code - catalog.WEALTH_BASE].letter}"
    if code >= catalog.PROGRESS_BASE:
        return catalog.PROGRESS[code - catalog.PROGRESS_BASE].name
    return f"{catalog.ASPIRATION_NAMES[code - catalog.ASP_BASE].capitalize()} Aspiration tile"


def same_type_inventions(t: InvTable, seat: int, kind: int) -> int:
    """Step 4, 3.b.iv: inventions left of the board of the tile's type."""
    if LOC_LEFT + seat not in t.idea_loc:  # none yet (a scan in C): most of the game's start
        return 0
    return sum(1 for i in conditions.inventions(t, seat) if catalog.IDEA_TYPE[i] == kind)


def inventions_by_type(t: InvTable, seat: int) -> list[int]:
    """`same_type_inventions` of each type (economy, culture, technology), one scan."""
    counts = [0, 0, 0]
    if LOC_LEFT + seat in t.idea_loc:
        for i in conditions.inventions(t, seat):
            counts[catalog.IDEA_TYPE[i]] += 1
    return counts


def build_cost(t: InvTable, seat: int, code: int, h: int) -> int:
    """Step 4, 3.b: base 1 (Wealth 2), +1 per adjacent tile, -1 per same-type invention,
    minus the hex's printed discount."""
    kind = tile_type(code)
    inventions = same_type_inventions(t, seat, kind) if kind >= 0 else 0
    return _cost_on(progress_map_of(t, seat), kind, h, inventions)


def _cost_on(pmap: list[int], kind: int, h: int, inventions: int) -> int:
    """build_cost on a seat's Progress map (`pmap`, tile codes by hex) for a tile of `kind`
    (-1: Wealth) with `inventions` of its type."""
    cost = 2 if kind < 0 else 1 - inventions
    for j in catalog.HEX_ADJ[h]:
        if pmap[j]:
            cost += 1
    return max(0, cost - catalog.HEX_DISCOUNT[h])


HEX_GIVES = tuple(tuple(catalog.gains_citizen_of(catalog.HEX_EFFECTS[h], k) for k in (0, 1, 2, -1))
                  for h in range(H))
HEX_SCHOLAR = tuple(catalog.gains_scholar(catalog.HEX_EFFECTS[h]) for h in range(H))
# the same as bit sets over the hexes (bit h: hex h), so a position is read with a few int ops
_NEIGHBOURS = tuple(sum(1 << j for j in catalog.HEX_ADJ[h]) for h in range(H))
_GIVES = tuple(sum(1 << h for h in range(H) if HEX_GIVES[h][k]) for k in range(4))  # by kind
_SCHOLAR = sum(1 << h for h in range(H) if HEX_SCHOLAR[h])


def _built(progress_map: list[int], seat: int) -> int:
    """The bit set of the hexes of a seat's Progress map holding a tile."""
    built = 0
    at = seat * H
    for h in range(H):
        if progress_map[at + h]:
            built |= 1 << h
    return built


def hex_choices(t: InvTable, seat: int, code: int) -> list[int]:
    """Empty hexes where the tile can be paid for, counting the hex's own benefit first.

    build_cost <= specialists (+ 1 where the hex gives one first) is, with the cost's floor at 0
    and the right side never negative: adjacent tiles - discount <= specialists + bonus +
    same-type inventions - base."""
    kind = tile_type(code)
    same_type = same_type_inventions(t, seat, kind) if kind >= 0 else 0
    return _fitting_hexes(t, seat, kind, _built(t.progress_map, seat), same_type, False)


def _fitting_hexes(t: InvTable, seat: int, kind: int, built: int, same_type: int,
                   first_only: bool) -> list[int]:
    """`hex_choices` for a tile of `kind` (-1: Wealth; nothing else of the tile counts), on
    the seat's map read as a bit set (`built`), with `same_type` inventions of the tile's
    type; only the first when `first_only` (a plain loop: the compiled build runs it
    natively)."""
    home, at = t.home, seat * TYPES
    have = (home[at + kind] if kind >= 0 else home[at] + home[at + 1] + home[at + 2]) \
        + t.academy[seat]
    budget = have + (same_type - 1 if kind >= 0 else -2)
    bonus = 0
    if t.supply[seat] > 0:
        bonus = _GIVES[kind] | (_SCHOLAR if conditions.academy_room(t, seat) else 0)
    discount = catalog.HEX_DISCOUNT
    fitting = []
    for h in range(H):
        if not built >> h & 1 and (built & _NEIGHBOURS[h]).bit_count() - discount[h] \
                <= budget + (bonus >> h & 1):
            fitting.append(h)
            if first_only:
                break
    return fitting


def buildable_slots(t: InvTable, seat: int) -> list[int]:
    """Tiles display spaces holding a Progress or Wealth tile that can be built somewhere
    (one fitting hex is enough: the search stops there, once for each tile type)."""
    tiles, first = t.tiles, seat * TILE_SPACES
    top = 0
    for n in range(TILE_SPACES):
        top = max(top, tiles[first + n])
    if top < PROGRESS_BASE:  # only Aspiration tiles or none: nothing to build
        return []
    built = _built(t.progress_map, seat)
    by_type = inventions_by_type(t, seat)
    fits = [-1, -1, -1, -1]  # by tile type + 1 (Wealth first): 1 fits, 0 not, -1 not known yet
    slots = []
    for n in range(TILE_SPACES):
        code = tiles[first + n]
        if code >= PROGRESS_BASE:
            kind = tile_type(code)
            if fits[kind + 1] < 0:
                same_type = by_type[kind] if kind >= 0 else 0
                fits[kind + 1] = 1 if _fitting_hexes(t, seat, kind, built, same_type, True) else 0
            if fits[kind + 1]:
                slots.append(n)
    return slots


def step4_cost(t: InvTable, seat: int) -> int:
    """Step 4, 1: the one-time influence cost by the number of tiles in the display."""
    count = TILE_SPACES - tiles_of(t, seat).count(catalog.EMPTY)  # counted in C
    return BUILD_INFLUENCE_COST.get(count, 0)


def price_step4(state: IState, step: steps.BuildProgress) -> bool:
    """Step 4, 1-2 as the step comes up: era - 1 tiles, the influence cost of the display now
    (True: the step was replaced by its priced form)."""
    if step.left >= 0:
        return False
    t = state.table
    t.pending.pop()
    t.pending.append(steps.BuildProgress(steps.S_BUILD, step.seat,
                                         conditions.era_of(t, step.seat) - 1, 1,
                                         step4_cost(t, step.seat)))
    return True


def build_options(t: InvTable, step: steps.BuildProgress) -> list[Option]:
    """Pick a tile to build (first: only if the influence can be paid), or stop."""
    seat, first, cost = step.seat, step.first, step.influence_cost
    tiles = [] if first and t.influence[seat] < cost else [
        options.BUILD_TILE[n] for n in buildable_slots(t, seat)]
    economy = economy_options(t, seat) if first else []
    if not tiles and not economy:
        return []
    return [*economy, *tiles, options.SKIP if first else options.DONE]


def answer_build(state: IState, step: steps.BuildProgress, block: str, index: int) -> None:
    """Pay the one-time influence with the first tile; then choose its hex."""
    t = state.table
    seat, left, first, cost = step.seat, step.left, step.first, step.influence_cost
    if block == "economy":  # I. Economy tiles: any time, once per era
        use_economy(state, seat, index)
        return
    t.pending.pop()
    if block != "build_tile":
        return
    if first and cost:
        add_influence(state, seat, -cost, "to build Progress")
    t.pending.append(steps.BuildHex(steps.S_BUILD_HEX, seat, index, left))


def hex_options(t: InvTable, step: steps.BuildHex) -> list[Option]:
    """Hexes where the chosen tile can go."""
    seat, slot = step.seat, step.slot
    return [options.BUILD_HEX[h] for h in hex_choices(t, seat, t.tiles[space_at(seat, slot)])]


def answer_hex(state: IState, step: steps.BuildHex, block: str, h: int) -> None:
    """Step 4, 3: place the tile, gain the hex's benefit at once, then pay the specialists."""
    t = state.table
    seat, slot, left = step.seat, step.slot, step.left
    t.pending.pop()
    code = t.tiles[space_at(seat, slot)]
    cost = build_cost(t, seat, code, h)
    t.tiles[space_at(seat, slot)] = catalog.EMPTY
    t.tiles_new[space_at(seat, slot)] = 0
    t.progress_map[hex_at(seat, h)] = code
    if state.keeps_log:  # a search's world has no log: skip building the text
        state.log(seat, "build", f"{who(seat)} builds {tile_title(code)} on the "
                  f"{catalog.HEXES[h].name} for {cost} specialist(s)",
                  {"tile": tile_name(code), "hex": catalog.HEXES[h].id})
    if left > 1:
        t.pending.append(steps.BuildProgress(steps.S_BUILD, seat, left - 1, 0, 0))
    kind = tile_type(code)
    if cost:
        if kind >= 0:
            need = [0, 0, 0]
            need[kind] = cost
            t.pending.append(steps.Pay(steps.S_PAY, seat, steps.TO_EXHAUST, 0, 0,
                                       need[0], need[1], need[2], 0))
        else:
            t.pending.append(steps.Pay(steps.S_PAY, seat, steps.TO_EXHAUST, 0, 0, 0, 0, 0, cost))
    if t.hex_token[hex_at(seat, h)]:
        t.hex_token[hex_at(seat, h)] = 0
    push_effects(t, seat, catalog.HEX_EFFECTS[h])


def progress_choices(t: InvTable, seat: int, code: int) -> list[int]:
    """Step 3: Progress tiles of the Aspiration's type (any if wild) in the supply, one of
    each number per type."""
    owned = set(tiles_of(t, seat))  # with the map's: every code the seat holds (the codes of
    owned.update(progress_map_of(t, seat))  # no Progress tile, never asked, do no harm)
    side = code - catalog.ASP_BASE
    kinds = range(3) if side == 3 else (side,)
    tiles = [p for k in kinds for p in KIND_PROGRESS[k]]
    return [p for p in tiles if t.progress_supply[p] > 0 and catalog.PROGRESS_BASE + p not in owned]


# the Progress tiles of each type, by number
KIND_PROGRESS = tuple(tuple(catalog.progress_at(k, n) for n in range(catalog.PROGRESS_NUMBERS))
                      for k in range(3))


def aspire_slot(t: InvTable, seat: int) -> int:
    """The leftmost Aspiration tile that some Progress tile can replace (-1 if none)."""
    return _aspiration(t, seat)[0]


def _aspiration(t: InvTable, seat: int) -> tuple[int, list[int]]:
    """`aspire_slot` and the Progress tiles that may replace its Aspiration tile, found
    together (the options are the choices the slot was found by)."""
    for n, code in enumerate(tiles_of(t, seat)):
        if catalog.ASP_BASE <= code <= catalog.ASP_WILD:
            choices = progress_choices(t, seat, code)
            if choices:
                return n, choices
    return -1, []


def aspire_options(t: InvTable, step: steps.AspirationsBecomeProgress) -> list[Option]:
    """Progress tiles that may replace the leftmost replaceable Aspiration tile."""
    return [options.PROGRESS[p] for p in _aspiration(t, step.seat)[1]]


def answer_aspire(state: IState, step: steps.AspirationsBecomeProgress, block: str, p: int) -> None:
    """Replace the Aspiration tile with the chosen Progress tile (the step repeats)."""
    t = state.table
    seat = step.seat
    slot = aspire_slot(t, seat)
    t.progress_supply[p] -= 1
    t.tiles[space_at(seat, slot)] = catalog.PROGRESS_BASE + p
    if state.keeps_log:
        state.log(seat, "progress", f"{who(seat)} takes {catalog.PROGRESS[p].name}",
                  {"tile": options.PROG_ID[p]})


def start_overflow(t: InvTable, seat: int) -> None:
    """Aspiration Tiles: gather this turn's new Aspiration tiles with the held-over ones."""
    for n in range(TILE_SPACES):
        i = space_at(seat, n)
        code = t.tiles[i]
        if t.tiles_new[i] and catalog.ASP_BASE <= code <= catalog.ASP_WILD:
            t.overflow.append(code - catalog.ASP_BASE)
            t.tiles[i] = catalog.EMPTY
            t.tiles_new[i] = 0


def gather_overflow(state: IState, step: steps.KeepAspirations) -> bool:
    """At the end of the turn, with tiles held over, this turn's new ones join them and the
    choice begins (True: the step was replaced)."""
    if step.started:
        return False
    t = state.table
    t.pending.pop()
    if t.overflow:
        start_overflow(t, step.seat)
        t.pending.append(steps.KeepAspirations(steps.S_OVERFLOW, step.seat, 1))
    return True


def overflow_options(t: InvTable, step: steps.KeepAspirations) -> list[Option]:
    """Which of the new Aspiration tiles to keep, while the display has room."""
    if catalog.EMPTY not in tiles_of(t, step.seat):
        return []
    return [options.KEEP[s] for s in sorted(set(t.overflow))]


def answer_keep(state: IState, step: steps.KeepAspirations, block: str, side: int) -> None:
    """Keep one Aspiration tile in the leftmost empty space."""
    t = state.table
    seat = step.seat
    t.overflow.remove(side)
    slot = tiles_of(t, seat).index(catalog.EMPTY)
    t.tiles[space_at(seat, slot)] = catalog.ASP_BASE + side


def end_overflow(state: IState, step: steps.KeepAspirations) -> None:
    """The excess Aspiration tiles return to the supply."""
    t = state.table
    seat = step.seat
    if t.overflow:
        if state.keeps_log:
            state.log(seat, "aspiration", f"{who(seat)} returns {len(t.overflow)} excess "
                      "Aspiration tile(s)")
        t.overflow.clear()


# -- I. Economy tiles -------------------------------------------------------------------------
_ECONOMY_CODES = frozenset(range(catalog.PROGRESS_BASE, catalog.PROGRESS_BASE + 7))


def economy_options(t: InvTable, seat: int) -> list[Option]:
    """Economy tiles on the map not used this era, while an Economy token is home."""
    if t.eco_home[seat] <= 0 or _ECONOMY_CODES.isdisjoint(progress_map_of(t, seat)):
        return []
    out = []
    for code, used in zip(progress_map_of(t, seat), t.eco_used[hexes(seat)], strict=True):
        if PROGRESS_BASE <= code < PROGRESS_BASE + 7 and not used:
            out.append(options.ECONOMY[code - PROGRESS_BASE])
    return out


def use_economy(state: IState, seat: int, number: int) -> None:
    """I. Economy tile: once per era, place an Economy token on it for its benefit."""
    t = state.table
    code = catalog.PROGRESS_BASE + number
    h = next(h for h in range(H)
             if t.progress_map[hex_at(seat, h)] == code and not t.eco_used[hex_at(seat, h)])
    t.eco_used[hex_at(seat, h)] = 1
    t.eco_home[seat] -= 1
    if state.keeps_log:
        state.log(seat, "economy", f"{who(seat)} uses Economy tile {number + 1}")
    push_effects(t, seat, catalog.PROGRESS_EFFECTS[number])
