"""Importing this module registers Inventions with the engine as `inventions`."""

from ingenium.engine import register_game
from ingenium.games.inventions.game import Inventions

GAME = register_game(Inventions())

__all__ = ["GAME", "Inventions"]
