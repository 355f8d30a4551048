"""The designer's answers from a batch's sums: winners vs the rest, seat-effect tests, the
tests' arithmetic, and summaries that do not depend on the order games arrive in."""

from __future__ import annotations

import random
import statistics
from typing import Any

import pytest

from ingenium.sim import GameResult, simulate, summarize
from ingenium.sim.analysis import ACTIONS, POINTS
from ingenium.sim.designer import Contrast, Designer
from ingenium.sim.inference import chi2_sf, goodness_of_fit, kruskal_wallis, welch
from ingenium.sim.simulation_report import actions_answer
from ingenium.sim.stats import quartiles

Figures = dict[str, dict[str, float]]


def game(seed: int, scores: tuple[int, ...], winners: tuple[int, ...],
         stats: tuple[Figures, ...]) -> GameResult:
    players = len(scores)
    return GameResult("legendary-inventors", players, None, seed, ("greedy",) * players, scores,
                      tuple(sorted(range(players), key=lambda s: -scores[s])), winners, 100,
                      0.5, stats)


def test_winners_who_do_more_of_an_action_show_a_clear_positive_difference() -> None:
    rng = random.Random(1)
    results = []
    for seed in range(60):
        winner = seed % 3
        stats = tuple({"actions": {"build": float(3 + rng.randint(0, 1) if s == winner
                                                  else rng.randint(0, 1)),
                                   "noise": float(rng.randint(0, 3))},
                       "game length": {"rounds": 10.0}} for s in range(3))
        scores = tuple(10 if s == winner else 5 for s in range(3))
        results.append(game(seed, scores, (winner,), stats))
    designer = summarize(results).designer
    assert designer is not None and designer.winner_seat_games == 60
    rows = {c.key: c for c in designer.contrasts["actions"]}
    build, noise = rows["build"], rows["noise"]
    assert build.difference == pytest.approx(build.winners - build.rest)
    assert build.difference > 2.5 and build.low > 0 and build.correlation > 0.8
    assert noise.low < 0 < noise.high
    assert designer.correlates[0].key == "build"
    assert "game length" not in designer.contrasts  # per game, not per seat


def test_a_seat_that_always_wins_fails_the_seat_test_and_balanced_seats_pass() -> None:
    always = [game(s, (9, 1), (0,), ({}, {})) for s in range(40)]
    turns = [game(s, (9, 1), (0,), ({}, {})) if s % 2 else game(s, (1, 9), (1,), ({}, {}))
             for s in range(40)]
    first, scores = summarize(always).designer.seat_tests  # type: ignore[union-attr]
    assert first.p_value < 1e-6 and scores.p_value < 1e-6
    first, scores = summarize(turns).designer.seat_tests  # type: ignore[union-attr]
    assert first.statistic == 0 and first.p_value == 1.0 and scores.p_value > 0.5


def test_per_seat_scores_have_quartiles_and_statistics_per_seat() -> None:
    results = simulate("legendary-inventors", 3, ["random"] * 3, 8, seed=4)
    summary = summarize(results)
    for seat in summary.seats:
        scores = [r.scores[seat.seat] for r in results]
        assert seat.score_quartiles == quartiles(scores)
        points = summary.statistics["points"]
        assert sum(v[f"Player {seat.seat + 1}"]["mean"] for v in points.values()) == \
            pytest.approx(seat.mean_score)
    assert summary.length is not None and set(summary.length.units) == {"ages", "turns"}


def without_seconds(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_seconds(v) for k, v in value.items() if "seconds" not in k}
    if isinstance(value, list):
        return [without_seconds(v) for v in value]
    return value


def test_the_summary_does_not_depend_on_the_order_of_games() -> None:
    results = simulate("legendary-inventors", 3, ["greedy", "random", "random"], 9, seed=6)
    shuffled = results[:]
    random.Random(2).shuffle(shuffled)
    assert without_seconds(summarize(shuffled).to_dict()) == \
        without_seconds(summarize(results).to_dict())


def test_quartiles_of_a_histogram_match_the_standard_library() -> None:
    rng = random.Random(3)
    for n in (1, 2, 3, 4, 5, 11, 40):
        values = [rng.randint(0, 9) for _ in range(n)]
        histogram: dict[float, int] = {}
        for v in values:
            histogram[v] = histogram.get(v, 0) + 1
        expected = (min(values), *statistics.quantiles(values, n=4, method="inclusive"),
                    max(values)) if n > 1 else (values[0],) * 5
        assert quartiles(histogram) == pytest.approx(expected)


@pytest.mark.parametrize(("x", "df", "p"), [
    (3.841458820694124, 1, 0.05), (5.991464547107979, 2, 0.05), (7.814727903251178, 3, 0.05),
    (7.3, 5, 0.19926778992124214), (20.0, 4, 0.0004993992273873336), (0.0, 3, 1.0)])
def test_chi_square_tail_matches_reference_values(x: float, df: int, p: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(p, rel=1e-9)


def test_the_tests_match_reference_values() -> None:
    h, df, p = kruskal_wallis([{1: 1, 2: 2, 3: 1, 5: 1}, {4: 1, 5: 1, 6: 1, 2: 2},
                               {1: 3, 7: 1}])
    assert (df, h, p) == (2, pytest.approx(2.3072004608294914), pytest.approx(0.3154988536600))
    assert goodness_of_fit([30, 20, 25, 25])[2] == pytest.approx(0.5724067044708798)
    difference, low, high = welch(100, 5.0, 4.0, 100, 4.0, 4.0)
    assert (difference, high - low) == (1.0, pytest.approx(2 * 1.959963984540054 * 0.08 ** 0.5))


def _contrast(group: str, key: str, low: float, high: float) -> Contrast:
    middle = (low + high) / 2
    return Contrast(group, key, middle, 0.0, middle, low, high, 0.0, -0.1, 0.1)


def test_which_actions_win_names_the_point_sources_when_no_action_stands_out() -> None:
    designer = Designer(
        winner_seat_games=20, other_seat_games=40,
        contrasts={ACTIONS: [_contrast(ACTIONS, "Exploration", -0.5, 1.0)],
                   POINTS: [_contrast(POINTS, "action: Exploration", 0.3, 6.1),
                            _contrast(POINTS, "final: wealth", -1.0, 1.0)]},
        correlates=[], seat_tests=[], same_bot_every_seat=True)
    answer = actions_answer(designer)
    assert answer.startswith("No action sets the winners apart clearly")
    assert "By points" in answer and "action: Exploration +3.20 [+0.30, +6.10]" in answer
    assert "final: wealth" not in answer


def test_which_actions_win_stops_at_the_actions_that_stand_out() -> None:
    designer = Designer(
        winner_seat_games=20, other_seat_games=40,
        contrasts={ACTIONS: [_contrast(ACTIONS, "Exploration", 0.5, 1.5)],
                   POINTS: [_contrast(POINTS, "action: Exploration", 0.3, 6.1)]},
        correlates=[], seat_tests=[], same_bot_every_seat=True)
    assert actions_answer(designer) == ("By actions (per game, winners − the rest, 95% "
                                        "interval): winners did more of Exploration +1.00 "
                                        "[+0.50, +1.50].")
