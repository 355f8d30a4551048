"""Server settings from arguments and the environment, resolved once at app creation."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_dir

DATABASE_ENV = "INGENIUM_DATABASE_URL"
BOT_DELAY_ENV = "INGENIUM_BOT_DELAY"
BOT_WORKERS_ENV = "INGENIUM_BOT_WORKERS"
DEFAULT_BOT_DELAY = 0.4
MAX_BODY_BYTES = 64 * 1024


@dataclass(frozen=True)
class Settings:
    """Everything the app needs to know about its environment."""

    database_url: str
    bot_delay: float = DEFAULT_BOT_DELAY
    bot_workers: int = 2  # N > 0: bots think in N worker processes; 0: in threads
    max_body_bytes: int = MAX_BODY_BYTES
    cache_size: int = 512  # finished or idle tables kept replayed in memory

    @classmethod
    def resolve(cls, database_url: str | None = None) -> Settings:
        """Argument first, then INGENIUM_* variables, then the embedded SQLite default."""
        url = database_url or os.environ.get(DATABASE_ENV) or default_database_url()
        return cls(
            database_url=normalize_url(url),
            bot_delay=_env_float(BOT_DELAY_ENV, DEFAULT_BOT_DELAY),
            bot_workers=int(_env_float(BOT_WORKERS_ENV, default_bot_workers())),
        )


def default_database_url() -> str:
    """A SQLite file in the user's data directory, created on first use."""
    folder = Path(user_data_dir("ingenium"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ingenium.sqlite3'}"


def default_bot_workers() -> int:
    """Worker processes for bots: real parallelism, so a thinking bot never slows the server."""
    return max(1, min(2, (os.cpu_count() or 1) - 1))


def normalize_url(url: str) -> str:
    """Pick the installed PostgreSQL driver (psycopg 3) for plain postgres:// URLs."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _env_float(name: str, default: float) -> float:
    """A numeric environment variable; a clear error if it is not a number."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name} must be a number, not {text!r}") from None
    if value < 0:
        raise ValueError(f"{name} must not be negative ({text!r})")
    return value
