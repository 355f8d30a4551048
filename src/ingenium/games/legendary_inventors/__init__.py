"""Legendary Inventors (2-5 players), registered as `legendary-inventors`."""

from ingenium.engine import register_game
from ingenium.games.legendary_inventors.game import LegendaryInventors

GAME = register_game(LegendaryInventors())

__all__ = ["GAME", "LegendaryInventors"]
