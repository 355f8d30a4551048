"""Balance report for the reconstructed Inventions components: all-greedy games.

Run: .venv/bin/python benchmarks/inventions_balance.py [games] [players] [bots] [workers]
(`bots` is a comma-separated list of bot specs, one per seat, rotated each game so every spec
plays every seat; default all "greedy"). Besides the shipped bots, "bias:family=F[,bonus=B]" is a
greedy bot that adds B IP (default 3) to every main action of one family F (see FAMILIES), to
check that no single strategy dominates, e.g. `... 40 4 greedy,bias:family=diplomacy`.
Prints win rate by starting turn position (and by bot spec), where the IP came from (a
"benefit" is split by what granted it), which main actions were taken (and every action,
chained and free ones included), and the core-loop throughput. Figures for RECONSTRUCTED.md.

A use of the analysis layer: the games run on the simulation runner, and every figure comes
from the game's own statistics (`ingenium.games.inventions.statistics`, through
`Game.statistics`), the same ones `ingenium simulate inventions --report` draws.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from typing import Any

from ingenium.bots import Bot, GreedyBot, make_bot, parse_spec, split_specs
from ingenium.engine import Decision, Option
from ingenium.sim import GameResult, Job, play_jobs
from ingenium.sim.accumulate import bot_summaries
from ingenium.sim.analysis import ALL, GroupTable, aggregate_statistics

FAMILIES = {
    "core": ("present_idea", "invent", "share_invention", "innovate"),
    "diplomacy": ("send_diplomat", "call_diplomat"),
    "eureka": ("eureka",),
    "society": ("call_specialists", "gain_influence", "travel"),
}

class BiasedGreedy(GreedyBot):
    """Greedy, but every main action of one family looks `bonus` IP better."""

    name = "bias"

    def __init__(self, seat: int, seed: int = 0, **params: Any) -> None:
        family, bonus = params.pop("family"), float(params.pop("bonus", 3))
        super().__init__(seat, seed, **params)
        self.params = {"family": family, "bonus": bonus, **params}
        self.ids = {f"main:space={a}" for a in FAMILIES[family]}
        self.bonus = bonus

    def preference(self, decision: Decision, option: Option) -> float:
        """The family's bonus, on main actions only."""
        if decision.kind == "main_action" and option.id in self.ids:
            return self.bonus
        return 0.0


def bot_for(spec: str, seat: int, seed: int) -> Bot:
    """A shipped bot, or the benchmark's strategy-biased greedy bot."""
    name, params = parse_spec(spec)
    if name == "bias":
        return BiasedGreedy(seat, seed, **params)
    return make_bot(spec, seat, seed)


def jobs(games: int, players: int, specs: tuple[str, ...]) -> list[Job]:
    """One job per seed; the specs rotate over the seats game by game."""
    return [Job("inventions", players,
                tuple(specs[(seat + seed) % len(specs)] for seat in range(players)), seed,
                bot_factory=bot_for) for seed in range(games)]


def per_game(table: dict[str, GroupTable], group: str, players: int) -> dict[str, float]:
    """A group's per-player means, times the players: per game, most frequent first."""
    means = {k: v[ALL]["mean"] * players for k, v in table.get(group, {}).items()}
    return {k: round(v, 2) for k, v in sorted(means.items(), key=lambda kv: -kv[1])}


def when_seen(table: dict[str, GroupTable], group: str) -> dict[str, float]:
    """Mean of each key over the seat-games where it occurs."""
    rows = {}
    for key, per_bot in sorted(table.get(group, {}).items()):
        mean, seen = per_bot[ALL]["mean"], per_bot[ALL]["seen"]
        rows[key] = round(mean / seen, 1) if seen else 0.0
    return rows


def report(results: list[GameResult], specs: tuple[str, ...]) -> dict[str, Any]:
    """The balance figures of a batch (see the module docstring)."""
    games, players = len(results), results[0].players
    table = aggregate_statistics(results)
    by_position = [0.0] * (players + 1 if players == 2 else players)  # Chronos has a place
    for r in results:
        for w in r.winners:
            position = int(r.statistics[w]["seating"]["first turn-order position"])
            by_position[position - 1] += 1 / len(r.winners)
    main = per_game(table, "actions", players)
    seat_games = games * players
    out: dict[str, Any] = {
        "games": games,
        "players": players,
        "win_share_by_start_position": [round(x / games, 3) for x in by_position],
        "mean_score": round(statistics.fmean(s for r in results for s in r.scores), 1),
        "mean_winning_score": round(statistics.fmean(max(r.scores) for r in results), 1),
        "ip_per_player_by_source": {k: round(v / players, 2)
                                    for k, v in per_game(table, "points", players).items()},
        "main_actions_per_game": main,
        "largest_main_action_share": round(max(main.values()) / sum(main.values()), 3),
        "all_actions_per_game": per_game(table, "all actions", players),
        "inventions_and_shares_per_game": [per_game(table, "play", players)["inventions"],
                                           per_game(table, "play", players)["shares"]],
        "mean_map_tiles": round(table["play"]["Progress-map tiles"][ALL]["mean"], 2),
        "mean_decisions": round(statistics.fmean(r.decisions for r in results)),
        "private_goal_mean_ip (dealt)": when_seen(table, "goal IP (dealt)"),
        "wealth_tile_mean_ip (built; seat-games)": {
            k: [v, round(table["Wealth IP (built)"][k][ALL]["seen"] * seat_games)]
            for k, v in when_seen(table, "Wealth IP (built)").items()},
    }
    if len(specs) > 1:
        rates = {row.bot: round(row.win_rate, 3) for row in bot_summaries(results)}
        out["win_rate_per_seat_by_bot (even = 1/players)"] = dict(sorted(rates.items()))
    return out


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    specs = tuple(split_specs(sys.argv[3])) if len(sys.argv) > 3 else ("greedy",)
    workers = int(sys.argv[4]) if len(sys.argv) > 4 else (os.cpu_count() or 2)
    results = play_jobs(jobs(games, players, specs), workers)
    print(json.dumps(report(results, specs), indent=2))


if __name__ == "__main__":
    main()
