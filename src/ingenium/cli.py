"""The `ingenium` command: play, simulate, ladder, bench, replay and serve."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

import ingenium
from ingenium.bots import split_specs
from ingenium.engine import IngeniumError
from ingenium.sim import BACKENDS, GameResult, Job, Summary, play_jobs, summarize
from ingenium.sim.ladder import Ladder
from ingenium.sim.runner import check_job

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Ingenium: modern board games by their complete rules.")
# No markup on either console: text from users and data files (`[/]`, `'ingenium[ray]'`) is
# printed as it is; styles are given with `Text` objects.
console = Console(markup=False)
err = Console(stderr=True, markup=False)


def fail(message: str) -> typer.Exit:
    """Print a one-line error and return the exit to raise (status 2)."""
    line = Text("error:", style="bold red")
    line.append(f" {message}")
    err.print(line, highlight=False, soft_wrap=True)
    return typer.Exit(2)


def show_version(value: bool) -> None:
    """`ingenium --version`: the package version, then exit."""
    if value:
        console.print(f"ingenium {ingenium.__version__}", highlight=False)
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[bool, typer.Option("--version", callback=show_version, is_eager=True,
                                          help="Print the version and exit")] = False,
) -> None:
    """Ingenium: modern board games by their complete rules."""


@app.command()
def games() -> None:
    """List the registered games."""
    table = Table("name", "title", "players", "variants")
    for name in ingenium.game_names():
        g = ingenium.get_game(name)
        table.add_row(name, g.title, f"{g.min_players}-{g.max_players}",
                      ", ".join(g.variants) or "-")
    console.print(table)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game name, e.g. legendary-inventors")],
    players: Annotated[int | None, typer.Option(
        help="Number of players (default 3, or the loaded game's)")] = None,
    seats: Annotated[str, typer.Option(
        help="Comma list: human, a level (easy, medium, hard) or a bot spec per seat")] = "",
    seed: Annotated[int | None, typer.Option(
        help="Random seed (default: a fresh one, printed so the game can be replayed)")] = None,
    variant: Annotated[str | None, typer.Option(help="Game variant")] = None,
    load: Annotated[Path | None, typer.Option(help="Go on from a game saved with 'save FILE'")]
    = None,
) -> None:
    """Play in the terminal: humans type an option's number; 'help' lists the commands."""
    import secrets

    from ingenium.terminal import TerminalGame, load_save

    if seed is None:
        seed = secrets.randbelow(1_000_000)
    try:
        saved = load_save(load) if load is not None else None
        if saved is not None:
            players, variant = players or saved.players, saved.variant
        players = players or 3
        kinds = split_specs(seats) or ["human", *(["medium"] * (players - 1))]
        session = TerminalGame(game, players, kinds, seed, variant, console)
        if saved is not None:
            session.resume(saved)
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None
    again = " ".join(["ingenium play", game, "--players", str(players), "--seats",
                      ",".join(kinds), "--seed", str(seed)]
                     + (["--variant", variant] if variant else []))
    console.print(Text(f"Going on from {load}" if load else
                       f"Seed {seed}; the same deal again: {again}", style="dim"), soft_wrap=True)
    session.run()


def check_outputs(*paths: Path | None) -> None:
    """Fail before a long run, not after it, when an output's folder does not exist."""
    for path in paths:
        if path is not None and not path.resolve().parent.is_dir():
            raise fail(f"cannot write {path}: folder {path.resolve().parent} does not exist")


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


def run_batch(jobs: list[Job], workers: int, backend: str, out: Path | None,
              description: str, quiet: bool) -> list[GameResult]:
    """Play jobs with a live progress bar; one JSON line per game to `out` if given."""
    from ingenium.sim.progress import game_progress

    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if workers < 1:
        raise fail("--workers must be at least 1")
    if backend == "ray":
        try:  # before the progress bar, so that a missing Ray is the only line printed
            import ray  # noqa: F401
        except ImportError:
            from ingenium.sim.ray_backend import RAY_MISSING

            raise fail(RAY_MISSING) from None
    try:
        check_job(jobs[0])
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None
    sink = out.open("w", encoding="utf-8") if out else None
    try:
        with game_progress(description, len(jobs), err, quiet) as advance:

            def record(result: GameResult) -> None:
                advance()
                if sink:
                    sink.write(json.dumps(result.to_dict()) + "\n")

            return play_jobs(jobs, workers, backend, on_result=record)
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None
    finally:
        if sink:
            sink.close()


Players = Annotated[int, typer.Option(help="Number of players")]
Seed = Annotated[int, typer.Option(help="Seed of the first game (then +1 each)")]
Workers = Annotated[int, typer.Option(help="Worker processes (local), CPUs of a local Ray")]
Backend = Annotated[str, typer.Option(help="local or ray (RAY_ADDRESS joins a cluster)")]
Variant = Annotated[str | None, typer.Option(help="Game variant")]
Out = Annotated[Path | None, typer.Option(help="Write one JSON line per game")]
AsJson = Annotated[bool, typer.Option("--json", help="Print the summary as JSON")]
Report = Annotated[Path | None, typer.Option(help="Write a self-contained HTML report")]
Plots = Annotated[Path | None, typer.Option(help="Write the report's figures as PNG files")]


