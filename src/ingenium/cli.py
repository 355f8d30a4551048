"""The `ingenium` command: play, simulate, bench, replay and serve."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

import ingenium
from ingenium.bots import split_specs
from ingenium.engine import CHANCE, EXPLICIT, IngeniumError
from ingenium.render import render_view
from ingenium.sim import BACKENDS, GameResult, Job, simulate, summarize
from ingenium.sim.runner import check_job

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Ingenium: modern board games by their complete rules.")
console = Console()
err = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    """Print a one-line error and return the exit to raise (status 2)."""
    err.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


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
    players: Annotated[int, typer.Option(help="Number of players")] = 3,
    seats: Annotated[str, typer.Option(help="Comma list: human or a bot spec per seat")] = "",
    seed: Annotated[int, typer.Option(help="Random seed")] = 0,
    variant: Annotated[str | None, typer.Option(help="Game variant")] = None,
) -> None:
    """Play in the terminal: humans type an option's number (or id); 'save FILE' saves."""
    from ingenium.terminal import TerminalGame

    try:
        kinds = split_specs(seats) or ["human", *(["greedy"] * (players - 1))]
        session = TerminalGame(game, players, kinds, seed, variant, console)
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None
    session.run()


@app.command(name="simulate")
def simulate_command(
    game: Annotated[str, typer.Argument(help="Game name")],
    players: Annotated[int, typer.Option(help="Number of players")] = 4,
    bots: Annotated[str, typer.Option(help="Comma list of bot specs, one per seat")] = "",
    games: Annotated[int, typer.Option("--games", help="How many games")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first game (then +1 each)")] = 0,
    workers: Annotated[int, typer.Option(help="Processes (local backend)")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray")] = "local",
    variant: Annotated[str | None, typer.Option(help="Game variant")] = None,
    out: Annotated[Path | None, typer.Option(help="Write one JSON line per game")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON")] = False,
) -> None:
    """Play many games between bots and summarize win rates and scores."""
    specs = split_specs(bots) or ["random"] * players
    if games < 1:
        raise fail("--games must be at least 1")
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    try:
        check_job(Job(game, players, tuple(specs), seed, variant))
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None
    results: list[GameResult] = []
    sink = out.open("w", encoding="utf-8") if out else None
    progress = Progress("[progress.description]{task.description}", BarColumn(),
                        MofNCompleteColumn(), TimeRemainingColumn(), console=err,
                        disable=as_json and not sys.stderr.isatty())
    try:
        with progress:
            task = progress.add_task(f"{game} ×{players}", total=games)

            def record(result: GameResult) -> None:
                progress.advance(task)
                if sink:
                    sink.write(json.dumps(result.to_dict()) + "\n")

            results = simulate(game, players, specs, games, seed, workers, backend, variant,
                               on_result=record)
    except (IngeniumError, ValueError) as exc:
        raise fail(str(exc)) from None
    finally:
        if sink:
            sink.close()
    summary = summarize(results)
    if as_json:
        print(json.dumps(summary.to_dict()))
        return
    table = Table(title=f"{game}: {summary.games} games, {players} players",
                  caption=f"{summary.mean_decisions:.0f} decisions and "
                          f"{summary.mean_seconds * 1000:.0f} ms per game")
    for column in ("seat", "bot", "wins", "win rate (95% CI)", "mean score", "sd"):
        table.add_column(column, justify="right" if column != "bot" else "left")
    for s in summary.seats:
        table.add_row(str(s.seat), s.bot, f"{s.wins:g}",
                      f"{s.win_rate:.1%} ({s.win_low:.1%}–{s.win_high:.1%})",
                      f"{s.mean_score:.1f}", f"{s.sd_score:.1f}")
    console.print(table)


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
    step: Annotated[bool, typer.Option(help="Wait for Enter between moves")] = False,
) -> None:
    """Step through a saved game: its moves, its log and the final table."""
    from ingenium.terminal import load_save

    try:
        state = load_save(file)
    except (IngeniumError, OSError) as exc:
        raise fail(str(exc)) from None
    game = state.game
    rebuilt = game.new_game(state.players, variant=state.variant, chance=EXPLICIT)
    shown = 0
    for number, (seat, option_id) in enumerate(state.history, 1):
        if seat == CHANCE:
            rebuilt.apply_chance(option_id)
            console.print(f"[dim]{number:4} chance: {escape(option_id)}[/]")
        else:
            rebuilt.apply(option_id)
            console.print(f"[dim]{number:4}[/] Player {seat + 1}: {escape(option_id)}")
        for event in rebuilt.visible_events(None, shown):
            console.print(f"      {event.text}", highlight=False)
        shown = len(rebuilt.events)
        if step and sys.stdin.isatty():
            input()
    console.print(render_view(rebuilt.view(None)))
    console.print("Scores: " + ", ".join(f"Player {s + 1}: {p}"
                                         for s, p in enumerate(rebuilt.scores())))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port")] = 8000,
    database_url: Annotated[str | None, typer.Option(
        help="SQLAlchemy URL (default: INGENIUM_DATABASE_URL, else SQLite in the data dir)")]
    = None,
) -> None:
    """Run the web app: lobby, tables, bots; open http://HOST:PORT in a browser."""
    from ingenium.server import run

    run(host=host, port=port, database_url=database_url)


def main() -> Any:
    """Entry point for `python -m ingenium`."""
    return app()
