"""Scoring (rules summary, "Scoring"): card points, ribbon tokens, inventor goals, card runs."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ingenium.games.legendary_inventors.components.catalog import NUM_KINDS, STAR, C
from ingenium.games.legendary_inventors.components.records import (
    CLASSIFICATIONS,
    INVENTORS_PER_TEAM,
    NUM_TYPES,
)
from ingenium.games.legendary_inventors.table import LITable

SEAT_LEVELS = INVENTORS_PER_TEAM * NUM_TYPES  # one seat's knowledge levels (inventor * 4 + type)


@cache
def best_runs(counts: tuple[int, ...], stars: int) -> int:
    """Most points from disjoint runs 0..k (each scores its highest number k).

    A run must start with a real 0 card; a Star fills any other gap (summary: "Star
    (Classification number) - Fills in a gap in a card bonus run").

    >>> best_runs((1, 1, 1, 0, 0, 0), 0)
    2
    >>> best_runs((1, 1, 0, 1, 0, 0), 1)
    3
    >>> best_runs((2, 1, 1, 0, 0, 0), 0)
    2
    >>> best_runs((0, 1, 1, 1, 1, 1), 2)
    0
    """
    if counts[0] == 0:
        return 0
    best = 0
    for top in range(1, CLASSIFICATIONS):
        rest = list(counts)
        rest[0] -= 1
        stars_left = stars
        feasible = True
        for number in range(1, top + 1):
            if rest[number] > 0:
                rest[number] -= 1  # a card is never worth more than a star, so use it first
            elif stars_left > 0:
                stars_left -= 1
            else:
                feasible = False
                break
        if not feasible:
            break
        best = max(best, top + best_runs(tuple(rest), stars_left))
    return best


VP = tuple(inv.vp for inv in C.inventions)
CLASS = tuple(inv.classification for inv in C.inventions)
RIBBON_VP = tuple(kind.vp for kind in C.token_kinds)
# (goal VP, ((type, level), ...)) per team and inventor: only the types the goal names
GOALS = tuple(tuple((i.goal_vp, tuple((ty, n) for ty, n in enumerate(i.goal) if n))
                    for i in team.inventors) for team in C.teams)


def card_points(t: LITable, seat: int) -> int:
    """Scoring 1: the ribbon VP of every invention card the player took."""
    return sum(VP[inv] for inv, owner in enumerate(t.owner) if owner == seat)


def ribbon_points(t: LITable, seat: int) -> int:
    """Scoring 2: victory point bonus tokens kept (not spent on their '1' side)."""
    base = seat * NUM_KINDS
    return ribbons_of(t.held[base:base + NUM_KINDS])


def ribbons_of(held: Sequence[int]) -> int:
    """Scoring 2 for one seat's tokens held (by kind)."""
    return sum(vp * held[k] for k, vp in enumerate(RIBBON_VP) if vp)


def goal_met(t: LITable, seat: int, inventor: int) -> bool:
    """Whether an inventor's knowledge reaches every level its goal shows."""
    at = seat * SEAT_LEVELS
    return team_goal_met(t.team[seat], t.level[at:at + SEAT_LEVELS], inventor)


def team_goal_met(team: int, level: Sequence[int], inventor: int) -> bool:
    """`goal_met` for a team whose inventors have these levels (inventor * 4 + type)."""
    base = inventor * NUM_TYPES
    return all(level[base + ty] >= n for ty, n in GOALS[team][inventor][1])


def goal_points(t: LITable, seat: int) -> int:
    """Scoring 3: inventor bonus for each inventor whose goal is met."""
    at = seat * SEAT_LEVELS
    return goals_of(t.team[seat], t.level[at:at + SEAT_LEVELS])


def goals_of(team: int, level: Sequence[int]) -> int:
    """Scoring 3 for a team whose inventors have these levels (inventor * 4 + type)."""
    goals = GOALS[team]
    return sum(goals[i][0] for i in range(INVENTORS_PER_TEAM) if team_goal_met(team, level, i))


def class_counts(t: LITable, seat: int) -> tuple[int, ...]:
    """How many owned cards show each classification number."""
    counts = [0] * CLASSIFICATIONS
    for inv, owner in enumerate(t.owner):
        if owner == seat:
            counts[CLASS[inv]] += 1
    return tuple(counts)


def run_points(t: LITable, seat: int) -> int:
    """Scoring 4: card runs starting at 0, Stars filling gaps."""
    return best_runs(class_counts(t, seat), t.held[seat * NUM_KINDS + STAR])


def breakdown(t: LITable, seat: int) -> dict[str, int]:
    """Each scoring source and the total, for views and the end screen."""
    parts = {
        "cards": card_points(t, seat),
        "ribbons": ribbon_points(t, seat),
        "inventors": goal_points(t, seat),
        "runs": run_points(t, seat),
    }
    parts["total"] = sum(parts.values())
    return parts


def total(t: LITable, seat: int) -> int:
    """All four scoring sources added up."""
    return (card_points(t, seat) + ribbon_points(t, seat) + goal_points(t, seat)
            + run_points(t, seat))


def scores(t: LITable) -> list[int]:
    """Total points per seat."""
    return [total(t, seat) for seat in range(t.players)]


def cards_taken(t: LITable, seat: int) -> int:
    """Invention cards a player took (the reconstructed tie-breaker)."""
    return sum(1 for owner in t.owner if owner == seat)
