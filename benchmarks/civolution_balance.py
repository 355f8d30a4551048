"""Balance report for Civolution (its many reconstructed values): where the points come from.

Run: .venv/bin/python benchmarks/civolution_balance.py [games] [players] [bots]
(`bots` is a comma-separated list of bot specs, one per seat, rotated each game so every spec
plays every seat; default all "greedy"). Prints win rate by bot spec and by seating position,
the mean winning score, and the success points by source: the final scoring's nine categories,
console A (stages) and console B (point bonus cards), the era scoring, fire encampments,
statues, and every other rule that pays SP during play. Figures for RECONSTRUCTED.md, to be
set next to what published plays report.

Every SP a civolution gains goes through `console.gain_sp`; the study wraps it in each rule
module to learn which rule paid it (the rules themselves are untouched). The final scoring's
total is split by recomputing its parts on the final table, exactly as the rules scored them.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

import ingenium
from ingenium.bots import make_bot, split_specs
from ingenium.games.civolution import console, scoring
from ingenium.games.civolution.table import CivTable

# rule module -> the source its SP are reported under
SOURCES = {
    "event_phase": "era scoring (Phase 7 C)",
    "tribes": "fire encampments",
    "income": "statues (Phase 8, Favor of Agera)",
    "feeding": "feeding: upright tribes",
    "exploration": "exploration (sites, material tiles)",
    "sites": "sites (Mystic oak)",
    "gains": "SP printed on effects (cards, chips, modules, events)",
    "install": "installing (cost spaces)",
    "console": "tracks beyond their top",
    "console_actions": "console actions",
    "materials": "materials",
}
FINAL = "final scoring"


REAL_GAIN_SP = console.gain_sp


def wrap_gain_sp(ledger: dict[int, Counter[str]], watched: list[CivTable]) -> None:
    """Record every gain_sp on the watched table (not the bots' lookahead copies) by the rule
    module that called it (seat -> source -> SP)."""
    real = REAL_GAIN_SP

    def recorder(source: str) -> Callable[[CivTable, int, int], None]:
        def gain(t: CivTable, seat: int, amount: int) -> None:
            if amount > 0 and watched and t is watched[0]:
                ledger[seat][source] += amount
            real(t, seat, amount)
        return gain

    for name, module in list(sys.modules.items()):
        if name.startswith("ingenium.games.civolution") and hasattr(module, "gain_sp"):
            short = name.rsplit(".", 1)[-1]
            module.gain_sp = recorder(FINAL if short == "scoring" else  # type: ignore[attr-defined]
                                      SOURCES.get(short, short))


def final_parts(t: CivTable, seat: int) -> Counter[str]:
    """The final scoring split into its parts, recomputed on the final table."""
    parts: Counter[str] = Counter()
    for category in range(len(scoring.CATEGORIES)):
        name = scoring.CATEGORIES[category].value
        parts[f"final: {name}"] = scoring.final_points(category, t) * scoring.units(t, seat,
                                                                                    category)
    parts["final: console A (stages)"] = scoring.stage_points(t, seat)
    parts["final: console B (point bonus)"] = scoring.point_bonus(t, seat)
    return parts


def play(players: int, specs: list[str], seed: int) -> dict[str, Any]:
    """One game: each seat's spec, score, rank and SP by source."""
    ledger: dict[int, Counter[str]] = defaultdict(Counter)
    watched: list[CivTable] = []
    wrap_gain_sp(ledger, watched)
    game = ingenium.get_game("civolution")
    state = game.new_game(players, seed)
    watched.append(state.table)
    bots = [make_bot(spec, seat, seed * 10 + seat) for seat, spec in enumerate(specs)]
    decisions = 0
    while (decision := state.decision) is not None:
        state.apply(bots[decision.seat].choose(state, decision))
        decisions += 1
    t = state.table
    for seat in range(players):
        final = ledger[seat].pop(FINAL, 0)
        parts = final_parts(t, seat)
        assert sum(parts.values()) == final, "the final scoring's parts do not add up"
        ledger[seat].update(parts)
        assert sum(ledger[seat].values()) == t.score[seat], "an SP went unrecorded"
    ranking = state.ranking()
    return {"specs": specs, "scores": state.scores(), "winner": ranking[0],
            "sources": [dict(ledger[s]) for s in range(players)], "decisions": decisions}


def main(games: int = 20, players: int = 4, bots: str = "greedy") -> None:
    specs = split_specs(bots)
    specs = (specs * players)[:players] if len(specs) < players else specs[:players]
    start = time.process_time()
    results = []
    for g in range(games):
        shift = g % players  # rotate the specs so every spec plays every seat
        results.append(play(players, specs[shift:] + specs[:shift], g + 1))
    cpu = time.process_time() - start
    print(f"civolution balance: {games} games, {players} players, bots {','.join(specs)}; "
          f"{cpu / games:.1f} s CPU per game, "
          f"{statistics.mean(r['decisions'] for r in results):.0f} decisions per game")
    wins: Counter[str] = Counter()
    seats: Counter[int] = Counter()
    for r in results:
        wins[r["specs"][r["winner"]]] += 1
        seats[r["winner"]] += 1
    for spec in dict.fromkeys(specs):
        share = specs.count(spec) / players
        print(f"  {spec}: {wins[spec]} wins of {games} ({wins[spec] / games:.0%}; "
              f"its seats' fair share {share:.0%})")
    print("  wins by seat: " + ", ".join(f"P{s + 1} {seats[s]}" for s in range(players)))
    winning = [r["scores"][r["winner"]] for r in results]
    print(f"  winning score: mean {statistics.mean(winning):.1f}, "
          f"min {min(winning)}, max {max(winning)}")
    for spec in dict.fromkeys(specs):
        totals: Counter[str] = Counter()
        n = 0
        for r in results:
            for seat, s in enumerate(r["specs"]):
                if s == spec:
                    totals.update(r["sources"][seat])
                    n += 1
        total = sum(totals.values()) / n
        print(f"  {spec}: mean score {total:.1f}, by source:")
        for source, sp in sorted(totals.items(), key=lambda kv: -kv[1]):
            if sp:
                print(f"    {sp / n:6.1f}  {sp / n / total:4.0%}  {source}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 20, int(args[1]) if len(args) > 1 else 4,
         args[2] if len(args) > 2 else "greedy")
