"""The test harness's live server: it is up only when its own process answers, so a server
that lost its port to another test's server is not taken for up (a CI run once failed so)."""

from __future__ import annotations

import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from ingenium.server.testing import LiveServer, listens, port_taken


class AnswersEverything(http.server.BaseHTTPRequestHandler):
    """Another process's server: 200 to any GET."""

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b"[]")

    def log_message(self, *args: object) -> None:
        """Quiet."""


@pytest.fixture
def intruder() -> Iterator[http.server.HTTPServer]:
    """A foreign server on a free loopback port."""
    server = http.server.HTTPServer(("127.0.0.1", 0), AnswersEverything)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def test_listens_tells_whose_socket_it_is(intruder: http.server.HTTPServer) -> None:
    port = intruder.server_address[1]
    assert port_taken(port)
    assert listens(os.getpid(), port)
    assert not listens(os.getppid(), port)


def test_a_server_whose_port_was_taken_starts_on_another(
        intruder: http.server.HTTPServer, tmp_path: Path) -> None:
    server = LiveServer(f"sqlite:///{tmp_path / 'db.sqlite3'}", log_path=tmp_path / "log")
    server.port = intruder.server_address[1]  # taken since it was chosen
    with server:
        assert server.port != intruder.server_address[1]
        assert server.process is not None and listens(server.process.pid, server.port)
        assert httpx.get(server.url + "/api/tables", timeout=10).status_code == 200
    assert "address already in use" in (tmp_path / "log").read_text().lower()
