"""The Ray backend against a real cluster started separately (`ray start --head`), joined by
`ingenium simulate --backend ray` through RAY_ADDRESS: the same games as the local backend.

The tests that need a running head share one (`cluster`, started once for the module: a head
takes 10-20 s to start on CI's two cores); they run in one xdist worker (`xdist_group`, with
`--dist loadgroup`, as scripts/test.sh runs pytest), so the head is started once per run."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ingenium.sim.ray_backend import RayCluster

ARGS = ["simulate", "legendary-inventors", "--players", "2", "--bots", "random,greedy",
        "--games", "6", "--seed", "21", "--json"]
TIMING = ("seconds", "mean_seconds")
SHARED_HEAD = pytest.mark.xdist_group("ray-head")


@pytest.fixture(scope="module")
def cluster() -> Iterator[RayCluster]:
    """One head for the module's tests; stopped at the end, its whole process group gone."""
    pytest.importorskip("ray")
    with RayCluster(num_cpus=2) as head:
        assert "Ray runtime started" in head.log()
        yield head
    assert head.process is None


def ingenium(args: list[str], env: dict[str, str] | None, out: Path) -> tuple[dict[str, Any],
                                                                             list[dict[str, Any]]]:
    """Run the real command in a fresh process; its summary and its games by seed."""
    done = subprocess.run([sys.executable, "-m", "ingenium", *args, "--out", str(out)],
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    games = sorted((json.loads(line) for line in out.read_text().splitlines()),
                   key=lambda g: g["seed"])
    return json.loads(done.stdout.strip().splitlines()[-1]), games


def without_timing(value: Any) -> Any:
    """The same data with wall-clock figures left out (they differ run to run)."""
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    return value


@SHARED_HEAD
@pytest.mark.timeout(150)
def test_a_separately_started_ray_cluster_plays_the_same_games_as_local(
        tmp_path: Path, cluster: RayCluster) -> None:
    local_summary, local_games = ingenium([*ARGS, "--backend", "local"], None,
                                          tmp_path / "local.jsonl")
    ray_summary, ray_games = ingenium([*ARGS, "--backend", "ray"], cluster.env,
                                      tmp_path / "ray.jsonl")
    assert [g["seed"] for g in ray_games] == list(range(21, 27))
    assert without_timing(ray_games) == without_timing(local_games)
    assert without_timing(ray_summary) == without_timing(local_summary)


def test_a_cluster_that_cannot_start_says_why(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    with pytest.raises(RuntimeError, match="ray start --head failed"):
        RayCluster(ray=str(tmp_path / "no-such-ray")).__enter__()


@SHARED_HEAD
@pytest.mark.timeout(150)
def test_a_driver_without_the_token_gets_one_line_not_a_traceback(
        tmp_path: Path, cluster: RayCluster) -> None:
    env = {k: v for k, v in cluster.env.items() if k not in ("RAY_AUTH_TOKEN", "RAY_AUTH_MODE")}
    # Ray's driver retries the refused connection once a second for 20 s (ray/_private/node.py,
    # _init_gcs_client) before it raises; 3 tries say the same in 3 s
    env["RAY_gcs_server_port_wait_time_s"] = "3"
    done = subprocess.run([sys.executable, "-m", "ingenium", *ARGS, "--backend", "ray",
                           "--out", str(tmp_path / "games.jsonl")], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"error: the Ray cluster at {cluster.env['RAY_ADDRESS']} refused this driver's "
        "authentication token: give the driver the cluster's token (RAY_AUTH_MODE=token and "
        "RAY_AUTH_TOKEN or ~/.ray/auth_token, as on every node)"]
    assert not (tmp_path / "games.jsonl").exists()  # refused before any output


@SHARED_HEAD
def test_the_test_cluster_listens_on_loopback_only(cluster: RayCluster) -> None:
    if shutil.which("ss") is None:
        pytest.skip("needs ss (iproute2) to list listening sockets")
    listening = subprocess.run(["ss", "-ltnpH"], capture_output=True, text=True,
                               check=False).stdout
    mine = [line.split()[3] for line in listening.splitlines()
            if f":{cluster.port} " in line + " "]
    assert mine and all(address.rsplit(":", 1)[0] in ("127.0.0.1", "[::ffff:127.0.0.1]")
                        for address in mine)
