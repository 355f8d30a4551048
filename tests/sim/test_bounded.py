"""A million games must not be listed, submitted or waited on at once: jobs are drawn lazily
and only a bounded number of tasks is out, on local processes and on Ray alike."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from ingenium.sim import ray_backend
from ingenium.sim.batch import Run
from ingenium.sim.runner import CHUNK, IN_FLIGHT, Job, run_jobs


def counted(jobs: Iterator[Job], drawn: list[int]) -> Iterator[Job]:
    for job in jobs:
        drawn[0] += 1
        yield job


def endless(seed: int = 0) -> Iterator[Job]:
    run = Run("legendary-inventors", 2, ("random", "random"), 1)
    return (run.job(seed + k) for k in itertools.count())


def test_local_workers_draw_jobs_lazily_from_an_endless_supply() -> None:
    drawn = [0]
    results = run_jobs(counted(endless(), drawn), workers=2)
    first = [next(results) for _ in range(3)]
    assert len({r.seed for r in first}) == 3
    assert drawn[0] <= (2 * IN_FLIGHT + 1) * CHUNK  # chunks out, plus the one refilled
    results.close()  # type: ignore[attr-defined]


def test_one_worker_plays_as_it_draws() -> None:
    drawn = [0]
    results = run_jobs(counted(endless(7), drawn), workers=1)
    assert next(results).seed == 7 and drawn[0] == 1


class FakeRay:
    """Enough of `ray` to watch the driver: how many tasks are out at each wait."""

    def __init__(self, cpus: int) -> None:
        self.cpus, self.out, self.largest_wait = cpus, 0, 0

    def is_initialized(self) -> bool:
        return True

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": float(self.cpus)}

    def remote(self, function: Any) -> Any:
        def submit(task: Any) -> Any:
            self.out += 1
            return ("ref", function(task))
        return SimpleNamespace(remote=submit)

    def wait(self, pending: list[Any], num_returns: int) -> tuple[list[Any], list[Any]]:
        self.largest_wait = max(self.largest_wait, len(pending))
        return pending[:num_returns], pending[num_returns:]

    def get(self, ref: Any) -> Any:
        self.out -= 1
        return ref[1]


def test_the_ray_driver_waits_on_a_bounded_number_of_tasks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay(cpus=3)
    monkeypatch.setitem(sys.modules, "ray", fake)
    drawn = [0]
    tasks = counted(iter(range(10_000)), drawn)  # type: ignore[arg-type]
    results = ray_backend.run_on_ray(tasks, lambda n: n * 2)
    assert list(itertools.islice(results, 50)) == [n * 2 for n in range(50)]
    assert fake.largest_wait == 3 * ray_backend.IN_FLIGHT
    assert drawn[0] <= 50 + 3 * ray_backend.IN_FLIGHT


def test_a_refused_token_is_explained_in_one_line() -> None:
    printed = ("[2026] gcs_client.cc:210: Failed to get cluster ID from GCS server: "
               "Unauthenticated: RPC error: InvalidAuthToken: Authentication token is missing\n")
    why = ray_backend._why("127.0.0.1:6379", ConnectionError("Failed to connect"), printed)
    assert "refused this driver's authentication token" in why and "\n" not in why
    other = ray_backend._why(None, RuntimeError("no space left\nmore"), "")
    assert other == "cannot start or join a local Ray: no space left"


def test_a_driver_on_a_machine_without_a_node_is_told_where_to_run() -> None:
    class FakeInit:
        def init(self, **options: object) -> None:
            try:
                raise RuntimeError("No node info found matching attributes: '' when trying "
                                   "to resolve node to connect to.")
            except RuntimeError as missing:  # what ray.init raises (Ray 2.60), chained
                raise ConnectionError("Failed to connect to Ray cluster at 10.0.0.1:6379"
                                      ) from missing

    with pytest.raises(ray_backend.RayRefused) as refused:
        ray_backend._join(FakeInit(), 0)
    why = ray_backend._why("10.0.0.1:6379", refused.value)
    assert why == ("no node of the Ray cluster at 10.0.0.1:6379 runs on this machine: run the "
                   "driver on the head, or on a machine that joined the cluster "
                   "(`ray start --address 10.0.0.1:6379`)")
