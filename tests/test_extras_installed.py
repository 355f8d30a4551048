"""CI installs the `research` extra so that the torch, stable-baselines3 and Ray tests run
instead of being skipped; INGENIUM_REQUIRE_EXTRAS (set by .ci/run) makes a missing one a
failure here rather than a quiet skip elsewhere."""

from __future__ import annotations

import importlib.util
import os

import pytest

EXTRAS = {
    "research": ("torch", "stable_baselines3", "sb3_contrib", "ray", "pettingzoo",
                 "gymnasium", "pyspiel"),
    "dev": ("matplotlib", "psycopg", "pettingzoo", "gymnasium", "pyspiel", "playwright"),
}
REQUIRED = [name for name in os.environ.get("INGENIUM_REQUIRE_EXTRAS", "").split(",") if name]


@pytest.mark.parametrize("extra", ["dev", *REQUIRED])
def test_the_required_extras_are_installed(extra: str) -> None:
    missing = [module for module in EXTRAS[extra] if importlib.util.find_spec(module) is None]
    assert not missing, f"the {extra!r} extra is not fully installed: {missing}"
