"""Inventions: Evolution of Ideas (3-4 players): components, effect vocabulary and rules.

`ingenium.games.inventions.registration` registers the game with the engine as `inventions`.
"""
