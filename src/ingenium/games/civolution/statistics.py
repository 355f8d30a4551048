"""What describes a finished Civolution game (2-4 civilizations), per seat, for simulation
reports and balance work; solo games report V.I.C.I's score and the margin.

Success points are not logged where they are gained, and the rules must not change for a
report, so the points are split by *replaying* the game from its history (cheap beside
playing it) and watching the score track after every decision: the era scorings (logged
with their points) and the final scoring (recomputed part by part on the final table, as
`scoring.final_scoring` adds it up) are exact; every other point is put on the phase it was
gained in, and in the action phase on the module the acting civilization activated (or its
Reset). So "points" always adds up to the score, however the rules are reshaped; only the
labels depend on the log's event kinds and the table's `era` and `phase`. Everything else is
read from the log and the final table. Groups: "points", "points by era", "actions" (turn
choices: each module activated, Reset), "actions by era", "module upgrades", "tribes",
"buildings", "cards installed", "play", "seating" (the first era's seating position) and
"game length" (the same in every seat's row: eras, action turns, Resets).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ingenium.engine import State, extend
from ingenium.games.civolution import scoring
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components.icons import Category
from ingenium.games.civolution.console import strong_tribes, weak_tribes
from ingenium.games.civolution.rules.solo.table import HUMAN, VICI, is_solo
from ingenium.games.civolution.table import CivTable, levels

Statistics = dict[str, dict[str, float]]
CHANCE = -1
PHASES = {0: "setup", 1: "new cards phase", 2: "new goals phase", 3: "extra find phase",
          4: "action phase", 5: "sites phase", 6: "feeding phase", 7: "event phase",
          8: "income phase", 9: "final scoring", 10: "final scoring"}
ACTION_PHASE = 4
# Saves before a "build" event named its building held one `project` code: 0 farm, 1 boat,
# then OLD_FIRST_GROUND + ground * 2 for a statue (+1 for a settlement)
OLD_FARM, OLD_BOAT, OLD_FIRST_GROUND = 0, 1, 4


def _final_parts(t: CivTable, seat: int) -> Counter[str]:
    """The final scoring, part by part, recomputed on the final table."""
    parts: Counter[str] = Counter()
    for category, name in enumerate(scoring.CATEGORIES):
        parts[f"final: {name.value}"] += (scoring.final_points(category, t)
                                          * scoring.units(t, seat, category))
    parts["final: console A (stages)"] += scoring.stage_points(t, seat)
    parts["final: console B (point bonus)"] += scoring.point_bonus(t, seat)
    return parts


def _decisions(history: list[tuple[int, str]]) -> tuple[int, list[tuple[int, int]]]:
    """Where setup's chance entries end, and each decision's slice (with its chance draws)."""
    start = 0
    while start < len(history) and history[start][0] == CHANCE:
        start += 1
    spans, index = [], start
    while index < len(history):
        end = index + 1
        while end < len(history) and history[end][0] == CHANCE:
            end += 1
        spans.append((index, end))
        index = end
    return start, spans


class _Ledger:
    """Success points by source and by era, for every seat, filled during the replay."""

    def __init__(self, players: int) -> None:
        self.sources = [Counter[str]() for _ in range(players)]
        self.eras = [Counter[str]() for _ in range(players)]
        self.turn = ["" for _ in range(players)]  # each seat's latest turn choice

    def book(self, seat: int, source: str, era: str, points: int) -> None:
        if points:
            self.sources[seat][source] += points
            self.eras[seat][era] += points

    def step(self, replay: State[CivTable], actor: int, phase: int, era: int,
             before: list[int], first_event: int) -> None:
        """Split one decision's score changes: exact logged parts first, the rest by context."""
        t = replay.table
        gained = [after - was for after, was in zip(t.score, before, strict=True)]
        era_name = f"era {era}"
        for event in replay.events[first_event:]:
            if event.kind in ("activate", "reset") and event.seat is not None:
                self.turn[event.seat] = (event.text.split(" activates ", 1)[1]
                                         if event.kind == "activate" else "Reset")
            elif event.kind == "era_scoring":
                for seat, points in enumerate(event.data["points"]):
                    self.book(seat, f"era scoring: {event.data['category']}", era_name, points)
                    gained[seat] -= points
            elif event.kind == "final":
                for seat in range(t.players):
                    for source, points in _final_parts(t, seat).items():
                        self.book(seat, source, "final scoring", points)
                        gained[seat] -= points
        for seat, points in enumerate(gained):
            if phase == ACTION_PHASE:
                source = (f"action: {self.turn[seat] or 'other'}" if seat == actor
                          else "action phase: others' turns")
            else:
                source = PHASES.get(phase, f"phase {phase}")
            self.book(seat, source, era_name if era else "setup", points)


