"""The figures of a simulation report, drawn with matplotlib's Agg renderer (no display).

Each chart keeps the numbers it draws (`Chart.data`), which the HTML report prints as a table
and the PNG files carry as metadata, and writes them on the figure itself (bar labels), so a
figure can be checked against the JSON summary.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # before anything else of matplotlib: files only, never a window

from matplotlib import style as mpl_style
from matplotlib.figure import Figure

from ingenium.sim.accumulate import seat_name
from ingenium.sim.analysis import ALL, POINTS, mean_of
from ingenium.sim.ladder import Ladder
from ingenium.sim.stats import Summary

STYLE: dict[str, Any] = {
    "svg.fonttype": "none",  # SVG text stays text: searchable, and testable
    "svg.hashsalt": "ingenium",  # stable element ids, so reports are reproducible
    "font.size": 9, "axes.spines.top": False, "axes.spines.right": False}
mpl_style.use(STYLE)
COLORS = ("#3b6ea8", "#d1803a", "#4f9a5b", "#b8474a", "#7b62a8", "#8c6d4f", "#c86fa8",
          "#6f6f6f", "#b5a738", "#3aa5b5")
SOURCE_COLORS = matplotlib.colormaps["tab20"]  # many point sources, each its own colour
TOP_KEYS = 15  # components charts show the most frequent keys
SKIPPED_GROUPS = ("seating",)  # positions, not counts: tabled, not charted


@dataclass
class Chart:
    """One figure, its file stem, and the numbers drawn on it."""

    name: str
    title: str
    figure: Figure
    data: dict[str, Any] = field(default_factory=dict)

    def svg(self) -> str:
        """The figure as an inline SVG element (no XML prolog)."""
        buffer = io.StringIO()
        self.figure.savefig(buffer, format="svg", bbox_inches="tight")
        text = buffer.getvalue()
        text = text[text.index("<svg"):]
        start, end = text.find("<metadata>"), text.find("</metadata>")
        if 0 <= start < end:  # the RDF credits block names web addresses; a report needs none
            text = text[:start] + text[end + len("</metadata>"):]
        return text

    def write_png(self, folder: Path) -> Path:
        """`folder/name.png`, with the drawn numbers as JSON in its Description text chunk."""
        path = folder / f"{self.name}.png"
        self.figure.savefig(path, format="png", dpi=110, bbox_inches="tight",
                            metadata={"Title": self.title,
                                      "Description": json.dumps(self.data, sort_keys=True)})
        return path


def percent(x: float) -> str:
    """0.253 -> '25.3%' (the one format of rates in figures and tables)."""
    return f"{x:.1%}"


def number(x: float) -> str:
    """2.0 -> '2', 2.345 -> '2.35', -0.001 -> '0' (the one format of means in figures and
    tables); infinities and NaN as Python writes them.

    >>> number(2.0), number(2.345), number(-0.001)
    ('2', '2.35', '0')
    """
    if not math.isfinite(x):
        return str(x)
    shown = f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))
    return "0" if shown == "-0" else shown


def new_figure(rows: int = 1, height: float = 3.2) -> tuple[Figure, Any]:
    """A figure of the report's width and `rows` axes, at least 2.2 inches high."""
    figure = Figure(figsize=(7.5, max(2.2, height)), layout="constrained")
    return figure, figure.subplots(rows, 1)


def rate_chart(name: str, title: str, labels: Sequence[str], rates: Sequence[float],
               lows: Sequence[float], highs: Sequence[float]) -> Chart:
    """Bars of rates with their 95% intervals as error bars, each labelled with its rate."""
    figure, ax = new_figure(height=0.5 * len(labels) + 1.4)
    y = list(range(len(labels)))
    errors = [[r - lo for r, lo in zip(rates, lows, strict=True)],
              [hi - r for r, hi in zip(rates, highs, strict=True)]]
    bars = ax.barh(y, rates, xerr=errors, color=COLORS[0], capsize=3, height=0.6)
    ax.bar_label(bars, labels=[percent(r) for r in rates], padding=4)
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1.05)
    ax.xaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_title(title)
    data = {label: {"rate": r, "low": lo, "high": hi}
            for label, r, lo, hi in zip(labels, rates, lows, highs, strict=True)}
    return Chart(name, title, figure, data)


