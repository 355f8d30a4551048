"""What describes a finished Inventions game, per seat, for simulation reports and balance work.

Read from the log (`state.events`) and the public end-of-game table (`state.view(None)`, where
Private Goals are face up), so the rules modules can be reshaped without touching this one.
Only the IP of single Private Goal cards and Wealth tiles needs the game's own scoring: two
names, `catalog.WEALTH` (a Wealth tile's effects by letter) and `scoring` (`goal_points`,
`points`). Groups: "points" (IP by source, adding up to the score), "actions" (main actions),
"all actions" (chained and free ones too), "ideas invented", "tiles built", "goal IP (dealt)",
"Wealth IP (built)", "play" (core-loop counts), "seating" (the first turn-order position),
"game length" (the same in every seat's row: eras and rounds played) and, with 2 players,
"Chronos" (what the automated opponent did and took).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ingenium.engine import State
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import final_scoring as scoring

Statistics = dict[str, dict[str, float]]
IP_REASON = re.compile(r"scores \d+ IP \((.+)\)$")
# What a "benefit" IP was granted by: the latest of these events before it names its context.
BENEFIT_CONTEXT = {"build": "hex", "economy": "Economy tile", "eureka": "era space",
                   "culture": "Culture tile", "diplomat": "diplomat", "recall": "diplomat"}
FINAL_PARTS = ("influence", "wealth", "goals")
WEALTH_TILE = "Wealth "


def _ip_by_source(state: State[Any], seat: int) -> dict[str, float]:
    """Every IP the seat scored, by the reason the log gives; benefits split by context."""
    ip: Counter[str] = Counter()
    context = "other"
    for event in state.events:
        if event.kind == "action":
            context = event.data["action"]
        elif event.kind in BENEFIT_CONTEXT:
            context = BENEFIT_CONTEXT[event.kind]
        if event.seat != seat:
            continue
        if event.kind == "ip":
            found = IP_REASON.search(event.text)
            reason = found.group(1) if found else "other"
            if reason.startswith("presented"):
                reason = "presenting (shares)"
            elif reason == "benefit":
                reason = f"benefit: {context}"
            ip[reason] += event.data["ip"]
        elif event.kind == "final":
            for part in FINAL_PARTS:
                ip[f"final: {part}"] += event.data[part]
    return {key: float(n) for key, n in sorted(ip.items())}


# The end screen's rows, in the rulebook's words: IP scored during the eras by where it came
# from, then Final Scoring 1-3.
SCORE_ROWS = {"inventing": "Inventing ideas",
              "presenting (shares)": "Shares in your presented ideas",
              "Influence space": "Influence track spaces", "Knowledge tiles": "Knowledge tiles",
              "final: influence": "Final scoring 1: Influence track",
              "final: wealth": "Final scoring 2: Wealth tiles",
              "final: goals": "Final scoring 3: 2 Private Goal cards"}
BENEFITS = "Benefits (icons)"


def score_parts(state: State[Any]) -> list[tuple[str, list[int]]]:
    """Every seat's IP by the rulebook's sources; they add up to the score track."""
    rows = [r for r in SCORE_ROWS.values() if not r.startswith("Final")]
    rows += [BENEFITS, "Other", *(r for r in SCORE_ROWS.values() if r.startswith("Final"))]
    points = {row: [0] * state.players for row in rows}
    for seat in range(state.players):
        for source, n in _ip_by_source(state, seat).items():
            row = BENEFITS if source.startswith("benefit") else SCORE_ROWS.get(source, "Other")
            points[row][seat] += int(n)
    return [(row, points[row]) for row in rows if any(points[row]) or row.startswith("Final")]


def _actions(state: State[Any], seat: int) -> tuple[dict[str, float], dict[str, float]]:
    """Main actions, and every action however it was taken."""
    main: Counter[str] = Counter()
    every: Counter[str] = Counter()
    for event in state.events:
        if event.seat == seat and event.kind == "action":
            every[event.data["action"]] += 1
            if event.data.get("how") == "main action":
                main[event.data["action"]] += 1
    return ({k: float(n) for k, n in sorted(main.items())},
            {k: float(n) for k, n in sorted(every.items())})


def _tile_kind(name: str) -> str:
    """'technology_6' -> 'technology'; 'Wealth C' -> 'Wealth'."""
    return "Wealth" if name.startswith(WEALTH_TILE) else name.rsplit("_", 1)[0]


def _card_ip(state: State[Any], seat: int, player: dict[str, Any]) -> tuple[
        dict[str, float], dict[str, float]]:
    """IP of each Private Goal dealt to the seat and of each Wealth tile it built."""
    goals = dict(zip(player["private_goals"] or [],
                     scoring.goal_points(state.table, seat), strict=False))
    letters = [name.removeprefix(WEALTH_TILE).split(" ")[0]
               for name in player["progress_map"].values() if name.startswith(WEALTH_TILE)]
    effects = {w.letter: w.effects for w in catalog.WEALTH}
    wealth: Counter[str] = Counter()
    for letter in letters:
        wealth[letter] += scoring.points(state.table, seat, effects[letter])
    return ({g: float(p) for g, p in sorted(goals.items())},
            {k: float(n) for k, n in sorted(wealth.items())})


def seat_statistics(state: State[Any], seat: int, table: dict[str, Any]) -> Statistics:
    """One seat's figures (see the module docstring)."""
    player = table["players"][seat]
    mine = [e for e in state.events if e.seat == seat]
    kinds = Counter(e.kind for e in mine)
    ideas = Counter(e.data["idea"] for e in mine if e.kind == "invent")
    tiles = Counter(_tile_kind(name.split(" (")[0]) for name in player["progress_map"].values())
    main, every = _actions(state, seat)
    goal_ip, wealth_ip = _card_ip(state, seat, player)
    order = next((e.data["order"] for e in state.events if e.kind == "setup"), [seat])
    return {
        "points": _ip_by_source(state, seat),
        "actions": main,
        "all actions": every,
        "ideas invented": {k: float(n) for k, n in sorted(ideas.items())},
        "tiles built": {k: float(n) for k, n in sorted(tiles.items())},
        "goal IP (dealt)": goal_ip,
        "Wealth IP (built)": wealth_ip,
        "play": {"ideas presented": float(kinds["present"]),
                 "inventions": float(kinds["invent"]), "shares": float(kinds["share"]),
                 "innovations": float(kinds["innovate"]),
                 "Progress-map tiles": float(len(player["progress_map"])),
                 "final influence": float(player["influence"])},
        "seating": {"first turn-order position": float(order.index(seat) + 1)},
        **_chronos(state, table),
    }


