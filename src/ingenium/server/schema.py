"""The database's schema version and its upgrade (Alembic, scripts in server/migrations/).

The database records its revision in `alembic_version`. `upgrade` brings any older database
(one made before Alembic too: revision 0001 is that schema) to the newest revision. On
PostgreSQL it holds an advisory lock meanwhile, so processes starting together on a fresh
database take turns: the first upgrades, the others find it done.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection, Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
UPGRADE_LOCK = 0x1A9E  # the advisory lock key of schema upgrades (any constant of our own)


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration, built in code (no alembic.ini to ship)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest revision of the schema."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database records (None: made before Alembic, or empty)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database to `revision` (idempotent; one process at a time on PostgreSQL)."""
    with engine.connect() as connection:
        postgres = connection.dialect.name == "postgresql"
        if postgres:
            connection.exec_driver_sql(f"SELECT pg_advisory_lock({UPGRADE_LOCK})")
            connection.commit()
        try:
            command.upgrade(alembic_config(connection), revision)
            connection.commit()
        finally:
            if postgres:
                connection.rollback()
                connection.exec_driver_sql(f"SELECT pg_advisory_unlock({UPGRADE_LOCK})")
                connection.commit()
