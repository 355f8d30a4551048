"""Inventions' decisions in the terminal: options that say what they do, and a small Progress map.

An option reads as its label plus what it brings: a Progress tile's effect, the idea lying in the
region of an Invent, Innovate or Share, the idea a refill would take, a Milestone's effect, a
hex's benefit (with the hexes drawn on a small map, numbered like the options)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ingenium.engine import Decision
from ingenium.games.inventions.components import components
from ingenium.games.inventions.components.effects import describe
from ingenium.render.inventions_names import (
    hex_effect,
    hex_name,
    name,
    progress_effect,
    wealth_effect,
)

MAP_RADIUS = 2
CELL = 6  # characters per hex on the small map
REFILL_SLOTS = {"1": 0, "2": 1, "3": 2}
REGION_ACTIONS = ("invent:region", "innovate:region", "share:region", "present:region")


def inventions_status(view: dict[str, Any]) -> str:
    """Era, round and every society's IP and influence."""
    table, seat = view["table"], view["seat"]
    societies = " · ".join(
        f"P{p['seat'] + 1}{' (you)' if p['seat'] == seat else ''} {p['ip']}/{p['influence']}"
        for p in table["players"])
    return f"Era {table['era']} round {table['round']} · IP/influence: {societies}"


def tile_label(value: str) -> str:
    """A tile lying on a board: 'economy_3' is Economy tile 3; Wealth and Aspiration tiles
    already read as names."""
    base, flipped, _ = value.partition(" (flipped)")
    return name("progress", base) + (" (flipped)" if flipped else "")


def _milestone_effect(key: str) -> str:
    record = components().milestones.get(key)
    return "; ".join(describe(e) for e in record.effects) if record else ""


def _with(label: str, extra: str) -> str:
    return f"{label}: {extra}" if extra else label


def _describe(view: dict[str, Any], seat: int, option_id: str, label: str) -> str:
    """One option's sentence."""
    table = view["table"]
    me = table["players"][seat]
    field, _, value = option_id.partition("=")
    if field == "progress:tile":
        return f"Take {name('progress', value)}: {progress_effect(value)}"
    if field in REGION_ACTIONS and value.isdigit():
        region = table["regions"][int(value) - 1]
        if region["card"] and field != "present:region":
            return _with(label, name("idea", region["card"]))
        tile = name("specialist", region["specialist_tile"]).lower()
        return f"{label} (specialist tile: {tile})"
    if field == "build:slot" and value.isdigit() and int(value) <= len(me["tiles"]):
        tile = me["tiles"][int(value) - 1]
        if tile and tile in components().progress_tiles:
            return f"Build {tile_label(tile)}: {progress_effect(tile)}"
        if tile and tile.startswith("Wealth "):
            return f"Build {tile}: {wealth_effect(tile)} at the end"
        return _with(label, tile_label(tile) if tile else "")
    if field == "build:hex":
        return f"{hex_name(value)}: {hex_effect(value) or 'no benefit'}"
    if option_id.startswith("refill:slot") and value in REFILL_SLOTS:
        display = table["idea_display"]
        slot = REFILL_SLOTS[value]
        return _with(label, name("idea", display[slot]) if slot < len(display) else "")
    if option_id == "refill:stack" and table.get("idea_stack_top"):
        return _with(label, name("idea", table["idea_stack_top"]))
    if field in ("eureka:milestone", "send:milestone"):
        return _with(label, _milestone_effect(value))
    if field == "era:space":
        record = components().era_marker_spaces.get(value)
        return _with(label, "; ".join(describe(e) for e in record.effects) if record else "")
    return label


def describe_inventions_options(view: dict[str, Any], decision: Decision) -> list[str]:
    """Every option of the decision as a sentence."""
    return [_describe(view, decision.seat, o.id, o.label) for o in decision.options]


def _short(value: str) -> str:
    """Three characters for a tile on the small map: Ec3, Cu2, Te1, W-C, Asp."""
    base = value.partition(" (flipped)")[0]
    if base.startswith("Wealth "):
        return "W-" + base[-1]
    kind, _, number = base.partition("_")
    if number.isdigit():
        return kind[:2].capitalize() + number
    return "Asp"


def progress_map(player: dict[str, Any], numbers: dict[str, int]) -> Text:
    """The seat's Progress map (axial hexes, radius 2): built tiles, Economy tokens still on
    their hex ($), and the hexes offered now by their option number."""
    drawing = Text()
    for r in range(-MAP_RADIUS, MAP_RADIUS + 1):
        drawing.append(" " * (abs(r) * CELL // 2))
        for q in range(max(-MAP_RADIUS, -MAP_RADIUS - r), min(MAP_RADIUS, MAP_RADIUS - r) + 1):
            key = f"{q},{r}"
            if key in numbers:
                drawing.append(f"({numbers[key]})".center(CELL), style="bold cyan")
            elif key in player["progress_map"]:
                drawing.append(_short(player["progress_map"][key]).center(CELL), style="green")
            elif key in player["economy_token_hexes"]:
                drawing.append("$".center(CELL), style="yellow")
            else:
                drawing.append("·".center(CELL), style="dim")
        drawing.append("\n")
    drawing.append("(n) option n · $ Economy token · Ec/Cu/Te tiles · W- Wealth · Asp Aspiration",
                   style="dim")
    return drawing


def inventions_drawing(view: dict[str, Any], decision: Decision) -> Text | None:
    """The small Progress map when the decision is where to build."""
    numbers = {o.id.partition("=")[2]: n for n, o in enumerate(decision.options, 1)
               if o.id.startswith("build:hex=")}
    if not numbers:
        return None
    return progress_map(view["table"]["players"][decision.seat], numbers)
