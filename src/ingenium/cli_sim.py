"""`ingenium simulate`, `ladder` and `compare`: batches of bot games, their summaries,
reports and results files.

Everything that can be refused is refused before the first game, in one line (exit 2): the
game, the bots, the backend (and joining Ray), and every output path, tried for writing.
Games stream to the results file as they finish; a stopped run goes on with `--resume`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from ingenium.bots import split_specs
from ingenium.cli_output import console, err, fail
from ingenium.engine import IngeniumError
from ingenium.sim import BACKENDS, GameResult, Job, Summary
from ingenium.sim.accumulate import Accumulator
from ingenium.sim.batch import Progress, Run, play
from ingenium.sim.ladder import Ladder
from ingenium.sim.progress import auto_every, game_progress
from ingenium.sim.results import (
    TABLES,
    Journal,
    OutputError,
    check_writable,
    export_table,
    journal_of,
)
from ingenium.sim.runner import check_job, run_jobs

Players = Annotated[int, typer.Option(help="Number of players")]
Seed = Annotated[int, typer.Option(help="Seed of the first game (then +1 each)")]
Workers = Annotated[int, typer.Option(help="Worker processes (local), CPUs of a local Ray")]
Backend = Annotated[str, typer.Option(help="local or ray (RAY_ADDRESS joins a cluster)")]
Variant = Annotated[str | None, typer.Option(help="Game variant")]
Out = Annotated[Path | None, typer.Option(
    help="Results file: .jsonl (a line per game), .csv or .parquet (a row per game and seat)")]
AsJson = Annotated[bool, typer.Option("--json", help="Print the summary as JSON")]
Report = Annotated[Path | None, typer.Option(help="Write a self-contained HTML report")]
Plots = Annotated[Path | None, typer.Option(help="Write the report's figures as PNG files")]
Every = Annotated[int | None, typer.Option(
    help="When stderr is no terminal: a progress line every N games (default ~5%, 0: none)")]


PLOTS_MISSING = "--report and --plots draw with matplotlib: pip install 'ingenium[plots]'"


def check_outputs(out: Path | None, report: Path | None, plots: Path | None) -> None:
    """Every output tried for writing before the first game (one line, exit 2, if not); the
    figures' library (the `plots` extra) found before then too."""
    if (report or plots) and not plotting_installed():
        raise fail(PLOTS_MISSING)
    try:
        for path, folder in ((out, False), (report, False), (plots, True)):
            if path is None:
                continue
            if not path.resolve().parent.is_dir():
                raise OutputError(f"cannot write {path}: folder {path.resolve().parent} "
                                  f"does not exist")
            check_writable(path, folder)
            if out is not None and path == out and out.suffix in TABLES:
                check_writable(journal_of(out))
    except OutputError as exc:
        raise fail(str(exc)) from None


def plotting_installed() -> bool:
    """Whether matplotlib can be imported (it is an extra: most runs draw nothing)."""
    try:
        import matplotlib  # noqa: F401  (only asked whether it is there)
    except ImportError:
        return False
    return True


def check_backend(workers: int, backend: str, job: Job) -> None:
    """The backend, the worker count and the first job; Ray started or joined now, so that
    a missing Ray or a refused token is the only line printed."""
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if workers < 1:
        raise fail("--workers must be at least 1")
    try:
        check_job(job)
        if backend == "ray":
            from ingenium.sim.ray_backend import connect

            connect(workers)
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None


def write_report(report: Path | None, plots: Path | None, charts: list[Any], html: str) -> None:
    """The HTML report and the PNG folder, when asked for; one-line error if not writable."""
    from ingenium.sim.report import write_pngs

    try:
        if report:
            report.write_text(html, encoding="utf-8")
            err.print(f"report: {report}", highlight=False)
        if plots:
            written = write_pngs(charts, plots)
            err.print(f"plots: {len(written)} PNG files in {plots}", highlight=False)
    except OSError as exc:
        raise fail(f"cannot write the report: {exc}") from None


