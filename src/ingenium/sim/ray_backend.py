"""Run simulation jobs on a Ray cluster (`pip install 'ingenium[ray]'`; RAY_ADDRESS to join one)."""

from __future__ import annotations

import contextlib
import itertools
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from ingenium.engine import IngeniumError

IN_FLIGHT = 2  # tasks out per CPU of the cluster
# Ray turns a loopback --node-ip-address into the machine's network address (services.py,
# resolve_ip_for_localhost) unless it believes multi-node clusters are off, as on macOS: with
# this, a one-machine cluster advertises and listens on 127.0.0.1 only (and refuses a second
# node, which would need a reachable address anyway).
LOOPBACK = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0"}

# What Ray 2.60 says, after a minute of looking, when no raylet runs where the driver does: a
# driver joins through its own machine's node, so it must run on a node of the cluster.
NOT_A_NODE = "No node info found matching attributes"

RAY_MISSING = "the ray backend needs Ray: pip install 'ingenium[ray]'"


class RayUnavailable(IngeniumError, RuntimeError):
    """Ray is not installed in this environment."""


class RayRefused(IngeniumError, RuntimeError):
    """Ray could not be started or joined (the message says why, in one line)."""


def run_on_ray(tasks: Iterable[Any], play: Callable[[Any], Any],
               workers: int = 0) -> Iterator[Any]:
    """Yield results as Ray tasks finish; joins the cluster at RAY_ADDRESS if set, else starts
    a local Ray (with `workers` CPUs when given). Tasks are drawn lazily, IN_FLIGHT per CPU of
    the cluster at most, and `ray.wait` looks only at those: a million tasks cost the driver
    neither a million object references nor a wait over all of them."""
    ray = connect(workers)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    remote = ray.remote(play)
    waiting = iter(tasks)
    pending = [remote.remote(task) for task in itertools.islice(waiting, cpus * IN_FLIGHT)]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield ray.get(done[0])
        pending.extend(remote.remote(task) for task in itertools.islice(waiting, 1))


def connect(workers: int = 0) -> Any:
    """Start or join Ray once (the `ray` module, initialised); RayUnavailable without Ray,
    RayRefused in one line when it cannot be started or joined. Ray's own connection retries
    (a line a second on stderr, from its C++ core) are kept off the screen and read for the
    reason instead."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable(RAY_MISSING) from None
    if not ray.is_initialized():
        with _captured_stderr() as captured:
            try:
                _join(ray, workers)
            except RayRefused as refused:
                raise RayRefused(_why(os.environ.get("RAY_ADDRESS"), refused,
                                      captured.read_text(errors="replace"))) from None
    return ray


@contextlib.contextmanager
def _captured_stderr() -> Iterator[Path]:
    """File descriptor 2 goes to a temporary file for the block (C++ writes there too)."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryDirectory(prefix="ingenium-ray") as folder:
        path = Path(folder) / "stderr"
        with path.open("wb") as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield path
            finally:
                sys.stderr.flush()
                os.dup2(saved, 2)
                os.close(saved)


def _join(ray: Any, workers: int) -> None:
    """ray.init; RayRefused (with the exception's text) if it fails."""
    options: dict[str, Any] = {"ignore_reinit_error": True, "log_to_driver": False,
                               "logging_level": "WARNING"}
    address = os.environ.get("RAY_ADDRESS")
    if not address:
        # a fresh local Ray, never a cluster some other `ray start` left on this machine
        options["address"] = "local"
        if workers > 1:
            options["num_cpus"] = workers
    try:
        ray.init(**options)
    except Exception as exc:  # Ray raises bare Exceptions, ConnectionErrors and its own
        cause = f" ({exc.__cause__})" if exc.__cause__ else ""  # Ray's reason, often
        raise RayRefused(f"{type(exc).__name__}: {exc}{cause}") from None


def _why(address: str | None, exc: BaseException, printed: str = "") -> str:
    """One line a user can act on, for a failed ray.init (and what Ray printed meanwhile)."""
    text = str(exc)
    if NOT_A_NODE in text:
        return (f"no node of the Ray cluster at {address} runs on this machine: run the "
                f"driver on the head, or on a machine that joined the cluster "
                f"(`ray start --address {address}`)")
    if "InvalidAuthToken" in printed or "auth" in text.lower() or "token" in text.lower():
        return (f"the Ray cluster at {address} refused this driver's authentication token: "
                f"give the driver the cluster's token (RAY_AUTH_MODE=token and RAY_AUTH_TOKEN "
                f"or ~/.ray/auth_token, as on every node)")
    first = text.strip().splitlines()[0] if text.strip() else type(exc).__name__
    where = f"the Ray cluster at {address}" if address else "a local Ray"
    return f"cannot start or join {where}: {first[:300]}"


class RayCluster:
    """A separate Ray head on this machine (`ray start --head --block`), for tests and
    benchmarks of the backend against a real cluster rather than an in-process one.

    It gets its own free port, temp folder and a random auth token (RAY_AUTH_MODE=token), so
    nothing else on the machine can join it and it joins nothing else; it is stopped by its
    own process group (never `ray stop`, which ends every Ray on the machine). `env` is what
    a driver needs to join it: RAY_ADDRESS=127.0.0.1:PORT, the token and LOOPBACK, which
    keeps the head (and the driver) on 127.0.0.1."""

    def __init__(self, num_cpus: int = 2, ray: str | None = None,
                 start_timeout: float = 60.0) -> None:
        self.num_cpus = num_cpus
        self.ray = ray or str(Path(sys.executable).with_name("ray"))
        self.start_timeout = start_timeout
        self.port = _free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="ray", dir="/tmp"))  # short socket paths
        token = {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(16),
                 "RAY_USAGE_STATS_ENABLED": "0", **LOOPBACK}
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

    def stop(self, grace: float = 5.0) -> None:
        """SIGTERM the head's process group, SIGKILL what is left after `grace` seconds.

        A head is never gone within the grace: `ray start --block` keeps its GCS server and
        its exited workers (zombies until it exits) for 20 s and more after a SIGTERM, so a
        longer grace only made every test cluster's stop take that long (15 s each)."""
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
