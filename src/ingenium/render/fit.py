"""Tables that never cut a word: a table is drawn as a table when every column can hold its
longest word at the console's width; otherwise each row becomes a paragraph of "header: cell"
parts, wrapped at word boundaries (an 80-column terminal keeps every word whole)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text


def row_paragraphs(table: Table) -> list[Text]:
    """Each row of `table` as one Text: the first cell, then "header: cell" for the others
    (empty cells and dashes left out)."""
    columns = [(str(column.header), [_plain(cell) for cell in column.cells])
               for column in table.columns]
    rows = max((len(cells) for _, cells in columns), default=0)
    paragraphs = []
    for row in range(rows):
        parts = [(header, cells[row]) for header, cells in columns if row < len(cells)]
        first = Text(_lines(parts[0][1]), style="bold") if parts else Text("")
        for header, cell in parts[1:]:
            value = _lines(cell)
            if value and value != "-":
                first.append(" · " if first else "")
                first.append(f"{' '.join(header.split())}: " if header.strip() else "", style="dim")
                first.append(value)
        paragraphs.append(first)
    return paragraphs


def longest_word(text: str) -> int:
    """The length of the longest word of `text` (0 when it has none)."""
    return max((len(word) for word in text.split()), default=0)


def words_fit(table: Table, width: int) -> bool:
    """Whether every column can be as wide as its longest word (header included) with the
    table's borders and padding inside `width`."""
    needed = sum(max([longest_word(str(column.header))]
                     + [longest_word(_plain(cell)) for cell in column.cells])
                 for column in table.columns)
    left, right = table.padding[3], table.padding[1]
    frame = (len(table.columns) + 1) if table.box else 0
    return needed + len(table.columns) * (left + right) + frame <= width


def cuts(console: Console, options: ConsoleOptions, table: Table) -> bool:
    """Whether drawing `table` at this width ends a cell with an ellipsis its text lacks
    (rich's column widths follow the text's length, not only its longest word)."""
    source = any("…" in _plain(cell) for column in table.columns for cell in column.cells)
    if source:
        return False
    lines = console.render_lines(table, options, pad=False)
    return any("…" in segment.text for line in lines for segment in line)


def _lines(cell: str) -> str:
    """A cell's lines on one line, " · " between them."""
    return " · ".join(" ".join(line.split()) for line in cell.splitlines() if line.strip())


def _plain(cell: object) -> str:
    if isinstance(cell, Text):
        return cell.plain
    return str(cell)


class Fitted:
    """`table` when its words fit the width, else its rows as wrapped paragraphs."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if words_fit(self.table, options.max_width) and not cuts(console, options, self.table):
            yield self.table
            return
        if self.table.title:
            yield Text(str(self.table.title), style="bold")
        yield from row_paragraphs(self.table)


def fitted(renderable: RenderableType) -> RenderableType:
    """`renderable` with every table in it (at the top or in a Group) made a Fitted one."""
    if isinstance(renderable, Table):
        return Fitted(renderable)
    if isinstance(renderable, Group):
        return Group(*_each(renderable.renderables))
    return renderable


def _each(parts: Iterable[RenderableType]) -> list[RenderableType]:
    return [fitted(part) for part in parts]
