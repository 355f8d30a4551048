"""Tamper evidence, table creators, clock state that survives a restart, clocks by agreement.

- ingenium_tables.seal: the HMAC chain over the table's record and moves (server/seal.py);
  null for a table written before this revision (sealed at its next load).
- ingenium_tables.creator: the hash of the creator's token (stops an all-bot table) and
  ingenium_tables.client: who created it (the per-client limit on bot tables).
- ingenium_clocks.used_ms: time already used in the running turn (saved every second), so a
  restart neither refunds nor steals it; ingenium_clocks.agreed: seats that accepted a
  proposed clock (null: the clock runs).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the columns."""
    with op.batch_alter_table("ingenium_tables") as table:
        table.add_column(sa.Column("seal", sa.String(64), nullable=True))
        table.add_column(sa.Column("creator", sa.String(64), nullable=True))
        table.add_column(sa.Column("client", sa.String(64), nullable=True))
    op.create_index("ix_ingenium_tables_client", "ingenium_tables", ["client"])
    with op.batch_alter_table("ingenium_clocks") as clocks:
        clocks.add_column(sa.Column("used_ms", sa.Integer, nullable=False, server_default="0"))
        clocks.add_column(sa.Column("agreed", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("ingenium_clocks") as clocks:
        clocks.drop_column("agreed")
        clocks.drop_column("used_ms")
    op.drop_index("ix_ingenium_tables_client", "ingenium_tables")
    with op.batch_alter_table("ingenium_tables") as table:
        table.drop_column("client")
        table.drop_column("creator")
        table.drop_column("seal")
