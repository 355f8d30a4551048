"""The README's multi-node Ray steps (head, worker, driver, stop), run as written on a cluster
of two nodes: two "machines" made of Linux namespaces on this host (ingenium.sim.ray_machines),
each with its own address, processes and /tmp/ray. The games are spread over both nodes and
equal the local backend's; `ray stop` on a node ends that node's Ray only."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from ingenium.sim import ray_machines

ROOT = Path(__file__).resolve().parents[2]
SIMULATE = ("simulate legendary-inventors --players 2 --bots random,greedy --games 16 "
            "--seed 40 --json")
GAMES_PER_TASK = 4  # ingenium.sim.runner's batches: 16 games are 4 Ray tasks
TIMING = ("seconds", "mean_seconds")
# Ray's worker processes announce each task in their log (the line its log monitor reads to
# name the task on the driver's screen): how a node shows which tasks it ran.
TASK_LINE = re.compile(r":task_name:play_games")


def readme_steps() -> dict[str, str]:
    """The `head:`, `worker:`, `driver:` and `stop:` lines of the README's multi-node block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    steps = dict(re.findall(r"^(head|worker|driver|stop):\s+(.+?)(?:\s+#.*)?$", text, re.M))
    assert set(steps) == {"head", "worker", "driver", "stop"}, steps
    return steps


def without_timing(value: Any) -> Any:
    """The same data with wall-clock figures left out (they differ run to run)."""
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    return value


def table(path: Path) -> Any:
    """A results table in seed and seat order, without its wall-clock column."""
    import pandas

    frame = pandas.read_parquet(path).drop(columns="seconds")
    return frame.sort_values(["seed", "seat"], ignore_index=True)


def tasks_run(machine: ray_machines.Machine) -> int:
    """How many `play_games` tasks the Ray workers of that machine ran."""
    return len(TASK_LINE.findall(machine.cat("/tmp/ray/session_latest/logs/worker-*.out")))


def node_env() -> dict[str, str]:
    """What every node and the driver get: the same token, this environment's commands."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("RAY_ADDRESS", "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER")}
    return {**env, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(16),
            "RAY_USAGE_STATS_ENABLED": "0",
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"}


@pytest.mark.timeout(240)
def test_the_readme_steps_run_games_on_both_nodes_of_a_two_node_cluster(tmp_path: Path
                                                                         ) -> None:
    pytest.importorskip("ray")
    pytest.importorskip("pyarrow")
    why_not = ray_machines.available()
    if why_not:
        pytest.skip(f"two namespace machines cannot be made here: {why_not}")
    steps = readme_steps()
    env = node_env()
    # a process of this host that `ray stop` would end if it looked beyond its own node
    canary = tmp_path / "raylet"
    shutil.copy(shutil.which("sleep") or "/bin/sleep", canary)
    bystander = subprocess.Popen([str(canary), "600"])
    # the same games on the local backend, played while the nodes start
    local = subprocess.Popen([sys.executable, "-m", "ingenium", *SIMULATE.split(), "--out",
                              str(tmp_path / "local.parquet")], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        with ray_machines.Machines(("head", "worker")) as machines:
            head, worker = machines["head"], machines["worker"]

            def step(name: str, machine: ray_machines.Machine, extra: str = ""
                     ) -> subprocess.CompletedProcess[str]:
                line = steps[name].replace("HEAD_IP", head.address)
                line = line.replace("simulate ...", SIMULATE) + extra
                done = machine.shell(line, env, timeout=150, cwd=tmp_path)
                assert done.returncode == 0, f"{name}: {line}\n{done.stderr[-3000:]}"
                return done

            assert "Ray runtime started" in step("head", head, " --num-cpus 1").stdout
            assert "Ray runtime started" in step("worker", worker, " --num-cpus 1").stdout
            driven = step("driver", head, " --json")
            head_tasks, worker_tasks = tasks_run(head), tasks_run(worker)
            step("stop", worker)
            assert worker.processes() == [] and head.processes() != []  # that node only
            step("stop", head)
            assert head.processes() == []
        assert bystander.poll() is None, "ray stop on a node ended a process of the host"
        local_out, local_err = local.communicate(timeout=120)
    finally:
        bystander.kill()
        bystander.wait()
        local.kill()
        local.wait()
    assert local.returncode == 0, local_err[-2000:]
    assert ray_machines.leftovers(machines.tag) == {"netns": []}
    assert head_tasks >= 1 and worker_tasks >= 1, (head_tasks, worker_tasks)
    assert head_tasks + worker_tasks == 16 // GAMES_PER_TASK
    import pandas.testing

    pandas.testing.assert_frame_equal(table(tmp_path / "results.parquet"),
                                      table(tmp_path / "local.parquet"))
    assert len(table(tmp_path / "results.parquet")) == 16 * 2
    summary = json.loads(driven.stdout.strip().splitlines()[-1])
    assert without_timing(summary) == without_timing(json.loads(local_out.splitlines()[-1]))


def _settled(machine: ray_machines.Machine, seconds: float = 10.0) -> list[str]:
    """The machine's processes once the background child has exec'd: `sh -c "setsid cmd &"`
    returns as soon as it has forked, so for a moment the child may still show as `setsid ...`
    (a CI run caught it there)."""
    deadline = time.monotonic() + seconds
    while True:
        shown = machine.processes()
        if not any(line.startswith("setsid") for line in shown) or time.monotonic() > deadline:
            return shown
        time.sleep(0.05)


def test_machines_leave_no_namespace_or_process_behind_when_a_step_fails() -> None:
    why_not = ray_machines.available()
    if why_not:
        pytest.skip(f"namespace machines cannot be made here: {why_not}")
    with pytest.raises(ZeroDivisionError), ray_machines.Machines(("a", "b")) as machines:
        first = machines["a"]
        shown = first.run(["ip", "-4", "-o", "addr", "show", "eth0"]).stdout.split()
        assert shown[3] == "10.231.0.1/24"
        reached = machines["b"].run([sys.executable, "-c", "import socket; "
                                     "socket.create_connection(('10.231.0.1', 9), timeout=5)"])
        assert "ConnectionRefusedError" in reached.stderr  # reached; nothing listens there
        # a daemon left running on the machine, as `ray start` leaves its processes
        first.run(["sh", "-c", "setsid sleep 600 > /dev/null 2>&1 &"])
        assert _settled(first) == ["sleep 600"]
        host_pid = int(subprocess.run(["pgrep", "-x", "-P", str(first.pid), "sleep"],
                                      capture_output=True, text=True).stdout.split()[0])
        1 / 0  # noqa: B018 - a step failing inside the block
    assert ray_machines.leftovers(machines.tag) == {"netns": []}
    assert not Path(f"/proc/{host_pid}").exists()
