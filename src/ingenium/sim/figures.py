"""The figures of a simulation report, in reading order: the batch (scores, win rates, the
game's statistics groups, length) and the designer's answers (winners vs the rest per
group, what correlates with winning). Every figure is drawn from the Summary alone, so a
report can be made again from a results file, and no section is written for a particular
game: each statistics group a game reports gets its charts."""

from __future__ import annotations

from ingenium.sim.analysis import ACTIONS, LENGTH, POINTS
from ingenium.sim.designer import Contrast
from ingenium.sim.plots import (
    COLORS,
    SKIPPED_GROUPS,
    TOP_KEYS,
    Chart,
    grouped_chart,
    length_charts,
    new_figure,
    number,
    points_chart,
    rate_chart,
    score_chart,
    seat_score_chart,
    slug,
)
from ingenium.sim.stats import Summary


def title_of(group: str) -> str:
    """'points' -> 'Points by source'; other groups capitalised as the game names them."""
    return {POINTS: "Points by source", ACTIONS: "Action frequencies"}.get(
        group, group[0].upper() + group[1:])


def strongest(rows: list[Contrast], top: int = TOP_KEYS) -> list[Contrast]:
    """The rows that set winners apart most (by |correlation|, a scale-free measure)."""
    return sorted(rows, key=lambda c: (-abs(c.correlation), c.key))[:top]


def interval_chart(name: str, title: str, labels: list[str], values: list[float],
                   lows: list[float], highs: list[float], xlabel: str) -> Chart:
    """Points with 95% intervals around a zero line, each labelled with its value."""
    figure, ax = new_figure(height=0.32 * len(labels) + 1.5)
    y = list(range(len(labels)))
    colors = [COLORS[2] if low > 0 else COLORS[3] if high < 0 else COLORS[7]
              for low, high in zip(lows, highs, strict=True)]
    ax.hlines(y, lows, highs, colors=colors, linewidth=1.6)
    ax.scatter(values, y, c=colors, zorder=3, s=18)
    for n, value in enumerate(values):
        ax.annotate(number(value), (highs[n], n), xytext=(5, 0), textcoords="offset points",
                    va="center", fontsize=7)
    ax.axvline(0, color="#999", linewidth=0.8)
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    data = {label: {"value": v, "low": lo, "high": hi}
            for label, v, lo, hi in zip(labels, values, lows, highs, strict=True)}
    return Chart(name, title, figure, data)


def contrast_chart(summary: Summary, group: str) -> Chart | None:
    """Winners minus the rest for a group's most telling keys, with 95% intervals (green:
    winners do more, red: less, grey: no clear difference)."""
    if summary.designer is None or not summary.designer.contrasts.get(group):
        return None
    rows = strongest(summary.designer.contrasts[group])
    return interval_chart(f"winners-{slug(group)}", f"{title_of(group)}: winners − the rest",
                          [c.key for c in rows], [c.difference for c in rows],
                          [c.low for c in rows], [c.high for c in rows],
                          "mean per winning seat-game − mean per other seat-game (95% interval)")


def correlates_chart(summary: Summary) -> Chart | None:
    """The statistics that correlate most with winning (Pearson's r, 95% interval)."""
    if summary.designer is None or not summary.designer.correlates:
        return None
    rows = summary.designer.correlates
    chart = interval_chart("correlates", "What correlates with winning",
                           [f"{c.group}: {c.key}" for c in rows], [c.correlation for c in rows],
                           [c.correlation_low for c in rows], [c.correlation_high for c in rows],
                           "correlation with winning, per seat-game (95% interval)")
    chart.figure.axes[0].set_xlim(-1.05, 1.15)
    return chart


def simulation_charts(summary: Summary) -> list[Chart]:
    """Every figure of a simulation report, in reading order."""
    seats, bots = summary.seats, [b.bot for b in summary.bots]
    charts: list[Chart | None] = [
        score_chart(summary),
        seat_score_chart(summary),
        rate_chart("win-rate-seat", "Win rate per seat", [f"Player {s.seat + 1}: {s.bot}"
                   for s in seats], [s.win_rate for s in seats], [s.win_low for s in seats],
                   [s.win_high for s in seats]),
        rate_chart("win-rate-bot", "Win rate per bot (seats pooled)", bots,
                   [b.win_rate for b in summary.bots], [b.win_low for b in summary.bots],
                   [b.win_high for b in summary.bots]),
        correlates_chart(summary),
        *length_charts(summary),
    ]
    for group in summary.statistics:
        if group == POINTS:
            charts.append(points_chart(summary))
        elif group not in (LENGTH, *SKIPPED_GROUPS):
            charts.append(grouped_chart(slug(group), title_of(group), summary, group, bots))
        charts.append(contrast_chart(summary, group))
    return [c for c in charts if c is not None]

