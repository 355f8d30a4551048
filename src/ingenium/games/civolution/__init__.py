"""Civolution (Stefan Feld, 2024), 2-4 civilizations: its printed components as validated data.

`components.catalog()` loads `components/data/*.toml` once, checks every count against the
rulebook's component list and every effect against the one vocabulary of
`components/effects.py`. The rules are built on top of it; `ingenium.games` lists the game by name.
"""
