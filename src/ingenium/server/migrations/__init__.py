"""Alembic's scripts for the server's schema: env.py and one module per revision in versions/.

Run them with `ingenium db upgrade` (or let `ingenium serve` do it); ingenium.server.schema
holds the code that does so.
"""
