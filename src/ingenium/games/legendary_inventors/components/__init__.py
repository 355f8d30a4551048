"""Legendary Inventors components: loaded once from `data/*.toml` into the frozen records of
`records.py` (which also holds the counts the rules summary fixes) by `loading.py` with the
engine's component reader, checked by `validation.py`; `catalog.py` holds the integer indices
the rules use."""

from __future__ import annotations

from functools import cache

from ingenium.engine.components import ComponentError
from ingenium.games.legendary_inventors.components.loading import load
from ingenium.games.legendary_inventors.components.records import Components
from ingenium.games.legendary_inventors.components.validation import validate

__all__ = ["ComponentError", "Components", "components", "load", "validate"]


@cache
def components() -> Components:
    """The validated components (loaded once)."""
    loaded = load()
    validate(loaded)
    return loaded
