"""Inventions: Evolution of Ideas as an engine Game (3-4 players): wiring rules, views,
scoring, hidden information, the greedy evaluation and the conservation invariants."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ingenium.engine import Decision, FlatTable, Game, Option, State
from ingenium.games.inventions import catalog as K
from ingenium.games.inventions import decisions as D
from ingenium.games.inventions import flow, rules, scoring, views
from ingenium.games.inventions import queries as Q
from ingenium.games.inventions.table import (
    M_CK,
    M_DISCARD,
    M_EUREKA,
    M_PRIVATE,
    OVER,
    InvTable,
)

P, R, H, T = K.MAX_SEATS, K.NUM_REGIONS, K.NUM_HEXES, K.NUM_TOKENS
IState = State[InvTable]


class Inventions(Game[InvTable]):
    """Inventions: Evolution of Ideas (Vital Lacerda, Eagle-Gryphon 2023), 3-4 players."""

    name: ClassVar[str] = "inventions"
    title: ClassVar[str] = "Inventions: Evolution of Ideas"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 4
    num_actions: ClassVar[int] = D.SPACE.size
    observation_shape: ClassVar[tuple[int, ...]] = (views.OBSERVATION_SIZE,)
    version: ClassVar[str] = "1"
    max_game_length: ClassVar[int] = 5000
    table_type: ClassVar[type[FlatTable]] = InvTable

    def empty_table(self) -> InvTable:
        return InvTable()

    def setup(self, state: IState) -> InvTable:
        table = flow.setup(state)
        rules.advance(state)
        return table

    def decide(self, state: IState) -> Decision | None:
        return rules.decide(state.table)

    def resolve(self, state: IState, decision: Decision, option: Option) -> None:
        rules.resolve(state, decision, option)

    def scores(self, state: IState) -> list[int]:
        return list(state.table.ip)

    def rank_key(self, state: IState, seat: int) -> tuple[int, ...]:
        """Final Scoring tie-breakers: Progress-map tiles, inventions, fewest in supply."""
        return scoring.rank_key(state.table, seat)

    def view_table(self, state: IState, seat: int | None) -> dict[str, Any]:
        return views.view_table(state.table, seat)

    def determinize_table(self, state: IState, seat: int) -> None:
        """Resample the other seats' Private Goals from the cards they could hold, and the
        Idea stack's order below its face-up top (within each era's block)."""
        t, rng = state.table, state.rng
        if t.phase != OVER:
            for deck in range(len(K.GOALS_BY_TYPE)):
                others = [s for s in range(t.players) if s != seat]
                mine = t.goals[seat * 3 + deck]
                pool = [g for g in K.GOALS_BY_TYPE[deck] if g != mine]
                rng.shuffle(pool)
                for n, s in enumerate(others):
                    t.goals[s * 3 + deck] = pool[n]
        hidden = t.stack[:-1]
        for era in range(3, 7):
            at = [n for n, i in enumerate(hidden) if K.IDEA_ERA[i] == era]
            cards = [hidden[n] for n in at]
            rng.shuffle(cards)
            for n, card in zip(at, cards, strict=True):
                t.stack[n] = card

    def observation(self, state: IState, seat: int) -> np.ndarray:
        return views.observation(state.table, seat)

    def evaluate(self, state: IState, seat: int) -> float:
        """Score now plus what the society promises (greedy bot)."""
        t = state.table
        mine = potential(t, seat)
        return mine - max(potential(t, s) for s in range(t.players) if s != seat)

    def invariants(self, state: IState) -> list[str]:
        return invariants(state.table)


def potential(t: InvTable, seat: int) -> float:
    """IP plus a rough worth of citizens, tiles, inventions, ideas and end-game bonuses."""
    value = float(t.ip[seat])
    if t.phase == OVER:
        return value
    late = K.TRACK_ERA[t.chronos] / 6
    value += 0.6 * (sum(t.home[seat * 3:seat * 3 + 3]) + t.academy[seat])
    value += 0.3 * sum(t.exhausted[seat * 3:seat * 3 + 3])
    value += 0.4 * sum(t.on_map[r * P + seat] for r in range(R))
    value += 2.0 * len(scoring.map_tiles(t, seat)) + 1.2 * sum(
        1 for c in t.tiles[seat * 4:seat * 4 + 4] if c)
    value += 1.0 * len(Q.inventions(t, seat)) + 0.8 * len(Q.hand(t, seat))
    value += 0.5 * t.influence[seat] + late * K.FINAL_IP[t.influence[seat]]
    value += 1.5 * Q.era_of(t, seat) + 0.5 * t.eco_home[seat]
    goals = sorted(scoring.goal_points(t, seat), reverse=True)
    value += late * sum(goals[:2])
    for r in range(R):
        if t.presenter[r] == seat and t.card[r] >= 0:
            value += 0.5 * K.IDEA_ERA[t.card[r]] * t.presenter_count[r]
        if t.inventor[r] == seat:
            value += 1.5
    return value


def citizens_of(t: InvTable, seat: int) -> int:
    """Every citizen of a colour, wherever it is."""
    n = t.supply[seat] + t.academy[seat] + sum(t.home[seat * 3:seat * 3 + 3])
    n += sum(t.exhausted[seat * 3:seat * 3 + 3])
    n += sum(t.on_map[r * P + seat] for r in range(R))
    n += sum(t.diplomats[m * P + seat] for m in range(K.NUM_MILESTONES))
    for r in range(R):
        if t.card[r] >= 0:
            n += t.presenter_count[r] if t.presenter[r] == seat else 0
            n += (t.inventor[r] == seat) + (t.innovator[r] == seat)
    return n


def invariants(t: InvTable) -> list[str]:
    """Conservation of citizens, sages, tokens, tiles, Milestones and ranges."""
    problems = []
    for seat in range(t.players):
        if citizens_of(t, seat) != K.CITIZENS:
            problems.append(f"seat {seat}: {citizens_of(t, seat)} citizens, not 30")
        base = seat * H
        eco = t.eco_home[seat] + sum(t.hex_token[base:base + H]) + sum(t.eco_used[base:base + H])
        if eco != K.ECONOMY_TOKENS:
            problems.append(f"seat {seat}: {eco} Economy tokens")
        if not 0 <= t.influence[seat] <= 10:
            problems.append(f"seat {seat}: influence {t.influence[seat]}")
        if min(t.home[seat * 3:seat * 3 + 3] + t.exhausted[seat * 3:seat * 3 + 3]
               + [t.academy[seat], t.supply[seat]]) < 0:
            problems.append(f"seat {seat}: negative citizens")
        if t.academy[seat] > Q.era_of(t, seat):
            problems.append(f"seat {seat}: academy over its limit")
    if sum(t.sage) + sum(t.sages_held) != R:
        problems.append("sages not conserved")
    copies = K.C.player_counts[t.players].values["progress_copies"]
    owned = [c for s in range(t.players) for c in Q.tiles_owned(t, s)]
    for p in range(K.NUM_PROGRESS):
        if t.progress_supply[p] + owned.count(K.PROGRESS_BASE + p) != copies:
            problems.append(f"Progress tile {D.PROG_ID[p]} not conserved")
    locs = t.milestone_loc
    for m in range(K.NUM_MILESTONES):
        where = locs[m]
        ok = ((where == M_CK and m in t.common) or (where == M_DISCARD and m in t.discard)
              or (where == M_EUREKA and m in t.eureka)
              or (where >= M_PRIVATE and t.private[where - M_PRIVATE] == m)
              or (where == 0 and m in t.milestone_decks))
        if not ok:
            problems.append(f"Milestone {K.MILESTONES[m].id} misplaced")
        if where in (M_DISCARD, M_EUREKA, 0) and any(t.diplomats[m * P:m * P + P]):
            problems.append(f"diplomats left on {K.MILESTONES[m].id}")
    return problems
