"""Key Concepts I (one tile of each number/letter), Aspiration Tiles, Step 3 (Aspirations
Become Progress) and Step 4 (Build Progress)."""

from __future__ import annotations

from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.effects import BuildDiscount
from tests.properties.harness import Transition
from tests.properties.inventions.common import (
    ASP_BASE,
    ASP_WILD,
    BUILD_INFLUENCE,
    EMPTY,
    NUM_HEXES,
    PROGRESS_BASE,
    PROPERTIES,
    WEALTH_BASE,
    display_tiles,
    ended_turns,
    era_change_began,
    era_of,
    influence_events,
    inventions,
    option_id,
    owned_tiles,
    pending_of,
    tile_kind,
)

rule = PROPERTIES.rule
SIDES = ("economy", "culture", "technology", "wild")
HEX = {h.id: n for n, h in enumerate(catalog.HEXES)}
DISCOUNT = tuple(sum(e.citizens for e in h.effects if isinstance(e, BuildDiscount))
                 for h in catalog.HEXES)
PROGRESS_ID = {p.id: n for n, p in enumerate(catalog.PROGRESS)}
TURN_STEPS = (steps.S_ASPIRE, steps.S_OVERFLOW, steps.S_END_ACTIONS)


def _aspiration(code: int) -> bool:
    return ASP_BASE <= code <= ASP_WILD


@rule("Key Concepts I: only 1 Economy, Culture and Technology tile of each number and 1 Wealth "
      "tile of each letter")
def key_concepts_i_one_tile_per_number_and_letter(tr: Transition) -> str | None:
    t = tr.after.table
    for seat in range(t.players):
        tiles = owned_tiles(t, seat)
        if len(set(tiles)) != len(tiles):
            return f"Player {seat + 1} holds a tile twice: {sorted(tiles)}"
    return None


@rule("Aspiration Tiles: a gained Aspiration tile goes to the leftmost empty space of the tiles "
      "display (a Share's Wealth tile too); with no space it waits for the end of the turn")
def aspiration_tiles_leftmost_empty_space(tr: Transition) -> str | None:
    if tr.before is None or tr.seat < 0 or tr.before.table.phase != 1:
        return None
    oid = option_id(tr)
    if oid.startswith(("keep:", "progress:", "build:", "replace:", "reward:")):
        return None
    b, t = tr.before.table, tr.after.table
    if b.overflow or t.overflow or any("(no space yet)" in e.text or "excess" in e.text
                                       for e in tr.new_events):
        return None  # tiles held over: chosen at the end of the turn (another property)
    seat = b.current
    tiles = display_tiles(b, seat)
    for e in tr.new_events:
        if e.seat != seat:
            continue
        if e.kind in ("progress", "build"):
            return None  # other tile moves: the step is not read here
        if e.kind == "aspiration" and "Aspiration tile" in e.text and "no Aspiration" not in e.text:
            side = next(n for n, s in enumerate(SIDES) if f" {s} Aspiration" in e.text)
            if EMPTY not in tiles:
                return "an Aspiration tile placed in a full display"
            tiles[tiles.index(EMPTY)] = ASP_BASE + side
        if e.kind == "wealth":
            letter = e.text.rsplit(" ", 1)[1]
            code = WEALTH_BASE + next(n for n, w in enumerate(catalog.WEALTH) if w.letter == letter)
            if EMPTY in tiles:
                tiles[tiles.index(EMPTY)] = code
    if t.current == seat and display_tiles(t, seat) != tiles:
        return f"tiles display {display_tiles(b, seat)} -> {display_tiles(t, seat)}, " \
            f"the leftmost empty spaces give {tiles}"
    return None


@rule("Share an Invention 4: with a full display, the new tile replaces one of your Aspiration "
      "tiles (which returns to your supply)")
