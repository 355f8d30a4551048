"""Server logging: readable lines, and seat tokens never written to any log.

Every handler of every logger (uvicorn's error and access logs, the server's own, the root) formats
through RedactingFormatter, which replaces token values in the finished line, tracebacks included:
`token=...` in URLs, `"token": "..."` in JSON, and the token headers and websocket subprotocol.
A token in a log file is a seat given away.
"""

from __future__ import annotations

import logging
import re
from typing import Any

REDACTED = "***"
TOKEN = re.compile(
    r"""(?ix)
    (token=)[^&\s"'<>]+                                  # query strings, form bodies
    | (["']token["']\s*:\s*["'])[^"']*                   # JSON and Python reprs
    | (x-seat-token["']?\s*[:,]\s*["']?(?:b["'])?)[^\s"',)]+   # the token header
    | (ingenium\.token\.)[A-Za-z0-9_\-]+                 # the websocket subprotocol
    """)
FORMAT = "%(levelname)s:     %(message)s"


def redact(text: str) -> str:
    """`text` with every token value replaced by ***.

    >>> redact('GET /api/tables/x?token=abc&y=1 {"token": "s3cret"}')
    'GET /api/tables/x?token=***&y=1 {"token": "***"}'
    """
    return TOKEN.sub(lambda m: next(g for g in m.groups() if g is not None) + REDACTED, text)


class RedactingFormatter(logging.Formatter):
    """A formatter whose every line (message, arguments and traceback) is redacted."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


def log_config(level: str = "INFO") -> dict[str, Any]:
    """The logging configuration for uvicorn and the server: one redacting handler for all."""
    formatter = {"()": f"{__name__}.RedactingFormatter", "fmt": FORMAT}
    handler = {"class": "logging.StreamHandler", "formatter": "redacting",
               "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"redacting": formatter},
        "handlers": {"default": handler},
        "root": {"handlers": ["default"], "level": level},
        "loggers": {name: {"handlers": [], "level": level, "propagate": True}
                    for name in ("uvicorn", "uvicorn.error", "uvicorn.access",
                                 "ingenium.server")},
    }


def configure_logging(level: str = "INFO") -> None:
    """Install log_config() now (before uvicorn, which is handed the same configuration)."""
    import logging.config

    logging.config.dictConfig(log_config(level))
