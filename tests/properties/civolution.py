"""Civolution's rulebook properties (every mode, solo levels included), checked after every step."""

from __future__ import annotations

from tests.properties.harness import Registry

PROPERTIES = Registry()
