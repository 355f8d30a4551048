"""Inventions: Evolution of Ideas as an engine Game (3-4 players): wiring rules, views,
scoring, hidden information, the greedy evaluation and the conservation invariants."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ingenium.engine import Decision, FlatTable, Game, Option, Rng, State
from ingenium.games.inventions import catalog as K
from ingenium.games.inventions import decisions as D
from ingenium.games.inventions import encoding, flow, rules, scoring, views
from ingenium.games.inventions import queries as Q
from ingenium.games.inventions.table import (
    AS_INNOVATOR,
    AS_INVENTOR,
    AS_PRESENTER,
    M_CK,
    M_DISCARD,
    M_EUREKA,
    M_PRIVATE,
    OVER,
    S_CHAIN,
    S_INNOVATE_DONE,
    S_PAY,
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
    observation_shape: ClassVar[tuple[int, ...]] = (encoding.OBSERVATION_SIZE,)
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

    def determinize_table(self, state: IState, seat: int, rng: Rng) -> None:
        """Redeal the other seats' Private Goals from the cards they could hold (the Idea stack
        has no order below its face-up top: nothing to resample there)."""
        t = state.table
        if t.phase != OVER:
            for deck in range(len(K.GOALS_BY_TYPE)):
                others = [s for s in range(t.players) if s != seat]
                mine = t.goals[seat * 3 + deck]
                pool = [g for g in K.GOALS_BY_TYPE[deck] if g != mine]
                rng.shuffle(pool)
                for n, s in enumerate(others):
                    t.goals[s * 3 + deck] = pool[n]

    def observation(self, state: IState, seat: int) -> np.ndarray:
        return encoding.observation(state, seat)

    def evaluate(self, state: IState, seat: int) -> float:
        """Score now plus what the society promises (greedy bot)."""
        t = state.table
        mine = potential(t, seat)
        return mine - max(potential(t, s) for s in range(t.players) if s != seat)

    def invariants(self, state: IState) -> list[str]:
        return invariants(state.table)


def potential(t: InvTable, seat: int) -> float:
    """IP plus what the society's assets promise, in IP (greedy bot).

    The assets are the game's own (Key Concepts): available specialists and scholars, the
    core loop's stakes on the Region displays (a presented idea pays its presenter at Share,
    the inventor gets the card, the innovator a citizen), inventions to the left of the board
    (build discounts, Call Specialists chains), ideas in hand, tiles waiting in the tiles
    display, the Progress map with its Wealth tiles' end-game score, influence (Chain Action
    tokens now, IP at the end), the society's era and the Private Goals. Assets that only pay
    later lose weight as the game runs out (`rest`); end-game IP gains it (`late`)."""
    value = float(t.ip[seat])
    if t.phase == OVER:
        return value
    era = K.TRACK_ERA[t.chronos]
    late = era / 6
    rest = max(0.0, (6 - era) / 4)
    value += (0.5 + 0.4 * rest) * (sum(t.home[seat * 3:seat * 3 + 3]) + t.academy[seat])
    value += 0.3 * sum(t.exhausted[seat * 3:seat * 3 + 3])
    value += 0.4 * sum(t.on_map[r * P + seat] for r in range(R))
    value += _tiles_worth(t, seat, rest)
    value += (1.0 + 2.0 * rest) * len(Q.inventions(t, seat))
    value += (0.4 + 0.8 * rest) * len(Q.hand(t, seat))
    value += 0.5 * t.influence[seat] + late * K.FINAL_IP[t.influence[seat]]
    value += (0.3 + 0.8 * rest) * Q.era_of(t, seat) + 0.5 * t.eco_home[seat]
    goals = sorted(scoring.goal_points(t, seat), reverse=True)
    value += late * sum(goals[:2])
    value += 1.5 * rest * _turn_order_edge(t, seat)
    if t.current == seat:
        value += (0.4 + 0.8 * rest) * t.owed_ideas
    # citizens still to be paid onto a card this turn count as already there
    placing = [0] * (R * 4)
    for step in t.pending:
        if step[0] == S_PAY and step[1] == seat and 0 <= step[2] < R * 4:
            placing[step[2]] += step[4]
        elif step[0] == S_INNOVATE_DONE and step[1] == seat:
            # Innovate 2-3 still to come: a new specialist and the card's Chain Action
            value += 0.5 + 0.4 * rest + (1.5 if t.chain_left > 0 else 0.0)
        elif step[0] == S_CHAIN and step[1] == seat and t.chain_left > 0:
            value += 1.5  # a Chain Action on offer, beyond the lookahead
    for r in range(R):
        if t.card[r] < 0:
            continue
        if t.presenter[r] == seat:
            sure = 0.85 if t.inventor[r] >= 0 or placing[r * 4 + AS_INVENTOR] else 0.6
            count = t.presenter_count[r] + placing[r * 4 + AS_PRESENTER]
            value += sure * K.IDEA_ERA[t.card[r]] * count
        if t.inventor[r] == seat or placing[r * 4 + AS_INVENTOR]:
            value += 0.8 * (1.0 + 2.0 * rest)
        if t.innovator[r] == seat or placing[r * 4 + AS_INNOVATOR]:
            value += 1.0  # a citizen onto the map when shared, and the right to share it
    return value


def _turn_order_edge(t: InvTable, seat: int) -> float:
    """1 for first in turn order down to 0 for last (earlier turns take the free Region
    displays, Eureka Milestones and era spaces first); the marker on the furthest-right Turn
    Order space will move to first at the next Era Change."""
    if t.players < 2 or seat not in t.order:
        return 0.0
    on = [(t.era_space[s], s) for s in range(t.players) if t.era_space[s] in K.TURN_ORDER_SPACES]
    position = 0 if on and max(on)[1] == seat else t.order.index(seat)
    return (t.players - 1 - position) / (t.players - 1)


def _tiles_worth(t: InvTable, seat: int, rest: float) -> float:
    """Built tiles (their benefits are already taken) and their Wealth score so far; tiles in
    the tiles display are worth a build to come, a Wealth tile there part of its score."""
    built = scoring.map_tiles(t, seat)
    value = (1.0 + 1.5 * rest) * len(built)
    value += scoring.final_parts(t, seat)["wealth"]
    for code in t.tiles[seat * 4:seat * 4 + 4]:
        if not code:
            continue
        value += 1.0 + 1.0 * rest
        if code >= K.WEALTH_BASE:
            value += 0.5 * scoring.points(t, seat, K.WEALTH[code - K.WEALTH_BASE].effects)
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
