"""Drawing a game's view in the terminal with rich: one presentation per game, a generic fallback.

A presentation draws the whole table (`board`), a one-line status for the compact screen, the
options as sentences that say what they do, and an optional small drawing for the decision (the
Progress map of Inventions). Everything is built from the seat's view, never from hidden state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from rich.console import RenderableType
from rich.panel import Panel
from rich.pretty import Pretty

from ingenium.engine import Decision
from ingenium.seatnames import seat_label

View = dict[str, Any]


class Presentation(NamedTuple):
    """How one game shows itself in the terminal."""

    board: Callable[[View], RenderableType]
    status: Callable[[View], str] | None = None
    options: Callable[[View, Decision], list[str]] | None = None
    drawing: Callable[[View, Decision], RenderableType | None] | None = None
    # a finished game's result when the ranking does not say it (a solo game against an
    # automated rival): (view, winners, player's name or "") -> (who won, both scores)
    result: Callable[[View, list[int], str], tuple[str, str] | None] | None = None


def _presentations() -> dict[str, Presentation]:
    from ingenium.render.civolution import render_civolution
    from ingenium.render.civolution_solo import civolution_status, solo_result
    from ingenium.render.inventions import render_inventions
    from ingenium.render.inventions_options import (
        describe_inventions_options,
        inventions_drawing,
        inventions_status,
    )
    from ingenium.render.legendary_inventors import (
        describe_legendary_options,
        legendary_status,
        render_legendary_inventors,
    )

    return {
        "legendary-inventors": Presentation(render_legendary_inventors, legendary_status,
                                            describe_legendary_options),
        "inventions": Presentation(render_inventions, inventions_status,
                                   describe_inventions_options, inventions_drawing),
        "civolution": Presentation(render_civolution, civolution_status, result=solo_result),
    }


PRESENTATIONS = _presentations()


def render_view(view: View) -> RenderableType:
    """The table as a rich renderable (a pretty-printed tree for games without a renderer)."""
    shown = PRESENTATIONS.get(view["game"])
    if shown is None:
        return Panel(Pretty(view["table"], max_length=12), title=view["game"])
    from ingenium.render.fit import fitted

    return fitted(shown.board(view))


def status_line(view: View) -> str:
    """One line: where the game stands (the scores when the game has nothing better)."""
    shown = PRESENTATIONS.get(view["game"])
    if shown is not None and shown.status is not None:
        return shown.status(view)
    return score_line(view)


def score_line(view: View) -> str:
    """'Scores: Player 1 12 · Player 2 9'."""
    return "Scores: " + " · ".join(f"{seat_label(s)} {p}" for s, p in enumerate(view["scores"]))


def result_line(view: View, winners: list[int],
                player: str = "") -> tuple[str, str] | None:
    """A finished game's own result, who won and the scores (None: the ranking says it)."""
    shown = PRESENTATIONS.get(view["game"])
    if shown is not None and shown.result is not None:
        return shown.result(view, winners, player)
    return None


def describe_options(view: View, decision: Decision) -> list[str]:
    """Each option as a sentence that says what it does (its label when nothing is to add)."""
    shown = PRESENTATIONS.get(view["game"])
    if shown is not None and shown.options is not None:
        return shown.options(view, decision)
    return [option.label for option in decision.options]


def decision_drawing(view: View, decision: Decision) -> RenderableType | None:
    """A small picture that helps answer this decision, if the game has one."""
    shown = PRESENTATIONS.get(view["game"])
    if shown is not None and shown.drawing is not None:
        return shown.drawing(view, decision)
    return None
