"""Server settings from arguments and the environment, resolved once at app creation.

Every limit a public server needs is here, with its INGENIUM_* variable (the README lists them).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from pathlib import Path

from platformdirs import user_data_dir

DATABASE_ENV = "INGENIUM_DATABASE_URL"
DEFAULT_BOT_DELAY = 0.4
MAX_BODY_BYTES = 64 * 1024


@dataclass(frozen=True)
class Settings:
    """Everything the app needs to know about its environment, and its limits."""

    database_url: str
    bot_delay: float = DEFAULT_BOT_DELAY  # seconds between bot moves
    bot_workers: int = 2  # N > 0: quick bots think in N worker processes; 0: in threads
    search_workers: int = 1  # processes for searching bots (ismcts); 0: threads
    bot_max_ms: float = 2000.0  # hard limit of one bot move's thinking time
    bot_max_iterations: int = 20_000  # most ismcts iterations a seat may ask for
    bot_max_workers: int = 1  # most worker processes one bot may ask for (ismcts workers=)
    bot_tables_per_client: int = 3  # running all-bot tables one client address may have
    bot_table_max_seconds: float = 3600.0  # an all-bot table stops this long after its creation
    bot_commits: int = 8  # moves of all-bot tables committed at once (the rest wait a turn)
    gc_seconds: float = 300.0  # a full garbage collection this often, never in between
    db_durable: int = 0  # 1: every commit waits for the disk (survives a machine crash)
    max_body_bytes: int = MAX_BODY_BYTES
    max_header_bytes: int = 16 * 1024  # request line and headers; more is a 431
    header_timeout: float = 10.0  # seconds to send the request line and headers (else 408)
    body_timeout: float = 20.0  # seconds to send the body once the headers are in (else 408)
    idle_timeout: float = 5.0  # an idle keep-alive connection is closed after this
    max_connections: int = 2000  # open HTTP connections and tasks; more get a 503
    create_per_minute: float = 20.0  # table creations per client address (burst as many)
    moves_per_second: float = 20.0  # moves and undos per client address (burst of twice)
    replays_per_second: float = 5.0  # replay requests per client address (burst of 4 times)
    sockets_per_table: int = 32
    sockets_per_client: int = 64  # open websockets of one client address
    sockets_total: int = 1000
    cache_size: int = 512  # finished or idle tables kept replayed in memory
    session_seconds: float = 30 * 86400.0  # a sign-in lasts this long (then sign in again)
    logins_per_minute: float = 10.0  # sign-ins and registrations per client address
    # addresses whose X-Forwarded-For is believed (comma-separated; "" = nobody's, "*" = all)
    trusted_proxies: str = ""

    @classmethod
    def resolve(cls, database_url: str | None = None) -> Settings:
        """Argument first, then INGENIUM_* variables, then the defaults (SQLite in the data
        directory)."""
        url = database_url or os.environ.get(DATABASE_ENV) or default_database_url()
        values: dict[str, float | int | str] = {}
        for item in fields(cls):
            if item.name == "database_url":
                continue
            default = item.default
            if isinstance(default, str):
                values[item.name] = os.environ.get(env_name(item.name), default).strip()
                continue
            if item.name == "bot_workers":
                default = default_bot_workers()
            assert isinstance(default, int | float)
            value = _env_number(env_name(item.name), float(default))
            values[item.name] = int(value) if isinstance(default, int) else value
        return cls(database_url=normalize_url(url), **values)  # type: ignore[arg-type]


def env_name(field_name: str) -> str:
    """The environment variable of a setting: bot_max_ms -> INGENIUM_BOT_MAX_MS."""
    return "INGENIUM_" + field_name.upper()


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


def _env_number(name: str, default: float) -> float:
    """A numeric environment variable; a clear error if it is not a finite, positive number."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name} must be a number, not {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise ValueError(f"{name} must be a finite number, not negative ({text!r})")
    return value
