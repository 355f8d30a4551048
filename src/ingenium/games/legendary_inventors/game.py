"""Legendary Inventors as an engine Game: the wiring of setup, the step machine, scoring,
views, the greedy evaluation and the invariants. Rules live in `rules/`, one module per section
of the rules summary; pending steps in `steps.py`."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

import ingenium.games.legendary_inventors.statistics as game_statistics
from ingenium.engine import FlatTable, Game, Option, State
from ingenium.games.legendary_inventors import (
    encoding,
    evaluation,
    glossary,
    invariants,
    machine,
    option_help,
    options,
    views,
)
from ingenium.games.legendary_inventors.components.catalog import NUM_INVENTIONS, NUM_KINDS
from ingenium.games.legendary_inventors.components.records import MAX_PLAYERS
from ingenium.games.legendary_inventors.rules import scoring, setup
from ingenium.games.legendary_inventors.table import OVER, LITable

# Scoring: "There are four ways to score points" (the view's breakdown keys, the summary's words)
SCORE_WAYS = (("cards", "Card points"), ("ribbons", "Victory point bonus tokens"),
              ("inventors", "Inventor bonus"), ("runs", "Card run"))


class LegendaryInventors(Game[LITable]):
    """Legendary Inventors (Bombyx 2015), by the rules summary, 2-5 players."""

    name: ClassVar[str] = "legendary-inventors"
    tie_breakers: ClassVar[tuple[tuple[str, str], ...]] = (("more invention cards", "more"),)
    title: ClassVar[str] = "Legendary Inventors"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = MAX_PLAYERS
    num_actions: ClassVar[int] = options.SPACE.size
    observation_shape: ClassVar[tuple[int, ...]] = (encoding.OBSERVATION_SIZE,)
    version: ClassVar[str] = "2"  # 2: decks and bags are unordered, draws are chance entries
    max_chance_outcomes: ClassVar[int] = max(NUM_INVENTIONS, NUM_KINDS, MAX_PLAYERS)
    # the search's root starts with this many virtual visits at greedy's values (bots/ismcts.py
    # `guide`): at 50 ms CPU a decision the hard level won 25/30 against greedy with it, 20/30
    # without (2p; 4p 18.5/30 against 13/30)
    search_guide: ClassVar[float] = 10
    # 3 ages x at most 80 squares, each use up to 4 decisions, a refresh between uses, plus
    # 48 tokens x 2 decisions and the bonus choices: comfortably under 2,000.
    max_game_length: ClassVar[int] = 2000
    table_type: ClassVar[type[FlatTable]] = LITable
    # no hands, nothing dealt face down, decks and bags unordered: every seat sees the table
    perfect_information: ClassVar[bool] = True

    def empty_table(self) -> LITable:
        return LITable()

    def setup(self, state: State[LITable]) -> LITable:
        return setup.setup(state)

    # the step machine's own functions: no method frame around them, once for every decision
    decide = staticmethod(machine.decide)
    resolve = staticmethod(machine.resolve)

    def is_over(self, state: State[LITable]) -> bool:
        """The step machine asks nothing once the game is over, and always asks before."""
        return state.table.phase == OVER

    def scores(self, state: State[LITable]) -> list[int]:
        return scoring.scores(state.table)

    def rank_key(self, state: State[LITable], seat: int) -> tuple[int, ...]:
        """Points, then more invention cards (reconstructed: the summary names no tie-breaker)."""
        t = state.table
        return (-scoring.total(t, seat), -scoring.cards_taken(t, seat))

    def glossary(self) -> dict[str, dict[str, dict[str, Any]]]:
        return glossary.glossary()

    def view_table(self, state: State[LITable], seat: int | None) -> dict[str, Any]:
        return views.view_table(state.table, seat)

    def invariants(self, state: State[LITable]) -> list[str]:
        return invariants.invariants(state.table)

    def observation(self, state: State[LITable], seat: int) -> np.ndarray:
        return encoding.observation(state, seat)

    def statistics(self, state: State[LITable]) -> list[dict[str, dict[str, float]]]:
        return game_statistics.statistics(state)

    def option_help(self, state: State[LITable], option: Option) -> str:
        return option_help.option_help(state, option)

    def score_parts(self, state: State[LITable]) -> list[tuple[str, list[int]]]:
        """The summary's four ways to score points."""
        parts = [scoring.breakdown(state.table, seat) for seat in range(state.players)]
        return [(name, [seat[key] for seat in parts]) for key, name in SCORE_WAYS]

    def evaluate(self, state: State[LITable], seat: int) -> float:
        """Score now, plus what held tokens, knowledge and leading positions promise."""
        return evaluation.evaluate(state.table, seat)

    def evaluate_all(self, state: State[LITable]) -> list[float]:
        return evaluation.evaluate_all(state.table)
