"""`ingenium compare`: two variants or two bot line-ups played on the same seeds, or two
results files (two rule versions, each run from its own checkout), side by side with the
differences and their 95% intervals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ingenium.bots import split_specs
from ingenium.cli_output import console, err, fail
from ingenium.cli_sim import (
    AsJson,
    Backend,
    Players,
    Report,
    Seed,
    Variant,
    Workers,
    check_backend,
    check_outputs,
    run_games,
    write_report,
)
from ingenium.sim.accumulate import Accumulator
from ingenium.sim.batch import Run
from ingenium.sim.compare import Comparison, compare
from ingenium.sim.results import OutputError, read_results

NONE = "none"  # --against-variant none: the game without a variant


def label(run: Run) -> str:
    """'advanced · greedy,greedy,greedy' (the variant, then the bots)."""
    return f"{run.variant or 'no variant'} · {','.join(run.bots)}"


def from_files(files: list[Path]) -> tuple[Accumulator, Accumulator, str, str]:
    """The two summaries of two results files (read in bounded memory)."""
    if len(files) != 2:
        raise fail("--results takes exactly two files: A, then B")
    folded = []
    for path in files:
        accumulator = Accumulator()
        try:
            for result in read_results(path):
                accumulator.add(result)
        except (OutputError, OSError) as exc:
            raise fail(str(exc)) from None
        if accumulator.first is None:
            raise fail(f"{path} holds no games")
        folded.append(accumulator)
    return folded[0], folded[1], str(files[0]), str(files[1])


def compare_command(
    game: Annotated[str | None, typer.Argument(help="Game name (not with --results)")] = None,
    players: Players = 2,
    bots: Annotated[str, typer.Option(help="Run A's bots, one spec per seat")] = "",
    variant: Variant = None,
    against_bots: Annotated[str, typer.Option(help="Run B's bots (default: A's)")] = "",
    against_variant: Annotated[str | None, typer.Option(
        help="Run B's variant (default: A's; 'none' for no variant)")] = None,
    games: Annotated[int, typer.Option("--games", help="Games per run (the same seeds)")]
    = 100,
    seed: Seed = 0,
    workers: Workers = 1,
    backend: Backend = "local",
    results: Annotated[list[Path] | None, typer.Option(
        "--results", help="Compare two results files instead of playing (give it twice)")]
    = None,
    as_json: AsJson = False,
    report: Report = None,
) -> None:
    """Two variants, two bot line-ups or two results files side by side: win rates, scores,
    length and every statistic, with B − A and its 95% interval."""
    check_outputs(None, report, None)
    if results:
        a, b, a_label, b_label = from_files(results)
        command = "ingenium compare " + " ".join(f"--results {p}" for p in results)
    else:
        if game is None:
            raise fail("name a game to play, or give two --results files")
        if games < 1:
            raise fail("--games must be at least 1")
        specs = split_specs(bots) or ["random"] * players
        run_a = Run(game, players, tuple(specs), games, seed, variant)
        run_b = Run(game, players, tuple(split_specs(against_bots) or specs), games, seed,
                    variant if against_variant is None else
                    None if against_variant == NONE else against_variant)
        if run_a == run_b:
            raise fail("runs A and B are the same: give --against-bots or --against-variant")
        for run in (run_a, run_b):
            check_backend(workers, backend, run.job(seed))
        a_label, b_label = label(run_a), label(run_b)
        err.print(f"A: {a_label}", highlight=False)
        a = run_games(run_a, workers, backend, None, False, None)
        err.print(f"B: {b_label}", highlight=False)
        b = run_games(run_b, workers, backend, None, False, None)
        command = (f"ingenium compare {game} --players {players} --bots {','.join(specs)} "
                   f"--games {games} --seed {seed}"
                   + (f" --variant {variant}" if variant else "")
                   + (f" --against-bots {against_bots}" if against_bots else "")
                   + (f" --against-variant {against_variant}" if against_variant else ""))
    comparison = compare(a, b, a_label, b_label)
    if report:
        from ingenium.sim.compare_report import comparison_chart, comparison_report

        chart = comparison_chart(comparison)
        write_report(report, None, [chart], comparison_report(comparison, chart, command))
    if as_json:
        print(json.dumps(comparison.to_dict()))
        return
    print_comparison(comparison)


def print_comparison(comparison: Comparison) -> None:
    """Win rates, scores and length in full; of the statistics, the clear differences."""
    table = Table(title=f"A: {comparison.a_label}  vs  B: {comparison.b_label}",
                  caption="B − A with its 95% interval; * the interval excludes 0")
    for column in ("", "figure", "A", "B", "B − A (95% interval)"):
        table.add_column(column, justify="left" if column in ("", "figure") else "right")
    quiet = 0
    for row in comparison.rows:
        if row.section not in ("win rate", "score", "length") and not row.clear:
            quiet += 1
            continue
        form = ".1%" if row.section == "win rate" else ".2f"
        table.add_row(row.section, row.name, format(row.a, form), format(row.b, form),
                      f"{row.difference:{form}} ({row.low:{form}} to {row.high:{form}})"
                      + (" *" if row.clear else ""))
    console.print(table)
    console.print(f"{quiet} other statistics show no clear difference (--json lists all).",
                  highlight=False)
