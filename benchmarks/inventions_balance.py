"""Balance report for the reconstructed Inventions components: all-greedy games.

Run: .venv/bin/python benchmarks/inventions_balance.py [games] [players] [bots] [workers]
(`bots` is a comma-separated list of bot specs, one per seat, rotated each game so every spec
plays every seat; default all "greedy"). Besides the shipped bots, "bias:family=F[,bonus=B]" is a
greedy bot that adds B IP (default 3) to every main action of one family F (see FAMILIES), to
check that no single strategy dominates, e.g. `... 40 4 greedy,bias:family=diplomacy`.
Prints win rate by starting turn position (and by bot spec), where the IP came from (a
"benefit" is split by what granted it), which main actions were taken (and every action,
chained and free ones included), and the core-loop throughput. Figures for RECONSTRUCTED.md.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import ingenium
from ingenium.bots import Bot, GreedyBot, make_bot, parse_spec, split_specs
from ingenium.engine import Decision, Option
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import final_scoring
from ingenium.games.inventions.table import goals_of

FAMILIES = {
    "core": ("present_idea", "invent", "share_invention", "innovate"),
    "diplomacy": ("send_diplomat", "call_diplomat"),
    "eureka": ("eureka",),
    "society": ("call_specialists", "gain_influence", "travel"),
}

CONTEXT = {"build": "hex", "economy": "Economy tile", "eureka": "era space",
           "culture": "Culture tile", "diplomat": "diplomat", "recall": "diplomat"}


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


def one_game(args: tuple[int, int, tuple[str, ...]]) -> dict[str, Any]:
    """Play one game; keep what the report needs."""
    seed, players, specs = args
    game = ingenium.get_game("inventions")
    state = game.new_game(players, seed)
    seat_specs = [specs[(seat + seed) % len(specs)] for seat in range(players)]
    bots = [bot_for(seat_specs[seat], seat, seed * 10 + seat) for seat in range(players)]
    while (decision := state.decision) is not None:
        state.apply(bots[decision.seat].choose(state, decision))
    order = next(e.data["order"] for e in state.events if e.kind in ("setup", "turn_order"))
    ip_by_reason: dict[str, int] = Counter()
    actions: Counter[str] = Counter()
    all_actions: Counter[str] = Counter()
    context = "other"
    for event in state.events:
        if event.kind == "action":
            context = event.data["action"]
            all_actions[context] += 1
            if event.data.get("how") == "main action":
                actions[context] += 1
        elif event.kind in CONTEXT:
            context = CONTEXT[event.kind]
        elif event.kind == "ip":
            reason = event.text.rsplit("(", 1)[-1].rstrip(")")
            reason = "presenting (shares)" if reason.startswith("presented") else reason
            if reason == "benefit":
                reason = f"benefit: {context}"
            ip_by_reason[reason] += event.data["ip"]
        elif event.kind == "final":
            for key in ("influence", "wealth", "goals"):
                ip_by_reason[f"final: {key}"] += event.data[key]
    t = state.table
    kinds = Counter(e.kind for e in state.events)
    goal_ip = [(catalog.GOALS[g].id, p) for s in range(players)
               for g, p in zip(goals_of(t, s), final_scoring.goal_points(t, s), strict=True)]
    wealth_ip = [(catalog.WEALTH[c - catalog.WEALTH_BASE].letter, final_scoring.points(
        t, s, catalog.WEALTH[c - catalog.WEALTH_BASE].effects)) for s in range(players)
        for c in final_scoring.map_tiles(t, s) if c >= catalog.WEALTH_BASE]
    return {"winners": state.winners(), "order": order, "scores": state.scores(),
            "specs": seat_specs, "ip": dict(ip_by_reason), "actions": dict(actions),
            "all_actions": dict(all_actions), "decisions": len(state.history),
            "map_tiles": statistics.fmean(len(final_scoring.map_tiles(t, s))
                                          for s in range(players)),
            "shares": kinds["share"], "inventions": kinds["invent"],
            "goal_ip": goal_ip, "wealth_ip": wealth_ip}


def _means(rows: Any, count: bool = False) -> dict[str, Any]:
    """Mean IP per card id over every (id, ip) pair of every game."""
    got: defaultdict[str, list[int]] = defaultdict(list)
    for row in rows:
        for key, ip in row:
            got[key].append(ip)
    return {k: [round(statistics.fmean(v), 1), len(v)] if count else round(statistics.fmean(v), 1)
            for k, v in sorted(got.items())}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    specs = tuple(split_specs(sys.argv[3])) if len(sys.argv) > 3 else ("greedy",)
    workers = int(sys.argv[4]) if len(sys.argv) > 4 else (os.cpu_count() or 2)
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(one_game, [(seed, players, specs) for seed in range(games)]))
    by_position = [0.0] * players
    by_spec: defaultdict[str, float] = defaultdict(float)
    seats_by_spec: Counter[str] = Counter()
    for r in results:
        for w in r["winners"]:
            by_position[r["order"].index(w)] += 1 / len(r["winners"])
            by_spec[r["specs"][w]] += 1 / len(r["winners"])
        seats_by_spec.update(r["specs"])
    ip: defaultdict[str, int] = defaultdict(int)
    actions: Counter[str] = Counter()
    all_actions: Counter[str] = Counter()
    for r in results:
        for k, v in r["ip"].items():
            ip[k] += v
        actions.update(r["actions"])
        all_actions.update(r["all_actions"])
    scores = [s for r in results for s in r["scores"]]
    winning = [max(r["scores"]) for r in results]
    total_main = sum(actions.values())
    report = {
        "games": games,
        "players": players,
        "win_share_by_start_position": [round(x / games, 3) for x in by_position],
        "mean_score": round(statistics.fmean(scores), 1),
        "mean_winning_score": round(statistics.fmean(winning), 1),
        "ip_per_player_by_source": {k: round(v / (games * players), 2)
                                    for k, v in sorted(ip.items(), key=lambda kv: -kv[1])},
        "main_actions_per_game": {k: round(v / games, 2) for k, v in actions.most_common()},
        "largest_main_action_share": round(actions.most_common(1)[0][1] / total_main, 3),
        "all_actions_per_game": {k: round(v / games, 2) for k, v in all_actions.most_common()},
        "inventions_and_shares_per_game": [
            round(statistics.fmean(r["inventions"] for r in results), 2),
            round(statistics.fmean(r["shares"] for r in results), 2)],
        "mean_map_tiles": round(statistics.fmean(r["map_tiles"] for r in results), 2),
        "mean_decisions": round(statistics.fmean(r["decisions"] for r in results)),
        "private_goal_mean_ip (dealt)": _means(r["goal_ip"] for r in results),
        "wealth_tile_mean_ip (built; count)": _means((r["wealth_ip"] for r in results), True),
    }
    if len(specs) > 1:
        report["win_rate_per_seat_by_bot (even = 1/players)"] = {
            s: round(by_spec[s] / seats_by_spec[s], 3) for s in sorted(seats_by_spec)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
