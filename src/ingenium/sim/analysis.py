"""The game's own figures (Game.statistics: points by source, actions, components), averaged
per bot over a batch of games, for summaries, reports and balance studies."""

from __future__ import annotations

from collections.abc import Iterable

from ingenium.sim.accumulate import ALL, LENGTH, Accumulator
from ingenium.sim.runner import GameResult
from ingenium.sim.stats import GroupTable

__all__ = ["ACTIONS", "ALL", "LENGTH", "POINTS", "GroupTable", "aggregate_statistics",
           "bots_in_order", "mean_of"]
POINTS = "points"  # the group whose keys add up to the score; reports stack it
ACTIONS = "actions"


def aggregate_statistics(results: Iterable[GameResult]) -> dict[str, GroupTable]:
    """Every group and key any seat reported, per bot spec and over all seats (a missing key
    counts 0; "seen" is the share of seat-games where it occurs)."""
    return Accumulator().add_all(results).statistics()


def bots_in_order(results: list[GameResult]) -> list[str]:
    """Bot specs in order of first appearance."""
    order: dict[str, None] = {}
    for result in results:
        order.update(dict.fromkeys(result.bots))
    return list(order)


def mean_of(table: dict[str, GroupTable], group: str, bot: str) -> dict[str, float]:
    """key -> mean per seat-game of one bot in one group (empty when the game has none)."""
    return {key: per_bot[bot]["mean"] for key, per_bot in table.get(group, {}).items()
            if bot in per_bot}
