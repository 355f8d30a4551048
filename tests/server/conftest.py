"""Fixtures: a real server (uvicorn in a subprocess on loopback) per module and database.

Every API test runs against SQLite; with INGENIUM_TEST_POSTGRES_URL set it runs against
PostgreSQL too (marked `postgres`). Tables get random ids, so a shared database needs no cleanup.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_helpers import make_server

from ingenium.server.testing import LiveServer

POSTGRES_ENV = "INGENIUM_TEST_POSTGRES_URL"


def database_urls(tmp: Path) -> dict[str, str | None]:
    """The databases to test against (None: not available here)."""
    return {"sqlite": f"sqlite:///{tmp / 'ingenium.sqlite3'}",
            "postgres": os.environ.get(POSTGRES_ENV)}


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgres",
                                                                marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    url = database_urls(tmp_path_factory.mktemp("db"))[request.param]
    if url is None:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV} (e.g. postgresql://user:pw@host/db)")
    return url


@pytest.fixture(scope="module")
def server(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = make_server(database_url, tmp_path_factory.mktemp("server"))
    live.start()
    yield live
    live.stop()


@pytest.fixture
def client(server: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=15) as http:
        yield http
