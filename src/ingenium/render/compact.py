"""The compact decision screen of `ingenium play`, made to fit a terminal (80×24 and up).

Top to bottom: what changed since the seat's last move (the newest log lines that fit), one
status line, a small drawing when the decision has one, the question, and the options as
sentences (in columns when they are many). The whole table is one `board` away."""

from __future__ import annotations

from math import ceil
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from ingenium.engine import State
from ingenium.render import View, decision_drawing, describe_options, status_line
from ingenium.seatnames import named, seat_label

MIN_LOG_ROWS = 2  # the log keeps at least its header and one line
FIXED_ROWS = 2  # the input line and one spare line for an answer's message


def player(seat: int) -> str:
    """How a seat is named to people."""
    return seat_label(seat)


def log_lines(state: State[Any], seat: int | None, since: int) -> list[Text]:
    """The log from event `since` on, as `seat` may see it, one Text per event."""
    lines = []
    for event in state.visible_events(seat, since):
        line = Text("· ", style="dim")
        line.append(named(event.text))
        lines.append(line)
    return lines


def _height(console: Console, renderable: RenderableType, width: int) -> int:
    """Rows the renderable takes at this width."""
    options = console.options.update_width(width)
    return len(console.render_lines(renderable, options, pad=False))


def option_block(console: Console, labels: list[str], width: int, rows: int) -> Table:
    """The options numbered from 1: one column, long sentences wrapped, when that fits in
    `rows`; else one line each (cut with an ellipsis) in as many columns as needed."""
    wrapped = _options_grid(labels, 1, width, wrap=True)
    if _height(console, wrapped, width) <= rows:
        return wrapped
    return _options_grid(labels, max(1, ceil(len(labels) / max(rows, 1))), width, wrap=False)


def _options_grid(labels: list[str], columns: int, width: int, wrap: bool) -> Table:
    per_column = ceil(len(labels) / columns)
    grid = Table.grid(padding=(0, 1))
    if wrap:
        grid.add_column(width=4, no_wrap=True)
        grid.add_column(width=width - 5)
    else:
        for _ in range(columns):
            grid.add_column(width=max(12, width // columns - 1), no_wrap=True,
                            overflow="ellipsis")
    for row in range(per_column):
        cells: list[Text] = []
        for column in range(columns):
            index = column * per_column + row
            if index >= len(labels):
                cells.append(Text(""))
            elif wrap:
                cells.extend([Text(f"{index + 1:>4}", style="cyan"), Text(labels[index])])
            else:
                cell = Text(f"{index + 1:>3} ", style="cyan")
                cell.append(labels[index])
                cells.append(cell)
        grid.add_row(*cells)
    return grid


def _latest(console: Console, news: list[Text], width: int, room: int) -> list[Text]:
    """The newest log lines that fit in `room` rows, after a line counting the others."""
    shown: list[Text] = []
    rows = 0
    for line in reversed(news):
        tall = _height(console, line, width)
        if rows + tall > room:
            break
        shown.insert(0, line)
        rows += tall
    if len(shown) == len(news):
        return shown
    while shown and rows + 1 > room:
        rows -= _height(console, shown.pop(0), width)
    hidden = len(news) - len(shown)
    note = Text(f"… {hidden} earlier line{'s' if hidden > 1 else ''} ('log' shows them)",
                style="dim")
    return [note, *shown]


def _cut_lines(text: str, width: int) -> Text:
    """Each line of `text` cut at `width` with an ellipsis (a solo game's status line says
    V.I.C.I's last action on a second line, which can be long)."""
    lines = []
    for line in text.split("\n"):
        cut = Text(line, style="bold")
        cut.truncate(width, overflow="ellipsis")
        lines.append(cut)
    return Text("\n").join(lines)


def decision_screen(console: Console, state: State[Any], view: View,
                    since: int) -> list[RenderableType]:
    """The renderables of the decision screen, sized to the console."""
    decision = state.decision
    assert decision is not None
    width, height = console.size.width, console.size.height
    status = _cut_lines(status_line(view), width)
    question = Text(f"{player(decision.seat)}: ", style="bold")
    question.append(named(decision.prompt))
    drawing = decision_drawing(view, decision)
    used = FIXED_ROWS + _height(console, status, width) + _height(console, question, width)
    if drawing is not None:
        used += _height(console, drawing, width)
    labels = [named(label) for label in describe_options(view, decision)]
    options = option_block(console, labels, width, height - used - MIN_LOG_ROWS)
    used += _height(console, options, width)
    parts: list[RenderableType] = []
    news = log_lines(state, decision.seat, since)
    room = height - used - 1  # the header line
    if news and room > 0:
        parts.append(Text(f"── since {player(decision.seat)}'s last move ──", style="dim"))
        parts.extend(_latest(console, news, width, room))
    parts.append(status)
    if drawing is not None:
        parts.append(drawing)
    parts.extend([question, options])
    return parts
