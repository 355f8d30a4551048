"""Civolution as an engine Game: wiring the rules, scoring and views together (no rules here)."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ingenium.engine import Decision, FlatTable, Game, Option, State
from ingenium.engine.rng import Rng
from ingenium.games.civolution import decisions, scoring, views
from ingenium.games.civolution.rules import flow
from ingenium.games.civolution.rules.setup import VARIANTS, setup
from ingenium.games.civolution.table import CivTable


class Civolution(Game[CivTable]):
    """Civolution (Stefan Feld, deep print games 2024), 2-4 civilizations."""

    name: ClassVar[str] = "civolution"
    title: ClassVar[str] = "Civolution"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    variants: ClassVar[tuple[str, ...]] = VARIANTS
    num_actions: ClassVar[int] = decisions.SPACE.size
    observation_shape: ClassVar[tuple[int, ...]] = (views.OBSERVATION_SIZE,)
    version: ClassVar[str] = "1"
    max_chance_outcomes: ClassVar[int] = 200
    max_game_length: ClassVar[int] = 20_000
    table_type: ClassVar[type[FlatTable]] = CivTable

    def empty_table(self) -> CivTable:
        return CivTable()

    def setup(self, state: State[CivTable]) -> CivTable:
        table = setup(state)
        state.table = table
        flow.run(state)
        return table

    def decide(self, state: State[CivTable]) -> Decision | None:
        return decisions.decide(state.table)

    def resolve(self, state: State[CivTable], decision: Decision, option: Option) -> None:
        flow.resolve(state, option)

    def scores(self, state: State[CivTable]) -> list[int]:
        return scoring.scores(state.table)

    def rank_key(self, state: State[CivTable], seat: int) -> tuple[int, ...]:
        """Rulebook, Who wins?: most points, then more module upgrades, then seating order."""
        t = state.table
        return (-scoring.scores(t)[seat], -scoring.upgrades(t, seat), seat)

    def view_table(self, state: State[CivTable], seat: int | None) -> dict[str, Any]:
        return views.view_table(state.table, seat)

    def observation(self, state: State[CivTable], seat: int) -> np.ndarray:
        return views.observation(state.table, seat)

    def invariants(self, state: State[CivTable]) -> list[str]:
        return invariants(state.table)

    def determinize_table(self, state: State[CivTable], seat: int, rng: Rng) -> None:
        views.determinize(state.table, seat, rng)

    def evaluate(self, state: State[CivTable], seat: int) -> float:
        s = scoring.scores(state.table)
        return float(s[seat] - max(v for i, v in enumerate(s) if i != seat))


def invariants(t: CivTable) -> list[str]:
    """Conservation: 50 markers and 20 tribes per civilization, every research card in one
    place, nothing negative."""
    problems = []
    for seat in range(t.players):
        markers = (t.supply[seat] + t.food[seat] + t.money[seat] + t.ideas[seat] + t.focus[seat]
                   + sum(t.feature[seat * 6:seat * 6 + 6])
                   + sum(t.storage[seat * 18:seat * 18 + 18])
                   + sum(t.planning[seat * 6:seat * 6 + 6]) + sum(t.raw[seat::4])
                   + sum(t.boat_notch[seat * 2:seat * 2 + 2]) + sum(t.statues[seat::4])
                   + sum(t.reset_marker[seat * 4:seat * 4 + 4]))
        if markers != 50:
            problems.append(f"player {seat + 1}: {markers} markers, not 50")
        on_board = sum(1 for s in t.enc_seat if s == seat) + sum(t.wild_strong[seat::4]) + sum(
            t.wild_weak[seat::4]) + sum(t.boat_strong[seat * 2:seat * 2 + 2]) + sum(
            t.boat_weak[seat * 2:seat * 2 + 2])
        on_board += t.transit[seat] >= 0
        if on_board + t.tribes[seat] != 20:
            problems.append(f"player {seat + 1}: {on_board + t.tribes[seat]} tribes, not 20")
    cards = (t.down + t.bottom + t.face_up + [c % 1000 for c in t.hand + t.looking]
             + [i[4] for i in t.installed if i[3] == 0])
    if sorted(cards) != list(range(160)):
        problems.append(f"research cards: {len(cards)} placed, {len(set(cards))} distinct")
    for name in ("supply", "food", "money", "ideas", "focus", "feature", "storage", "tribes",
                 "raw", "wild_strong", "wild_weak", "dice", "planning", "fate"):
        if min(getattr(t, name)) < 0:
            problems.append(f"negative {name}")
    return problems
