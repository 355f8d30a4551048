"""The web platform: FastAPI app, table storage, bots on the server and the browser client.

>>> from ingenium.server import create_app
>>> create_app("sqlite://").title
'Ingenium'
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

from fastapi import FastAPI

from ingenium.server.app import create_app
from ingenium.server.guard import GuardedHttp, guarded_protocol
from ingenium.server.logs import configure_logging, log_config
from ingenium.server.schema import current_revision, head_revision
from ingenium.server.settings import DATABASE_ENV, Settings
from ingenium.server.storage import StorageError, Store, check_storage, make_engine

STARTUP_SECONDS = 120  # a worker process may take this long to start on a busy machine


def run(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None,
        workers: int = 1) -> None:
    """Serve the app with uvicorn until interrupted (blocking), in `workers` processes (more
    than one needs PostgreSQL); a database that cannot be used is a one-line error and exit
    status 1."""
    import uvicorn

    configure_logging()
    settings = Settings.resolve(database_url)
    try:
        check_storage(settings.database_url)
        if workers > 1:
            if settings.database_url.startswith("sqlite"):
                raise StorageError("several processes need PostgreSQL (INGENIUM_DATABASE_URL); "
                                   "SQLite serves from one")
            upgrade_database(settings.database_url)  # once, before the processes start
    except StorageError as exc:
        print(f"ingenium: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    logging.getLogger("ingenium.server").info("ingenium: play at http://%s:%d", shown, port)
    common: dict[str, Any] = dict(
        host=host, port=port, ws_max_size=settings.max_body_bytes, log_config=log_config(),
        timeout_keep_alive=max(1, round(settings.idle_timeout)),
        limit_concurrency=settings.max_connections, log_level="info",
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=settings.trusted_proxies or None)
    if workers > 1:  # each process builds the app from the environment
        os.environ[DATABASE_ENV] = settings.database_url
        config = uvicorn.Config("ingenium.server.app:create_app", factory=True, workers=workers,
                                http=GuardedHttp, timeout_worker_healthcheck=STARTUP_SECONDS,
                                **common)
    else:
        config = uvicorn.Config(create_app(settings.database_url),
                                http=guarded_protocol(settings), **common)
    server = uvicorn.Server(config)
    if workers > 1:
        from uvicorn.supervisors import Multiprocess

        Multiprocess(config, sockets=[config.bind_socket()]).run()
    else:
        server.run()


def upgrade_database(database_url: str | None = None) -> tuple[str | None, str]:
    """`ingenium db upgrade`: the schema revision before and after bringing it up to date."""
    url = Settings.resolve(database_url).database_url
    check_storage(url)
    store = Store(url)
    try:
        before = current_revision(store.engine)
        store.create_schema()
        return before, current_revision(store.engine) or head_revision()
    finally:
        store.dispose()


def database_revision(database_url: str | None = None) -> tuple[str | None, str]:
    """`ingenium db current`: the database's schema revision and the newest one."""
    engine = make_engine(Settings.resolve(database_url).database_url)
    try:
        return current_revision(engine), head_revision()
    finally:
        engine.dispose()


__all__ = ["FastAPI", "Settings", "create_app", "database_revision", "run", "upgrade_database"]
