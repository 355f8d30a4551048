"""Fixtures: a real server (uvicorn in a subprocess on loopback) per module and database.

Every API test runs against SQLite; with INGENIUM_TEST_POSTGRES_URL set it runs against
PostgreSQL too (marked `postgres`), each module in a database of its own on that server.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_helpers import make_server, separate_database

from ingenium.server.testing import LiveServer

POSTGRES_ENV = "INGENIUM_TEST_POSTGRES_URL"


def database_urls(tmp: Path) -> dict[str, str | None]:
    """The databases to test against (None: not available here)."""
    return {"sqlite": f"sqlite:///{tmp / 'ingenium.sqlite3'}",
            "postgres": os.environ.get(POSTGRES_ENV)}


def module_database(kind: str, tmp: Path) -> str | None:
    """A database of the module's own: a SQLite file, or a new database on the PostgreSQL
    server (a server resumes every unfinished bot table of its database at start, so tables
    one module leaves running must not load the servers of the next)."""
    url = database_urls(tmp)[kind]
    if url is None or kind == "sqlite":
        return url
    return separate_database(url, tmp)


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgres",
                                                                marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    url = module_database(request.param, tmp_path_factory.mktemp("db"))
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
