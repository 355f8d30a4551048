"""What describes a finished Legendary Inventors game, per seat, for simulation reports.

Read only from the game's log (`state.events`) and its public table (`state.view(None)`), so
the rules modules can change shape without this one noticing. Groups:
"points" (the four scoring sources, adding up to the score), "actions" (what the seat did),
"inventors" (uses per inventor), "inventions" (cards taken), "tokens" (bonus tokens taken)
"play" (cubes placed, inventions completed, inventor goals met) and "game length" (the same in
every seat's row: ages played, turns taken by all seats).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ingenium.engine import State

Statistics = dict[str, dict[str, float]]
POINT_SOURCES = ("cards", "ribbons", "inventors", "runs")
TOKEN_TAKEN = re.compile(r"takes the (.+) token$")


def _counted(counter: Counter[str]) -> dict[str, float]:
    return {key: float(n) for key, n in sorted(counter.items())}


def _actions(state: State[Any], seat: int) -> dict[str, float]:
    """Inventor uses, refreshes, tokens played, and what was taken from completed inventions."""
    done: Counter[str] = Counter()
    for event in state.events:
        if event.seat != seat:
            continue
        if event.kind == "use":
            done["use an inventor"] += 1
        elif event.kind == "refresh":
            done["refresh (Coffee)" if "Coffee" in event.text else "refresh"] += 1
        elif event.kind == "improve":
            done["play a knowledge token"] += 1
        elif event.kind == "chocolate" and "plays Chocolate" in event.text:
            done["play Chocolate"] += 1
        elif event.kind == "bonus":
            done["take a card" if event.text.endswith(" card") else "take a token"] += 1
    return _counted(done)


def _goals_met(player: dict[str, Any]) -> int:
    """Inventors whose knowledge reaches every level their goal shows."""
    return sum(1 for inv in player["inventors"]
               if all(inv["levels"][ty] >= n for ty, n in inv["goal"].items()))


def seat_statistics(state: State[Any], seat: int, table: dict[str, Any]) -> Statistics:
    """One seat's figures (see the module docstring)."""
    player = table["players"][seat]
    inventors: Counter[str] = Counter()
    tokens: Counter[str] = Counter()
    cubes = completed = 0
    for event in state.events:
        if event.seat != seat:
            continue
        if event.kind == "use":
            inventors[player["inventors"][event.data["inventor"]]["name"]] += 1
            cubes += sum(event.data["cubes"])
        elif event.kind == "chocolate_cube":
            cubes += 1
        elif event.kind == "complete":
            completed += 1
        elif event.kind == "bonus" and (taken := TOKEN_TAKEN.search(event.text)):
            tokens[taken.group(1)] += 1
    return {
        "points": {source: float(player["score"][source]) for source in POINT_SOURCES},
        "actions": _actions(state, seat),
        "inventors": _counted(inventors),
        "inventions": {card: 1.0 for card in player["cards"]},
        "tokens": _counted(tokens),
        "play": {"cubes placed": float(cubes), "inventions completed": float(completed),
                 "inventor goals met": float(_goals_met(player))},
    }


def game_length(state: State[Any]) -> dict[str, float]:
    """The game's own units: ages begun and turns (an inventor used or a refresh) of all seats."""
    kinds = Counter(event.kind for event in state.events)
    return {"ages": float(kinds["age"]), "turns": float(kinds["use"] + kinds["refresh"])}


def statistics(state: State[Any]) -> list[Statistics]:
    """Every seat's figures from the finished game."""
    table = state.view(None)["table"]
    length = game_length(state)
    return [{**seat_statistics(state, seat, table), "game length": length}
            for seat in range(state.players)]
