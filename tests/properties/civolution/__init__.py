"""Civolution's rulebook properties (every mode, solo levels included), checked after every
step: one module per part of the rulebook, all registering on `common.PROPERTIES`."""

from __future__ import annotations

from tests.properties.civolution import (  # noqa: F401 - they register their properties
    action_props,
    board_props,
    building_props,
    era_props,
    scoring_props,
    setup_props,
    solo_props,
)
from tests.properties.civolution.common import PROPERTIES

__all__ = ["PROPERTIES"]
