"""Legendary Inventors as an engine Game: wiring the rules, scoring and views together."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ingenium.engine import Decision, FlatTable, Game, Option, State
from ingenium.games.legendary_inventors import decisions, encoding, rules, scoring, views
from ingenium.games.legendary_inventors.components import (
    INVENTORS_PER_TEAM,
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
    components,
)
from ingenium.games.legendary_inventors.table import IN_BOX, IN_PLAY, LITable

C = components()
NUM_KINDS = len(C.token_kinds)
# How much a held token is worth to the greedy evaluation (ribbons and stars score directly).
TOKEN_VALUE = {"up2": 1.5, "up3": 1.5, "up4": 1.5, "coffee": 0.8, "chocolate": 1.0}
TOKEN_WEIGHTS = tuple(TOKEN_VALUE.get(kind.key, 0.0) for kind in C.token_kinds)


class LegendaryInventors(Game[LITable]):
    """Legendary Inventors (Bombyx 2015), by the rules summary, 2-5 players."""

    name: ClassVar[str] = "legendary-inventors"
    title: ClassVar[str] = "Legendary Inventors"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = MAX_PLAYERS
    num_actions: ClassVar[int] = decisions.SPACE.size
    observation_shape: ClassVar[tuple[int, ...]] = (encoding.OBSERVATION_SIZE,)
    version: ClassVar[str] = "1"
    # 3 ages x at most 80 squares, each use up to 4 decisions, a refresh between uses, plus
    # 48 tokens x 2 decisions and the bonus choices: comfortably under 2,000.
    max_game_length: ClassVar[int] = 2000
    table_type: ClassVar[type[FlatTable]] = LITable

    def empty_table(self) -> LITable:
        return LITable()

    def setup(self, state: State[LITable]) -> LITable:
        return rules.setup(state)

    def decide(self, state: State[LITable]) -> Decision | None:
        return decisions.decide(state.table)

    def resolve(self, state: State[LITable], decision: Decision, option: Option) -> None:
        rules.resolve(state, decision, option)

    def scores(self, state: State[LITable]) -> list[int]:
        return scoring.scores(state.table)

    def rank_key(self, state: State[LITable], seat: int) -> tuple[int, ...]:
        """Points, then more invention cards (reconstructed: the summary names no tie-breaker)."""
        t = state.table
        return (-scoring.total(t, seat), -scoring.cards_taken(t, seat))

    def view_table(self, state: State[LITable], seat: int | None) -> dict[str, Any]:
        return views.view_table(state.table, seat)

    def invariants(self, state: State[LITable]) -> list[str]:
        return invariants(state.table)

    def observation(self, state: State[LITable], seat: int) -> np.ndarray:
        return encoding.observation(state, seat)

    def evaluate(self, state: State[LITable], seat: int) -> float:
        """Score now, plus what held tokens, knowledge and leading positions promise."""
        return _potential(state.table, seat) - max(
            _potential(state.table, s) for s in range(state.players) if s != seat)


def _potential(t: LITable, seat: int) -> float:
    value = float(scoring.total(t, seat))
    base = seat * NUM_KINDS
    held = t.held
    value += sum(w * held[base + k] for k, w in enumerate(TOKEN_WEIGHTS) if w)
    at = seat * INVENTORS_PER_TEAM * NUM_TYPES
    value += 0.15 * sum(t.level[at:at + INVENTORS_PER_TEAM * NUM_TYPES])
    for inv in t.display:
        if t.status[inv] != IN_PLAY:
            continue
        mine = t.cubes[inv * MAX_PLAYERS + seat]
        if not mine:
            continue
        better = sum(1 for s in range(t.players) if t.cubes[inv * MAX_PLAYERS + s] > mine)
        if better < 3:
            tokens = sum(1 for k in range(TOKENS_PER_INVENTION)
                         if t.bonus[inv * TOKENS_PER_INVENTION + k] >= 0)
            value += (0.5 + 0.2 * tokens) * C.inventions[inv].vp / (1 + better)
    return value


def invariants(t: LITable) -> list[str]:
    """Conservation: every invention, token and cube is in exactly one place, levels in range."""
    problems = []
    for age in (1, 2, 3):
        ids = [inv.id for inv in C.inventions if inv.age == age]
        deck = t.deck(age)
        placed = [i for i in ids if t.status[i] != IN_BOX]
        if sorted(deck + placed) != sorted(ids) or set(deck) & set(placed):
            problems.append(f"age {age} inventions not conserved")
    for kind in range(NUM_KINDS):
        accounted = (sum(t.bag(a).count(kind) for a in (1, 2, 3)) + t.bonus.count(kind)
                     + sum(t.held[s * NUM_KINDS + kind] for s in range(t.players))
                     + t.played[kind] + t.discarded[kind])
        printed = sum(C.bags[a].count(kind) for a in (1, 2, 3))
        if accounted != printed:
            problems.append(f"token {C.token_kinds[kind].key}: {accounted} of {printed} found")
        if min(t.held[s * NUM_KINDS + kind] for s in range(t.players)) < 0:
            problems.append(f"negative {C.token_kinds[kind].key} held")
    for inv in range(len(C.inventions)):
        cubes = sum(t.cubes[inv * MAX_PLAYERS:(inv + 1) * MAX_PLAYERS])
        filled = sum(t.filled[inv * NUM_TYPES:(inv + 1) * NUM_TYPES])
        if t.status[inv] == IN_PLAY and cubes != filled:
            problems.append(f"{C.inventions[inv].name}: {cubes} cubes on {filled} squares")
        if t.status[inv] != IN_PLAY and cubes:
            problems.append(f"{C.inventions[inv].name}: cubes left on a closed invention")
        for ty in range(NUM_TYPES):
            if not 0 <= t.filled[inv * NUM_TYPES + ty] <= C.inventions[inv].need[ty]:
                problems.append(f"{C.inventions[inv].name}: overfilled {ty}")
    if any(not 0 <= level <= 4 for level in t.level):
        problems.append("knowledge level outside 0..4")
    return problems
