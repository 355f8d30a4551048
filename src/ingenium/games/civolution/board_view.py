"""The table described for a drawn board (the browser's): named, grouped, public facts only.

`views.view_table` keeps the flat lists the rules use; a board needs what those ints mean: each
territory's outline from the layout, the names of modules, chips, cards and sites, and the texts
a tooltip shows. Everything here is public (the viewer's own hand and the cards it is looking at
excepted, which only that seat is given), so this adds no information a view lacked: it only names
it. Static parts (outlines, texts) are computed once per layout or per component.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from ingenium.games.civolution import board
from ingenium.games.civolution.board import ENC_OF, FIRE_SP, LAYOUTS_KEPT, TILE_LETTERS, C, K
from ingenium.games.civolution.components.continent import COLS, ROWS, SUB, cells, territory_grid
from ingenium.games.civolution.components.effect_text import (
    describe_ability,
    describe_event,
    describe_requirement,
)
from ingenium.games.civolution.components.icons import DECK_LETTER, Category, Track, title
from ingenium.games.civolution.components.records import Placement
from ingenium.games.civolution.names import (
    ATTRIBUTES,
    attribute_name,
    attribute_text,
    goal_text,
    income_text,
    recess_touching,
    territory_name,
)
from ingenium.games.civolution.rules.interpreter import describe_all
from ingenium.games.civolution.rules.research import hand_of, stack_size
from ingenium.games.civolution.steps import Activation, RerollReset
from ingenium.games.civolution.table import (
    BLOCKED,
    COL_ATTRIBUTE,
    COL_EMPTY,
    COL_GOAL,
    COVERED,
    FREE,
    ITEM_ATTRIBUTE,
    ITEM_CARD,
    ITEM_GOAL,
    ITEM_INCOME,
    CivTable,
    boat_index,
    column_types,
    dice_spaces,
    features,
    goal_spaces,
    levels,
    on_place,
    planned,
    reset_columns,
    settlements_built,
    stage_tiles,
    stored,
    tracks,
)

Layout = tuple[tuple[int, int, int, int], ...]
START_CHIPS = tuple(sorted(K.starting_chip_cards.values(), key=lambda s: s.number))
CATEGORIES = tuple(K.categories[c] for c in Category)
PHASE_NAMES = {p.number: p.name for p in K.phases}
FEATURE_NAMES = tuple((title(f), f.value) for f in board.FEATURES)
STORAGE = tuple((title(m), m.value, board.LAND_TERRAINS[board.MATERIAL_TERRAIN[i]].value,
                 board.MATERIAL_ROW[i]) for i, m in enumerate(C.materials))
MATERIAL_NAMES = tuple(title(m) for m in C.materials)
TRACK_FACTS = tuple((title(tr), tr.value, K.tracks[tr].top,
                     [b.at for b in K.tracks[tr].bonuses]) for tr in Track)
SETTLEMENTS = tuple((s.number, ", ".join(title(x) for x in s.cost), s.diamonds)
                    for s in K.settlements)
EXTRA_PHASES = {9: "Final scoring", 10: "Game over"}


def _outline(cells: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The corner points of a simply connected union of unit squares, clockwise."""
    edges: dict[tuple[int, int], tuple[int, int]] = {}
    for x, y in cells:
        sides = (((x, y), (x + 1, y), (x, y - 1)), ((x + 1, y), (x + 1, y + 1), (x + 1, y)),
                 ((x + 1, y + 1), (x, y + 1), (x, y + 1)), ((x, y + 1), (x, y), (x - 1, y)))
        for start, end, beyond in sides:
            if beyond not in cells:
                edges[start] = end
    start = min(edges)
    points, at = [start], edges[start]
    while at != start:
        points.append(at)
        at = edges[at]
    corners = [p for i, p in enumerate(points)  # drop the points in the middle of a side
               if not (points[i - 1][0] == p[0] == points[(i + 1) % len(points)][0]
                       or points[i - 1][1] == p[1] == points[(i + 1) % len(points)][1])]
    return corners


def _on_border(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> tuple[float, float]:
    """Where a site recess on the border of two territories is drawn: towards the left end of
    a horizontal border (the territories' names lie in its middle), the middle of another."""
    mids = [(x + 0.5 + dx / 2, y + 0.5 + dy / 2) for x, y in a
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)) if (x + dx, y + dy) in b]
    if len({my for _, my in mids}) == 1:
        return min(mx for mx, _ in mids) - 0.5 + 0.35, mids[0][1]
    return sum(mx for mx, _ in mids) / len(mids), sum(my for _, my in mids) / len(mids)