def run_games(run: Run, workers: int, backend: str, out: Path | None, resume: bool,
              every: int | None) -> Accumulator:
    """Play the run (what its file lacks, with `resume`), streaming each game to `out`;
    the table written at the end. Ctrl-C stops it in one line: the file keeps every game."""
    progress = Progress(run)
    journal_path = journal_of(out) if out else None
    try:
        if resume and journal_path is not None and journal_path.exists():
            already = progress.resume(journal_path)
            err.print(f"resuming: {already} of {run.games} games already in {journal_path}",
                      highlight=False)
        journal = Journal(journal_path, resume) if journal_path is not None else None
    except (OutputError, OSError) as exc:
        raise fail(str(exc)) from None
    description = f"{run.game} ×{run.players}"
    try:
        with game_progress(description, run.games, err,
                           auto_every(run.games) if every is None else every,
                           progress.played) as advance:
            play(progress, workers, backend, journal, lambda _: advance())
    except KeyboardInterrupt:
        raise fail(f"stopped after {progress.played} of {run.games} games"
                   + (f"; the same command with --resume goes on from {journal_path}"
                      if journal_path else "")) from None
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None
    finally:
        if journal is not None:
            journal.close()
    if out is not None and journal_path is not None and out.suffix in TABLES:
        rows = export_table(journal_path, out)
        err.print(f"table: {rows} rows in {out} (games: {journal_path})", highlight=False)
    return progress.accumulator


def simulate_command(
    game: Annotated[str, typer.Argument(help="Game name")],
    players: Players = 4,
    bots: Annotated[str, typer.Option(help="Comma list of bot specs, one per seat")] = "",
    games: Annotated[int, typer.Option("--games", help="How many games")] = 100,
    seed: Seed = 0,
    workers: Workers = 1,
    backend: Backend = "local",
    variant: Variant = None,
    out: Out = None,
    resume: Annotated[bool, typer.Option(
        help="Keep the games already in --out and play only the seeds it lacks")] = False,
    as_json: AsJson = False,
    report: Report = None,
    plots: Plots = None,
    progress_every: Every = None,
) -> None:
    """Play many games between bots: win rates, scores, the game's own statistics, the
    designer's questions (winners vs the rest, seat effects, length); reports and tables."""
    specs = split_specs(bots) or ["random"] * players
    if games < 1:
        raise fail("--games must be at least 1")
    if resume and out is None:
        raise fail("--resume needs --out: the results file to go on from")
    run = Run(game, players, tuple(specs), games, seed, variant)
    check_backend(workers, backend, run.job(seed))
    check_outputs(out, report, plots)
    summary = run_games(run, workers, backend, out, resume, progress_every).summary()
    if report or plots:
        from ingenium.sim.figures import simulation_charts
        from ingenium.sim.simulation_report import simulation_report

        command = command_line("simulate", game, players, specs, games, seed, variant)
        charts = simulation_charts(summary)
        write_report(report, plots, charts, simulation_report(summary, charts, command)
                     if report else "")
    if as_json:
        print(json.dumps(summary.to_dict()))
        return
    print_summary(summary)


def command_line(verb: str, game: str, players: int, specs: list[str], games: int, seed: int,
                 variant: str | None) -> str:
    """The command that made a report, printed in it so the run can be made again."""
    return (f"ingenium {verb} {game} --players {players} --bots {','.join(specs)} "
            f"--games {games} --seed {seed}" + (f" --variant {variant}" if variant else ""))


def print_summary(summary: Summary) -> None:
    """The seats table, with game length and cost in the caption."""
    players = "solo" if summary.players == 1 else f"{summary.players} players"
    length = summary.length
    units = ", ".join(f"{d.mean:.1f} {unit}" for unit, d in length.units.items()) \
        if length else ""
    table = Table(title=f"{summary.game}: {summary.games} games, {players}",
                  caption=(f"{units}; " if units else "") +
                  f"{summary.mean_decisions:.0f} decisions and "
                  f"{summary.mean_seconds * 1000:.0f} ms per game")
    for column in ("player", "bot", "wins", "win rate (95% CI)", "mean score", "sd"):
        table.add_column(column, justify="right" if column not in ("player", "bot") else "left")
    for s in summary.seats:
        table.add_row(f"Player {s.seat + 1}", s.bot, f"{s.wins:g}",
                      f"{s.win_rate:.1%} ({s.win_low:.1%}–{s.win_high:.1%})",
                      f"{s.mean_score:.1f}", f"{s.sd_score:.1f}")
    for r in summary.rivals:  # a solo game's automated rival: no seat, wins what seat 1 loses
        table.add_row(r.name, "automated rival", f"{r.wins:g}",
                      f"{r.win_rate:.1%} ({r.win_low:.1%}–{r.win_high:.1%})",
                      f"{r.mean_score:.1f}", f"{r.sd_score:.1f}")
    console.print(table)
    if summary.designer and summary.designer.seat_tests:
        test = summary.designer.seat_tests[0]
        console.print(f"Seats: {test.name}, p = {test.p_value:.3g}", highlight=False)


