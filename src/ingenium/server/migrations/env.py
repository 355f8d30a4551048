"""Alembic's environment: migrations run on the connection ingenium.server.schema hands over
(it holds the lock that lets one process at a time upgrade)."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("run the migrations with `ingenium db upgrade`, which hands over the "
                       "connection")
context.configure(connection=connection, target_metadata=None,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