@lru_cache(maxsize=LAYOUTS_KEPT)
def continent_shape(layout: Layout) -> dict[str, Any]:
    """Outlines (in sub-cells of the 15 x 9 frame), centres, tiles and recess spots."""
    placements = [Placement(TILE_LETTERS[tile], col, row, rot) for tile, col, row, rot in layout]
    grid = territory_grid(C.tiles, placements)
    spots: dict[str, set[tuple[int, int]]] = {}
    for spot, terr in grid.items():
        spots.setdefault(terr, set()).add(spot)
    geo = board.geometry(layout)
    territories = []
    for i, rec in enumerate(C.territories):
        mine = spots[rec.id]
        cx = sum(x for x, _ in mine) / len(mine) + 0.5
        cy = sum(y for _, y in mine) / len(mine) + 0.5
        territories.append({
            "id": rec.id, "name": territory_name(i), "terrain": rec.terrain.value,
            "island": rec.building_ground,
            "encampments": [{"id": C.encampments[e].id, "fire_sp": FIRE_SP[e]} for e in ENC_OF[i]],
            "points": [list(p) for p in _outline(mine)], "center": [round(cx, 2), round(cy, 2)],
            "adjacent": sorted(geo.adjacent[i])})
    recesses = []
    for r, hollow in enumerate(board.RECESSES):
        touching = [C.territories[n].id for n in board.RECESS_TERRITORIES[r]]
        if len(touching) > 1:
            x, y = _on_border(spots[touching[0]], spots[touching[1]])
        else:  # inside one territory: in its top right corner, clear of its name
            mine = spots[touching[0]]
            x = max(c[0] for c in mine) + 1 - 0.3
            y = min(c[1] for c in mine) + 0.3
        recesses.append({"id": hollow.id, "at": [round(x, 2), round(y, 2)],
                         "touches": [territory_name(C.territory_index[n]) for n in touching]})
    tiles = []
    for p in placements:
        covered = cells(C.tiles[p.tile], p)
        tiles.append({"tile": p.tile.upper(), "col": p.col, "row": p.row,
                      "w": 1 + max(c for c, _ in covered) - p.col,
                      "h": 1 + max(r for _, r in covered) - p.row})
    return {"width": COLS * SUB, "height": ROWS * SUB, "sub": SUB, "tiles": tiles,
            "territories": territories, "recesses": recesses}




def _encampments(t: CivTable, terr: int) -> list[list[Any]]:
    """[seat or None, upright, blocked] per encampment (their names and fire SP: the shape)."""
    camps: list[list[Any]] = []
    for e in ENC_OF[terr]:
        seat = t.enc_seat[e]
        held = seat not in (FREE, BLOCKED)
        camps.append([seat if held else None, bool(t.enc_strong[e]) if held else None,
                      seat == BLOCKED])
    return camps


def continent(t: CivTable) -> dict[str, Any]:
    """The continent now: per territory its tribes, materials, farm; sites; boats; buildings."""
    seats = range(t.players)
    land = []
    for terr, rec in enumerate(C.territories):
        tile = t.material_tile[terr]
        land.append({
            "encampments": _encampments(t, terr),
            "wild": [[t.wild_strong[on_place(terr, s)], t.wild_weak[on_place(terr, s)]]
                     for s in seats],
            "raw": [t.raw[on_place(terr, s)] for s in seats],
            "developed": bool(t.developed[terr]),
            "material": MATERIAL_NAMES[tile] if tile >= 0 else None,
            "material_hidden": tile < 0 and rec.land,
            "hunted": bool(t.hunted[terr]), "farm": t.farm[terr] if t.farm[terr] >= 0 else None})
    sites = []
    for site in t.recess_site:
        found = C.sites[site] if site >= 0 else None
        sites.append(None if found is None else {
            "id": found.id, "name": found.name, "type": title(found.type), "sp": found.sp})
    boats = [{"seat": s, "boat": b + 1, "at": territory_name(t.boat_at[boat_index(s, b)]),
              "territory": C.territories[t.boat_at[boat_index(s, b)]].id,
              "strong": t.boat_strong[boat_index(s, b)], "weak": t.boat_weak[boat_index(s, b)]}
             for s in seats for b in (0, 1) if t.boat_at[boat_index(s, b)] >= 0]
    grounds = []
    for g in range(board.GROUNDS):
        statues = [t.statues[on_place(g, s)] for s in seats]
        settled = [t.settled[on_place(g, s)] for s in seats]
        if any(statues) or any(settled):
            where = ("the island" if g == 0
                     else f"the Building ground touching {recess_touching(g - 1)}")
            grounds.append({"ground": g, "where": where, "statues": statues,
                            "settlements": settled})
    return {"shape": continent_shape(tuple(t.layout)), "territories": land, "sites": sites,
            "boats": boats, "grounds": grounds,
            "transit": [territory_name(x) if x >= 0 else None for x in t.transit[:t.players]]}


