"""What a player sees when inspecting a Legendary Inventors component in the browser: each
invention card (age, classification, squares needed per type, points) and each inventor
(team, starting knowledge, goal), written from the component records the rules run."""

from __future__ import annotations

from functools import cache
from typing import Any

from ingenium.games.legendary_inventors.components.catalog import C
from ingenium.games.legendary_inventors.components.records import CLASS_NAMES, TYPES

Entry = dict[str, Any]
AGES = ("I", "II", "III")


def _levels(levels: tuple[int, ...], none: str) -> str:
    shown = [f"{TYPES[t]} {n}" for t, n in enumerate(levels) if n]
    return ", ".join(shown) if shown else none


@cache
def glossary() -> dict[str, dict[str, Entry]]:
    """Inventions by slug, inventors by slug, and the tie-breaker (built once)."""
    inventions = {card.slug: {
        "name": card.name, "kind": f"Age {AGES[card.age - 1]} invention",
        "facts": [["Age", AGES[card.age - 1]],
                  ["Classification", f"#{card.classification} {CLASS_NAMES[card.classification]}"],
                  ["Squares to fill", _levels(card.need, "none")],
                  ["Points", f"{card.vp} VP to whoever completes it"]]}
        for card in C.inventions}
    inventors = {inventor.slug: {
        "name": inventor.name, "kind": f"Inventor ({team.name} team)",
        "facts": [["Starts with", _levels(inventor.start, "no knowledge")],
                  ["Goal", _levels(inventor.goal, "none")],
                  ["Goal met", f"{inventor.goal_vp} VP at the end"]]}
        for team in C.teams for inventor in team.inventors}
    return {"inventions": inventions, "inventors": inventors,
            "rules": {"tie_breakers": {"name": "Ties", "kind": "Final scoring",
                                       "facts": [["1", "more invention cards"]]}}}
