"""Ingenium: modern board games by their complete rules.

>>> import ingenium
>>> game = ingenium.get_game("legendary-inventors")
>>> state = game.new_game(players=3, seed=7)
>>> state.decision.seat
0
"""

from ingenium.engine import (
    BadPlayerCount,
    BadSave,
    Decision,
    Event,
    Game,
    IllegalMove,
    IngeniumError,
    Option,
    State,
    UnknownGame,
    UnknownVariant,
    game_names,
    get_game,
)
from ingenium.games import register_games

__all__ = [
    "BadPlayerCount",
    "BadSave",
    "Decision",
    "Event",
    "Game",
    "IllegalMove",
    "IngeniumError",
    "Option",
    "State",
    "UnknownGame",
    "UnknownVariant",
    "game_names",
    "get_game",
]
__version__ = "0.1.0"

register_games()  # the engine builds each game on first use
