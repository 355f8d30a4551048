"""Inventions' components by the names their data files give them, for the terminal.

The view carries ids (`stone_bone_tools`, `culture_2`, `era2_1`); people read names ("Stone &
Bone Tools", "Culture tile 2", "Era 2 space 1"). Tiles without a printed name are named by their
effect, written by the same vocabulary the rules run (`components/effects.py`)."""

from __future__ import annotations

from functools import cache

from ingenium.games.inventions.components import catalog, components
from ingenium.games.inventions.components.effects import describe
from ingenium.games.inventions.components.records import ProgressTile
from ingenium.games.inventions.components.terms import Action


def _sentence(texts: list[str]) -> str:
    text = "; ".join(texts)
    return text[:1].upper() + text[1:]


@cache
def _names() -> dict[str, dict[str, str]]:
    """Every id the views use, by kind, with its name."""
    c = components()
    return {
        "idea": {i.id: i.name for i in c.ideas.values()},
        "milestone": {m.id: m.name for m in c.milestones.values()},
        "action": {a.value: spec.name for a, spec in c.actions.items()},
        "goal": {g.id: f"{g.name} ({g.type.value} goal)" for g in c.private_goals.values()},
        "progress": {t.id: f"{t.type.value.capitalize()} tile {t.number}"
                     for t in c.progress_tiles.values()},
        "specialist": {t.id: _sentence([describe(e) for e in t.benefit])
                       for t in c.specialist_tiles.values()},
        "knowledge": {t.id: _sentence([describe(e) for e in t.chain])
                      for t in c.knowledge_tiles.values()},
        "era_space": {s.id: f"Era {s.era} space {s.slot}"
                      for s in c.era_marker_spaces.values()},
        "token": {t.id: t.name for t in c.influence_tokens.values()},
    }


def name(kind: str, key: str | None) -> str:
    """The name of a component of `kind` ('idea', 'milestone', ...); '-' for none."""
    if key is None:
        return "-"
    return _names()[kind].get(key, key.replace("_", " "))


def progress_tile(key: str) -> ProgressTile:
    """The Progress tile record of this id."""
    return components().progress_tiles[key]


def progress_effect(key: str) -> str:
    """What a Progress tile does, in the rules' own words (Key Concepts I: Economy tiles once per
    era, Culture tiles after their action, Technology tiles pair two actions)."""
    tile = progress_tile(key)
    actions = components().actions
    effects = "; ".join(describe(e) for e in tile.effects)
    if tile.on is not None:
        return f"after each {actions[Action(tile.on)].name}, {effects}"
    if tile.pair:
        first, second = (actions[a].name for a in tile.pair)
        return f"after {first} or {second}, chain the other"
    return f"once per era, {effects}"


def wealth_effect(value: str) -> str:
    """What a Wealth tile ('Wealth C') scores at the end."""
    record = components().wealth_tiles.get(value.removeprefix("Wealth "))
    return "; ".join(describe(e) for e in record.effects) if record else ""


def hex_name(key: str) -> str:
    """A Progress-map hex as the board names it ("Outer hex at 12 o'clock"), never its
    axial coordinates; the key itself for a hex the map does not have."""
    found = next((cell.name for cell in catalog.HEXES if cell.id == key), None)
    return found[0].upper() + found[1:] if found else f"Hex {key}"


def hex_effect(key: str) -> str:
    """What building on this Progress-map hex gives."""
    cell = components().progress_map.get(key)
    if cell is None:
        return ""
    return "; ".join(describe(e) for e in cell.effects)