def box_stats(label: str, five: Sequence[float], mean: float) -> dict[str, Any]:
    """matplotlib `bxp` input from min, q1, median, q3, max (whiskers at min and max: a
    summary keeps quartiles, not every game)."""
    low, q1, median, q3, high = five
    return {"label": label, "whislo": low, "q1": q1, "med": median, "q3": q3, "whishi": high,
            "mean": mean, "fliers": []}


def box_chart(name: str, title: str, boxes: list[dict[str, Any]], xlabel: str) -> Chart:
    """Horizontal box plots (whiskers: min and max), each labelled with its median."""
    figure, ax = new_figure(height=0.55 * len(boxes) + 1.4)
    ax.bxp(boxes, orientation="horizontal", widths=0.5, patch_artist=True, showmeans=True,
           boxprops={"facecolor": "#dbe6f3"}, medianprops={"color": COLORS[1]},
           meanprops={"marker": "d", "markerfacecolor": COLORS[0], "markeredgecolor": "none"})
    for n, box in enumerate(boxes, 1):
        ax.annotate(f"median {number(box['med'])}", (box["whishi"], n), xytext=(6, 0),
                    textcoords="offset points", va="center")
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    data = {box["label"]: {"quartiles": [box["whislo"], box["q1"], box["med"], box["q3"],
                                         box["whishi"]], "mean": box["mean"]} for box in boxes}
    return Chart(name, title, figure, data)


def score_chart(summary: Summary) -> Chart:
    """Score distribution per bot: box plots (whiskers min and max), median labelled."""
    return box_chart("scores", "Score distribution per bot",
                     [box_stats(b.bot, b.score_quartiles, b.mean_score) for b in summary.bots],
                     "final score")


def seat_score_chart(summary: Summary) -> Chart:
    """Score distribution per seat: is one seat's spread shifted?"""
    return box_chart("scores-seat", "Score distribution per seat",
                     [box_stats(f"Player {s.seat + 1}: {s.bot}", s.score_quartiles,
                                s.mean_score) for s in summary.seats], "final score")


def compared(summary: Summary) -> list[str]:
    """Who the statistics are shown for: each bot, or each seat when one bot plays them all."""
    bots = [b.bot for b in summary.bots]
    return bots if len(bots) > 1 else [seat_name(s.seat) for s in summary.seats]


def points_chart(summary: Summary) -> Chart | None:
    """Mean points per game by source, stacked per bot (per seat when one bot plays every
    seat), labelled with each total."""
    if POINTS not in summary.statistics:
        return None
    bots = compared(summary)
    sources = list(summary.statistics[POINTS])
    means = {bot: mean_of(summary.statistics, POINTS, bot) for bot in bots}
    figure, ax = new_figure(height=0.55 * len(bots) + 2.2)
    left = [0.0] * len(bots)
    for n, source in enumerate(sources):
        widths = [means[bot].get(source, 0.0) for bot in bots]
        ax.barh(bots, widths, left=left, color=SOURCE_COLORS(n % SOURCE_COLORS.N),
                label=source, height=0.6)
        left = [a + b for a, b in zip(left, widths, strict=True)]
    for y, total in enumerate(left):
        ax.annotate(number(total), (total, y), xytext=(4, 0), textcoords="offset points",
                    va="center")
    ax.invert_yaxis()
    ax.set_xlabel("mean points per player per game")
    ax.set_title("Points by source")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncol=4, frameon=False,
              fontsize=8)
    return Chart("points", "Points by source", figure, {bot: means[bot] for bot in bots})


def grouped_chart(name: str, title: str, summary: Summary, group: str,
                  whom: Sequence[str]) -> Chart | None:
    """Mean per player per game of the group's most frequent keys, one bar per bot."""
    table = summary.statistics.get(group)
    if not table:
        return None
    keys = sorted(table, key=lambda k: -table[k][ALL]["mean"])[:TOP_KEYS]
    figure, ax = new_figure(height=0.22 * len(keys) * max(1, len(whom)) + 1.5)
    step = 0.8 / len(whom)
    for n, who in enumerate(whom):
        values = [table[k][who]["mean"] for k in keys]
        y = [k + (n - (len(whom) - 1) / 2) * step for k in range(len(keys))]
        bars = ax.barh(y, values, height=step, color=COLORS[n % len(COLORS)], label=who)
        ax.bar_label(bars, labels=[number(v) for v in values], padding=2, fontsize=7)
    ax.set_yticks(range(len(keys)), keys)
    ax.invert_yaxis()
    ax.set_xlabel("mean per player per game")
    ax.set_title(title)
    if len(whom) > 1:
        ax.legend(frameon=False, fontsize=8)
    data = {who: {k: table[k][who]["mean"] for k in keys} for who in whom}
    return Chart(name, title, figure, data)