def _replay(state: State[CivTable]) -> tuple[_Ledger, int]:
    """Replay the history decision by decision; the ledger (a row per civilization on the
    score track: V.I.C.I's too in a solo game) and the first era's starting seat."""
    history = [(seat, option) for seat, option in state.history]
    start, spans = _decisions(history)
    replay = state.game.replay(state.players, state.seed, state.variant, history[:start])
    starting = replay.table.starting
    ledger = _Ledger(len(replay.table.score))
    for index, end in spans:
        t = replay.table
        before, phase, era, first = list(t.score), t.phase, t.era, len(replay.events)
        extend(replay, history[index:end], index)
        ledger.step(replay, history[index][0], phase, era, before, first)
    return ledger, starting


# The end screen's rows (rulebook words): points gained in the eras by phase, the era scorings
# (Phase 7 C), then the final scoring: the 9 categories, console A and console B.
PHASE_ROWS = ("Action phase", "Sites phase", "Feeding phase", "Event phase", "Income phase",
              "Other phases")
FINAL_ROWS = {"final: console A (stages)": "Final scoring A: stage partition",
              "final: console B (point bonus)": "Final scoring B: point-bonus cards"}


def _score_row(source: str) -> str:
    """The end screen's row of a ledger source."""
    if source.startswith("era scoring: "):
        return "Era scorings (Phase 7)"
    if source in FINAL_ROWS:
        return FINAL_ROWS[source]
    if source.startswith("final: "):
        return f"Final scoring: {source.removeprefix('final: ').capitalize()}"
    if source.startswith("action"):
        return "Action phase"
    phase = source.removesuffix(" phase").capitalize() + " phase"
    return phase if phase in PHASE_ROWS else "Other phases"


def score_parts(state: State[CivTable]) -> list[tuple[str, list[int]]]:
    """Every civilization's success points (V.I.C.I's too in a solo game) by the rulebook's
    parts: the phases of the eras, the era scorings, the final scoring's 9 categories and
    consoles A and B; they add up to the score track."""
    ledger, _ = _replay(state)
    rows = [*PHASE_ROWS, "Era scorings (Phase 7)",
            *(f"Final scoring: {c.value.capitalize()}" for c in scoring.CATEGORIES),
            *FINAL_ROWS.values()]
    points = {row: [0] * len(ledger.sources) for row in rows}
    for seat, sources in enumerate(ledger.sources):
        for source, n in sources.items():
            points[_score_row(source)][seat] += n
    return [(row, points[row]) for row in rows
            if any(points[row]) or row.startswith("Final scoring")]


def _counted(counter: Counter[str]) -> dict[str, float]:
    return {key: float(n) for key, n in sorted(counter.items())}


def _building(data: dict[str, Any]) -> str:
    """The building a "build" event names (an event of an older save: its project code)."""
    if "building" in data:
        return str(data["building"])
    project = data["project"]
    if project == OLD_FARM:
        return "farm"
    if project == OLD_BOAT:
        return "boat"
    return "statue" if (project - OLD_FIRST_GROUND) % 2 == 0 else "settlement"


