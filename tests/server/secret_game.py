"""Preloaded by test servers: registers the `secret-hands` test game (see secret_rules.py)."""

from secret_rules import GAME

from ingenium.engine import register_game

register_game(GAME)
