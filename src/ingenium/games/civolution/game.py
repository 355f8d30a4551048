"""Civolution as an engine Game: wiring the rules, scoring and views together (no rules here).

One player is the Solo Mode against V.I.C.I (rules/solo/): the variant is its difficulty level;
the table keeps V.I.C.I in seat 1, but only seat 0 decides and the results name the human only.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ingenium.engine import Decision, FlatTable, Game, Option, State, UnknownVariant
from ingenium.engine.rng import Rng
from ingenium.games.civolution import (
    encoding,
    evaluation,
    glossary,
    invariants,
    machine,
    option_help,
    options,
    scoring,
    views,
)
from ingenium.games.civolution import statistics as game_statistics
from ingenium.games.civolution.components.solo import LEVELS as SOLO_LEVELS
from ingenium.games.civolution.rules.common import seating_order
from ingenium.games.civolution.rules.setup import VARIANTS, setup
from ingenium.games.civolution.rules.solo import setup as solo_setup
from ingenium.games.civolution.rules.solo import view as solo_view
from ingenium.games.civolution.rules.solo.table import HUMAN, VICI, SoloTable, is_solo
from ingenium.games.civolution.table import CivTable

SOLO_VARIANTS = solo_setup.VARIANTS  # "advanced" is also Option B's name for 2-4 players


class Civolution(Game[CivTable]):
    """Civolution (Stefan Feld, deep print games 2024), 2-4 civilizations or solo vs V.I.C.I."""

    name: ClassVar[str] = "civolution"
    title: ClassVar[str] = "Civolution"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    variants: ClassVar[tuple[str, ...]] = VARIANTS + tuple(v for v in SOLO_VARIANTS
                                                                 if v not in VARIANTS)
    num_actions: ClassVar[int] = options.SPACE.size
    observation_shape: ClassVar[tuple[int, ...]] = (encoding.OBSERVATION_SIZE,)
    version: ClassVar[str] = "1"
    max_chance_outcomes: ClassVar[int] = 200
    max_game_length: ClassVar[int] = 20_000
    table_type: ClassVar[type[FlatTable]] = CivTable
    tie_breakers: ClassVar[tuple[tuple[str, str], ...]] = (
        ("more module upgrades", "more"), ("seating order", "order"))
    rival_scores: ClassVar[dict[tuple[str, str], str]] = {("solo", "vici_score"): "V.I.C.I"}

    def default_variant(self, players: int) -> str | None:
        """Solo without a level named: the rulebook's first, Beginner (blue halves throughout)."""
        return SOLO_LEVELS[0] if players == 1 else None
    # the greedy bot's lookahead (bots/greedy.py): an activation is a chain of many own decisions
    # (module, first die, second die, each effect's questions); at 3 greedy judged it half-made
    # and scored half as much (solo beginner: 75 points a game against 154 at 8); at 8 it still
    # judged long activations (installs, migrations) half-made: 16, the search's chain length
    # (bots/ismcts.py MAX_CHAIN), took it from 19 to 27 wins of 100 against V.I.C.I (Medium,
    # seeds 1-100; 209.6 to 221.4 points) at twice the thinking time
    greedy_depth: ClassVar[int] = 16
    # the search's root starts with this many virtual visits at greedy's values (bots/ismcts.py
    # `guide`): at 250 ms CPU a decision the search runs 140-460 iterations over ~20 options and
    # without it picked among the best few almost at random, 24.5 points a solo game below greedy
    # (Medium, seeds 1-40); with 10, 3.2 below; 2p, 30/60 against greedy (26/60 without, against
    # the depth-8 greedy of then)
    search_guide: ClassVar[float] = 10
    # from 2 players up every edge of the search's tree is a whole move (bots/ismcts.py `macro`):
    # a module's dice and effects are many questions, and a tree branching on each of them read
    # such moves as worse than they are; 2p at 250 ms CPU a decision against greedy, 38/60
    # (30/60 without, the same deals), 56/90 with a third seed. Solo keeps its ladder, measured
    # without it (Medium, seeds 1-8: 208.9 points a game with it, 212.3 without).
    search_macro_from: ClassVar[int] = 2
    # a move opens with the Turn step's question (activate a module or Reset); in Solo Mode
    # V.I.C.I's turns need no answer, so only this tells where one of the player's moves ends
    move_kinds: ClassVar[frozenset[str]] = frozenset({"turn"})
    # 4 players: a seat ahead gains more in the rest of the game (the game's evaluation's
    # margins fit best times 1.55 at half a greedy game, 1.25 at three quarters), so the learned
    # evaluation has terms in the progress (bots/learned.py `stage_terms`)
    progress_weights: ClassVar[dict[int, float]] = encoding.PROGRESS_WEIGHTS
    evaluation_terms: ClassVar[tuple[str, ...]] = evaluation.TERMS

    def check_setup(self, players: int, variant: str | None) -> None:
        """As every game; and one player needs a difficulty level, 2-4 players none."""
        super().check_setup(players, variant)
        if players == 1 and variant not in SOLO_VARIANTS:
            given = "" if variant is None else f"; not {variant!r}"
            raise UnknownVariant(
                f"Civolution solo (1 player against V.I.C.I) needs a difficulty level as its "
                f"variant: one of {', '.join(SOLO_VARIANTS)}{given}")
        if players > 1 and variant in SOLO_VARIANTS and variant not in VARIANTS:
            raise UnknownVariant(f"{variant!r} is a solo difficulty level (1 player against "
                                 f"V.I.C.I), not a variant for {players} players")

    def table_class(self, data: object) -> type[FlatTable]:
        """A solo table's data holds V.I.C.I's play area (explicit chance mode's setup still
        has the empty placeholder, a CivTable)."""
        return SoloTable if isinstance(data, dict) and "vici_level" in data else CivTable

    def empty_table(self) -> CivTable:
        return CivTable()

    def setup(self, state: State[CivTable]) -> CivTable:
        table = solo_setup.setup(state) if state.players == 1 else setup(state)
        state.table = table
        machine.run(state)
        return table

    def decide(self, state: State[CivTable]) -> Decision | None:
        return machine.decide(state.table)

    def resolve(self, state: State[CivTable], decision: Decision, option: Option) -> None:
        state.keep_decision(machine.resolve(state, option))  # the next question, worked out once

    def scores(self, state: State[CivTable]) -> list[int]:
        """Per seat; solo: the human's points only (V.I.C.I's are in the view)."""
        points = scoring.scores(state.table)
        return [points[HUMAN]] if is_solo(state.table) else points

    def rank_key(self, state: State[CivTable], seat: int) -> tuple[int, ...]:
        """Rulebook, Who wins?: most points, then more module upgrades, "then by seating
        order": as everywhere in the rulebook, clockwise from the starting civilization (the
        holder of the starting monolith when the game ends)."""
        t = state.table
        return (-scoring.scores(t)[seat], -scoring.upgrades(t, seat),
                seating_order(t).index(seat))

    def winners(self, state: State[CivTable]) -> list[int]:
        """Solo: "If you have more total success points than V.I.C.I, you win" ([0] or [])."""
        t = state.table
        if is_solo(t):
            return [HUMAN] if t.score[HUMAN] > t.score[VICI] else []
        return super().winners(state)

    def view_table(self, state: State[CivTable], seat: int | None) -> dict[str, Any]:
        data = views.view_table(state.table, seat)
        if isinstance(state.table, SoloTable):
            data["vici"] = solo_view.vici_view(state.table)
        return data

    def observation(self, state: State[CivTable], seat: int) -> np.ndarray:
        return encoding.observation(state, seat)

    def invariants(self, state: State[CivTable]) -> list[str]:
        return invariants.invariants(state.table)

    def determinize_table(self, state: State[CivTable], seat: int, rng: Rng) -> None:
        views.determinize(state.table, seat, rng)

    def hides_nothing_from(self, state: State[CivTable], seat: int) -> bool:
        """A position where no card is hidden from the seat (views.hides_nothing_from): a
        search keeps its tree's positions there (issue #23)."""
        return views.hides_nothing_from(state.table, seat)

    def evaluate(self, state: State[CivTable], seat: int) -> float:
        """The seat's potential less the best other's (solo: less V.I.C.I's)."""
        return evaluation.evaluate(state.table, seat)

    def evaluate_all(self, state: State[CivTable]) -> list[float]:
        """Every deciding seat's `evaluate` (solo: the human's margin over V.I.C.I only)."""
        return evaluation.evaluate_all(state.table)[: state.players]

    def evaluate_terms(self, state: State[CivTable]) -> list[list[float]]:
        """`evaluate_all` term by term (evaluation.TERMS)."""
        return evaluation.evaluation_terms(state.table)[: state.players]

    def glossary(self) -> dict[str, dict[str, dict[str, Any]]]:
        return glossary.glossary()

    def statistics(self, state: State[CivTable]) -> list[dict[str, dict[str, float]]]:
        """Per seat: points by source (adding up to the score), actions, tribes, buildings,
        era by era (statistics.py); solo: V.I.C.I's final score and the human's margin."""
        return game_statistics.statistics(state)

    def option_help(self, state: State[CivTable], option: Option) -> str:
        return option_help.option_help(state, option)

    def score_parts(self, state: State[CivTable]) -> list[tuple[str, list[int]]]:
        """By phase, era scorings and the final scoring's parts; solo: V.I.C.I's column too."""
        return game_statistics.score_parts(state)