def _chronos(state: State[Any], table: dict[str, Any]) -> Statistics:
    """2 players: what Chronos did over the game (the same figures in each seat's row)."""
    opponent = table.get("chronos_opponent")
    if not opponent:
        return {}
    moves = Counter(key for e in state.events if e.kind == "chronos" for key in e.data
                    if key in ("present", "invent", "share", "innovate"))
    tiles = opponent["discarded_tiles"]
    wealth = sum(1 for name in tiles if name.startswith(WEALTH_TILE))
    return {"Chronos": {
        "ideas presented": float(moves["present"]), "inventions": float(moves["invent"]),
        "shares": float(moves["share"]), "innovations": float(moves["innovate"]),
        "Progress tiles discarded": float(len(tiles) - wealth),
        "Wealth tiles discarded": float(wealth),
        "Influence tokens placed": float(len(opponent["influence_token_regions"])),
        "citizens left in supply": float(opponent["supply"])}}


def game_length(state: State[Any]) -> dict[str, float]:
    """The game's own units: eras and rounds played (from the log's round headings)."""
    rounds = [event.data for event in state.events if event.kind == "round"]
    return {"eras": float(len({r["era"] for r in rounds})), "rounds": float(len(rounds))}


def statistics(state: State[Any]) -> list[Statistics]:
    """Every seat's figures from the finished game."""
    table = state.view(None)["table"]
    length = game_length(state)
    return [{**seat_statistics(state, seat, table), "game length": length}
            for seat in range(state.players)]
