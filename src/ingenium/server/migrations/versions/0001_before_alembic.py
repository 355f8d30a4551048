"""The schema as it was before Alembic (metadata.create_all of commit 5cf1244).

A database made by that code already has these tables (some of them, if it is older still):
only the missing ones are created, so such a database joins the history here.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None

TIMESTAMP = sa.DateTime(timezone=True)


def _table_id() -> sa.Column[str]:
    return sa.Column("table_id", sa.String(32),
                     sa.ForeignKey("ingenium_tables.id", ondelete="CASCADE"), primary_key=True)


def upgrade() -> None:
    """Create whichever of the five tables is missing."""
    present = set(sa.inspect(op.get_bind()).get_table_names())
    if "ingenium_tables" not in present:
        op.create_table(
            "ingenium_tables",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("players", sa.Integer, nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=True),
            sa.Column("variant", sa.String(64), nullable=True),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("seq", sa.Integer, nullable=False),
            sa.Column("created_at", TIMESTAMP, nullable=False),
            sa.Column("updated_at", TIMESTAMP, nullable=False))
        op.create_index("ix_ingenium_tables_status", "ingenium_tables", ["status"])
    if "ingenium_seats" not in present:
        op.create_table(
            "ingenium_seats", _table_id(),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(8), nullable=False),
            sa.Column("bot", sa.String(128), nullable=True),
            sa.Column("token_hash", sa.String(64), nullable=True))
    if "ingenium_moves" not in present:
        op.create_table(
            "ingenium_moves", _table_id(),
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("option", sa.String(256), nullable=False),
            sa.Column("barrier", sa.Boolean, nullable=False),
            sa.Column("created_at", TIMESTAMP, nullable=False))
    if "ingenium_chat" not in present:
        op.create_table(
            "ingenium_chat", _table_id(),
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("text", sa.String(1200), nullable=False),
            sa.Column("created_at", TIMESTAMP, nullable=False))
    if "ingenium_clocks" not in present:
        op.create_table(
            "ingenium_clocks", _table_id(),
            sa.Column("mode", sa.String(16), nullable=False),
            sa.Column("seconds", sa.Integer, nullable=False),
            sa.Column("increment", sa.Integer, nullable=False),
            sa.Column("banks", sa.String(256), nullable=False),
            sa.Column("running", sa.Integer, nullable=False),
            sa.Column("started_at", TIMESTAMP, nullable=True))


def downgrade() -> None:
    """Nothing before this revision."""
