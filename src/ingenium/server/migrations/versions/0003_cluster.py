"""Several server processes on one PostgreSQL: who drives each table's bots (a lease).

ingenium_leases: one row per table whose bots a process drives, with that process's id and
when the lease runs out unless renewed (server/cluster.py); another process takes the table
over once it has run out.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the lease table."""
    op.create_table(
        "ingenium_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False))


def downgrade() -> None:
    """Drop it."""
    op.drop_table("ingenium_leases")