def ladder_command(
    game: Annotated[str, typer.Argument(help="Game name")],
    players: Players = 2,
    bots: Annotated[str, typer.Option(help="Comma list of bot specs to rate (two or more)")]
    = "random,greedy",
    games: Annotated[int, typer.Option("--games", help="Games per line-up (seats rotated)")]
    = 20,
    seed: Seed = 0,
    workers: Workers = 1,
    backend: Backend = "local",
    variant: Variant = None,
    out: Out = None,
    as_json: AsJson = False,
    report: Report = None,
    plots: Plots = None,
    progress_every: Every = None,
) -> None:
    """Round robin between bots with rotated seats: Bradley–Terry (Elo-scale) ratings with
    95% intervals and the pairwise win matrix."""
    from ingenium.sim.ladder import ladder, ladder_jobs

    specs = split_specs(bots)
    if games < 1:
        raise fail("--games must be at least 1")
    try:
        jobs = ladder_jobs(game, players, specs, games, seed, variant)
    except ValueError as exc:
        raise fail(str(exc)) from None
    check_backend(workers, backend, jobs[0])
    check_outputs(out, report, plots)
    results = play_listed(jobs, workers, backend, out, f"{game} ladder", progress_every)
    board = ladder(results, specs, seed)
    if report or plots:
        from ingenium.sim.plots import ladder_charts
        from ingenium.sim.report import ladder_report

        command = command_line("ladder", game, players, specs, games, seed, variant)
        charts = ladder_charts(board)
        write_report(report, plots, charts, ladder_report(board, charts, command)
                     if report else "")
    if as_json:
        print(json.dumps(board.to_dict()))
        return
    print_ladder(board)


def play_listed(jobs: list[Job], workers: int, backend: str, out: Path | None,
                description: str, every: int | None) -> list[GameResult]:
    """Play jobs whose results are all needed at once (a ladder's bootstrap), in job order,
    each streamed to `out` as it finishes."""
    journal = Journal(journal_of(out), False) if out else None
    results = []
    try:
        with game_progress(description, len(jobs), err,
                           auto_every(len(jobs)) if every is None else every) as advance:
            for result in run_jobs(jobs, workers, backend):
                if journal is not None:
                    journal.write(result)
                results.append(result)
                advance()
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None
    finally:
        if journal is not None:
            journal.close()
    if out is not None and out.suffix in TABLES:
        export_table(journal_of(out), out)
    order = {(job.seed, job.bots): n for n, job in enumerate(jobs)}
    return sorted(results, key=lambda r: order[(r.seed, r.bots)])


def print_ladder(board: Ladder) -> None:
    """Ratings best first, then the pairwise matrix."""
    ratings = Table(title=f"{board.game}: ladder of {board.games} games, "
                          f"{board.players} players",
                    caption="Bradley–Terry on the Elo scale (mean 1500), 95% bootstrap interval")
    for column in ("rank", "bot", "rating", "95% interval", "first places", "mean score"):
        ratings.add_column(column, justify="left" if column == "bot" else "right")
    records = {r.bot: r for r in board.records}
    for rank, r in enumerate(board.ratings, 1):
        record = records[r.bot]
        ratings.add_row(str(rank), r.bot, f"{r.rating:.0f}", f"{r.low:.0f}–{r.high:.0f}",
                        f"{record.win_rate:.1%}", f"{record.mean_score:.1f}")
    console.print(ratings)
    matrix = Table(title="row finished ahead of column (share of meetings)")
    matrix.add_column("bot")
    for bot in board.bots:
        matrix.add_column(bot, justify="right")
    for bot, row in zip(board.bots, board.ahead, strict=True):
        matrix.add_row(bot, *("–" if v is None else f"{v:.1%}" for v in row))
    console.print(matrix)
