"""Run simulation jobs on a Ray cluster (`pip install 'ingenium[ray]'`; RAY_ADDRESS to join one)."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ingenium.engine import IngeniumError

RAY_MISSING = "the ray backend needs Ray: pip install 'ingenium[ray]'"


class RayUnavailable(IngeniumError, RuntimeError):
    """Ray is not installed in this environment."""


def run_on_ray(jobs: list[Any], play: Callable[[Any], Any], workers: int = 0) -> Iterator[Any]:
    """Yield results as Ray tasks finish; joins the cluster at RAY_ADDRESS if set, else starts
    a local Ray (with `workers` CPUs when given)."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable(RAY_MISSING) from None
    if not ray.is_initialized():
        options: dict[str, Any] = {"ignore_reinit_error": True, "log_to_driver": False,
                                   "logging_level": "WARNING"}
        if not os.environ.get("RAY_ADDRESS"):
            # a fresh local Ray, never a cluster some other `ray start` left on this machine
            options["address"] = "local"
            if workers > 1:
                options["num_cpus"] = workers
        ray.init(**options)
    remote = ray.remote(play)
    pending = [remote.remote(job) for job in jobs]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield ray.get(done[0])


class RayCluster:
    """A separate Ray head on this machine (`ray start --head --block`), for tests and
    benchmarks of the backend against a real cluster rather than an in-process one.

    It gets its own free port, temp folder and a random auth token (RAY_AUTH_MODE=token), so
    nothing else on the machine can join it and it joins nothing else; it is stopped by its
    own process group (never `ray stop`, which ends every Ray on the machine). `env` is what
    a driver needs to join it: RAY_ADDRESS=127.0.0.1:PORT and the token. Note that Ray
    resolves a loopback --node-ip-address to the machine's own address (services.py), so the
    head listens there; the token is what keeps it private."""

    def __init__(self, num_cpus: int = 2, ray: str | None = None,
                 start_timeout: float = 60.0) -> None:
        self.num_cpus = num_cpus
        self.ray = ray or str(Path(sys.executable).with_name("ray"))
        self.start_timeout = start_timeout
        self.port = _free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="ray", dir="/tmp"))  # short socket paths
        token = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(16),
                 "RAY_USAGE_STATS_ENABLED": "0"}
        self.env = {**os.environ, **token, "RAY_ADDRESS": f"127.0.0.1:{self.port}"}
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> RayCluster:
        head = [self.ray, "start", "--head", "--block", "--port", str(self.port),
                "--node-ip-address", "127.0.0.1", "--include-dashboard=false",
                "--num-cpus", str(self.num_cpus), "--temp-dir", str(self.folder),
                "--disable-usage-stats"]
        env = {k: v for k, v in self.env.items() if k != "RAY_ADDRESS"}
        with (self.folder / "head.log").open("wb") as log:
            try:
                self.process = subprocess.Popen(head, stdout=log, stderr=subprocess.STDOUT,
                                                env=env, start_new_session=True)
            except OSError as exc:
                shutil.rmtree(self.folder, ignore_errors=True)
                raise RuntimeError(f"ray start --head failed: {exc}") from None
        deadline = time.monotonic() + self.start_timeout
        while "Ray runtime started" not in self.log():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"ray start --head failed: {self.log()[-2000:]}")
            time.sleep(0.5)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def log(self) -> str:
        """What `ray start` printed so far."""
        path = self.folder / "head.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self, grace: float = 15.0) -> None:
        """SIGTERM the head's process group, SIGKILL what is left after `grace` seconds."""
        process, self.process = self.process, None
        if process is None:
            return
        group = process.pid  # start_new_session: the group id is the head's pid
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGTERM)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and _group_alive(group, process):
            time.sleep(0.3)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGKILL)
        process.wait()
        while _group_alive(group, process):
            time.sleep(0.1)
        shutil.rmtree(self.folder, ignore_errors=True)


def _group_alive(group: int, head: subprocess.Popen[bytes]) -> bool:
    """Whether any process of the group still runs (the head reaped as it exits)."""
    head.poll()
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
