"""10,000 games on a Ray cluster of two nodes, against one node of two CPUs and the local
backend with two workers, in one session: games a second and the driver's peak memory.

The nodes are namespace "machines" on this host (ingenium.sim.ray_machines; needs root), each
started with the README's multi-node steps and `--num-cpus 1` (two equal nodes), the driver on
the head; the one-node cluster is one such machine with `--num-cpus 2`. Every run plays the
same seeds, so their tables must be equal (checked, wall-clock column aside).

Run: .venv/bin/python benchmarks/ray_two_nodes.py [games] [folder]
(default 10000 games of `simulate legendary-inventors --players 2`, results in a temporary
folder). Prints one JSON object: per run the wall seconds, games/s, the driver's peak resident
memory (VmHWM, MB), its CPU seconds, the load average before and during the run (min, mean,
max of 5-second samples), the CPU seconds of the driver with its local workers and, on a
cluster, the CPU seconds of each node's Ray processes and how many tasks each node ran.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import resource
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ingenium.sim.ray_machines import Machine, Machines

GAME = ["legendary-inventors", "--players", "2"]


def family(pid: int) -> list[int]:
    """The process and its descendants (from /proc)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    return [pid, *(grand for child in children for grand in family(int(child)))]


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
    except OSError:
        return ""


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU seconds of the process so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class CpuGroup:
    """A cgroup counting the CPU time of a node's processes, the ended ones included (Ray's
    raylet does not wait for its workers, so no parent's times hold theirs). cgroup v1's
    cpuacct or cgroup v2; `seconds()` is None where neither can be made."""

    def __init__(self, name: str) -> None:
        v1, v2 = Path("/sys/fs/cgroup/cpuacct"), Path("/sys/fs/cgroup")
        root = v1 if (v1 / "cpuacct.usage").exists() else v2
        self.path: Path | None = root / name
        try:
            self.path.mkdir()
        except OSError:
            self.path = None

    def enter(self, argv: list[str]) -> list[str]:
        """The command, run inside the group (joined on the host side: a machine sees a
        /sys of its own), with everything it starts."""
        if self.path is None:
            return argv
        return ["sh", "-c", f'echo $$ > {self.path}/cgroup.procs && exec "$@"', "sh", *argv]

    def seconds(self) -> float | None:
        if self.path is None:
            return None
        if (self.path / "cpuacct.usage").exists():
            return int((self.path / "cpuacct.usage").read_text()) / 1e9
        usage = re.search(r"usage_usec (\d+)", (self.path / "cpu.stat").read_text())
        return int(usage[1]) / 1e6 if usage else None

    def remove(self) -> None:
        if self.path is not None:
            with contextlib.suppress(OSError):
                self.path.rmdir()


def peak_mb(pid: int) -> float | None:
    """The process's resident-memory high-water mark so far (MB), None once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    found = re.search(r"VmHWM:\s+(\d+) kB", status)
    return int(found[1]) / 1024 if found else None


def watched(argv: list[str], env: dict[str, str], out: Path) -> dict[str, Any]:
    """Run one `ingenium simulate` (possibly through nsenter); time it, follow its driver."""
    load_before = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
    driver: int | None = None
    peak, cpu, loads = 0.0, 0.0, []
    last_load = 0.0
    while process.poll() is None:
        if driver is None:
            driver = next((pid for pid in family(process.pid)
                           if "-m ingenium" in command_line(pid)
                           and not command_line(pid).startswith("nsenter")), None)
        if driver is not None:
            now_peak, now_cpu = peak_mb(driver), cpu_seconds(driver)
            peak = max(peak, now_peak or 0.0)
            cpu = now_cpu if now_cpu is not None else cpu
        if time.perf_counter() - last_load > 5:
            loads.append(os.getloadavg()[0])
            last_load = time.perf_counter()
        time.sleep(0.1)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    tree_cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    stdout = process.stdout.read() if process.stdout else ""
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({process.returncode})")
    summary = json.loads(stdout.strip().splitlines()[-1])
    games = summary["games"]
    return {"seconds": round(seconds, 1), "games": games,
            "games_per_second": round(games / seconds, 1),
            "driver_peak_mb": round(peak), "driver_cpu_seconds": round(cpu, 1),
            "driver_and_local_workers_cpu_seconds": round(tree_cpu, 1),
            "load_before": round(load_before, 2),
            "load_during": [round(min(loads), 2), round(sum(loads) / len(loads), 2),
                            round(max(loads), 2)] if loads else None,
            "out": str(out)}


def on_cluster(names: tuple[str, ...], cpus: int, games: int, folder: Path,
               env: dict[str, str]) -> dict[str, Any]:
    """The README's steps on namespace machines; the driver on the head."""
    out = folder / f"ray-{len(names)}-nodes.parquet"
    groups = {name: CpuGroup(f"ingenium-bench-{os.getpid()}-{name}") for name in names}
    try:
        return on_machines(names, cpus, games, folder, env, out, groups)
    finally:
        for group in groups.values():
            group.remove()