def _seat_events(state: State[CivTable], seat: int) -> dict[str, Counter[str]]:
    """Counts from the seat's own log lines."""
    found: dict[str, Counter[str]] = {name: Counter() for name in (
        "actions", "by era", "kinds", "buildings", "cards")}
    era = 0
    for event in state.events:
        if event.kind == "event":  # phase 1 reveals the era's event: a new era began
            era += 1
        if event.seat != seat:
            continue
        found["kinds"][event.kind] += 1
        if event.kind == "activate":
            found["actions"][event.text.split(" activates ", 1)[1]] += 1
            found["by era"][f"era {era}: activations"] += 1
        elif event.kind == "reset":
            found["actions"]["Reset"] += 1
            found["by era"][f"era {era}: Resets"] += 1
        elif event.kind == "roll":
            found["kinds"]["dice rolled"] += len(event.data["dice"])
        elif event.kind == "build":
            found["buildings"][_building(event.data)] += 1
        elif event.kind == "install":
            found["cards"][event.text.split(" installs ", 1)[1]] += 1
    return found


def seat_statistics(state: State[CivTable], seat: int, ledger: _Ledger,
                    starting: int, length: dict[str, float]) -> Statistics:
    """One seat's figures (see the module docstring)."""
    t = state.table
    found = _seat_events(state, seat)
    kinds = found["kinds"]
    upgrades = {C.modules[m].name: float(level - 1)
                for m, level in enumerate(levels(t, seat))
                if level > 1}
    population = scoring.CATEGORIES.index(Category.POPULATION)
    territories = scoring.CATEGORIES.index(Category.EXPANSION)
    return {
        "points": _counted(ledger.sources[seat]),
        "points by era": _counted(ledger.eras[seat]),
        "actions": _counted(found["actions"]),
        "actions by era": _counted(found["by era"]),
        "module upgrades": dict(sorted(upgrades.items())),
        "tribes": {"procreations": float(kinds["procreate"]),
                   "migrations": float(kinds["migrate"]),
                   "tribes on the continent": float(scoring.units(t, seat, population)),
                   "territories": float(scoring.units(t, seat, territories)),
                   "upright tribes": float(strong_tribes(t, seat)),
                   "lying tribes": float(weak_tribes(t, seat))},
        "buildings": _counted(found["buildings"]),
        "cards installed": _counted(found["cards"]),
        "play": {"activations": float(kinds["activate"]), "Resets": float(kinds["reset"]),
                 "dice rolled": float(kinds["dice rolled"]),
                 "cards installed": float(kinds["install"]),
                 "attribute chips": float(kinds["attribute"]),
                 "goal chips": float(kinds["goal"]), "sites revealed": float(kinds["site"]),
                 "hunts": float(kinds["hunt"]), "extra finds": float(kinds["extra_find"]),
                 "buildings": float(kinds["build"]),
                 "module upgrades": float(scoring.upgrades(t, seat)),
                 "Favor of Agera": float(t.favor[seat])},
        "seating": {"first era seating position":
                    float((seat - starting) % state.players + 1)},
        "game length": length,
    }


def _length(state: State[CivTable]) -> dict[str, float]:
    """The game's own units: eras played, action turns (Activations and Resets) and Resets."""
    kinds = Counter(e.kind for e in state.events)
    return {"eras": float(state.table.era),
            "action turns": float(kinds["activate"] + kinds["reset"]),
            "Resets": float(kinds["reset"])}


def statistics(state: State[CivTable]) -> list[Statistics]:
    """Every seat's figures from the finished game; solo: V.I.C.I's score and the margin."""
    t = state.table
    if is_solo(t):
        return [{"solo": {"vici_score": float(t.score[VICI]),
                          "margin": float(t.score[HUMAN] - t.score[VICI])}}]
    ledger, starting = _replay(state)
    length = _length(state)
    return [seat_statistics(state, seat, ledger, starting, length)
            for seat in range(state.players)]
