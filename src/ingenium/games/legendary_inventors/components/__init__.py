"""Legendary Inventors components: loaded once from `data/*.toml` into the frozen records of
`records.py` (`loading.py`), checked by `validation.py`; `catalog.py` holds the integer indices
the rules use."""

from __future__ import annotations

from functools import cache

from ingenium.games.legendary_inventors.components.loading import load
from ingenium.games.legendary_inventors.components.records import (
    AGES,
    CLASS_NAMES,
    CLASSIFICATIONS,
    EXTRA_INVENTIONS,
    INVENTORS_PER_TEAM,
    MAX_LEVEL,
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
    TYPES,
    Components,
    Invention,
    Inventor,
    Team,
    TokenKind,
    slug,
)
from ingenium.games.legendary_inventors.components.validation import validate

__all__ = [
    "AGES", "CLASSIFICATIONS", "CLASS_NAMES", "EXTRA_INVENTIONS", "INVENTORS_PER_TEAM",
    "MAX_LEVEL", "MAX_PLAYERS", "NUM_TYPES", "TOKENS_PER_INVENTION", "TYPES", "Components",
    "Invention", "Inventor", "Team", "TokenKind", "components", "load", "slug", "validate",
]


@cache
def components() -> Components:
    """The validated components (loaded once)."""
    loaded = load()
    validate(loaded)
    return loaded
