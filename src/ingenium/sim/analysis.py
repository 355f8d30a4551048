"""The game's own figures (Game.statistics: points by source, actions, components), averaged
per bot over a batch of games, for summaries, reports and balance studies."""

from __future__ import annotations

from collections import defaultdict

from ingenium.sim.runner import GameResult

ALL = "all seats"
POINTS = "points"  # the group whose keys add up to the score; reports stack it
ACTIONS = "actions"
# key -> bot (and ALL) -> {"mean": mean per seat-game, missing counts 0; "seen": share of
# seat-games where the key occurs, so mean / seen is the mean when it occurs}
GroupTable = dict[str, dict[str, dict[str, float]]]


def aggregate_statistics(results: list[GameResult]) -> dict[str, GroupTable]:
    """Every group and key any seat reported, per bot spec and over all seats."""
    appearances: defaultdict[str, int] = defaultdict(int)
    sums: defaultdict[tuple[str, str, str], float] = defaultdict(float)
    seen: defaultdict[tuple[str, str, str], int] = defaultdict(int)
    for result in results:
        for seat, figures in enumerate(result.statistics):
            bot = result.bots[seat]
            appearances[bot] += 1
            appearances[ALL] += 1
            for group, values in figures.items():
                for key, value in values.items():
                    for who in (bot, ALL):
                        sums[group, key, who] += value
                        seen[group, key, who] += 1
    table: dict[str, GroupTable] = {group: {} for group, _, _ in sums}  # the game's order
    for group, key, who in sorted(sums, key=lambda k: (k[1], k[2])):
        n = appearances[who]
        table[group].setdefault(key, {})[who] = {
            "mean": sums[group, key, who] / n, "seen": seen[group, key, who] / n}
    for group_table in table.values():  # a bot that never reported a key had it 0 times
        for per_bot in group_table.values():
            for who in appearances:
                per_bot.setdefault(who, {"mean": 0.0, "seen": 0.0})
    return table


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
