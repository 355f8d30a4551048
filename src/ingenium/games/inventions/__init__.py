"""Inventions: Evolution of Ideas (2-4 players; 2 against Chronos), laid out like its rulebook.

`components/` holds the data and its vocabulary, `rules/` one module per rulebook part,
`steps.py` the pending-step records, `machine.py` the table that dispatches them, `options.py`
every answer, `views.py` what a seat sees, `game.py` the wiring into the engine (`ingenium.games`
lists it by name).
"""
