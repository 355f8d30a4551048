"""A designer's four questions, answered with pandas from a `simulate --out` table.

    ingenium simulate civolution --players 3 --bots greedy,greedy,greedy --games 200 \\
        --out results.parquet
    python examples/designer_questions.py results.parquet --figure questions.png

The table has one row per game and seat: `game`, `players`, `variant`, `seed`, `seat`, `bot`,
`score`, `place` (1 = first), `winner` (every seat tied first), `win_share`, `decisions`,
`seconds`, then the game's statistics as "group / key" columns ("points / final: evolution",
"actions / Research", "game length / eras"); a statistic a seat never had is empty (NaN).
Without a file, the script first plays 24 quick Legendary Inventors games into one.

It prints, and draws in one figure:
1. Is it balanced? Each source's share of the mean score.
2. Which actions win? Winners' mean minus the rest's, per action, with a 95% interval.
3. Is a seat favoured? First places per seat, and a chi-square test of equal shares.
4. How long are games? The game's own length units, per game.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only
import pandas
from matplotlib.figure import Figure

from ingenium.sim.inference import Z95, goodness_of_fit


def load(path: Path) -> pandas.DataFrame:
    """A results table, CSV or Parquet."""
    return pandas.read_parquet(path) if path.suffix == ".parquet" else pandas.read_csv(path)


def group(frame: pandas.DataFrame, name: str) -> pandas.DataFrame:
    """The columns of one statistics group, named by their keys; a missing count is 0."""
    prefix = f"{name} / "
    columns = [c for c in frame.columns if c.startswith(prefix)]
    return frame[columns].rename(columns=lambda c: c[len(prefix):]).fillna(0.0)


def balance(frame: pandas.DataFrame) -> pandas.Series:
    """Each point source's share of the mean score, largest first."""
    points = group(frame, "points").mean()
    return (points / points.sum()).sort_values(ascending=False)


def winners_vs_rest(frame: pandas.DataFrame, name: str = "actions") -> pandas.DataFrame:
    """Per key: winners' mean, the rest's, the difference and its 95% interval (Welch)."""
    values = group(frame, name)
    won, rest = values[frame["winner"]], values[~frame["winner"]]
    half = Z95 * (won.var() / len(won) + rest.var() / len(rest)) ** 0.5
    table = pandas.DataFrame({"winners": won.mean(), "rest": rest.mean()})
    table["difference"] = table["winners"] - table["rest"]
    table["low"], table["high"] = table["difference"] - half, table["difference"] + half
    return table.sort_values("difference", ascending=False)


def seats(frame: pandas.DataFrame) -> tuple[pandas.Series, float]:
    """First places per seat (ties shared) and the chi-square p-value of equal shares."""
    first = frame.groupby("seat")["win_share"].sum()
    return first, goodness_of_fit(list(first))[2]


def length(frame: pandas.DataFrame) -> pandas.DataFrame:
    """The game's own length units, one row per game."""
    return group(frame.drop_duplicates("seed"), "game length")


def draw(frame: pandas.DataFrame, path: Path) -> None:
    """The four answers in one figure."""
    figure = Figure(figsize=(11, 8), layout="constrained")
    (top_left, top_right), (bottom_left, bottom_right) = figure.subplots(2, 2)
    balance(frame).head(10)[::-1].plot.barh(ax=top_left, title="Is it balanced? Share of "
                                            "the mean score", color="#3b6ea8")
    actions = winners_vs_rest(frame).head(12)[::-1]
    top_right.errorbar(actions["difference"], range(len(actions)), fmt="o",
                       xerr=[actions["difference"] - actions["low"],
                             actions["high"] - actions["difference"]], capsize=3)
    top_right.set_yticks(range(len(actions)), actions.index)
    top_right.axvline(0, color="#999")
    top_right.set_title("Which actions win? Winners − the rest (95%)")
    first, p = seats(frame)
    (first / first.sum()).plot.bar(ax=bottom_left, color="#d1803a",
                                   title=f"Is a seat favoured? First places (p = {p:.2f})")
    length(frame).plot.box(ax=bottom_right, title="How long are games?")
    figure.savefig(path, dpi=90)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="?", type=Path, help="a simulate --out table")
    parser.add_argument("--figure", type=Path, help="draw the answers into this PNG")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = args.results
        if path is None:
            path = Path(folder) / "results.parquet"
            subprocess.run([sys.executable, "-m", "ingenium", "simulate", "legendary-inventors",
                            "--players", "3", "--bots", "greedy:depth=1,random,random",
                            "--games", "24", "--progress-every", "0", "--out", str(path)],
                           check=True,
                           stdout=subprocess.DEVNULL)
        frame = load(path)
    games = frame["seed"].nunique()
    print(f"{games} games of {frame['game'].iloc[0]}, {frame['players'].iloc[0]} players")
    print("\n1. Is it balanced? Share of the mean score by source:")
    print(balance(frame).head(8).map("{:.1%}".format).to_string())
    print("\n2. Which actions win? Winners − the rest, per game (95% interval):")
    print(winners_vs_rest(frame).round(2).head(8).to_string())
    first, p = seats(frame)
    print(f"\n3. Is a seat favoured? First places per seat: {first.round(2).to_dict()}, "
          f"chi-square p = {p:.3f}")
    print("\n4. How long are games?")
    print(length(frame).describe().loc[["mean", "min", "50%", "max"]].round(1).to_string())
    if args.figure:
        draw(frame, args.figure)
        print(f"\nfigure: {args.figure}")


if __name__ == "__main__":
    main()
