"""Seat names and optional accounts: sessions, per-game ratings, and which tables were rated.

- ingenium_seats.name: what people call the seat (null: not named yet, "Player N");
  ingenium_seats.account: the account playing it (null: by link only, as before).
- ingenium_accounts: username (and its comparable form, unique) and the password's hash.
- ingenium_sessions: signed-in browsers (the cookie's hash), each with its expiry.
- ingenium_ratings: one rating per player (an account, or a bot level) and game.
- ingenium_rated: the finished tables already counted in the ratings (each counts once).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the columns and tables."""
    with op.batch_alter_table("ingenium_seats") as seats:
        seats.add_column(sa.Column("name", sa.String(64), nullable=True))
        seats.add_column(sa.Column("account", sa.String(32), nullable=True))
    op.create_index("ix_ingenium_seats_account", "ingenium_seats", ["account"])
    op.create_table(
        "ingenium_accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("username", sa.String(64), nullable=False),
        sa.Column("key", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False))
    op.create_table(
        "ingenium_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account", sa.String(32), sa.ForeignKey("ingenium_accounts.id",
                                                          ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False))
    op.create_table(
        "ingenium_ratings",
        sa.Column("player", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False))
    op.create_table(
        "ingenium_rated",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("ingenium_tables.id",
                                                           ondelete="CASCADE"),
                  primary_key=True))


def downgrade() -> None:
    """Drop them again."""
    op.drop_table("ingenium_rated")
    op.drop_table("ingenium_ratings")
    op.drop_table("ingenium_sessions")
    op.drop_table("ingenium_accounts")
    op.drop_index("ix_ingenium_seats_account", "ingenium_seats")
    with op.batch_alter_table("ingenium_seats") as seats:
        seats.drop_column("account")
        seats.drop_column("name")
