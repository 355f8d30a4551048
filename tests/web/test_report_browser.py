"""The `simulate --report` file in headless Chromium: it renders offline, every figure shows,
and a screenshot is kept as a test artifact (test-artifacts/browser/simulate-report.png)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner
from web_helpers import shot

from ingenium.cli import app

pytestmark = pytest.mark.browser

# A 4-player simulation report, with few games so CI stays quick (the figures are the same kinds).
COMMAND = ["simulate", "inventions", "--players", "4", "--bots", "greedy,random,random,random",
           "--games", "8", "--seed", "1", "--workers", "2"]


def test_simulation_report_renders_offline_with_every_figure(page: Any, tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    result = CliRunner().invoke(app, [*COMMAND, "--report", str(report)])
    assert result.exit_code == 0, result.output
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(report.as_uri())
    assert all(url.startswith(("file:", "data:")) for url in requests), requests
    figures = page.locator("figure svg")
    assert figures.count() >= 10
    for name in ("scores", "win-rate-seat", "win-rate-bot", "points", "actions", "length",
                 "tiles-built", "goal-ip-dealt"):
        box = page.locator(f"#figure-{name} svg").bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 120, name
    assert page.locator("#table-seats tbody tr").count() == 4
    assert "greedy" in page.locator("#table-bots").inner_text()
    shot(page, "simulate-report")