def share_an_invention_4_replace_an_aspiration(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("replace:slot="):
        return None
    slot, seat = int(oid.split("=")[1]) - 1, tr.seat
    b, t = tr.before.table, tr.after.table
    if not _aspiration(display_tiles(b, seat)[slot]):
        return f"{oid}: that space holds no Aspiration tile"
    new = display_tiles(t, seat)[slot]
    if not (new >= WEALTH_BASE or new == ASP_WILD):
        return f"{oid}: replaced by {new}"
    return None


@rule("Aspiration Tiles: more than the display holds - at the end of your turn choose which new "
      "tiles to keep; the excess return to your supply")
def aspiration_tiles_excess_chosen_at_end_of_turn(tr: Transition) -> str | None:
    t = tr.after.table
    d = tr.after.decision
    if d is not None and d.kind == "aspiration_overflow":
        sides = {SIDES.index(o.id.split("=")[1]) for o in d.options}
        if not sides <= set(t.overflow) or EMPTY not in display_tiles(t, d.seat):
            return f"keep options {sides} for held tiles {t.overflow}"
    if d is not None and d.kind == "main_action" and t.overflow:
        return f"Aspiration tiles {t.overflow} held over into another turn"
    return None


@rule("Step 3: replace each Aspiration tile with a Progress tile of the same type from the "
      "display (a wild one with any type); never a number you already have")
def step_3_progress_of_the_aspirations_type(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("progress:tile="):
        return None
    b, t, seat = tr.before.table, tr.after.table, tr.seat
    p = PROGRESS_ID[oid.split("=")[1]]
    code = PROGRESS_BASE + p
    if b.progress_supply[p] < 1 or code in owned_tiles(b, seat):
        return f"{oid}: none left, or Player {seat + 1} already has that number"
    before, after = display_tiles(b, seat), display_tiles(t, seat)
    changed = [n for n in range(4) if before[n] != after[n] and after[n] == code]
    if len(changed) != 1:
        return f"{oid}: tiles display {before} -> {after}"
    was = before[changed[0]]
    if not _aspiration(was) or (was != ASP_WILD and was - ASP_BASE != p // 7):
        return f"{oid} replaced {was}, not an Aspiration tile of its type"
    return None


@rule("Step 3: every Aspiration tile is replaced, as long as a Progress tile of its type (one you "
      "do not hold) is left in the display")
def step_3_every_aspiration_replaced(tr: Transition) -> str | None:
    t = tr.after.table
    for seat, _ in ended_turns(tr):
        owned = set(owned_tiles(t, seat))
        for code in display_tiles(t, seat):
            if not _aspiration(code):
                continue
            kinds = range(3) if code == ASP_WILD else (code - ASP_BASE,)
            left = [p for k in kinds for p in range(k * 7, k * 7 + 7)
                    if t.progress_supply[p] > 0 and PROGRESS_BASE + p not in owned]
            if left:
                return f"Player {seat + 1} ends the turn with a {SIDES[code - ASP_BASE]} " \
                    f"Aspiration tile while {catalog.PROGRESS[left[0]].id} is available"
    return None


def _step4_record(t: object, seat: int) -> object | None:
    """The turn's own step-4 record (the lowest BuildProgress), once steps 2-3 are over."""
    if any(s.seat == seat and s.kind in TURN_STEPS for s in t.pending):
        return None
    mine = pending_of(t, steps.S_BUILD, seat)
    return mine[0] if mine else None


@rule("Step 4, 1-2: a one-time influence cost by the tiles in your display (4: 0, 3: 1, 2: 2, "
      "1: 3); build up to your Milestone's era minus 1 tiles")
def step_4_influence_cost_and_tile_count(tr: Transition) -> str | None:
    """Reading (the code's): "how many tiles are in your tiles display" counts every tile there,
    Aspiration tiles that found no Progress tile in step 3 included."""
    d = tr.after.decision
    if d is None or d.kind != "build":
        return None
    t, seat = tr.after.table, d.seat
    rec = _step4_record(t, seat)
    if rec is None or not rec.first or rec.left < 0 or rec is not t.pending[-1]:
        return None
    if tr.before is not None:
        was = _step4_record(tr.before.table, seat)
        if was is not None and was.left >= 0:
            return None  # priced in an earlier step
    count = sum(1 for c in display_tiles(t, seat) if c)
    if rec.left != era_of(t, seat) - 1 or rec.influence_cost != BUILD_INFLUENCE.get(count, 0):
        return f"step 4 priced at {rec.influence_cost} influence for {count} tiles and " \
            f"{rec.left} builds in Era {era_of(t, seat)}"
    if t.influence[seat] < rec.influence_cost and any(o.id.startswith("build:slot")
                                                      for o in d.options):
        return "a tile offered without the influence to pay for building"
    return None


@rule("Step 4, 1: the influence is paid once, with the first tile built")
def step_4_influence_paid_once(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("build:slot="):
        return None
    rec = tr.before.table.pending[-1]
    paid = [e for e in influence_events(tr, "to build Progress") if e.seat == tr.seat]
    was = tr.before.table.influence[tr.seat]
    want = rec.influence_cost if rec.first else 0
    got = was - paid[0].data["influence"] if paid else 0
    return None if got == want else f"{oid}: paid {got} influence, owed {want}"


@rule("Step 4, 2: you can only build a number of tiles up to your Milestone's era minus 1")
def step_4_at_most_era_minus_one(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("build:hex="):
        return None
    left = tr.before.table.pending[-1].left
    later = [s for s in pending_of(tr.after.table, steps.S_BUILD, tr.seat)
             if not s.first and s.left >= left]
    return f"a build with {left} left allows {later[0].left} more" if later else None


@rule("Step 4, 3a-b: on a hex with no tile; exhaust 1 specialist (a Wealth tile 2), +1 per "
      "adjacent tile, -1 per invention of the tile's type, less the hex's discount")
def step_4_3_placement_cost(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("build:hex="):
        return None
    b, t, seat = tr.before.table, tr.after.table, tr.seat
    h = HEX[oid.split("=")[1]]
    base = seat * NUM_HEXES
    if b.progress_map[base + h]:
        return f"{oid}: the hex already holds a tile"
    code = t.progress_map[base + h]
    kind = tile_kind(code)
    cost = 2 if kind == 3 else 1
    cost += sum(1 for j in catalog.HEX_ADJ[h] if b.progress_map[base + j])
    if kind < 3:
        cost -= sum(1 for i in inventions(b, seat) if catalog.IDEA_TYPE[i] == kind)
    cost = max(0, cost - DISCOUNT[h])
    built = [e for e in tr.new_events if e.kind == "build"]
    if not built or not built[0].text.endswith(f"for {cost} specialist(s)"):
        return f"{oid}: {built[0].text if built else 'nothing built'}; the cost is {cost}"
    if era_change_began(tr) or any(e.kind == "invent" for e in tr.new_events):
        return None
    owed = [s for s in t.pending if s.kind == steps.S_PAY and s.seat == seat and s.dest == 0]
    left = sum(s.exhaust_economy + s.exhaust_culture + s.exhaust_technology + s.exhaust_any
               for s in owed)
    done = sum(t.exhausted[seat * 3:seat * 3 + 3]) - sum(b.exhausted[seat * 3:seat * 3 + 3])
    if done + left != cost:
        return f"{oid}: {done} exhausted + {left} owed for a cost of {cost}"
    if kind < 3 and any(getattr(s, ("exhaust_economy", "exhaust_culture",
                                    "exhaust_technology")[k]) for s in owed
                        for k in range(3) if k != kind):
        return f"{oid}: specialists of another type owed for a {SIDES[kind]} tile"
    return None
