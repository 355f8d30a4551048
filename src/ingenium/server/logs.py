"""Server logging: readable lines, and seat tokens never written to the access log."""

from __future__ import annotations

import logging
import re

TOKEN = re.compile(r"(token=)[^&\s]+")


class RedactTokens(logging.Filter):
    """Replace `token=...` in access-log lines: a token in a log file is a seat given away."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(TOKEN.sub(r"\1***", a) if isinstance(a, str) else a
                                for a in record.args)
        elif isinstance(record.msg, str):
            record.msg = TOKEN.sub(r"\1***", record.msg)
        return True


def configure_logging() -> None:
    """INFO lines like uvicorn's; tokens redacted from its access log."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(message)s")
    logging.getLogger("uvicorn.access").addFilter(RedactTokens())
