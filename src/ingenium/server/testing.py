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
    """A TCP port nobody listens on right now (another process may take it before we do)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def port_taken(port: int) -> bool:
    """Whether something already listens on the loopback port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return True
        return False


def listens(pid: int, port: int) -> bool:
    """Whether process `pid` holds the socket listening on `port`: a server that failed to bind
    must not pass for up because another test's server answers on the same port. Where the
    kernel does not show sockets under /proc, assume it does."""
    tables = [Path("/proc/net/tcp"), Path("/proc/net/tcp6")]
    if not tables[0].exists():
        return True
    inodes = set()
    for table in tables:
        for line in table.read_text().splitlines()[1:] if table.exists() else ():
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "0A":  # LISTEN
                inodes.add(f"socket:[{fields[9]}]")
    try:
        descriptors = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False
    for descriptor in descriptors:
        try:
            if os.readlink(descriptor) in inodes:
                return True
        except OSError:
            continue
    return False


class PortTaken(RuntimeError):
    """The server could not bind: another process listens on its port."""


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

    def start(self, timeout: float = 90, attempts: int = 3) -> LiveServer:
        """Start and wait until the API answers from this process (a loaded machine may take a
        while); a port another process took since it was chosen means a new port."""
        for attempt in range(attempts):
            try:
                return self._start_once(timeout)
            except PortTaken:
                if attempt == attempts - 1:
                    raise
                self.port = free_port()
        raise AssertionError("unreachable")

    def _start_once(self, timeout: float) -> LiveServer:
        """One start on the current port."""
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
                exited = f"server exited with {self.process.returncode}: {self._tail()}"
                self.process = None
                if port_taken(self.port):
                    raise PortTaken(exited)
                raise RuntimeError(exited)
            if self._answers() and listens(self.process.pid, self.port):
                return self
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"server did not answer within {timeout} s: {self._tail()}")

    def _answers(self) -> bool:
        """Whether the API on our port answers."""
        try:
            with urllib.request.urlopen(self.url + "/api/games", timeout=2) as answer:
                return bool(answer.status == 200)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

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
