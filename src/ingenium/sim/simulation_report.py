"""The HTML report of one `simulate` batch: the designer's four questions answered first (is
it balanced, which actions win, is a seat favoured, how long are games), then the evidence,
figure beside table. The sections follow the game's statistics groups: a game that reports a
group gets its section, none is written for a particular game."""

from __future__ import annotations

import html

from ingenium.sim.analysis import ACTIONS, POINTS
from ingenium.sim.designer import Contrast, Designer
from ingenium.sim.figures import strongest, title_of
from ingenium.sim.plots import Chart, number, percent, slug
from ingenium.sim.report import (
    Cell,
    bot_table,
    group_table,
    length_table,
    page,
    seat_table,
    section,
    table,
)
from ingenium.sim.stats import Summary

CLEAR = 0.05  # a p-value below this: "seats differ"
SHOWN = 3  # actions and sources named in an answer


def _interval(c: Contrast) -> str:
    return f"{c.key} {c.difference:+.2f} [{c.low:+.2f}, {c.high:+.2f}]"


def balance_answer(summary: Summary) -> str:
    """Where the points come from, and how far apart the seats' win rates are."""
    rates = [s.win_rate for s in summary.seats]
    seats = (f"Win rates per seat run from {percent(min(rates))} to {percent(max(rates))}."
             if len(rates) > 1 else "")
    points = summary.statistics.get(POINTS, {})
    total = sum(per["all seats"]["mean"] for per in points.values())
    if not points or total <= 0:
        return seats or "The game reports no points by source."
    shares = sorted(((per["all seats"]["mean"] / total, key) for key, per in points.items()),
                    reverse=True)
    big = ", ".join(f"{key} {percent(share)}" for share, key in shares[:SHOWN])
    many = sum(1 for share, _ in shares if share >= 0.05)
    return (f"The largest sources of points are {big} of the mean score; {many} of "
            f"{len(shares)} sources give 5% or more. {seats}")


def actions_answer(designer: Designer) -> str:
    """The actions whose winners-vs-rest interval excludes zero; when none does, the point
    sources that do (a designer asking which actions win also wants to know where winners
    scored)."""
    said = []
    for group in (ACTIONS, POINTS):
        rows = designer.contrasts.get(group)
        if not rows:
            continue
        ranked = strongest(rows, len(rows))
        more = [c for c in ranked if c.low > 0][:SHOWN]
        less = [c for c in ranked if c.high < 0][:SHOWN]
        if not more and not less:
            said.append(f"No {group[:-1] if group.endswith('s') else group} sets the winners "
                        f"apart clearly in {designer.winner_seat_games} winning seat-games: "
                        f"every interval includes 0.")
            continue
        parts = []
        if more:
            parts.append("winners did more of " + "; ".join(_interval(c) for c in more))
        if less:
            parts.append("less of " + "; ".join(_interval(c) for c in less))
        said.append(f"By {group} (per game, winners − the rest, 95% interval): "
                    + ", ".join(parts) + ".")
        break
    return " ".join(said) or "The game reports no actions."


def seats_answer(summary: Summary, designer: Designer) -> str:
    """The seat-effect tests in words, with the caveat of mixed line-ups."""
    if not designer.seat_tests:
        return "One seat: no seat effect to test."
    first, scores = designer.seat_tests[0], designer.seat_tests[1]
    verdict = ("the seats differ" if first.p_value < CLEAR else
               "no evidence that the seats differ")
    best = max(summary.seats, key=lambda s: s.win_rate)
    text = (f"First places per seat: chi-square p = {first.p_value:.3g} ({verdict}); scores "
            f"per seat: Kruskal-Wallis p = {scores.p_value:.3g}. Most first places: Player "
            f"{best.seat + 1}, {percent(best.win_rate)} [{percent(best.win_low)}–"
            f"{percent(best.win_high)}].")
    if not designer.same_bot_every_seat:
        text += " The seats hold different bots, so this mixes seat and bot strength."
    return text


def length_answer(summary: Summary) -> str:
    """Mean and quartiles in the game's own units, then decisions and seconds."""
    length = summary.length
    assert length is not None
    parts = [f"{unit}: mean {number(d.mean)}" + ("" if d.min == d.max else
                                                 f" (half the games {number(d.q1)}–"
                                                 f"{number(d.q3)}, range {number(d.min)}–"
                                                 f"{number(d.max)})")
             for unit, d in length.units.items()]
    parts.append(f"{number(length.mean_decisions)} decisions and "
                 f"{length.mean_seconds:.2f} s of play per game")
    return "; ".join(parts) + "."


