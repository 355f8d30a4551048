"""Civolution's rulebook properties (every mode, solo levels included), checked after every
step: one module per part of the rulebook, all registering on `common.PROPERTIES`."""

from __future__ import annotations

from tests.properties.civolution import (  # noqa: F401 - they register their properties
    action_props,
    era_props,
    setup_props,
)
from tests.properties.civolution.common import PROPERTIES

__all__ = ["PROPERTIES"]
