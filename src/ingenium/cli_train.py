"""`ingenium train-eval`: fit a learned evaluation for a game and player count and save it
where the bots find it (issue #27; ingenium.sim.train_eval does the work)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

import ingenium
from ingenium.bots.learned import value_file_name
from ingenium.cli_output import console, err, fail
from ingenium.cli_sim import Backend, Players, Workers, check_backend
from ingenium.sim import Job
from ingenium.sim.progress import auto_every, game_progress
from ingenium.sim.train_eval import SEED, TARGETS, train


def shipped_path(game: str, players: int, variant: str | None) -> Path:
    """Where the package keeps the model of `game` at `players` (the bots load it from there)."""
    return Path(__file__).parent / "bots" / "values" / value_file_name(game, players, variant)


def train_eval_command(
    game: Annotated[str, typer.Argument(help="Game name")],
    players: Players = 2,
    games: Annotated[int, typer.Option(help="Training games")] = 300,
    validation: Annotated[int, typer.Option(help="Validation games (plain greedy)")] = 60,
    seed: Annotated[int, typer.Option(
        help="Seed of the first training game (then +1 each; validation games follow)")] = SEED,
    bots: Annotated[str, typer.Option(help="Bot spec playing the training games")]
    = "greedy:noise=0.1",
    every: Annotated[int, typer.Option(help="Sample every N-th decision")] = 3,
    workers: Workers = 1,
    backend: Backend = "local",
    variant: Annotated[str | None, typer.Option(
        help="Game variant (solo Civolution: the difficulty level; one model each)")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Model file (default: the package's own, which `learned=1` bots load)")] = None,
    target: Annotated[str, typer.Option(
        help="What the model predicts: margin (the seat's) or points (each seat's)")] = "margin",
    observation: Annotated[bool, typer.Option(
        help="Fit on the observation's features too (--no-observation: only the game's "
             "evaluation, its terms and the stage terms)")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON")] = False,
) -> None:
    """Fit a learned evaluation (a ridge model from the observation tensor, the game's
    evaluation and its terms to the final margin) on simulated games; print its validation
    error."""
    if games < 1 or validation < 1 or every < 1:
        raise fail("--games, --validation and --every must be at least 1")
    if target not in TARGETS:
        raise fail(f"--target must be one of {', '.join(TARGETS)}, not {target!r}")
    check_backend(workers, backend, Job(game, players, (bots,) * players, seed, variant))
    rules = ingenium.get_game(game)
    if players == 1 and not rules.rival_scores:
        raise fail(f"{game} has no solo rival: a learned evaluation predicts the margin over "
                   "the best other seat")
    if players == 1 and target != "margin":
        raise fail("solo: the model predicts the margin over the rival (--target margin)")
    if not rules.needs_variant(players):
        variant = None  # the model serves every variant of this count
    destination = out or shipped_path(game, players, variant)
    if destination.suffix != ".npz":
        raise fail(f"--out must name an .npz file, not {destination}")
    if not destination.resolve().parent.is_dir():
        raise fail(f"cannot write {destination}: folder {destination.resolve().parent} "
                   "does not exist")
    with game_progress(f"{game} ×{players}", games + validation, err,
                       auto_every(games + validation)) as advance:
        trained = train(game, players, games, validation, seed, bots, every, workers, backend,
                        advance, target, variant, observation)
    try:
        trained.model.save(destination)
    except OSError as exc:
        raise fail(f"cannot write {destination}: {exc}") from None
    err.print(f"model: {destination}", highlight=False)
    if as_json:
        print(json.dumps(trained.model.meta))
        return
    table = Table(title=f"{game}, {players} players: error / best constant's, "
                        f"{validation} validation games (ridge alpha {trained.alpha:g})")
    for column in ("stage", "game's evaluation", "learned", "samples"):
        table.add_column(column, justify="right")
    for row in trained.stages:
        table.add_row(f"{row.stage:.0%}", f"{row.hand:.2f}", f"{row.learned:.2f}",
                      str(row.samples))
    console.print(table)
