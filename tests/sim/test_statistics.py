"""The analysis layer: every game's statistics add up, agree with its log, and aggregate per bot."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import ingenium
from ingenium.bots import make_bot
from ingenium.engine import Game
from ingenium.sim import GameResult, simulate, summarize
from ingenium.sim.analysis import ALL, aggregate_statistics


def finished(name: str, players: int, seed: int, bots: list[str]) -> ingenium.State[Any]:
    game = ingenium.get_game(name)
    state = game.new_game(players, seed)
    seats = [make_bot(spec, seat, seed + seat) for seat, spec in enumerate(bots)]
    while (decision := state.decision) is not None:
        state.apply(seats[decision.seat].choose(state, decision))
    return state


@pytest.mark.parametrize(("name", "players"), [
    ("legendary-inventors", 2), ("legendary-inventors", 5), ("inventions", 3),
    ("inventions", 4), ("civolution", 2), ("civolution", 3), ("civolution", 4)])
def test_points_by_source_add_up_to_every_score(name: str, players: int) -> None:
    for seed in range(3):
        bots = ["greedy:depth=1", *["random"] * (players - 1)]
        state = finished(name, players, seed, bots)
        figures = state.game.statistics(state)
        assert len(figures) == players
        assert [sum(f["points"].values()) for f in figures] == state.scores()


def test_legendary_inventors_actions_agree_with_the_log() -> None:
    state = finished("legendary-inventors", 3, 4, ["greedy", "random", "random"])
    figures = state.game.statistics(state)
    for seat in range(3):
        kinds = Counter(e.kind for e in state.events if e.seat == seat)
        actions = figures[seat]["actions"]
        assert actions["use an inventor"] == kinds["use"]
        assert actions.get("take a card", 0) + actions.get("take a token", 0) == kinds["bonus"]
        assert sum(figures[seat]["inventors"].values()) == kinds["use"]
        cards = state.view(None)["table"]["players"][seat]["cards"]
        assert set(figures[seat]["inventions"]) == set(cards)
        assert actions.get("take a card", 0) == len(cards)


def test_inventions_actions_goals_and_tiles_agree_with_the_table() -> None:
    state = finished("inventions", 3, 2, ["greedy", "greedy", "random"])
    figures = state.game.statistics(state)
    table = state.view(None)["table"]
    for seat, player in enumerate(table["players"]):
        mine = [e for e in state.events if e.seat == seat and e.kind == "action"]
        assert sum(figures[seat]["all actions"].values()) == len(mine)
        assert sum(figures[seat]["actions"].values()) == sum(
            1 for e in mine if e.data["how"] == "main action")
        assert set(figures[seat]["goal IP (dealt)"]) == set(player["private_goals"])
        final = next(e for e in state.events if e.kind == "final" and e.seat == seat)
        best_two = sorted(figures[seat]["goal IP (dealt)"].values())[-2:]
        assert sum(best_two) == final.data["goals"] == figures[seat]["points"]["final: goals"]
        assert sum(figures[seat]["Wealth IP (built)"].values()) == final.data["wealth"]
        assert sum(figures[seat]["tiles built"].values()) == len(player["progress_map"])
    positions = sorted(f["seating"]["first turn-order position"] for f in figures)
    assert positions == [1, 2, 3]


def test_the_engine_default_reports_nothing_per_seat() -> None:
    state = finished("legendary-inventors", 2, 0, ["random", "random"])
    assert Game.statistics(state.game, state) == [{}, {}]


def result(bots: tuple[str, ...], stats: tuple[dict[str, dict[str, float]], ...]) -> GameResult:
    return GameResult("g", len(bots), None, 0, bots, (0,) * len(bots), tuple(range(len(bots))),
                      (0,), 10, 0.1, stats)


def test_aggregation_means_per_bot_count_missing_keys_as_zero() -> None:
    results = [
        result(("a", "b"), ({"actions": {"x": 2.0}}, {"actions": {"x": 4.0, "y": 1.0}})),
        result(("b", "a"), ({"actions": {"x": 0.0}}, {"actions": {}})),
    ]
    table = aggregate_statistics(results)["actions"]
    assert table["x"]["a"] == {"mean": 1.0, "seen": 0.5}
    assert table["x"]["b"] == {"mean": 2.0, "seen": 1.0}
    assert table["y"]["a"] == {"mean": 0.0, "seen": 0.0}
    assert table["y"][ALL] == {"mean": 0.25, "seen": 0.25}


def test_summary_per_bot_pools_seats_and_keeps_the_game_order_of_groups() -> None:
    results = simulate("legendary-inventors", 3, ["greedy", "random", "random"], 6, seed=2)
    summary = summarize(results)
    random_row = next(b for b in summary.bots if b.bot == "random")
    assert random_row.seat_games == 12
    assert random_row.wins == pytest.approx(summary.seats[1].wins + summary.seats[2].wins)
    low, q1, median, q3, high = random_row.score_quartiles
    assert low <= q1 <= median <= q3 <= high
    assert list(summary.statistics)[:2] == ["points", "actions"]
    assert summary.length is not None and summary.length.min_decisions <= \
        summary.length.mean_decisions <= summary.length.max_decisions
    greedy_points = sum(v["greedy"]["mean"] for v in summary.statistics["points"].values())
    assert greedy_points == pytest.approx(summary.seats[0].mean_score)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_civolution_points_by_era_add_up_and_era_scorings_match_the_log(players: int) -> None:
    state = finished("civolution", players, 7, ["greedy:depth=1"] * players)
    figures = state.game.statistics(state)
    logged = [e.data["points"] for e in state.events if e.kind == "era_scoring"]
    assert len(logged) == 4
    for seat, seat_figures in enumerate(figures):
        assert sum(seat_figures["points by era"].values()) == state.scores()[seat]
        era_scoring = sum(v for k, v in seat_figures["points"].items()
                          if k.startswith("era scoring: "))
        assert era_scoring == sum(points[seat] for points in logged)
        assert any(k.startswith("final: ") for k in seat_figures["points"])


def test_civolution_final_scoring_parts_are_the_final_scores_gain() -> None:
    """The final parts recomputed on the final table are what the final scoring added."""
    state = finished("civolution", 3, 4, ["greedy:depth=1"] * 3)
    figures = state.game.statistics(state)
    before_final = state.game.replay(3, state.seed, None, state.history[:-1])
    for seat in range(3):
        final = sum(v for k, v in figures[seat]["points"].items() if k.startswith("final: "))
        assert final == figures[seat]["points by era"]["final scoring"]
        assert final <= state.scores()[seat] - before_final.scores()[seat]


def test_civolution_actions_tribes_and_length_agree_with_the_log() -> None:
    state = finished("civolution", 3, 2, ["greedy:depth=1", "random", "greedy:depth=1"])
    figures = state.game.statistics(state)
    kinds_all = Counter(e.kind for e in state.events)
    for seat in range(3):
        kinds = Counter(e.kind for e in state.events if e.seat == seat)
        actions = figures[seat]["actions"]
        assert actions.get("Reset", 0) == kinds["reset"]
        assert sum(actions.values()) == kinds["activate"] + kinds["reset"]
        assert sum(figures[seat]["actions by era"].values()) == sum(actions.values())
        assert figures[seat]["tribes"]["procreations"] == kinds["procreate"]
        assert sum(figures[seat]["buildings"].values()) == kinds["build"]
        assert figures[seat]["game length"] == {
            "eras": 4.0, "action turns": kinds_all["activate"] + kinds_all["reset"],
            "Resets": kinds_all["reset"]}
    positions = sorted(f["seating"]["first era seating position"] for f in figures)
    assert positions == [1, 2, 3]


def test_civolution_solo_still_reports_vici_and_the_margin() -> None:
    game = ingenium.get_game("civolution")
    state = game.new_game(1, 3, "beginner")
    bot = make_bot("random", 0, 3)
    while (decision := state.decision) is not None:
        state.apply(bot.choose(state, decision))
    (figures,) = game.statistics(state)
    assert figures["solo"]["margin"] == state.scores()[0] - figures["solo"]["vici_score"]


@pytest.mark.parametrize(("name", "units"), [
    ("legendary-inventors", {"ages", "turns"}), ("inventions", {"eras", "rounds"})])
def test_every_game_reports_its_length_in_its_own_units(name: str, units: set[str]) -> None:
    state = finished(name, 3, 1, ["random"] * 3)
    figures = state.game.statistics(state)
    assert set(figures[0]["game length"]) == units
    assert all(f["game length"] == figures[0]["game length"] for f in figures)
    assert all(v > 0 for v in figures[0]["game length"].values())
