"""Batch simulation: reproducible by seed on any backend; statistics that add up."""

from __future__ import annotations

import pytest

from ingenium.sim import simulate, summarize, wilson_interval


def test_results_depend_only_on_seeds_not_on_worker_count() -> None:
    bots = ["greedy", "random", "random"]
    one = simulate("legendary-inventors", 3, bots, 6, seed=10)
    two = simulate("legendary-inventors", 3, bots, 6, seed=10, workers=2)
    assert [(r.seed, r.scores, r.winners) for r in one] == \
        [(r.seed, r.scores, r.winners) for r in two]


def test_ray_backend_gives_the_same_results_as_local() -> None:
    pytest.importorskip("ray")
    bots = ["random", "greedy"]
    local = simulate("legendary-inventors", 2, bots, 4, seed=3)
    on_ray = simulate("legendary-inventors", 2, bots, 4, seed=3, workers=2, backend="ray")
    assert [(r.seed, r.scores) for r in local] == [(r.seed, r.scores) for r in on_ray]


def test_summary_win_shares_add_up_to_the_number_of_games() -> None:
    results = simulate("legendary-inventors", 4, ["random"] * 4, 20, seed=0)
    summary = summarize(results)
    assert abs(sum(s.wins for s in summary.seats) - 20) < 1e-9
    assert all(s.win_low <= s.win_rate <= s.win_high for s in summary.seats)
    assert summary.mean_decisions > 100


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    low, high = wilson_interval(380, 400)
    assert 0.92 < low < 0.95 < high < 0.97
