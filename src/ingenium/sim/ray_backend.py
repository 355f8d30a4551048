"""Run simulation jobs on a Ray cluster (`pip install 'ingenium[ray]'`; RAY_ADDRESS to join one)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

from ingenium.engine import IngeniumError


class RayUnavailable(IngeniumError, RuntimeError):
    """Ray is not installed in this environment."""


def run_on_ray(jobs: list[Any], play: Callable[[Any], Any], workers: int = 0) -> Iterator[Any]:
    """Yield results as Ray tasks finish; joins the cluster at RAY_ADDRESS if set, else starts
    a local Ray (with `workers` CPUs when given)."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable(
            "the ray backend needs Ray: pip install 'ingenium[ray]'") from None
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
