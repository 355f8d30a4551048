"""The registry of games by name. Games register themselves; the engine knows none of them."""

from __future__ import annotations

from typing import Any

from ingenium.engine.errors import UnknownGame
from ingenium.engine.game import Game

_GAMES: dict[str, Game[Any]] = {}


def register_game(game: Game[Any]) -> Game[Any]:
    """Make `game` available to get_game under game.name."""
    _GAMES[game.name] = game
    return game


def get_game(name: str) -> Game[Any]:
    """The registered game called `name`; UnknownGame lists the names there are."""
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"unknown game {name!r} (known: {known})") from None


def game_names() -> list[str]:
    """Names of every registered game, sorted."""
    return sorted(_GAMES)
