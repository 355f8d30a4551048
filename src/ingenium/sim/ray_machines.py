"""Several "machines" on one Linux host, to run Ray's multi-node steps for real (tests and
measurements of `--backend ray` on a cluster of more than one node).

Ray will not keep a second node on loopback, so each machine here is a set of Linux
namespaces: a network namespace with its own loopback and an address on a private bridge
(10.231.0.0/24, reachable from the other machines only), a PID namespace (so `ray stop` run
there sees, and ends, only that machine's Ray processes) and a mount namespace with its own
/tmp/ray (Ray's sessions and sockets). Commands run "on" a machine through `nsenter`; the rest
of the file system (the virtual environment, the results files) is shared. Tearing down kills
each machine's first process, which ends every process of its PID namespace, then deletes the
namespaces, which deletes their links: nothing is left behind.

Needs root, iproute2 (`ip netns`) and util-linux (`unshare`, `nsenter`); `available()` says
why not when something is missing."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

PREFIX = "ingenium-"  # namespaces are named ingenium-PID-N-MACHINE, PID the maker's
SUBNET = "10.231.0"  # a private /24 inside the namespaces; the host never sees it
TOOLS = ("ip", "unshare", "nsenter", "mount")

# The first process of a machine: mounts its own /tmp/ray, says so, then reaps the orphans
# that `ray start` leaves to it (as init does; unreaped, `ray stop` waits for zombies).
INIT = """
import os, signal, subprocess, sys, time
signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
subprocess.run(["mount", "-t", "tmpfs", "-o", "mode=1777", "tmpfs", "/tmp/ray"], check=True)
print("ready", flush=True)
while True:
    try:
        os.wait()
    except ChildProcessError:
        time.sleep(0.2)
"""


def available() -> str | None:
    """None when machines can be made here, else why not (for a test's skip reason)."""
    if sys.platform != "linux":
        return "network namespaces need Linux"
    if os.geteuid() != 0:
        return "making network namespaces needs root"
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        return f"needs {', '.join(missing)} (iproute2, util-linux)"
    probe = f"ingenium-probe-{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True,
                          check=False)
    if made.returncode != 0:
        return f"`ip netns add` fails here: {made.stderr.strip()[:200]}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True, check=False)
    return None


class Machine:
    """One namespace "machine": its name, its address on the bridge, its first process."""

    def __init__(self, name: str, netns: str, address: str) -> None:
        self.name = name
        self.netns = netns
        self.address = address
        self.init: subprocess.Popen[str] | None = None

    @property
    def pid(self) -> int:
        """The host's pid of the machine's first process (pid 1 inside the machine)."""
        if self.init is None:
            raise RuntimeError(f"machine {self.name} is not running")
        # unshare --fork: the first process of the machine is unshare's only child
        children = Path(f"/proc/{self.init.pid}/task/{self.init.pid}/children")
        return int(children.read_text().split()[0])

    def command(self, argv: Sequence[str], cwd: str | os.PathLike[str] | None = None
                ) -> list[str]:
        """`argv` as run on this machine (its network, processes and /tmp/ray)."""
        folder = Path(cwd or os.getcwd()).resolve()
        return ["nsenter", "--target", str(self.pid), "--net", "--pid", "--mount",
                f"--wd={folder}", "--", *argv]

    def run(self, argv: Sequence[str], env: Mapping[str, str] | None = None,
            timeout: float = 120, cwd: str | os.PathLike[str] | None = None,
            ) -> subprocess.CompletedProcess[str]:
        """Run `argv` on this machine and wait; its output is captured."""
        return subprocess.run(self.command(argv, cwd), env=dict(env or os.environ),
                              capture_output=True, text=True, timeout=timeout, check=False)

    def shell(self, line: str, env: Mapping[str, str] | None = None, timeout: float = 120,
              cwd: str | os.PathLike[str] | None = None) -> subprocess.CompletedProcess[str]:
        """Run one shell command line on this machine (as a user would type it there)."""
        return self.run(["sh", "-c", line], env, timeout, cwd)

    def processes(self) -> list[str]:
        """The command lines of the processes running on this machine, its first aside."""
        listed = self.run(["ps", "-e", "-o", "pid=,args="])
        rows = (line.strip().split(None, 1) for line in listed.stdout.splitlines())
        return [row[1] for row in rows if len(row) == 2 and row[0] != "1"
                and not row[1].startswith("ps -e")]

    def cat(self, pattern: str) -> str:
        """The files matching a shell pattern, as this machine sees them (its own /tmp/ray
        and the links in it), one after the other."""
        return self.shell(f"cat {pattern}").stdout


