"""The revisions of the server's schema, oldest first (0001 is the schema before Alembic)."""