@app.command(name="simulate")
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
    as_json: AsJson = False,
    report: Report = None,
    plots: Plots = None,
) -> None:
    """Play many games between bots: win rates, scores, the game's own statistics; plots."""
    specs = split_specs(bots) or ["random"] * players
    if games < 1:
        raise fail("--games must be at least 1")
    check_outputs(out, report, plots)
    jobs = [Job(game, players, tuple(specs), seed + k, variant) for k in range(games)]
    results = run_batch(jobs, workers, backend, out, f"{game} ×{players}", as_json)
    summary = summarize(results)
    if report or plots:
        from ingenium.sim.plots import simulation_charts
        from ingenium.sim.report import simulation_report

        command = (f"ingenium simulate {game} --players {players} --bots {','.join(specs)} "
                   f"--games {games} --seed {seed}" + (f" --variant {variant}" if variant else ""))
        charts = simulation_charts(summary, results)
        write_report(report, plots, charts, simulation_report(summary, charts, command)
                     if report else "")
    if as_json:
        print(json.dumps(summary.to_dict()))
        return
    print_summary(summary)


def print_summary(summary: Summary) -> None:
    """The seats table, with game length and cost in the caption."""
    players = "solo" if summary.players == 1 else f"{summary.players} players"
    table = Table(title=f"{summary.game}: {summary.games} games, {players}",
                  caption=f"{summary.mean_decisions:.0f} decisions and "
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


@app.command(name="ladder")
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
) -> None:
    """Round robin between bots with rotated seats: Bradley–Terry (Elo-scale) ratings with
    95% intervals and the pairwise win matrix."""
    from ingenium.sim.ladder import ladder, ladder_jobs

    specs = split_specs(bots)
    if games < 1:
        raise fail("--games must be at least 1")
    check_outputs(out, report, plots)
    try:
        jobs = ladder_jobs(game, players, specs, games, seed, variant)
    except ValueError as exc:
        raise fail(str(exc)) from None
    results = run_batch(jobs, workers, backend, out, f"{game} ladder", as_json)
    board = ladder(results, specs, seed)
    if report or plots:
        from ingenium.sim.plots import ladder_charts
        from ingenium.sim.report import ladder_report

        command = (f"ingenium ladder {game} --players {players} --bots {','.join(specs)} "
                   f"--games {games} --seed {seed}" + (f" --variant {variant}" if variant else ""))
        charts = ladder_charts(board)
        write_report(report, plots, charts, ladder_report(board, charts, command)
                     if report else "")
    if as_json:
        print(json.dumps(board.to_dict()))
        return
    print_ladder(board)


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


@app.command()
def bench(
    game: Annotated[str | None, typer.Argument(help="Game name (default: every game)")] = None,
    players: Annotated[int | None, typer.Option(help="Number of players")] = None,
    seconds: Annotated[float, typer.Option(help="Seconds of random play per game")] = 3.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print figures as JSON")] = False,
) -> None:
    """Benchmark random play, clone, to_json, view, determinize and replay."""
    from ingenium.bench import bench_game

    try:
        names = [game] if game else ingenium.game_names()
        figures = [bench_game(name, players, seconds) for name in names]
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None
    if as_json:
        print(json.dumps(figures[0] if game else figures))
        return
    for row in figures:
        table = Table("measure", "value", title=f"{row['game']} ({row['players']} players)")
        for key, value in row.items():
            if key not in ("game", "players"):
                table.add_row(key, str(value))
        console.print(table)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game saved with 'save FILE' or to_json()")],
    step: Annotated[bool, typer.Option(help="Show the table after each move and wait")]
    = False,
) -> None:
    """Step through a saved game: its moves, its log and the final table."""
    from ingenium.terminal import load_save
    from ingenium.terminal_replay import replay_saved

    try:
        state = load_save(file)
    except (IngeniumError, OSError) as exc:
        raise fail(str(exc)) from None
    replay_saved(state, console, step)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port")] = 8000,
    database_url: Annotated[str | None, typer.Option(
        help="SQLAlchemy URL (default: INGENIUM_DATABASE_URL, else SQLite in the data dir)")]
    = None,
    workers: Annotated[int, typer.Option(
        min=1, help="Server processes on this port (more than 1 needs PostgreSQL)")] = 1,
) -> None:
    """Run the web app: lobby, tables, bots; open http://HOST:PORT in a browser."""
    from ingenium.server import run

    run(host=host, port=port, database_url=database_url, workers=workers)


db_app = typer.Typer(no_args_is_help=True, help="The server's database: schema version, upgrade.")
app.add_typer(db_app, name="db")
DatabaseUrl = Annotated[str | None, typer.Option(
    help="SQLAlchemy URL (default: INGENIUM_DATABASE_URL, else SQLite in the data dir)")]


@db_app.command(name="upgrade")
def db_upgrade(database_url: DatabaseUrl = None) -> None:
    """Bring the database's schema to this version's newest revision (idempotent)."""
    from ingenium.server import upgrade_database

    try:
        before, after = upgrade_database(database_url)
    except Exception as exc:
        raise fail(str(exc).splitlines()[0]) from None
    console.print(f"schema {before or 'none'} -> {after}" if before != after
                  else f"schema {after}: up to date")


@db_app.command(name="current")
def db_current(database_url: DatabaseUrl = None) -> None:
    """Print the database's schema revision and this version's newest one."""
    from ingenium.server import database_revision

    try:
        found, head = database_revision(database_url)
    except Exception as exc:
        raise fail(str(exc).splitlines()[0]) from None
    console.print(f"database {found or 'none'}, newest {head}")


def main() -> Any:
    """Entry point for `python -m ingenium`."""
    return app()
