"""Limits per client address (token buckets) and on open websockets, in one process's memory
(several processes on PostgreSQL count in the database instead: server/cluster.py).

A bucket holds up to `burst` tokens and refills at `rate` per second; each creation or move takes
one, and an empty bucket is a 429 with the seconds to wait. Buckets of addresses that have been
quiet long enough to be full again are forgotten, so memory stays bounded.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from ingenium.server.errors import TOO_MANY, ApiError

MAX_ADDRESSES = 100_000


@dataclass
class RateLimit:
    """Token buckets for one kind of request (creations, moves), one per client address."""

    what: str  # "table creations", in the refusal
    rate: float  # tokens per second
    burst: float
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)  # tokens, stamp

    def take(self, address: str) -> None:
        """Spend one token of `address`; ApiError 429 (with Retry-After) when none is left."""
        if self.rate <= 0:
            return  # 0 turns the limit off
        now = time.monotonic()
        tokens, stamp = self._buckets.get(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        if tokens < 1:
            raise self.refusal(1 - tokens)
        self._buckets[address] = (tokens - 1, now)
        if len(self._buckets) > MAX_ADDRESSES:
            self._forget(now)

    def refusal(self, missing: float) -> ApiError:
        """The 429 of a client `missing` tokens short, with the seconds to wait."""
        wait = max(1, math.ceil(missing / self.rate))
        return ApiError(TOO_MANY, f"too many {self.what} from your address: try again in "
                                  f"{wait} s", {"Retry-After": str(wait)})

    def _forget(self, now: float) -> None:
        """Drop buckets that are full again (their addresses have been quiet)."""
        refill = self.burst / self.rate
        self._buckets = {a: (t, s) for a, (t, s) in self._buckets.items() if now - s < refill}


@dataclass
class SocketLimit:
    """At most `per_table` websockets on one table, `per_client` of one client and `total` on
    the server (this process)."""

    per_table: int
    per_client: int
    total: int
    _open: dict[str, int] = field(default_factory=dict)
    _clients: dict[str, int] = field(default_factory=dict)
    _total: int = 0

    def open(self, table_id: str, client: str) -> None:
        """Count a new socket; ApiError 429 if a limit is reached."""
        if self._total >= self.total:
            raise ApiError(TOO_MANY, f"the server has {self.total} live connections already")
        if self._open.get(table_id, 0) >= self.per_table:
            raise ApiError(TOO_MANY, f"this table has {self.per_table} live connections already")
        if self._clients.get(client, 0) >= self.per_client:
            raise ApiError(TOO_MANY, f"your address has {self.per_client} live connections "
                                     f"already")
        self._open[table_id] = self._open.get(table_id, 0) + 1
        self._clients[client] = self._clients.get(client, 0) + 1
        self._total += 1

    def close(self, table_id: str, client: str) -> None:
        """A counted socket closed."""
        if table_id not in self._open:
            return
        self._total -= 1
        for counts, key in ((self._open, table_id), (self._clients, client)):
            left = counts.get(key, 0) - 1
            if left > 0:
                counts[key] = left
            else:
                counts.pop(key, None)