def on_machines(names: tuple[str, ...], cpus: int, games: int, folder: Path,
                env: dict[str, str], out: Path, groups: dict[str, CpuGroup]
                ) -> dict[str, Any]:
    with Machines(names) as machines:
        head = machines.machines[0]

        def start(machine: Machine, line: str) -> None:
            done = subprocess.run(groups[machine.name].enter(machine.command(["sh", "-c",
                                                                              line])),
                                  env=env, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise SystemExit(f"{line}: {done.stderr[-2000:]}")

        start(head, f"ray start --head --port 6379 --node-ip-address {head.address} "
                    f"--include-dashboard=false --num-cpus {cpus}")
        for worker in machines.machines[1:]:
            start(worker, f"ray start --address {head.address}:6379 --num-cpus {cpus}")
        driver_env = {**env, "RAY_ADDRESS": f"{head.address}:6379"}
        idle = [groups[machine.name].seconds() for machine in machines.machines]
        run = watched(head.command([sys.executable, "-m", "ingenium", "simulate", *GAME,
                                    "--games", str(games), "--backend", "ray", "--out",
                                    str(out), "--json"], folder), driver_env, out)
        run["tasks_per_node"] = {
            machine.name: machine.cat("/tmp/ray/session_latest/logs/worker-*.out")
            .count(":task_name:play_games") for machine in machines.machines}
        run["nodes_cpu_seconds"] = {  # Ray's processes on each node during the run
            machine.name: round(now - before, 1) if now is not None and before is not None
            else None for machine, before in zip(machines.machines, idle, strict=True)
            for now in [groups[machine.name].seconds()]}
        for machine in reversed(machines.machines):
            machine.shell("ray stop", env)
    return run


def same_tables(paths: list[str]) -> bool:
    import pandas

    frames = [pandas.read_parquet(path).drop(columns="seconds")
              .sort_values(["seed", "seat"], ignore_index=True) for path in paths]
    return all(frame.equals(frames[0]) for frame in frames[1:])


def main() -> None:
    # a stopped benchmark still removes its machines (SIGINT is ignored in background jobs)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    folder = Path(sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="ray2n"))
    env = {k: v for k, v in os.environ.items()
           if k not in ("RAY_ADDRESS", "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER")}
    env.update({"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(16),
                "RAY_USAGE_STATS_ENABLED": "0",
                # Ray runs its workers at nice 15 unless told; at 0 they compete with the
                # machine's other jobs as the local backend's workers do
                "RAY_worker_niceness": os.environ.get("RAY_worker_niceness", "0"),  # noqa: SIM112
                "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"})
    runs: dict[str, Any] = {}
    runs["ray, two nodes of 1 CPU"] = on_cluster(("head", "worker"), 1, games, folder, env)
    runs["ray, one node of 2 CPUs"] = on_cluster(("head",), 2, games, folder, env)
    out = folder / "local-2-workers.parquet"
    runs["local, 2 workers"] = watched(
        [sys.executable, "-m", "ingenium", "simulate", *GAME, "--games", str(games),
         "--workers", "2", "--out", str(out), "--json"], env, out)
    report = {"batch": f"simulate {' '.join(GAME)} --games {games} --out x.parquet",
              "cpus": os.cpu_count(), "ray_worker_niceness": env["RAY_worker_niceness"],
              "runs": runs,
              "tables_equal": same_tables([run["out"] for run in runs.values()])}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
