"""Legendary Inventors (2-5 players), laid out like its rules summary.

`components/` holds the data, `rules/` one module per section of the summary, `steps.py` the
pending-step records, `machine.py` the table that dispatches them, `options.py` every answer,
`views.py` what a seat sees, `game.py` the wiring into the engine.
"""
