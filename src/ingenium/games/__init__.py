"""Every game, by name: the module and class that make it. `register_games` hands the engine a
loader per name, and a game's package is imported only when the game is first asked for
(`get_game`), so nothing here is imported for a side effect."""

from __future__ import annotations

import importlib
from functools import partial
from typing import Any

from ingenium.engine import Game, register_loader

# name -> (module, class): the class is a `Game` built with no arguments
GAME_CLASSES: dict[str, tuple[str, str]] = {
    "civolution": ("ingenium.games.civolution.game", "Civolution"),
    "inventions": ("ingenium.games.inventions.game", "Inventions"),
    "legendary-inventors": ("ingenium.games.legendary_inventors.game", "LegendaryInventors"),
}


def load_game(name: str) -> Game[Any]:
    """Import the game's module and build the game called `name` (KeyError if none is)."""
    module, cls = GAME_CLASSES[name]
    game: Game[Any] = getattr(importlib.import_module(module), cls)()
    return game


def register_games() -> None:
    """Let the engine's get_game build each game of GAME_CLASSES on first use."""
    for name in GAME_CLASSES:
        register_loader(name, partial(load_game, name))
