"""Helpers for the browser tests: where screenshots go."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"


def shot(page: Any, name: str, full_page: bool = True) -> None:
    """Keep a screenshot (the full page, or what the screen shows) as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)