@cache
def card_info(card: int) -> dict[str, Any]:
    """A research card's printed content."""
    rec = C.cards[card]
    costs = [None if c is None else describe_requirement(c.need) + (
        f" or {describe_requirement(c.alt)}" if c.alt else "") + (
        f" ({c.sp} SP)" if c.sp else "") for c in rec.costs]
    return {"id": rec.id, "name": rec.name, "deck": rec.deck.value,
            "letter": DECK_LETTER[rec.deck], "costs": costs,
            "bonus": describe_all(rec.bonus), "special": describe_all(rec.special),
            "ability": describe_ability(rec.ability) if rec.ability else ""}


@cache
def goal_info(chip: int) -> dict[str, Any]:
    """A goal chip: what it requires."""
    text = goal_text(chip)
    return {"id": C.goal_chips[chip].id, "name": f"Goal: {text}", "text": text}


@cache
def income_info(chip: int) -> dict[str, Any]:
    """An income chip: its action."""
    text = income_text(chip)
    return {"id": C.income_chips[chip].id, "name": f"Income: {text}", "text": text}


@cache
def attribute_info(chip: int) -> dict[str, Any]:
    """An attribute chip: its feature cost and ability."""
    return {"id": ATTRIBUTES[chip].id, "name": attribute_name(chip),
            "text": attribute_text(chip)}


def _item(kind: int, item: int) -> dict[str, Any]:
    if kind == ITEM_CARD:
        return {"kind": "card", **card_info(item)}
    if kind == ITEM_GOAL:
        return {"kind": "goal", **goal_info(item)}
    if kind == ITEM_INCOME:
        return {"kind": "income", **income_info(item)}
    if kind == ITEM_ATTRIBUTE:
        return {"kind": "attribute", **attribute_info(item)}
    text = describe_all(START_CHIPS[item].income)
    return {"kind": "start", "id": START_CHIPS[item].id, "name": f"Starting chip card: {text}",
            "text": text}


def _column_name(code: int) -> str:
    if code == COL_EMPTY:
        return ""
    if code == COL_GOAL:
        return "goal chips"
    if code == COL_ATTRIBUTE:
        return "attribute chips"
    return f"{board.DECKS[code].value} cards"


@cache
def fixed() -> dict[str, Any]:
    """What every console prints alike (names, die values, texts of each level, storage,
    tracks, settlements): one shared object, so a view does not repeat it per civilization."""
    return {
        "modules": [{"id": rec.id, "name": rec.name, "kind": rec.kind.value,
                     "dice": list(rec.dice) if rec.dice else None,
                     "texts": [describe_all(level) or "no action" for level in rec.levels]}
                    for rec in C.modules],
        "features": [{"name": name, "id": fid} for name, fid in FEATURE_NAMES],
        "storage": [{"name": name, "id": mid, "terrain": terrain, "row": row}
                    for name, mid, terrain, row in STORAGE],
        "tracks": [{"name": name, "id": tid, "top": top, "bonuses": list(bonuses)}
                   for name, tid, top, bonuses in TRACK_FACTS],
        "settlements": [{"number": number, "cost": cost, "diamonds": diamonds}
                        for number, cost, diamonds in SETTLEMENTS],
        "favor_top": len(K.favor) - 1}


