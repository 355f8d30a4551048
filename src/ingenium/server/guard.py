"""Connection limits below the app: header size and header, body and idle timeouts.

uvicorn's httptools protocol reads headers without a size limit and waits forever for a request
that trickles in (slowloris). GuardedHttp answers a request line and headers over the limit with
431, a request whose headers (or body) do not arrive in time with 408, and closes a connection
that stays idle; all before the app sees anything.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ingenium.server.settings import Settings

REASONS = {408: b"Request Timeout", 431: b"Request Header Fields Too Large"}


def guarded_protocol(settings: Settings) -> type[HttpToolsProtocol]:
    """The HTTP protocol class for uvicorn, bound to the server's limits."""
    return type("GuardedHttp", (GuardedHttp,), {"settings": settings})


class GuardedHttp(HttpToolsProtocol):
    """HttpToolsProtocol with a header budget and deadlines for each stage of a request (the
    limits of `settings`, else of the environment: so it is importable by name, as the
    processes of `ingenium serve --workers N` need)."""

    settings: Settings | None = None

    @property
    def limits(self) -> Settings:
        """The limits in force."""
        if type(self).settings is None:
            type(self).settings = Settings.resolve()
        settings = type(self).settings
        assert settings is not None
        return settings

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_bytes = 0  # bytes received since the request began (trickling heads)
        self._parsed_bytes = 0  # request line and headers as parsed (a head in one read)
        self._refused = False
        self._in_head = False  # inside the request line and headers
        self._in_body = False
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm(self.limits.header_timeout, idle=True)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._in_head and not self.transport.is_closing():
            self._head_bytes += len(data)
            if self._head_bytes > self.limits.max_header_bytes:
                self._refuse(431, f"request line and headers larger than "
                                  f"{self.limits.max_header_bytes} bytes")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_head, self._head_bytes, self._parsed_bytes = True, 0, 0
        self._arm(self.limits.header_timeout)  # a request has begun: its headers are due

    def on_url(self, url: bytes) -> None:
        self._parsed_bytes += len(url)
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._parsed_bytes += len(name) + len(value) + 4  # ": " and CRLF
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        if self._parsed_bytes > self.limits.max_header_bytes:  # the whole head in one read
            self._refuse(431, f"request line and headers larger than "
                              f"{self.limits.max_header_bytes} bytes")
            return
        self._in_head = False
        self._in_body = True
        self._arm(self.limits.body_timeout)
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if not self._refused:
            super().on_body(body)

    def on_message_complete(self) -> None:
        if self._refused:
            return
        self._in_body = False
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        self._in_head = self._in_body = False
        super().handle_websocket_upgrade()

    def _arm(self, seconds: float, idle: bool = False) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, self._expired, idle)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expired(self, idle: bool) -> None:
        self._timer = None
        if self.transport.is_closing():
            return
        if idle and not self._in_head:
            self.transport.close()  # connected and said nothing
        elif self._in_head or self._in_body:
            self._refuse(408, "the request did not arrive in time")

    def _refuse(self, status: int, detail: str) -> None:
        """Answer with `status` and close, whatever the parser was doing."""
        self._disarm()
        self._in_head = self._in_body = False
        self._refused = True
        if self.cycle is not None and not self.cycle.response_complete \
                and self.cycle.response_started:
            self.transport.close()  # the app already answered in part
            return
        body = ('{"detail":"' + detail + '"}').encode()
        head = (b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\n"
                b"content-length: %d\r\nconnection: close\r\n\r\n"
                % (status, REASONS[status], len(body)))
        self.transport.write(head + body)
        self.transport.close()
        if self.cycle is not None:
            self.cycle.disconnected = True
            self.cycle.message_event.set()
