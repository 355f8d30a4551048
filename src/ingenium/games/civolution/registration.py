"""Importing this module registers Civolution with the engine as `civolution`."""

from ingenium.engine import register_game
from ingenium.games.civolution.game import Civolution

GAME = register_game(Civolution())

__all__ = ["GAME", "Civolution"]