def console(t: CivTable, seat: int) -> dict[str, Any]:
    """One civilization's console now (its printed parts are in `fixed()`, in the same order)."""
    partition = [{"installed": n, "column": col + 1, "stage": stage, **_item(kind, item)}
                 for n, (s, col, stage, kind, item) in enumerate(t.installed) if s == seat]
    goals = [goal_info(c) if c >= 0 else None for c in goal_spaces(t, seat)]
    return {
        "levels": levels(t, seat),
        "dice": dice_spaces(t, seat), "planning": planned(t, seat),
        "used_dice": t.used_dice[seat], "fate_dice": t.fate[seat],
        "ideas": t.ideas[seat], "focus": t.focus[seat], "food": t.food[seat],
        "money": t.money[seat], "supply": t.supply[seat], "tribes": t.tribes[seat],
        "features": features(t, seat),
        "storage": stored(t, seat),
        "tracks": tracks(t, seat), "favor": t.favor[seat],
        "score": t.score[seat], "hundreds": t.hundreds[seat],
        "columns": [_column_name(c) for c in column_types(t, seat)],
        "partition": partition, "goal_area": goals,
        "reset_markers": reset_columns(t, seat),
        "stage_tiles": [bool(x) for x in stage_tiles(t, seat)],
        "settlements": [bool(x) for x in settlements_built(t, seat)],
        "farms_left": t.farms_left[seat], "monolith": t.starting == seat}


STAGES = [{"number": st.number, "columns": st.columns, "sp": st.sp,
           "completion": describe_all(st.completion)} for st in K.stages]
WEATHER = tuple({"name": w.name, "text": describe_all(w.effects), "index": i,
                 "positive": w.positive} for i, w in enumerate(K.weather))
WEATHER_NAMES = [w.name for w in K.weather]
PHASES = [PHASE_NAMES[n] for n in sorted(PHASE_NAMES)]


def displays(t: CivTable) -> dict[str, Any]:
    """The sequence and progress boards: phase, weather, event, era tiles, chip displays."""
    event = C.events[t.event_up] if t.event_up >= 0 else None
    setup = K.player_counts[t.players]
    return {
        "era": t.era, "phase": t.phase,
        "phase_name": PHASE_NAMES.get(t.phase) or EXTRA_PHASES.get(t.phase, ""),
        "phases": PHASES,
        "weather": WEATHER[t.weather],
        "weather_spaces": WEATHER_NAMES,
        "event": None if event is None else {"id": event.id, "name": event.name,
                                             "text": describe_event(event)},
        "reset": {"at": t.reset_space, "spaces": setup.reset_spaces,
                  "end_triggered": bool(t.end_triggered)},
        "era_tiles": [CATEGORIES[c].name if c >= 0 else None for c in t.era_tiles],
        "final_tiles": [CATEGORIES[c].name for c in t.final_tiles],
        "goal_display": [goal_info(c) if c >= 0 else "covered" if c == COVERED else None
                         for c in t.goal_display],
        "income_display": [income_info(c) if c >= 0 else None for c in t.income_display],
        "attribute_display": [attribute_info(c) if c >= 0 else None
                              for c in t.attribute_display],
        "stages": STAGES,
        "activation_dice": t.activation_display, "fate_dice": t.fate_display,
        "hunting_tokens": t.hunting_supply, "hundred_tokens": t.hundred_supply}


def research(t: CivTable, seat: int | None) -> dict[str, Any]:
    """The research display (stack sizes, face-up cards) and the viewer's own secret cards."""

    face_up = [card_info(c) for c in t.face_up]
    mine = [] if seat is None else [card_info(c) for c in hand_of(t, seat)]
    looking = [] if seat is None else [card_info(held.card) for held in t.looking
                                       if held.seat == seat]
    return {"stacks": [{"deck": d.value, "letter": DECK_LETTER[d], "left": stack_size(t, i)}
                       for i, d in enumerate(board.DECKS)],
            "face_up": face_up, "hand": mine, "looking": looking,
            "hand_sizes": [len(hand_of(t, s)) for s in range(t.players)]}


def asking(t: CivTable) -> dict[str, Any]:
    """Where the pending question is on the table, when its options do not say: the dice
    space Reset B asks about, the module whose dice are being chosen."""
    if not t.pending:
        return {}
    step = t.pending[-1]
    if isinstance(step, RerollReset):
        return {"seat": step.seat, "dice_space": step.space + 1}
    if isinstance(step, Activation):
        return {"seat": step.seat, "module": C.modules[step.module].id}
    return {}


def describe(t: CivTable, seat: int | None) -> dict[str, Any]:
    """Everything a drawn board shows, for `seat` (None: a spectator)."""
    return {"continent": continent(t), "displays": displays(t), "research": research(t, seat),
            "fixed": fixed(), "consoles": [console(t, s) for s in range(t.players)],
            "asking": asking(t)}
