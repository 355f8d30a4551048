"""A mutation run: proof that a game's property checks have teeth.

Each mutant in `tests/properties/mutants/<game>.toml` is one realistic rule bug: an exact
piece of a rules module (`find`, which must occur exactly once) and what replaces it. For each
one this script copies the package, injects the bug, and plays the game's property checks
(`tests/properties/run.py`) over every player count and variant until the first violation.
A mutant is caught when a property fails (or the game crashes or never ends); it survives
when every game passes. The unmutated package must pass first.

    python scripts/mutation_run.py inventions
    python scripts/mutation_run.py civolution --seeds 0-1 --only chronos_share_skip
    python scripts/mutation_run.py all --json mutation.json

Prints one line a mutant and the score per game; exits 1 when a game scores under 90 %.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "tests" / "properties" / "mutants"
GAMES = ("legendary-inventors", "inventions", "civolution")
TARGET = 0.9


@dataclass(frozen=True)
class Mutant:
    """One injected bug: where, what, and which rule it breaks."""

    id: str
    file: str  # relative to src/ingenium/games/<game package>/
    find: str
    replace: str
    rule: str


def load(game: str) -> list[Mutant]:
    """The game's mutants, each checked to apply to exactly one place."""
    path = MUTANTS / f"{game.replace('-', '_')}.toml"
    with path.open("rb") as handle:
        records = tomllib.load(handle)["mutant"]
    mutants = [Mutant(**record) for record in records]
    ids = [m.id for m in mutants]
    if len(set(ids)) != len(ids):
        raise SystemExit(f"{path}: duplicate mutant ids")
    package = ROOT / "src" / "ingenium" / "games" / game.replace("-", "_")
    for m in mutants:
        text = (package / m.file).read_text()
        if text.count(m.find) != 1:
            raise SystemExit(f"{path}: mutant {m.id}: its `find` occurs {text.count(m.find)} "
                             f"times in {m.file}, not once")
    return mutants


def run_checks(src: Path, game: str, seeds: str, timeout: float) -> tuple[str, float]:
    """Play the property checks against the package under `src`: 'pass', 'caught',
    'crashed' or 'timeout', and the CPU seconds it took."""
    env = {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{ROOT}"}
    started = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tests.properties.run", game, "--seeds", seeds, "--first"],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - started
    seconds = time.monotonic() - started
    if done.returncode == 0:
        return "pass", seconds
    if done.returncode == 1 and done.stdout.strip():
        return "caught", seconds
    return "crashed", seconds


def mutate_game(game: str, seeds: str, only: set[str], timeout: float) -> dict[str, object]:
    """Every mutant of one game, against a copy of the package; the results."""
    mutants = [m for m in load(game) if not only or m.id in only]
    with tempfile.TemporaryDirectory(prefix="ingenium-mutants-") as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__"))
        package = src / "ingenium" / "games" / game.replace("-", "_")
        baseline, seconds = run_checks(src, game, seeds, timeout * 3)
        print(f"{game}: unmutated package {baseline} ({seconds:.0f} s)", flush=True)
        if baseline != "pass":
            raise SystemExit(f"{game}: the property checks fail without a mutant: fix that first")
        results = []
        for m in mutants:
            path = package / m.file
            original = path.read_text()
            path.write_text(original.replace(m.find, m.replace, 1))
            try:
                outcome, seconds = run_checks(src, game, seeds, timeout)
            finally:
                path.write_text(original)
            results.append({"id": m.id, "rule": m.rule, "outcome": outcome,
                            "seconds": round(seconds, 1)})
            print(f"  {outcome:8} {m.id:40} {m.rule} ({seconds:.0f} s)", flush=True)
    caught = sum(r["outcome"] != "pass" for r in results)
    score = caught / len(results) if results else 0.0
    kinds = {k: sum(r["outcome"] == k for r in results) for k in ("caught", "crashed", "timeout")}
    print(f"{game}: {caught} of {len(results)} mutants caught ({score:.0%}; by a property "
          f"{kinds['caught']}, by a crash {kinds['crashed']}, never ending {kinds['timeout']})",
          flush=True)
    return {"game": game, "mutants": len(results), "caught": caught, "score": score,
            "results": results}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=[*GAMES, "all"])
    parser.add_argument("--seeds", default="0-2", help="seeds per player count and variant")
    parser.add_argument("--only", default="", help="comma-separated mutant ids")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per mutant")
    parser.add_argument("--json", type=Path, help="write the results here")
    args = parser.parse_args()
    only = {x for x in args.only.split(",") if x}
    games = GAMES if args.game == "all" else (args.game,)
    reports = [mutate_game(g, args.seeds, only, args.timeout) for g in games]
    if args.json:
        args.json.write_text(json.dumps(reports, indent=2) + "\n")
    return 0 if all(r["score"] >= TARGET for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
