"""The measured strength of the levels a person picks, as benchmarks/bot_strength.py wrote it
(strength.toml next to this module): never a figure it did not measure, always with its
conditions (opponent, game, players, games, budget, date)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from ingenium.bots.base import LEVELS

STRENGTH_FILE = Path(__file__).with_name("strength.toml")
HEADER = ("# Measured by benchmarks/bot_strength.py (seats rotated, 95% Wilson intervals, ties\n"
          "# split). Only what it measured: rerun it rather than edit this file.\n")


def played_spec(level: str, budget: float) -> tuple[str, str]:
    """The spec that plays a level's benchmark games and that budget in words: a searching
    level thinks `budget` ms of CPU a decision instead of its seconds of wall clock.

    >>> played_spec("medium", 50)
    ('greedy', 'instant')
    """
    spec = LEVELS[level]
    if spec.startswith("ismcts:"):
        params = [p for p in spec.partition(":")[2].split(",") if not p.startswith("ms=")]
        return ",".join([f"ismcts:cpu={budget:g}", *params]), f"at {budget:g} ms CPU a decision"
    return spec, "instant"


@dataclass(frozen=True)
class Measured:
    """One level's result against one opponent in one game and player count."""

    level: str
    spec: str  # what played the games (a level at a benchmark budget, see `budget`)
    budget: str
    game: str
    players: int
    opponent: str
    games: int
    wins: float
    low: float
    high: float
    cpu_ms_per_decision: float
    date: str

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def key(self) -> tuple[str, str, int, str]:
        return (self.level, self.game, self.players, self.opponent)

    def summary(self) -> str:
        """'71% [60–80] vs greedy, 2p, 100 games, at 50 ms CPU a decision'."""
        return (f"{self.rate:.0%} [{self.low:.0%}–{self.high:.0%}] vs {self.opponent}, "
                f"{self.players}p, {self.games} games, {self.budget}")

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "rate": self.rate, "summary": self.summary()}


def load(path: Path = STRENGTH_FILE) -> list[Measured]:
    """Every measured figure (none when the file is missing)."""
    if not path.exists():
        return []
    names = {f.name for f in fields(Measured)}
    rows = tomllib.loads(path.read_text(encoding="utf-8")).get("measured", [])
    return [Measured(**{k: v for k, v in row.items() if k in names}) for row in rows]


def _toml(value: object) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, float):
        return repr(round(value, 4))
    return str(value)


def dump(rows: Iterable[Measured]) -> str:
    """The TOML text of `rows`, in a stable order."""
    out = [HEADER]
    for row in sorted(rows, key=Measured.key):
        out.append("\n[[measured]]\n")
        out.extend(f"{f.name} = {_toml(getattr(row, f.name))}\n" for f in fields(Measured))
    return "".join(out)


def merge(old: Iterable[Measured], new: Iterable[Measured]) -> list[Measured]:
    """`old` with every figure of the same level, game, players and opponent replaced."""
    rows = {row.key(): row for row in old}
    rows.update((row.key(), row) for row in new)
    return list(rows.values())
