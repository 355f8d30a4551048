"""Inventions: Evolution of Ideas' rulebook properties, checked after every step, one module per
part of the rulebook (`common.py` holds the registry and the shared readers)."""

from __future__ import annotations

from tests.properties.inventions import (  # noqa: F401  (importing registers them)
    chronos,
    components,
    core_actions,
    era_change,
    hidden,
    offers,
    other_actions,
    rounds,
    scoring,
    setup,
    tiles,
)
from tests.properties.inventions.common import PROPERTIES

__all__ = ["PROPERTIES"]
