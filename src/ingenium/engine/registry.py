"""The registry of games by name. The engine knows none of them: whoever lists the games (the
`ingenium.games` table) registers a loader per name, and a game is built on first use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ingenium.engine.errors import UnknownGame
from ingenium.engine.game import Game

_GAMES: dict[str, Game[Any]] = {}
_LOADERS: dict[str, Callable[[], Game[Any]]] = {}


def register_game(game: Game[Any]) -> Game[Any]:
    """Make `game` available to get_game under game.name."""
    _GAMES[game.name] = game
    return game


def register_loader(name: str, loader: Callable[[], Game[Any]]) -> None:
    """Make get_game build the game called `name` with `loader` when it is first asked for
    (so listing the games imports none of them)."""
    _LOADERS[name] = loader


def get_game(name: str) -> Game[Any]:
    """The game called `name` (built on first use); UnknownGame lists the names there are."""
    game = _GAMES.get(name)
    if game is not None:
        return game
    loader = _LOADERS.get(name)
    if loader is None:
        raise UnknownGame(f"unknown game {name!r} (known: {', '.join(game_names()) or 'none'})")
    game = loader()
    if game.name != name:
        raise UnknownGame(f"the loader of {name!r} built the game {game.name!r}")
    return register_game(game)


def game_names() -> list[str]:
    """Names of every registered game, sorted."""
    return sorted(_GAMES.keys() | _LOADERS.keys())
