"""Civolution as an engine Game: wiring the rules, scoring and views together (no rules here)."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ingenium.engine import Decision, FlatTable, Game, Option, State
from ingenium.engine.rng import Rng
from ingenium.games.civolution import encoding, evaluation, invariants, options, scoring, views
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
    num_actions: ClassVar[int] = options.SPACE.size
    observation_shape: ClassVar[tuple[int, ...]] = (encoding.OBSERVATION_SIZE,)
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
        return options.decide(state.table)

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
        return encoding.observation(state, seat)

    def invariants(self, state: State[CivTable]) -> list[str]:
        return invariants.invariants(state.table)

    def determinize_table(self, state: State[CivTable], seat: int, rng: Rng) -> None:
        views.determinize(state.table, seat, rng)

    def evaluate(self, state: State[CivTable], seat: int) -> float:
        return evaluation.evaluate(state.table, seat)

    def evaluate_all(self, state: State[CivTable]) -> list[float]:
        return evaluation.evaluate_all(state.table)
