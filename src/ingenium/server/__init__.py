"""The web platform: FastAPI app, table storage, bots on the server and the browser client.

>>> from ingenium.server import create_app
>>> create_app("sqlite://").title
'Ingenium'
"""

from __future__ import annotations

import logging

from fastapi import FastAPI

from ingenium.server.app import create_app
from ingenium.server.logs import configure_logging
from ingenium.server.settings import MAX_BODY_BYTES, Settings


def run(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None) -> None:
    """Serve the app with uvicorn until interrupted (blocking)."""
    import uvicorn

    configure_logging()
    app = create_app(database_url)
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    logging.getLogger("ingenium.server").info("ingenium: play at http://%s:%d", shown, port)
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_BODY_BYTES, log_level="info")


__all__ = ["FastAPI", "Settings", "create_app", "run"]