class Machines:
    """`count` machines on one private bridge, as a context manager (made on enter, every
    trace removed on exit). Machine i is named `names[i]` and has address 10.231.0.(i+1)."""

    def __init__(self, names: Sequence[str] = ("head", "worker"),
                 start_timeout: float = 20.0) -> None:
        if not 1 <= len(names) <= 200 or len(set(names)) != len(names):
            raise ValueError("machines need 1 to 200 distinct names")
        self.tag = f"{PREFIX}{os.getpid()}-{id(self) % 10000}"
        self.lan = f"{self.tag}-lan"
        self.machines = [Machine(name, f"{self.tag}-{name}", f"{SUBNET}.{i + 1}")
                         for i, name in enumerate(names)]
        self.start_timeout = start_timeout
        self.made: list[str] = []

    def __getitem__(self, name: str) -> Machine:
        for machine in self.machines:
            if machine.name == name:
                return machine
        raise KeyError(name)

    def __enter__(self) -> Machines:
        try:
            self._make()
        except BaseException:
            self.remove()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()

    def _make(self) -> None:
        remove_stale()
        os.makedirs("/tmp/ray", exist_ok=True)  # each machine mounts its own over it
        self._ip("netns", "add", self.lan)
        self.made.append(self.lan)
        self._ip("-n", self.lan, "link", "add", "lan", "type", "bridge")
        self._ip("-n", self.lan, "link", "set", "lan", "up")
        for index, machine in enumerate(self.machines):
            self._ip("netns", "add", machine.netns)
            self.made.append(machine.netns)
            port = f"p{os.getpid() % 100000}x{index}"  # host link names: 15 characters at most
            self._ip("link", "add", port, "netns", self.lan, "type", "veth",
                     "peer", "name", "eth0", "netns", machine.netns)
            self._ip("-n", self.lan, "link", "set", port, "master", "lan", "up")
            self._ip("-n", machine.netns, "addr", "add", f"{machine.address}/24", "dev", "eth0")
            self._ip("-n", machine.netns, "link", "set", "eth0", "up")
            self._ip("-n", machine.netns, "link", "set", "lo", "up")
            self._start(machine)

    def _start(self, machine: Machine) -> None:
        """The machine's first process, in its own PID and mount namespaces."""
        # If this process dies without cleaning up (SIGKILL), unshare gets SIGKILL (parent
        # death signal) and, through --kill-child, so does the machine's first process, which
        # ends every process of the machine; the namespaces' names go at the next Machines().
        machine.init = subprocess.Popen(
            ["ip", "netns", "exec", machine.netns, "unshare", "--pid", "--fork",
             "--kill-child", "--mount", "--mount-proc", "--propagation", "private",
             sys.executable, "-c", INIT],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
            preexec_fn=_die_with_parent)
        assert machine.init.stdout is not None
        line = machine.init.stdout.readline()  # blocks until "ready" or the process ends
        if line.strip() != "ready":
            machine.init.kill()
            _, err = machine.init.communicate(timeout=self.start_timeout)
            machine.init = None
            raise RuntimeError(f"machine {machine.name} did not start: {err.strip()[-500:]}")

    def remove(self) -> None:
        """End every process of every machine, then delete the namespaces (and links)."""
        for machine in self.machines:
            init, machine.init = machine.init, None
            if init is None:
                continue
            with contextlib.suppress(ProcessLookupError):
                os.killpg(init.pid, signal.SIGKILL)  # unshare and the machine's first process
            init.wait()
        for name in reversed(self.made):
            self._ip("netns", "del", name, check=False)
        self.made.clear()

    @staticmethod
    def _ip(*args: str, check: bool = True) -> None:
        done = subprocess.run(["ip", *args], capture_output=True, text=True, check=False)
        if check and done.returncode != 0:
            raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")


def _die_with_parent() -> None:
    """In the child, before exec: SIGKILL it when its parent (this process) dies."""
    import ctypes

    pr_set_pdeathsig = 1
    ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)


def namespaces() -> list[str]:
    """The names of this host's network namespaces."""
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True,
                            check=False).stdout
    return [line.split()[0] for line in listed.splitlines() if line.strip()]


def remove_stale() -> list[str]:
    """Delete the namespaces left by makers that died without cleaning up (their processes
    already ended with them); the names removed."""
    stale = []
    for name in namespaces():
        owner = name[len(PREFIX):].split("-", 1)[0]
        if name.startswith(PREFIX) and owner.isdigit() and not Path(f"/proc/{owner}").exists():
            subprocess.run(["ip", "netns", "del", name], capture_output=True, check=False)
            stale.append(name)
    return stale


def leftovers(tag: str = PREFIX) -> dict[str, Any]:
    """Namespaces whose name starts with `tag` still on this host (for tests of clean-up)."""
    return {"netns": [name for name in namespaces() if name.startswith(tag)]}
