"""The HTML report of `ingenium compare`: every figure of both runs with B − A and its 95%
interval, the clear differences drawn first."""

from __future__ import annotations

import html

from ingenium.sim.compare import Comparison, Row
from ingenium.sim.figures import interval_chart
from ingenium.sim.plots import Chart
from ingenium.sim.report import page, section, table

SHOWN = 25  # differences drawn in the figure


def drawn(comparison: Comparison) -> list[Row]:
    """Win rates and scores, then the statistics whose interval excludes 0, largest first."""
    head = [r for r in comparison.rows if r.section in ("win rate", "score")]
    clear = sorted((r for r in comparison.rows if r.clear and r not in head),
                   key=lambda r: -abs(r.difference) / max(1e-9, r.high - r.low))
    return (head + clear)[:SHOWN]


def comparison_chart(comparison: Comparison) -> Chart:
    """B − A with 95% intervals (green: B higher, red: lower, grey: no clear difference)."""
    rows = drawn(comparison)
    return interval_chart("differences", f"{comparison.b_label} − {comparison.a_label}",
                          [f"{r.section}: {r.name}" for r in rows],
                          [r.difference for r in rows], [r.low for r in rows],
                          [r.high for r in rows], "difference B − A (95% interval)")


def comparison_report(comparison: Comparison, chart: Chart, command: str) -> str:
    """The whole page: the figure, then one table of every row."""
    a, b = comparison.a, comparison.b
    meta = (f"A: {html.escape(comparison.a_label)} ({a.games} games) · B: "
            f"{html.escape(comparison.b_label)} ({b.games} games) · "
            f"<code>{html.escape(command)}</code>")
    sections = [section("B − A, with 95% intervals", chart),
                section("Every figure", None, table(
                    "comparison", ["section", "figure", "A", "B", "B − A", "95% low",
                                   "95% high", "clear"],
                    [[r.section, r.name, r.a, r.b, r.difference, r.low, r.high,
                      "yes" if r.clear else ""] for r in comparison.rows]))]
    return page(f"{a.game}: {comparison.a_label} vs {comparison.b_label}", meta, sections)
