"""What a player sees when inspecting a component (hover or tap in the browser): its name, era,
type, requirements, costs and effect text, written from the same records and effect vocabulary
the rules run (`components/effects.describe`), so the text and the rules cannot disagree.

Entries are keyed by kind, then by the id the seat views use (`glossary()["ideas"]["wheel"]`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.effects import Effect, describe
from ingenium.games.inventions.components.terms import ACTION_NAMES, SPECIALIST_NAMES
from ingenium.games.inventions.rules.tiles import tile_name, tile_title

Entry = dict[str, Any]
# Final Scoring's tie-breakers, in the order `rules.final_scoring.rank_key` applies them
TIE_BREAKERS = ("most Progress-map tiles", "most inventions", "fewest citizens in supply")


def _entry(name: str, kind: str, *facts: tuple[str, str] | None) -> Entry:
    return {"name": name, "kind": kind, "facts": [list(f) for f in facts if f is not None]}


def _text(effects: Iterable[Effect]) -> str:
    words = [describe(e) for e in effects]
    text = "; ".join(words) if words else "nothing"
    return text[0].upper() + text[1:]


def _ideas() -> dict[str, Entry]:
    out = {}
    for idea in catalog.IDEAS:
        specialist = SPECIALIST_NAMES[idea.type]
        needs = catalog.MILESTONES[catalog.MILESTONE_INDEX[idea.milestone]].name \
            if idea.milestone else None
        exhaust = ", ".join(SPECIALIST_NAMES[s] for s in idea.invent_exhaust)
        side = "idea" if idea.has_idea_side else "invention"
        out[idea.id] = _entry(
            idea.name, f"Era {idea.era} {idea.type.value} {side}",
            ("Era", str(idea.era)), ("Type", f"{idea.type.value.capitalize()} ({specialist}s)"),
            ("To invent", f"{needs} in Common Knowledge") if needs else None,
            ("Inventing exhausts", exhaust) if exhaust else None,
            ("Innovate (idea side)", ACTION_NAMES[idea.innovate_chain])
            if idea.innovate_chain else None,
            ("Chain Action (invention side)", ACTION_NAMES[idea.chain]),
            ("Invented", f"{idea.invent_ip} IP") if idea.invent_ip else None,
            ("Shared", f"{idea.share_ip} IP per presenter citizen") if idea.has_idea_side else None)
    return out


def _milestones() -> dict[str, Entry]:
    return {m.id: _entry(m.name, f"Era {m.era} Milestone (deck {m.deck})",
                         ("Era", str(m.era)), ("Diplomat spaces", str(m.diplomat_spaces)),
                         ("Diplomat Action", _text(m.effects)))
            for m in catalog.MILESTONES}


def _tiles() -> dict[str, Entry]:
    out = {}
    for n, tile in enumerate(catalog.PROGRESS):
        facts: list[tuple[str, str] | None] = [("Type", tile.type.value.capitalize()),
                                               ("Copies", str(tile.copies))]
        if tile.on is not None:
            facts.append(("After", ACTION_NAMES[tile.on]))
        if tile.pair:
            facts.append(("Chains", " or ".join(ACTION_NAMES[a] for a in tile.pair)))
        if tile.effects:
            facts.append(("Effect", _text(tile.effects)))
        out[tile_name(catalog.PROGRESS_BASE + n)] = _entry(tile.name, "Progress tile", *facts)
    for n, wealth in enumerate(catalog.WEALTH):
        out[tile_name(catalog.WEALTH_BASE + n)] = _entry(
            tile_title(catalog.WEALTH_BASE + n), "Wealth tile",
            ("End of game", _text(wealth.effects)))
    for n, side in enumerate(catalog.ASPIRATION_NAMES):
        out[tile_name(catalog.ASP_BASE + n)] = _entry(
            tile_title(catalog.ASP_BASE + n), "Aspiration tile",
            ("Becomes", "any Progress tile" if side == "wild" else f"a {side} Progress tile"))
    return out


def _goals() -> dict[str, Entry]:
    return {g.id: _entry(g.name, f"Private Goal ({g.type.value})",
                         ("End of game", _text(g.effects))) for g in catalog.GOALS}


def _spaces() -> dict[str, Entry]:
    return {s.id: _entry(f"Era {s.era} space {s.slot}", "Era marker space", ("Era", str(s.era)),
                         ("Benefit", _text(s.effects)) if s.effects else None)
            for s in catalog.ERA_SPACES}


@cache
def glossary() -> dict[str, dict[str, Entry]]:
    """Every inspectable component by kind and view id (built once)."""
    return {
        "ideas": _ideas(),
        "milestones": _milestones(),
        "goals": _goals(),
        "tiles": _tiles(),
        "specialist_tiles": {t.id: _entry(
            _text(t.benefit), "Specialist tile",
            ("To present here", f"{t.specialists} specialist(s) of the idea's type"),
            ("Benefit", _text(t.benefit))) for t in catalog.SPECIALIST_TILES},
        "knowledge_tiles": {k.id: _entry(
            f"Knowledge: {_text(k.chain)}", "Knowledge tile",
            ("Chain Action side", _text(k.chain)), ("Other side", _text(k.back)))
            for k in catalog.KNOWLEDGE_TILES},
        "hexes": {h.id: _entry(h.name.capitalize(), "Progress-map hex",
                               ("Benefit when built on", _text(h.effects)),
                               ("Economy token", "yes") if h.economy_token else None)
                  for h in catalog.HEXES},
        "tokens": {k.id: _entry(f"{k.name} token", "Influence token",
                                ("To place", f"{k.citizens} citizen(s)"),
                                ("Chain Action", _text(k.chain)))
                   for k in catalog.INFLUENCE_TOKENS},
        "actions": {a.value: _entry(ACTION_NAMES[a], "Action") for a in catalog.ACTIONS},
        "era_spaces": _spaces(),
        "rules": {"tie_breakers": _entry(
            "Ties", "Final Scoring", *((str(n), text) for n, text in enumerate(TIE_BREAKERS, 1)))},
    }
