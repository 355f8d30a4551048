"""Legendary Inventors' rulebook properties (rules summary), checked after every step."""

from __future__ import annotations

from tests.properties.harness import Registry

PROPERTIES = Registry()
