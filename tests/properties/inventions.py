"""Inventions: Evolution of Ideas' rulebook properties, checked after every step."""

from __future__ import annotations

from tests.properties.harness import Registry

PROPERTIES = Registry()
