"""Importing this module registers Legendary Inventors with the engine as `legendary-inventors`."""

from ingenium.engine import register_game
from ingenium.games.legendary_inventors.game import LegendaryInventors

GAME = register_game(LegendaryInventors())

__all__ = ["GAME", "LegendaryInventors"]
