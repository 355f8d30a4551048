"""Inventions: Evolution of Ideas (2-4 players): component data and effect vocabulary.

Not registered with the engine yet: the rules engine comes later.
"""
