"""A run's results on disk: one JSON line per game, written and flushed as each game finishes,
so a run stopped at any moment loses at most the games being played, and `--resume` plays
only the seeds the file lacks.

`--out x.jsonl` is that file itself. A table (`--out x.csv` or `x.parquet`, one row per game
and seat, the statistics as columns) cannot grow a game at a time — its columns are known
only once every game is in, and a Parquet file is unreadable until its footer is written —
so its games go to `x.csv.jsonl` / `x.parquet.jsonl` beside it, and the table is written
from that file when the run ends (in batches: bounded memory for any number of games).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from ingenium.engine import IngeniumError
from ingenium.sim.runner import GameResult

TABLES = (".csv", ".parquet")
BATCH = 4096  # table rows per written batch (a Parquet row group)
FIXED = ("game", "players", "variant", "seed", "seat", "bot", "score", "place", "winner",
         "win_share", "decisions", "seconds")
SEPARATOR = " / "  # a statistics column is "group / key", e.g. "points / final: evolution"


class OutputError(IngeniumError, OSError):
    """An output cannot be written, or a results file is not this run's (one line)."""


def journal_of(out: Path) -> Path:
    """Where the games are streamed: the file itself, or `<table>.jsonl` beside a table."""
    return out.with_name(out.name + ".jsonl") if out.suffix in TABLES else out


def check_writable(path: Path, folder: bool = False) -> None:
    """Raise OutputError unless `path` (a file, or a folder to fill) can be written: tried
    for real, so root, read-only mounts and missing folders all answer truthfully."""
    try:
        if folder:
            path.mkdir(parents=True, exist_ok=True)
            probe = path / ".ingenium-write-test"
            probe.touch()
            probe.unlink()
            return
        if path.is_dir():
            raise IsADirectoryError(21, "is a folder", str(path))
        existed = path.exists()
        with path.open("a", encoding="utf-8"):
            pass
        if not existed:
            path.unlink()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise OutputError(f"cannot write {path}: {reason}") from None


def read_results(path: Path, repair: bool = False) -> Iterator[GameResult]:
    """The games of a results file, in file order. A last line cut short by a stopped run is
    dropped (and, with `repair`, cut off the file); any other bad line is an OutputError."""
    with path.open("rb") as file:
        offset = 0
        for number, raw in enumerate(file, 1):
            try:
                if not raw.endswith(b"\n"):
                    raise ValueError("cut short")
                result = GameResult.from_dict(json.loads(raw))
            except (ValueError, KeyError, TypeError) as exc:
                if file.read(1):  # not the last line: the file is damaged or not ours
                    raise OutputError(f"{path} line {number} is not a game result "
                                      f"({exc})") from None
                if repair:
                    os.truncate(path, offset)
                return
            offset += len(raw)
            yield result


class Journal:
    """The results file a run appends to, a line per game, flushed as each game finishes."""

    def __init__(self, path: Path, resume: bool) -> None:
        self.path = path
        self.file: IO[str] = path.open("a" if resume else "w", encoding="utf-8")

    def write(self, result: GameResult) -> None:
        """One game, on disk before the next one is recorded."""
        self.file.write(json.dumps(result.to_dict()) + "\n")
        self.file.flush()

    def close(self) -> None:
        """Flush and close."""
        self.file.close()


def check_same_run(first: GameResult, game: str, players: int, variant: str | None,
                   bots: tuple[str, ...], path: Path) -> None:
    """A resumed run must be the file's run: same game, players, variant and bots."""
    theirs = (first.game, first.players, first.variant, tuple(first.bots))
    ours = (game, players, variant, bots)
    if theirs != ours:
        raise OutputError(f"{path} holds {first.game} games for {first.players} players "
                          f"(variant {first.variant}, bots {','.join(first.bots)}), not this "
                          f"run's: give another --out, or leave --resume out to replace it")


def rows(result: GameResult) -> Iterator[dict[str, Any]]:
    """One table row per seat: the game's figures, then its statistics as "group / key"."""
    places = {seat: place for place, seat in enumerate(result.ranking, 1)}
    for seat, bot in enumerate(result.bots):
        won = seat in result.winners
        row: dict[str, Any] = {
            "game": result.game, "players": result.players, "variant": result.variant,
            "seed": result.seed, "seat": seat, "bot": bot, "score": result.scores[seat],
            "place": places.get(seat, 0), "winner": won,
            "win_share": 1 / len(result.winners) if won else 0.0,
            "decisions": result.decisions, "seconds": result.seconds}
        figures = result.statistics[seat] if seat < len(result.statistics) else {}
        for group, values in figures.items():
            for key, value in values.items():
                row[f"{group}{SEPARATOR}{key}"] = value
        yield row


def columns(path: Path) -> list[str]:
    """Every column of the table, from one pass over the results: the fixed ones, then the
    statistics in the game's order of groups, keys sorted within a group."""
    groups: dict[str, set[str]] = {}
    for result in read_results(path):
        for figures in result.statistics:
            for group, values in figures.items():
                groups.setdefault(group, set()).update(values)
    return [*FIXED, *(f"{group}{SEPARATOR}{key}" for group, keys in groups.items()
                      for key in sorted(keys))]


def export_table(journal: Path, out: Path) -> int:
    """Write the table (CSV or Parquet by `out`'s suffix) from the results file, BATCH rows
    at a time; returns the number of rows. Missing statistics are empty (NaN), not 0."""
    import pandas
    import pyarrow
    import pyarrow.parquet

    names = columns(journal)
    schema = pyarrow.schema(
        [("game", pyarrow.string()), ("players", pyarrow.int64()),
         ("variant", pyarrow.string()), ("seed", pyarrow.int64()), ("seat", pyarrow.int64()),
         ("bot", pyarrow.string()), ("score", pyarrow.int64()), ("place", pyarrow.int64()),
         ("winner", pyarrow.bool_()), ("win_share", pyarrow.float64()),
         ("decisions", pyarrow.int64()), ("seconds", pyarrow.float64())]
        + [(name, pyarrow.float64()) for name in names[len(FIXED):]])
    temporary = out.with_name(out.name + ".partial")
    written = 0
    with contextlib.ExitStack() as stack:
        writer = (stack.enter_context(pyarrow.parquet.ParquetWriter(temporary, schema))
                  if out.suffix == ".parquet" else None)
        batch: list[dict[str, Any]] = []

        def flush() -> None:
            frame = pandas.DataFrame.from_records(batch, columns=names)
            if writer is not None:
                writer.write_table(pyarrow.Table.from_pandas(frame, schema=schema,
                                                             preserve_index=False))
            else:
                frame.to_csv(temporary, mode="a" if written else "w", header=not written,
                             index=False)
            batch.clear()

        for result in read_results(journal):
            for row in rows(result):
                batch.append(row)
                if len(batch) == BATCH:
                    flush()
                    written += BATCH
        if batch or not written:
            count = len(batch)
            flush()
            written += count
    temporary.replace(out)
    return written
