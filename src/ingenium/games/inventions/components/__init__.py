"""Inventions components (rulebook, "Components"): every card, tile, board and track, loaded once
from `data/*.toml` and validated against the rulebook.

- `terms.py`: the rulebook's words as enums (actions, specialties, resources, ...);
- `effects.py`: the effect vocabulary (benefits, chains, scoring conditions) parsed from data;
- `records.py`: the frozen component records; `loading.py` reads the data files into them;
- `rulebook.py`: the rulebook's counts and printed facts; `validation.py` checks the data
  against them;
- `catalog.py`: the integer indices the rules and the table use.

`RECONSTRUCTED.md` lists every reconstructed record and the readings of ambiguous rules.
"""

from __future__ import annotations

from functools import cache

from ingenium.games.inventions.components.loading import load
from ingenium.games.inventions.components.records import ComponentError, Components, slug
from ingenium.games.inventions.components.validation import validate

__all__ = ["ComponentError", "Components", "components", "load", "slug", "validate"]


@cache
def components() -> Components:
    """The validated components (loaded once)."""
    loaded = load()
    validate(loaded)
    return loaded
