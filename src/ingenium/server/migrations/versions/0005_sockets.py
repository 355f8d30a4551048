"""Websockets counted across server processes: one row per open socket.

ingenium_sockets: each open websocket with the process holding it, its table, its client (a
hash of the address) and when the row runs out unless that process renews it (a process that
dies stops renewing: its sockets stop counting).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the socket table."""
    op.create_table(
        "ingenium_sockets",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("client", sa.String(64), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False))
    op.create_index("ix_ingenium_sockets_table_id", "ingenium_sockets", ["table_id"])
    op.create_index("ix_ingenium_sockets_client", "ingenium_sockets", ["client"])
    op.create_index("ix_ingenium_sockets_owner", "ingenium_sockets", ["owner"])


def downgrade() -> None:
    """Drop it."""
    op.drop_table("ingenium_sockets")
