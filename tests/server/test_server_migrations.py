"""Schema migrations (Alembic): a database written before them is upgraded and plays on, the
database records its revision, the models match the newest revision, and processes starting
together on a fresh PostgreSQL all come up."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from server_helpers import make_server, separate_database
from sqlalchemy import create_engine, inspect, text

from ingenium.server.schema import current_revision, head_revision
from ingenium.server.storage import Base, Store

FIXTURES = Path(__file__).resolve().parent / "fixtures"
BEFORE = json.loads((FIXTURES / "before_migrations.json").read_text())
POSTGRES = os.environ.get("INGENIUM_TEST_POSTGRES_URL")
needs_postgres = pytest.mark.skipif(not POSTGRES, reason="needs INGENIUM_TEST_POSTGRES_URL")


def old_sqlite(tmp_path: Path) -> str:
    """A copy of the database the server wrote before migrations existed."""
    shutil.copy(FIXTURES / "before_migrations.sqlite3", tmp_path / "old.sqlite3")
    return f"sqlite:///{tmp_path / 'old.sqlite3'}"


def ingenium(*args: str) -> str:
    """Run the `ingenium` command; its output."""
    done = subprocess.run([sys.executable, "-m", "ingenium", *args], capture_output=True,
                          text=True, timeout=120, check=True)
    return done.stdout


def test_db_upgrade_brings_a_database_written_before_migrations_to_the_newest_revision(
        tmp_path: Path) -> None:
    url = old_sqlite(tmp_path)
    assert "database none" in ingenium("db", "current", "--database-url", url)
    assert f"-> {head_revision()}" in ingenium("db", "upgrade", "--database-url", url)
    assert "up to date" in ingenium("db", "upgrade", "--database-url", url)
    engine = create_engine(url)
    try:
        assert current_revision(engine) == head_revision()
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM ingenium_moves")).scalar() == 39
    finally:
        engine.dispose()


def test_serve_upgrades_an_older_database_and_its_tables_play_on(tmp_path: Path) -> None:
    url = old_sqlite(tmp_path)
    bot_table, human_table = BEFORE["bot_table"], BEFORE["human_table"]
    with make_server(url, tmp_path) as server, httpx.Client(base_url=server.url,
                                                            timeout=30) as client:
        seen = client.get(f"/api/tables/{bot_table['id']}",
                          headers={"X-Seat-Token": bot_table["token"]})
        assert seen.status_code == 200, seen.text
        assert seen.json()["seq"] == 22 and seen.json()["your_turn"]
        chat = client.get(f"/api/tables/{bot_table['id']}/chat").json()
        assert [m["text"] for m in chat] == bot_table["chat"]
        assert client.get(f"/api/tables/{bot_table['id']}/clock").json()["mode"] == "realtime"
        token = human_table["tokens"][0]
        payload = client.get(f"/api/tables/{human_table['id']}",
                             headers={"X-Seat-Token": token}).json()
        option = payload["view"]["decision"]["options"][0]["id"]
        moved = client.post(f"/api/tables/{human_table['id']}/moves",
                            json={"token": token, "option": option})
        assert moved.status_code == 200, moved.text
    engine = create_engine(url)
    try:
        assert current_revision(engine) == head_revision()
    finally:
        engine.dispose()


def test_the_models_match_the_newest_revision(tmp_path: Path) -> None:
    """A column added to a model without its migration fails here."""
    store = Store(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    try:
        store.create_schema()
        with store.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
    finally:
        store.dispose()


@needs_postgres
def test_a_postgres_database_of_the_schema_before_migrations_is_upgraded(
        tmp_path: Path) -> None:
    assert POSTGRES is not None
    url = separate_database(POSTGRES, tmp_path)
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            ddl = (FIXTURES / "schema_before_migrations.postgresql.sql").read_text()
            lines = [line for line in ddl.splitlines() if not line.startswith("--")]
            for statement in "\n".join(lines).split(";"):
                if statement.strip():
                    connection.exec_driver_sql(statement)
            connection.execute(text(
                "INSERT INTO ingenium_tables VALUES ('t1', 'legendary-inventors', 2, NULL, "
                "NULL, 'open', 0, now(), now())"))
        assert current_revision(engine) is None
        store = Store(url)
        store.create_schema()
        store.dispose()
        assert current_revision(engine) == head_revision()
        columns = {c["name"] for c in inspect(engine).get_columns("ingenium_tables")}
        assert {"seal", "creator", "client"} <= columns
        with engine.connect() as connection:
            assert connection.execute(text("SELECT id FROM ingenium_tables")).scalar() == "t1"
    finally:
        engine.dispose()


@needs_postgres
def test_three_processes_starting_together_on_a_fresh_postgres_all_come_up(
        tmp_path: Path) -> None:
    assert POSTGRES is not None
    url = separate_database(POSTGRES, tmp_path)
    servers = [make_server(url, tmp_path / str(n)) for n in range(3)]
    for n in range(3):
        (tmp_path / str(n)).mkdir()
    try:
        with ThreadPoolExecutor(3) as pool:
            list(pool.map(lambda server: server.start(), servers))
        for server in servers:
            assert httpx.get(server.url + "/api/tables", timeout=10).status_code == 200
    finally:
        for server in servers:
            server.stop()
    engine = create_engine(url)
    try:
        assert current_revision(engine) == head_revision()
    finally:
        engine.dispose()
