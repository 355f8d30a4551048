"""Rate limits that hold across server processes: one token bucket per kind and client.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the bucket table."""
    op.create_table(
        "ingenium_limits",
        sa.Column("key", sa.String(96), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("stamp", sa.Float, nullable=False))


def downgrade() -> None:
    """Drop it."""
    op.drop_table("ingenium_limits")
