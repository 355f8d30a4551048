"""Drawing a game's view in the terminal with rich: one renderer per game, a generic fallback."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.pretty import Pretty

from ingenium.render.civolution import render_civolution
from ingenium.render.inventions import render_inventions
from ingenium.render.legendary_inventors import render_legendary_inventors

RENDERERS: dict[str, Callable[[dict[str, Any]], RenderableType]] = {
    "legendary-inventors": render_legendary_inventors,
    "inventions": render_inventions,
    "civolution": render_civolution,
}


def render_view(view: dict[str, Any]) -> RenderableType:
    """The table as a rich renderable (a pretty-printed tree for games without a renderer)."""
    renderer = RENDERERS.get(view["game"])
    if renderer is None:
        return Panel(Pretty(view["table"], max_length=12), title=view["game"])
    return renderer(view)
