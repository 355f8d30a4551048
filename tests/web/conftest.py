"""Fixtures for end-to-end tests: a real server and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import ARTIFACTS

from ingenium.server.testing import LiveServer

CHROMIUM = Path(os.environ.get("INGENIUM_CHROMIUM", "/usr/bin/chromium"))
TEST_GAMES = Path(__file__).resolve().parents[1] / "server"
BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-dev-shm-usage"]


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    tmp = tmp_path_factory.mktemp("web")
    live = LiveServer(f"sqlite:///{tmp / 'ingenium.sqlite3'}", log_path=tmp / "server.log",
                      preload=("secret_game",), python_path=(str(TEST_GAMES),),
                      env={"INGENIUM_BOT_TABLES_PER_CLIENT": "0"})  # the tests' many bot tables
    live.start()
    yield live
    live.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"browser tests need Chromium at {CHROMIUM} (scripts/install-system-deps.sh)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=BROWSER_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page; page errors fail the test; a screenshot is kept if the test fails."""
    yield from _page(browser, request, viewport={"width": 1400, "height": 1000})


@pytest.fixture
def phone(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page on a 390x844 touch screen (a phone held upright)."""
    yield from _page(browser, request, viewport={"width": 390, "height": 844}, is_mobile=True,
                     has_touch=True)


def _page(browser: Any, request: pytest.FixtureRequest, **options: Any) -> Iterator[Any]:
    failure_shot = ARTIFACTS / f"FAILED-{request.node.name}.png"
    failure_shot.unlink(missing_ok=True)
    context = browser.new_context(**options)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.errors = errors
    yield tab
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        tab.screenshot(path=str(failure_shot), full_page=True)
    context.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]
    return report
