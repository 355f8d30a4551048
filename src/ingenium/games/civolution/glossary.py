"""What a player sees when inspecting a component (hover or tap in the browser): its name, kind
and facts (costs, bonuses, abilities, requirements, effects), written from the same records and
effect vocabulary the rules run (`components/effect_text.py`), so the text and the rules cannot
disagree.

Entries are keyed by kind, then by the id the seat views and the log use
(`glossary()["cards"]["C16"]`, `glossary()["goal_chips"]["goal_64"]`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.board_view import card_info
from ingenium.games.civolution.components.effect_text import (
    describe,
    describe_ability,
    describe_event,
)
from ingenium.games.civolution.components.icons import title
from ingenium.games.civolution.components.records import Module
from ingenium.games.civolution.names import ATTRIBUTES, goal_text, income_text

Entry = dict[str, Any]
# Who wins? in the order `game.Civolution.rank_key` applies them
TIE_BREAKERS = ("more module upgrades", "seating order, from the starting civilization")
LEVELS = ("I", "II", "III")


def _entry(name: str, kind: str, *facts: tuple[str, str] | None) -> Entry:
    return {"name": name, "kind": kind, "facts": [list(f) for f in facts if f is not None]}


def _text(effects: Iterable[Any]) -> str:
    words = [describe(e) for e in effects]
    text = "; ".join(words) if words else "nothing"
    return text[0].upper() + text[1:]


def _cards() -> dict[str, Entry]:
    out = {}
    for n, rec in enumerate(C.cards):
        info = card_info(n)
        costs = [f"{i + 1}: {cost}" for i, cost in enumerate(info["costs"]) if cost]
        out[rec.id] = _entry(
            rec.name, f"Research card ({info['letter']}, {title(rec.deck)})",
            ("Costs", "; ".join(costs)) if costs else None,
            ("Instant bonus", info["bonus"]) if rec.bonus else None,
            ("Ability", info["ability"]) if rec.ability else None,
            ("Special bonus (level III)", info["special"]) if rec.special else None)
    return out


def _module(rec: Module) -> Entry:
    dice = f"{rec.dice[0]} and {rec.dice[1]}" if rec.dice else "any two dice"
    levels = [(f"Level {LEVELS[n]}" if len(rec.levels) > 1 else "Action", _text(effects))
              for n, effects in enumerate(rec.levels)]
    return _entry(rec.name, f"{title(rec.kind)} module", ("Dice", dice),
                  ("Feature", title(rec.feature)) if rec.feature else None, *levels)


def _weather(steps: int) -> tuple[str, str] | None:
    if not steps:
        return None
    word = "hotter" if steps > 0 else "colder"
    return "Weather", f"{abs(steps)} step{'s' if abs(steps) > 1 else ''} {word}"


@cache
def glossary() -> dict[str, dict[str, Entry]]:
    """Every inspectable component by kind and view id (built once)."""
    return {
        "cards": _cards(),
        "modules": {rec.id: _module(rec) for rec in C.modules},
        "goal_chips": {rec.id: _entry(f"Goal: {goal_text(n)}", "Goal chip",
                                      ("Requirement", goal_text(n)))
                       for n, rec in enumerate(C.goal_chips)},
        "income_chips": {rec.id: _entry(f"Income: {income_text(n)}", "Income chip",
                                        ("Action", income_text(n)))
                         for n, rec in enumerate(C.income_chips)},
        "attribute_chips": {rec.id: _entry(
            f"{title(rec.feature)} {rec.amount}", "Attribute chip",
            ("Requirement", f"{rec.amount} {rec.feature.value} markers (1 returned)"),
            ("Ability", describe_ability(rec.ability))) for rec in ATTRIBUTES},
        "events": {rec.id: _entry(rec.name, "Event card", ("Event", describe_event(rec)),
                                  _weather(rec.weather))
                   for rec in C.events},
        "sites": {rec.id: _entry(rec.name, f"Site ({title(rec.type)})",
                                 ("Points", f"{rec.sp} SP") if rec.sp else None)
                  for rec in C.sites},
        "starting_marker_cards": {rec.id: _entry(
            f"Starting marker card {rec.number}", "Starting marker card",
            ("Markers", _text(rec.markers))) for rec in K.starting_marker_cards.values()},
        "starting_chip_cards": {rec.id: _entry(
            f"Starting chip card {rec.number}", "Starting chip card",
            ("Module", K.modules[rec.module].name), ("Income chip", _text(rec.income)))
            for rec in K.starting_chip_cards.values()},
        "rules": {"tie_breakers": _entry(
            "Ties", "Who wins?", *((str(n), text) for n, text in enumerate(TIE_BREAKERS, 1)))},
    }