def answers(summary: Summary) -> str:
    """The four questions, answered in a sentence each."""
    designer = summary.designer
    assert designer is not None
    items = [("Is it balanced?", balance_answer(summary)),
             ("Which actions win?", actions_answer(designer)),
             ("Is a seat favoured?", seats_answer(summary, designer)),
             ("How long are games?", length_answer(summary))]
    body = "".join(f"<dt>{html.escape(q)}</dt><dd>{html.escape(a)}</dd>" for q, a in items)
    return (f'<section id="answers"><h2>The designer\'s questions</h2><dl>{body}</dl>'
            f"<p class=\"meta\">{summary.games} games. Winners are every seat tied for first "
            f"place ({designer.winner_seat_games} seat-games), the rest the other "
            f"{designer.other_seat_games}; intervals are 95%.</p></section>")


def seat_tests_table(designer: Designer) -> str:
    """The seat-effect tests, as in "designer" "seat_tests"."""
    return table("seat-tests", ["test", "statistic", "df", "p-value"],
                 [[t.name, t.statistic, t.df, t.p_value] for t in designer.seat_tests])


def seat_scores_table(summary: Summary) -> str:
    """Score distribution per seat, as in "seats" (score_quartiles)."""
    return table("seat-scores", ["seat", "bot", "mean", "sd", "min", "q1", "median", "q3",
                                 "max"],
                 [[s.seat, s.bot, s.mean_score, s.sd_score, *s.score_quartiles]
                  for s in summary.seats])


def contrast_table(name: str, rows: list[Contrast], with_group: bool = False) -> str:
    """Winners vs the rest per key, as in "designer" "contrasts" (or "correlates")."""
    head = ["group"] if with_group else []
    return table(name, [*head, "key", "winners", "the rest", "difference", "95% low",
                        "95% high", "r with winning", "r low", "r high"],
                 [[*([c.group] if with_group else []), c.key, c.winners, c.rest, c.difference,
                   c.low, c.high, c.correlation, c.correlation_low, c.correlation_high]
                  for c in rows])


def units_table(summary: Summary) -> str:
    """Game length per unit, as in "length" "units"."""
    length = summary.length
    assert length is not None
    rows: list[list[Cell]] = [[unit, d.mean, d.sd, d.min, d.q1, d.median, d.q3, d.max]
                              for unit, d in length.units.items()]
    if length.decisions is not None:
        d = length.decisions
        rows.append(["decisions", d.mean, d.sd, d.min, d.q1, d.median, d.q3, d.max])
    return table("length-units", ["unit", "mean", "sd", "min", "q1", "median", "q3", "max"],
                 rows)


def simulation_report(summary: Summary, charts: list[Chart], command: str) -> str:
    """The whole report of one `simulate` batch."""
    by_name = {c.name: c for c in charts}
    bots = ", ".join(s.bot for s in summary.seats)
    players = ("solo against " + ", ".join(r.name for r in summary.rivals) if summary.rivals
               else f"{summary.players} players")
    meta = (f"{summary.games} games · {players} · seats: "
            f"{html.escape(bots)} · <code>{html.escape(command)}</code>")
    designer = summary.designer
    sections = [answers(summary)] if designer is not None else []
    sections += [
        section("Score distribution per bot", by_name.get("scores"), bot_table(summary)),
        section("Win rate per seat", by_name.get("win-rate-seat"), seat_table(summary)),
        section("Score distribution per seat", by_name.get("scores-seat"),
                seat_scores_table(summary),
                seat_tests_table(designer) if designer and designer.seat_tests else ""),
        section("Win rate per bot", by_name.get("win-rate-bot")),
    ]
    for group in summary.statistics:
        contrasts = designer.contrasts.get(group) if designer else None
        sections.append(section(title_of(group), by_name.get(slug(group)),
                                group_table(summary, group)))
        if contrasts:
            sections.append(section(f"{title_of(group)}: winners vs the rest",
                                    by_name.get(f"winners-{slug(group)}"),
                                    contrast_table(f"winners-{slug(group)}", contrasts)))
    if designer and designer.correlates:
        sections.append(section("What correlates with winning", by_name.get("correlates"),
                                contrast_table("correlates", designer.correlates, True)))
    sections.append(section("Game length", by_name.get("length"), units_table(summary),
                            length_table(summary)))
    if "length-decisions" in by_name:
        sections.append(section("Game length in decisions", by_name["length-decisions"]))
    return page(f"{summary.game}: {summary.games} simulated games", meta, sections)

