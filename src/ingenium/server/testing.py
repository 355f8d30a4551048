"""A real server in a subprocess on a free loopback port, for tests and benchmarks.

>>> with LiveServer("sqlite:///games.sqlite3") as server:  # doctest: +SKIP
...     httpx.get(server.url + "/api/games")
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import TracebackType


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LiveServer:
    """`python -m ingenium.server` in a child process; start, kill -9, restart."""

    def __init__(self, database_url: str, log_path: Path | None = None,
                 env: dict[str, str] | None = None, preload: tuple[str, ...] = (),
                 python_path: tuple[str, ...] = ()) -> None:
        self.database_url = database_url
        self.port = free_port()
        self.log_path = log_path
        self.env = {"INGENIUM_BOT_DELAY": "0", **(env or {})}
        self.preload = preload  # modules imported first (e.g. test games registering themselves)
        self.python_path = python_path
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Base URL, no trailing slash."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 90) -> LiveServer:
        """Start and wait until the API answers (a loaded machine may take a while)."""
        code = "".join(f"import {m}; " for m in self.preload)
        code += "from ingenium.server.__main__ import main; main()"
        args = [sys.executable, "-c", code, "--host", "127.0.0.1", "--port", str(self.port),
                "--database-url", self.database_url]
        env = {**os.environ, **self.env}
        if self.python_path:
            env["PYTHONPATH"] = os.pathsep.join((*self.python_path, env.get("PYTHONPATH", "")))
        log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        try:
            self.process = subprocess.Popen(args, env=env, stdout=log, stderr=subprocess.STDOUT)
        finally:
            if self.log_path and not isinstance(log, int):
                log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}: {self._tail()}")
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=2) as answer:
                    if answer.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"server did not answer within {timeout} s: {self._tail()}")

    def kill(self) -> None:
        """kill -9: no shutdown code runs."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self.process = None

    def stop(self) -> None:
        """A clean shutdown (SIGTERM), then kill if it lingers."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def _tail(self) -> str:
        """The end of the server log, for error messages."""
        if self.log_path and self.log_path.exists():
            return self.log_path.read_text(errors="replace")[-2000:]
        return "(no log)"

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()
