"""Self-contained HTML reports (inline SVG figures, inline CSS, no network) and PNG folders:
the shared pieces and the ladder's report (a simulation's is in simulation_report.py).

Every figure sits beside a table of the numbers of the JSON summary it was drawn from; each
number cell carries the exact value in `data-value`, so a test (or a script) can read it back.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from ingenium.sim.analysis import ALL
from ingenium.sim.ladder import Ladder
from ingenium.sim.plots import Chart, compared, number, percent, slug
from ingenium.sim.stats import Summary

CSS = """
body { font: 14px/1.45 system-ui, sans-serif; color: #222; max-width: 1000px; margin: 2em auto;
       padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
.meta { color: #555; } code { background: #f3f3f3; padding: 0 0.3em; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid #e3e3e3; padding: 0.2em 0.7em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead th { background: #f5f7fa; }
dt { font-weight: 600; margin-top: 0.6em; } dd { margin-left: 1.2em; }
"""

Cell = str | float | int | tuple[str, float]  # text, a number, or (shown text, exact value)


def _cell(value: Cell, tag: str = "td") -> str:
    if isinstance(value, tuple):
        shown, exact = value
        return f'<{tag} data-value="{exact!r}">{html.escape(shown)}</{tag}>'
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f'<{tag} data-value="{value!r}">{html.escape(number(value))}</{tag}>'
    return f"<{tag}>{html.escape(str(value))}</{tag}>"


def table(name: str, header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> str:
    """An HTML table with id `table-<name>`; number cells keep their exact value."""
    head = "".join(_cell(h, "th") for h in header)
    body = "".join("<tr>" + "".join(_cell(v) for v in row) + "</tr>" for row in rows)
    return (f'<table id="table-{html.escape(name)}"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


def rate(x: float) -> tuple[str, float]:
    """A rate shown as a percentage, exact in data-value."""
    return (percent(x), x)


def page(title: str, meta: str, sections: Iterable[str]) -> str:
    """The whole document."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"
            f"<h1>{html.escape(title)}</h1><p class=\"meta\">{meta} · made {stamp} by "
            f"<code>ingenium</code></p>{''.join(sections)}</body></html>\n")


def section(heading: str, chart: Chart | None, *tables: str) -> str:
    """A heading, its figure (inline SVG) and its tables."""
    figure = f'<figure id="figure-{chart.name}">{chart.svg()}</figure>' if chart else ""
    return f"<section><h2>{html.escape(heading)}</h2>{figure}{''.join(tables)}</section>"


def seat_table(summary: Summary) -> str:
    """Win rate per seat, as in `simulate --json` "seats"."""
    rows: list[list[Cell]] = [[s.seat, s.bot, s.wins, rate(s.win_rate), rate(s.win_low),
                               rate(s.win_high), s.mean_score, s.sd_score]
                              for s in summary.seats]
    rows += [[r.name, "automated rival", r.wins, rate(r.win_rate), rate(r.win_low),
              rate(r.win_high), r.mean_score, r.sd_score] for r in summary.rivals]
    return table("seats", ["seat", "bot", "wins", "win rate", "95% low", "95% high",
                           "mean score", "sd"], rows)


def bot_table(summary: Summary) -> str:
    """Win rate and score distribution per bot, as in "bots"."""
    return table("bots", ["bot", "seat-games", "wins", "win rate", "95% low", "95% high",
                          "mean score", "sd", "min", "q1", "median", "q3", "max"],
                 [[b.bot, b.seat_games, b.wins, rate(b.win_rate), rate(b.win_low),
                   rate(b.win_high), b.mean_score, b.sd_score, *b.score_quartiles]
                  for b in summary.bots])


def length_table(summary: Summary) -> str:
    """Decisions and seconds per game, as in "length"."""
    length = summary.length
    assert length is not None
    return table("length", ["games", "mean decisions", "sd", "min", "median", "max",
                            "mean seconds"],
                 [[summary.games, length.mean_decisions, length.sd_decisions,
                   length.min_decisions, length.median_decisions, length.max_decisions,
                   length.mean_seconds]])


def group_table(summary: Summary, group: str) -> str:
    """One statistics group: mean per player per game for each bot (each seat, when every
    seat has the same bot) and all seats, and how often the key occurs (as in "statistics")."""
    whom = [*compared(summary), ALL]
    rows: list[list[Cell]] = [
        [key, *(per_bot[w]["mean"] for w in whom), rate(per_bot[ALL]["seen"])]
            for key, per_bot in summary.statistics[group].items()]
    return table(slug(group), [group, *(f"{w} (mean)" for w in whom), "occurs (all seats)"],
                 rows)


def write_pngs(charts: list[Chart], folder: Path) -> list[Path]:
    """Every chart as folder/<name>.png (the folder is created)."""
    folder.mkdir(parents=True, exist_ok=True)
    return [chart.write_png(folder) for chart in charts]


def rating_table(board: Ladder) -> str:
    """Ratings best first, as in `ladder --json` "ratings"."""
    return table("ratings", ["bot", "rating", "95% low", "95% high"],
                 [[r.bot, (f"{r.rating:.0f}", r.rating), (f"{r.low:.0f}", r.low),
                   (f"{r.high:.0f}", r.high)] for r in board.ratings])


def matrix_table(board: Ladder) -> str:
    """Row finished ahead of column (share of meetings) and games met, as in "ahead"."""
    rows: list[list[Cell]] = []
    for a, bot in enumerate(board.bots):
        row: list[Cell] = [bot]
        for b, value in enumerate(board.ahead[a]):
            row.append("–" if value is None else
                       (f"{percent(value)} of {board.meetings[a][b]}", value))
        rows.append(row)
    return table("win-matrix", ["bot \\ opponent", *board.bots], rows)


def record_table(board: Ladder) -> str:
    """Each bot's first places and scores over every seat it played, as in "records"."""
    return table("records", ["bot", "seat-games", "first places", "rate", "95% low",
                             "95% high", "mean score", "sd"],
                 [[r.bot, r.seat_games, r.wins, rate(r.win_rate), rate(r.win_low),
                   rate(r.win_high), r.mean_score, r.sd_score] for r in board.records])


def ladder_report(board: Ladder, charts: list[Chart], command: str) -> str:
    """The HTML report of one `ladder` round robin."""
    by_name = {c.name: c for c in charts}
    tables = ", ".join(" vs ".join(lineup) for lineup in board.lineups)
    meta = (f"{board.games} games · {board.players} players · line-ups: {html.escape(tables)}"
            f" · seats rotated · <code>{html.escape(command)}</code>")
    sections = [
        section("Ratings", by_name.get("ratings"), rating_table(board)),
        section("Pairwise win matrix", by_name.get("win-matrix"), matrix_table(board)),
        section("First places per bot", by_name.get("win-rate-bot"), record_table(board)),
    ]
    return page(f"{board.game}: bot ladder", meta, sections)
