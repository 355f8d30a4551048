"""Civolution in the terminal, as a player of the physical game reads the table: the sequence
and progress boards (era, phase, weather, scoring tiles, the chip displays), the research display,
the continent with its tribes, and each console (dice, markers, tracks, modules and their levels,
the stage partition, the goal area), then the viewer's own hand. Names, never internal ids."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table

from ingenium.games.civolution.board import ENC_OF, MODULES, TERRITORIES, C, K
from ingenium.games.civolution.components.effect_text import describe_ability
from ingenium.games.civolution.components.icons import Feature
from ingenium.games.civolution.names import goal_chip_name, income_chip_name
from ingenium.games.civolution.table import (
    COL_ATTRIBUTE,
    COL_GOAL,
    ITEM_ATTRIBUTE,
    ITEM_CARD,
    ITEM_GOAL,
    ITEM_INCOME,
    ITEM_START_CHIP,
)
from ingenium.render.civolution_solo import vici_area, vici_block
from ingenium.seatnames import seat_label

PHASES = ("", "New cards", "New goals", "Extra find", "Action phase", "Site phase",
          "Feeding phase", "Event phase", "Income phase", "Final scoring", "Game over")
CATEGORIES = tuple(rec.name for rec in K.categories.values())
TRACKS = CATEGORIES[:5]
FEATURES = tuple(f.value.capitalize() for f in Feature)
ATTRIBUTES = tuple(K.attribute_chips.values())
CARD_NAMES = {card.id: card.name for card in C.cards}
LEVELS = ("", "I", "II", "III")
DECK_NAMES = ("Inventions", "Mutations", "Insights", "Buildings", "Achievements")
MARKS = "ABCD"  # a seat's tribes on the continent: A = Player 1 ...


def _player(seat: int, table: dict[str, Any]) -> str:
    """A seat as the table names it; in a solo game seat 1's pieces are V.I.C.I's."""
    if seat == 1 and "vici" in table:
        return f"{table['vici']['name']} ({MARKS[seat]})"
    return f"{seat_label(seat)} ({MARKS[seat]})"


def _goal_chip(chip: int) -> str:
    return goal_chip_name(chip).replace("goal chip (", "goal: (")


def _income_chip(chip: int) -> str:
    return income_chip_name(chip).replace("income chip (", "income: (")


def _attribute_chip(chip: int) -> str:
    rec = ATTRIBUTES[chip]
    return f"attribute ({rec.amount} {rec.feature.value}: {describe_ability(rec.ability)})"


def _display(slots: list[int], name: Any) -> str:
    return " | ".join("covered" if c == -2 else "empty" if c < 0 else name(c) for c in slots)


def _boards(table: dict[str, Any]) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    phase = PHASES[table["phase"]]
    grid.add_row("Era", f"{table['era']} of 4 — {phase}; starting monolith: "
                 f"{_player(table['starting'], table)}")
    if table["phase"] == 4:
        grid.add_row("Turn", f"{_player(table['current'], table)}; phase indicator on reset space "
                     f"{table['reset_space'] + 1}" + (" (end triggered)"
                                                      if table["end_triggered"] else ""))
    grid.add_row("Weather", K.weather[table["weather"]].name)
    if table["event_up"] >= 0:
        event = C.events[table["event_up"]]
        grid.add_row("Event", f"{event.name} ({table['events_left']} more to come)")
    era = [f"era {i + 1}: {CATEGORIES[c]} ({K.era_scoring.points[i]} per unit)"
           for i, c in enumerate(table["era_tiles"]) if c >= 0]
    grid.add_row("Era scoring", ", ".join(era) or "done")
    grid.add_row("Final tiles", ", ".join(CATEGORIES[c] for c in table["final_tiles"]) +
                 " (score their tile's points)")
    grid.add_row("Goal chips", _display(table["goal_display"], _goal_chip))
    grid.add_row("Income chips", _display(table["income_display"], _income_chip))
    grid.add_row("Attribute chips", _display(table["attribute_display"], _attribute_chip))
    grid.add_row("Displays", f"{table['activation_display']} activation dice, "
                 f"{table['fate_display']} fate dice, {table['hunting_supply']} hunting "
                 f"tokens, {table['hundred_supply']} 100-point tokens")
    return grid


def _research(table: dict[str, Any]) -> Table:
    research = Table(title="Research display", expand=True)
    research.add_column("Stack")
    research.add_column("Cards left")
    research.add_column("Face up (top last)")
    face_up = [C.cards[c] for c in table["face_up"]]
    for deck, name in enumerate(DECK_NAMES):
        shown = [card.name for card in face_up if card.deck.value == name.lower()[:-1]]
        research.add_row(name, str(table["stacks"][deck]), ", ".join(shown))
    return research


def _continent(table: dict[str, Any]) -> Table:
    who = "A: Player 1, B: V.I.C.I" if "vici" in table else "A-D: Player 1-4"
    grid = Table(title=f"Continent ({who}; upper case upright, lower case lying; "
                 "# blocked, · free)", expand=True)
    grid.add_column("Territory (tile, place)")
    grid.add_column("Encampments / wilderness / boats")
    grid.add_column("Material, farm")
    boats: dict[int, list[int]] = {}
    for i, terr in enumerate(table["boat_at"]):
        if terr >= 0:
            boats.setdefault(terr, []).append(i)
    for terr in range(TERRITORIES):
        rec = C.territories[terr]
        camps = []
        for e in ENC_OF[terr]:
            seat = table["enc_seat"][e]
            if seat == -2:
                camps.append("#")
            elif seat == -1:
                camps.append("·")
            else:
                camps.append(MARKS[seat] if table["enc_strong"][e] else MARKS[seat].lower())
        wild = "".join(MARKS[s] * table["wild_strong"][terr * 4 + s] +
                       MARKS[s].lower() * table["wild_weak"][terr * 4 + s] for s in range(4))
        where = " ".join(camps) + (f"  wilderness {wild}" if wild else "")
        for i in boats.get(terr, []):
            seat = i // 2
            aboard = (MARKS[seat] * table["boat_strong"][i] +
                      MARKS[seat].lower() * table["boat_weak"][i])
            where += f"  boat of {_player(seat, table)}: {aboard or 'empty'}"
        tile = table["material_tile"][terr]
        about = []
        if rec.land:
            about.append(C.materials[tile].value if tile >= 0 else "face down")
        farm = table["farm"][terr]
        if farm >= 0:
            about.append(f"farm of {_player(farm, table)}")
        if table["hunted"][terr]:
            about.append("hunted")
        if table["developed"][terr] and rec.land:
            about.append("developed")
        grid.add_row(f"{rec.terrain.value.capitalize()} ({rec.tile.upper()}{rec.position})",
                     where, ", ".join(about))
    sites = [f"{C.sites[s].name}" for s in table["recess_site"] if s >= 0]
    if sites:
        grid.caption = "Revealed sites: " + ", ".join(sites)
    return grid


def _partition(table: dict[str, Any], seat: int) -> str:
    """The stage partition column by column: what each column holds, stage by stage."""
    columns: dict[int, list[str]] = {}
    for owner, column, stage, kind, item in table["installed"]:
        if owner != seat:
            continue
        if kind == ITEM_CARD:
            name = C.cards[item].name
        elif kind == ITEM_GOAL:
            name = _goal_chip(item)
        elif kind == ITEM_INCOME:
            name = _income_chip(item)
        elif kind == ITEM_ATTRIBUTE:
            name = _attribute_chip(item)
        else:
            name = "starting chip" if kind == ITEM_START_CHIP else "?"
        columns.setdefault(column, []).append(f"stage {stage}: {name}")
    lines = []
    for column in sorted(columns):
        kind = table["column_type"][seat * 9 + column]
        what = (DECK_NAMES[kind] if 0 <= kind < COL_GOAL else "goal chips" if kind == COL_GOAL
                else "attribute chips" if kind == COL_ATTRIBUTE else "")
        lines.append(f"column {column + 1}" + (f" ({what})" if what else "") + ": "
                     + "; ".join(columns[column]))
    return "\n".join(lines) or "empty"


def _console(table: dict[str, Any], view: dict[str, Any], seat: int) -> Table:
    at6 = slice(seat * 6, seat * 6 + 6)
    title = f"{_player(seat, table)} — {view['scores'][seat]} success points"
    box = Table(title=title, show_header=False, expand=True)
    box.add_column(style="bold", no_wrap=True)
    box.add_column()
    dice = ", ".join(f"{n}×{v + 1}" for v, n in enumerate(table["dice"][at6]) if n)
    planning = ", ".join(f"on {v + 1}" for v, n in enumerate(table["planning"][at6])
                         for _ in range(n))
    box.add_row("Dice", (dice or "none") + f"; {table['used_dice'][seat]} below the console; "
                f"{table['fate'][seat]} fate dice" + (f"; planning markers {planning}"
                                                      if planning else ""))
    box.add_row("Markers", f"{table['ideas'][seat]} ideas, {table['food'][seat]} food, "
                f"{table['money'][seat]} money, {table['focus'][seat]} focus; "
                f"{table['supply'][seat]} in supply; {table['tribes'][seat]} tribes in supply")
    box.add_row("Features", ", ".join(f"{FEATURES[f]} {n}" for f, n in
                                      enumerate(table["feature"][at6]) if n) or "none")
    stored = [f"{C.materials[m].value} ×{n}" if n > 1 else C.materials[m].value
              for m, n in enumerate(table["storage"][seat * 18:seat * 18 + 18]) if n]
    box.add_row("Storage", ", ".join(stored) or "empty")
    box.add_row("Tracks", ", ".join(f"{TRACKS[i]} {table['track'][seat * 5 + i]}"
                                    for i in range(5)) + f"; Favor of Agera {table['favor'][seat]}")
    upgraded = [f"{C.modules[m].name} {LEVELS[lv]}" for m in range(MODULES)
                if (lv := table["level"][seat * MODULES + m]) > 1]
    box.add_row("Modules", ("upgraded: " + ", ".join(upgraded)) if upgraded
                else "all on level I")
    goals = [_goal_chip(c) for c in table["goal_area"][seat * 3:seat * 3 + 3] if c >= 0]
    box.add_row("Goal area", "; ".join(goals) or "empty")
    box.add_row("Stage partition", _partition(table, seat))
    box.add_row("Research cards", f"{table['hand_sizes'][seat]} in hand")
    return box


def render_civolution(view: dict[str, Any]) -> RenderableType:
    """The boards, the research display, the continent, each console, the viewer's hand."""
    table = view["table"]
    parts: list[RenderableType] = [_boards(table), _research(table), _continent(table)]
    # the consoles of the seats that play (Solo Mode: V.I.C.I, seat 1 of the table, has none;
    # its play area is drawn instead)
    parts += [_console(table, view, seat) for seat in range(view["players"])]
    vici = vici_block(view)
    if vici is not None:
        parts.append(vici_area(vici))
    if table["hand"]:
        hand = Table.grid()
        hand.add_row("Your research cards: " + ", ".join(CARD_NAMES.get(c, c)
                                                          for c in table["hand"]))
        parts.append(hand)
    return Group(*parts)
