"""Greedy's evaluation of Legendary Inventors: it spends upgrade tokens and works towards
inventor goals (Bonus Tokens; Scoring 3), which the old token-hoarding evaluation never did."""

from __future__ import annotations

import ingenium
from ingenium.bots import make_bot
from ingenium.games.legendary_inventors import evaluation
from ingenium.games.legendary_inventors.components.catalog import UPGRADES
from ingenium.games.legendary_inventors.rules import scoring


def test_bonus_tokens_greedy_plays_upgrades_and_meets_inventor_goals() -> None:
    played = met = 0
    for seed in range(6):
        state = ingenium.get_game("legendary-inventors").new_game(2, 500 + seed)
        bots = [make_bot("greedy", seat, seed * 7 + seat) for seat in range(2)]
        while (decision := state.decision) is not None:
            state.apply(bots[decision.seat].choose(state, decision))
        table = state.table
        played += sum(table.played[kind] for kind in UPGRADES)
        met += sum(scoring.goal_met(table, seat, i) for seat in range(2) for i in range(4))
    assert played >= 6  # at least one upgrade token a game on average
    assert met >= 1


def test_scoring_3_goal_progress_grows_with_levels_and_stops_when_met() -> None:
    state = ingenium.get_game("legendary-inventors").new_game(2, 1)
    table = state.table
    before = evaluation.goal_progress(table, 0)
    bonus, wanted = scoring.GOALS[table.team[0]][0]
    ty, _ = wanted[0]
    table.level[ty] += 1  # seat 0, inventor 0
    assert evaluation.goal_progress(table, 0) > before
    for ty, n in wanted:
        table.level[ty] = n
    assert scoring.goal_met(table, 0, 0)
    assert bonus > 0 and evaluation.goal_progress(table, 0) < before + bonus
