"""The `ingenium` command: play, bench, replay and serve here; simulate, ladder and compare
in cli_sim.py."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

import ingenium
from ingenium.acceleration import build_info
from ingenium.bots import split_specs
from ingenium.cli_compare import compare_command
from ingenium.cli_output import console, err, fail
from ingenium.cli_sim import ladder_command, simulate_command
from ingenium.cli_train import train_eval_command
from ingenium.engine import IngeniumError

__all__ = ["app", "build_text", "console", "err", "fail", "main"]
app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Ingenium: modern board games by their complete rules.")
app.command(name="simulate")(simulate_command)
app.command(name="ladder")(ladder_command)
app.command(name="compare")(compare_command)
app.command(name="train-eval")(train_eval_command)


def show_version(value: bool) -> None:
    """`ingenium --version`: the package version and whether this is the compiled build
    (acceleration.py), then exit."""
    if value:
        console.print(f"ingenium {ingenium.__version__} ({build_text()})", highlight=False)
        raise typer.Exit()


def build_text() -> str:
    """The build in words: `pure Python` or `compiled with mypyc: 76 modules`."""
    info = build_info()
    return f"compiled with mypyc: {info['modules']} modules" if info["compiled"] else "pure Python"


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
    names: Annotated[str, typer.Option(
        help="Comma list: a name per seat, in order (empty: 'Player N', a bot's level)")] = "",
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
        session = TerminalGame(game, players, kinds, seed, variant, console,
                               names.split(",") if names else ())
        if saved is not None:
            session.resume(saved)
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None
    again = " ".join(["ingenium play", game, "--players", str(players), "--seats",
                      ",".join(kinds), "--seed", str(seed)]
                     + (["--names", shlex.quote(names)] if names else [])
                     + (["--variant", variant] if variant else []))
    console.print(Text(f"Going on from {load}" if load else
                       f"Seed {seed}; the same deal again: {again}", style="dim"), soft_wrap=True)
    session.run()


@app.command()
def bench(
    game: Annotated[str | None, typer.Argument(help="Game name (default: every game)")] = None,
    players: Annotated[int | None, typer.Option(help="Number of players")] = None,
    variant: Annotated[str | None, typer.Option(
        help="A variant (Civolution solo: the V.I.C.I level; default Beginner)")] = None,
    seconds: Annotated[float, typer.Option(help="Seconds of random play per game")] = 3.0,
    compare: Annotated[str | None, typer.Option(
        "--compare", metavar="REF",
        help="Also time an OpenSpiel game in this process (python_tic_tac_toe, tic_tac_toe) "
             "and print each game's speed as a multiple of it")] = None,
    search: Annotated[bool, typer.Option(
        help="Measure ismcts iterations per CPU-second")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print figures as JSON")] = False,
) -> None:
    """Benchmark random play, the observation during play, search iterations, clone, to_json,
    view, determinize and replay."""
    from ingenium.bench import bench_game, compare_reference, with_ratios

    try:
        names = [game] if game else ingenium.game_names()
        if variant is not None and game is None:
            raise ValueError("--variant needs a GAME")
        figures = [bench_game(name, players, seconds, variant, search) for name in names]
        reference = compare_reference(compare, seconds) if compare else None
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None
    if reference is not None:
        figures = with_ratios(figures, reference)
    if as_json:
        out: Any = figures[0] if game else figures
        print(json.dumps({"games": figures, "reference": reference} if reference else out))
        return
    for row in figures:
        title = f"{row['game']} ({row['players']} players" + (
            f", {row['variant']})" if row["variant"] else ")")
        table = Table("measure", "value", title=title)
        for key, value in row.items():
            if key not in ("game", "players", "variant"):
                table.add_row(key, str(value))
        console.print(table)
    if reference is not None:
        console.print(f"reference {reference['reference']}: "
                      f"{reference['decisions_per_second']} decisions/s")


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
