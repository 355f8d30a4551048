"""Storage: a database made before chance was recorded is refused with a clear message."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from ingenium.server.storage import Store


def test_a_database_of_seeded_tables_is_refused_clearly(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(url)
    with engine.begin() as connection:  # the table as the seeded era created it
        connection.execute(text(
            "CREATE TABLE ingenium_tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64), "
            "players INTEGER, seed BIGINT NOT NULL, variant VARCHAR(64), status VARCHAR(16), "
            "seq INTEGER, created_at DATETIME, updated_at DATETIME)"))
    engine.dispose()
    store = Store(url)
    try:
        with pytest.raises(RuntimeError, match="older Ingenium"):
            store.create_schema()
    finally:
        store.dispose()


def test_a_new_database_stores_tables_without_a_seed(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    try:
        store.create_schema()
        store.create_schema()  # idempotent
    finally:
        store.dispose()