def length_charts(summary: Summary) -> list[Chart]:
    """Game length in the game's own units (rounds, eras, turns: its "game length"
    statistics), and in decisions (a separate figure: another scale)."""
    length = summary.length
    assert length is not None
    decisions = length.decisions
    charts = []
    if length.units:
        charts.append(box_chart("length", "Game length", [
            box_stats(unit, (d.min, d.q1, d.median, d.q3, d.max), d.mean)
            for unit, d in length.units.items()], "per game"))
    if decisions is not None:
        charts.append(box_chart("length" if not length.units else "length-decisions",
                                "Game length in decisions", [box_stats(
                                    "decisions", (decisions.min, decisions.q1, decisions.median,
                                                  decisions.q3, decisions.max),
                                    decisions.mean)], "decisions per game"))
    return charts


def slug(text: str) -> str:
    """A file-name form of a group name: 'goal IP (dealt)' -> 'goal-ip-dealt'."""
    kept = "".join(c if c.isalnum() else "-" for c in text.lower())
    return "-".join(filter(None, kept.split("-")))


def rating_chart(board: Ladder) -> Chart:
    """Ladder ratings with their 95% intervals, best at the top, each labelled."""
    ratings = board.ratings
    figure, ax = new_figure(height=0.5 * len(ratings) + 1.4)
    y = list(range(len(ratings)))
    values = [r.rating for r in ratings]
    ax.errorbar(values, y, xerr=[[r.rating - r.low for r in ratings],
                                 [r.high - r.rating for r in ratings]],
                fmt="o", color=COLORS[0], capsize=4)
    for n, r in enumerate(ratings):
        ax.annotate(f"{r.rating:.0f}", (r.high, n), xytext=(6, 0), textcoords="offset points",
                    va="center")
    ax.set_yticks(y, [r.bot for r in ratings])
    ax.invert_yaxis()
    ax.margins(x=0.15, y=0.25)
    ax.set_xlabel("Bradley–Terry rating, Elo scale (95% bootstrap interval)")
    ax.set_title(f"{board.game}: ladder of {board.games} games")
    data = {r.bot: {"rating": r.rating, "low": r.low, "high": r.high} for r in ratings}
    return Chart("ratings", "Ladder ratings", figure, data)


def matrix_chart(board: Ladder) -> Chart:
    """The pairwise matrix as a heat map: row finished ahead of column, in % of meetings."""
    m = len(board.bots)
    figure = Figure(figsize=(1.3 * m + 3.2, 1.0 * m + 1.6), layout="constrained")
    ax = figure.subplots()
    grid = [[v if v is not None else float("nan") for v in row] for row in board.ahead]
    image = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    for a in range(m):
        for b in range(m):
            value = board.ahead[a][b]
            if value is not None:
                ax.text(b, a, percent(value), ha="center", va="center",
                        color="white" if abs(value - 0.5) > 0.3 else "black")
    ax.set_xticks(range(m), board.bots, rotation=20, ha="right")
    ax.set_yticks(range(m), board.bots)
    ax.set_xlabel("opponent")
    ax.set_ylabel("bot")
    ax.set_title("Row finished ahead of column")
    ax.spines[:].set_visible(False)
    figure.colorbar(image, ax=ax, shrink=0.8,
                    format=matplotlib.ticker.PercentFormatter(1.0))
    data = {board.bots[a]: {board.bots[b]: board.ahead[a][b] for b in range(m) if a != b}
            for a in range(m)}
    return Chart("win-matrix", "Pairwise win matrix", figure, data)


def ladder_charts(board: Ladder) -> list[Chart]:
    """The figures of a ladder report."""
    rows = board.records
    return [rating_chart(board), matrix_chart(board),
            rate_chart("win-rate-bot", "First places per bot", [r.bot for r in rows],
                       [r.win_rate for r in rows], [r.win_low for r in rows],
                       [r.win_high for r in rows])]
