"""Inventions: Evolution of Ideas as an engine Game (2-4 players; with 2, against Chronos):
the wiring of setup, the step machine, views, scoring, hidden information, the greedy
evaluation and the invariants. Rules live in `rules/` (one module per rulebook part), pending
steps in `steps.py`."""

from __future__ import annotations

from itertools import permutations
from typing import Any, ClassVar

import numpy as np

import ingenium.games.inventions.statistics as game_statistics
from ingenium.engine import Decision, FlatTable, Game, Option, Rng
from ingenium.games.inventions import (
    encoding,
    evaluation,
    glossary,
    invariants,
    machine,
    option_help,
    options,
    views,
)
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import final_scoring, setup
from ingenium.games.inventions.table import OVER, InvTable, IState, goal_at

# what `determinize_table` reads, built once: by player count, seat and deck, where the other
# seats' cards of the deck lie in `goals`, in seat order; by deck, number of other seats and the
# seat's own Private Goal card, every ordered choice of cards for them from the deck's other
# cards (a card not of the deck, none dealt yet: from the whole deck, key None)
OTHERS_GOALS = tuple(
    tuple(tuple(tuple(goal_at(other, deck) for other in range(players) if other != seat)
                for deck in range(len(catalog.GOALS_BY_TYPE)))
          for seat in range(players))
    for players in range(catalog.MAX_SEATS + 1))
DEALS = tuple(
    tuple({mine: tuple(permutations([g for g in deck if g != mine], others))
           for mine in (*deck, None)}
          for others in range(catalog.MAX_SEATS))
    for deck in catalog.GOALS_BY_TYPE)


class Inventions(Game[InvTable]):
    """Inventions: Evolution of Ideas (Vital Lacerda, Eagle-Gryphon 2023), 2-4 players."""

    name: ClassVar[str] = "inventions"
    tie_breakers: ClassVar[tuple[tuple[str, str], ...]] = (
        ("most tiles on the Progress map", "more"),
        ("most inventions to the left of the Society board", "more"),
        ("fewest citizens left in supply", "fewer"))
    title: ClassVar[str] = "Inventions: Evolution of Ideas"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    num_actions: ClassVar[int] = options.SPACE.size
    observation_shape: ClassVar[tuple[int, ...]] = (encoding.OBSERVATION_SIZE,)
    version: ClassVar[str] = "2"  # 2: the Idea stack is unordered below its top; chance entries
    max_game_length: ClassVar[int] = 5000
    max_chance_outcomes: ClassVar[int] = max(catalog.NUM_IDEAS, catalog.NUM_MILESTONES,
                                             len(catalog.GOALS), catalog.NUM_WEALTH,
                                             catalog.NUM_REGIONS, catalog.MAX_SEATS)
    table_type: ClassVar[type[FlatTable]] = InvTable

    def empty_table(self) -> InvTable:
        return InvTable()

    def setup(self, state: IState) -> InvTable:
        table = setup.setup(state)
        machine.keep_question(state, machine.advance(state))
        return table

    def decide(self, state: IState) -> Decision | None:
        return machine.decide(state.table)

    def resolve(self, state: IState, decision: Decision, option: Option) -> None:
        machine.resolve(state, decision, option)

    def scores(self, state: IState) -> list[int]:
        return list(state.table.ip)

    def rank_key(self, state: IState, seat: int) -> tuple[int, ...]:
        """Final Scoring tie-breakers: Progress-map tiles, inventions, fewest in supply."""
        return final_scoring.rank_key(state.table, seat)

    def view_table(self, state: IState, seat: int | None) -> dict[str, Any]:
        return views.view_table(state.table, seat)

    def hidden_read_only_at_end(self, state: IState, seat: int) -> bool:
        """True: the Private Goals are all that is hidden (the Idea stack has no order below
        its face-up top), and no rule reads them before Final Scoring."""
        return True

    def determinize_table(self, state: IState, seat: int, rng: Rng) -> None:
        """Redeal the other seats' Private Goals from the cards they could hold: for each deck
        one ordered choice among all (`DEALS`), drawn uniformly (the Idea stack has no order
        below its face-up top: nothing to resample there)."""
        t = state.table
        if t.phase != OVER:
            goals = t.goals
            dealt = OTHERS_GOALS[t.players][seat]
            below = rng.below
            for deck, deals in enumerate(DEALS):
                places = dealt[deck]
                by_mine = deals[len(places)]
                choices = by_mine.get(goals[goal_at(seat, deck)], by_mine[None])
                for at, goal in zip(places, choices[below(len(choices))], strict=True):
                    goals[at] = goal

    def observation(self, state: IState, seat: int) -> np.ndarray:
        return encoding.observation(state, seat)

    def statistics(self, state: IState) -> list[dict[str, dict[str, float]]]:
        return game_statistics.statistics(state)

    def option_help(self, state: IState, option: Option) -> str:
        return option_help.option_help(state, option)

    def score_parts(self, state: IState) -> list[tuple[str, list[int]]]:
        return game_statistics.score_parts(state)

    def evaluate(self, state: IState, seat: int) -> float:
        """Score now plus what the society promises (greedy bot)."""
        return evaluation.evaluate(state.table, seat)

    def evaluate_all(self, state: IState) -> list[float]:
        return evaluation.evaluate_all(state.table)

    def glossary(self) -> dict[str, dict[str, dict[str, Any]]]:
        return glossary.glossary()

    def invariants(self, state: IState) -> list[str]:
        return invariants.invariants(state.table)
