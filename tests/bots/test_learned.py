"""Learned evaluations (issue #27): the model file, its use by the bots, honesty, and the
`train-eval` fit and command."""

from __future__ import annotations

import json
import random
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import ingenium
from ingenium.bots import LEVELS, check_learned, learned, make_bot
from ingenium.bots.learned import (
    STAGE_TERMS,
    LinearValue,
    NoLearnedEvaluation,
    load,
    stage_terms,
    value_file_name,
)
from ingenium.cli import app
from ingenium.engine import IngeniumError, State
from ingenium.games.margins import margins
from ingenium.sim.evaluation_error import final_margins
from ingenium.sim.train_eval import (
    Positions,
    Sums,
    Task,
    fit,
    play_positions,
    row_margins,
    train,
)

from .test_honesty import same_choice_for_twins

GAMES = ["legendary-inventors", "inventions", "civolution"]


STAGE_WEIGHTS = np.array([0.3, -2.0, 1.5, 0.7, -0.4])  # arbitrary, one per STAGE_TERMS


def random_model(game: str, players: int, seed: int = 1, observes: bool = True) -> LinearValue:
    """A model with arbitrary weights (and stage terms where the game declares its progress,
    evaluation terms where it splits its evaluation; `observes=False`: the observation's
    weights all 0): any evaluation must leave a bot honest."""
    probe = ingenium.get_game(game).new_game(players, 0, "medium" if players == 1 else None)
    size = probe.game.observation(probe, 0).size
    rng = np.random.default_rng(seed)
    weights = rng.normal(size=size) if observes else np.zeros(size)
    progress = dict(probe.game.progress_weights)
    terms = rng.normal(size=len(probe.game.evaluation_terms))
    return LinearValue(game, players, weights, 0.5, 1.0, {"made": "test"}, None,
                       STAGE_WEIGHTS if progress else np.zeros(0), progress, terms)


def civolution_progress(state: State[Any]) -> float:
    """Civolution's progress from its table (era 1: 0, each era a quarter, each phase 1/40)."""
    return (state.table.era - 1) / 4 + (state.table.phase - 1) / 40


def a_position(game: str, players: int, seed: int = 3,
               variant: str | None = None) -> State[Any]:
    """A position after some random moves."""
    rng = random.Random(seed)
    state = ingenium.get_game(game).new_game(players, seed, variant)
    for _ in range(30):
        decision = state.decision
        assert decision is not None
        state.apply(rng.choice(decision.options))
    return state


@pytest.fixture
def shipped_random(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game and count 'ships' a random model (the bots look it up by name)."""
    monkeypatch.setattr(learned, "shipped",
                        lambda game, players, variant=None: random_model(game, players))


@pytest.mark.parametrize("observes", [True, False])
@pytest.mark.parametrize("game", GAMES)
def test_the_value_is_the_linear_formula_and_all_seats_agree_with_each(game: str,
                                                                      observes: bool) -> None:
    model = random_model(game, 3, observes=observes)
    assert model.observes == observes
    state = a_position(game, 3)
    hands = game_hands = state.game.evaluate_all(state)
    split = state.game.evaluate_terms(state)
    expected = [float(state.game.observation(state, s).astype(np.float64) @ model.weights)
                + 0.5 * game_hands[s] + 1.0 + float(np.asarray(split[s]) @ model.term_weights)
                for s in range(3)]
    assert model.term_weights.size == (15 if game == "civolution" else 0)
    if game == "civolution":  # the stage terms, from the table
        done = civolution_progress(state)
        for s, hand in enumerate(game_hands):
            behind = min(hand, 0.0)
            expected[s] += float(STAGE_WEIGHTS @ [behind, done, done ** 2, hand * done,
                                                  behind * done])
    assert model.evaluate_all(state) == pytest.approx(expected, rel=1e-5)
    assert [model.evaluate(state, s) for s in range(3)] == pytest.approx(expected, rel=1e-5)
    assert hands == state.game.evaluate_all(state)  # the position is left as it was


@pytest.mark.parametrize("game", GAMES)
def test_every_game_splits_its_evaluation_into_the_terms_it_names_or_into_none(
        game: str) -> None:
    """Game.evaluate_terms: a row a seat, one entry per name in Game.evaluation_terms, adding
    up to the seat's evaluation (Civolution names its potential's parts, the others none)."""
    state = a_position(game, 3)
    rows = state.game.evaluate_terms(state)
    names = state.game.evaluation_terms
    assert len(rows) == 3 and all(len(row) == len(names) for row in rows)
    assert bool(names) == (game == "civolution")
    if names:
        assert [sum(row) for row in rows] == pytest.approx(state.game.evaluate_all(state))


def test_a_points_model_scores_each_seat_by_its_margin_over_the_best_other() -> None:
    model = random_model("inventions", 3)
    points = LinearValue("inventions", 3, model.weights, 0.5, 1.0, {"target": "points"})
    state = a_position("inventions", 3)
    raw = model.evaluate_all(state)  # the same formula, read as points
    assert points.evaluate_all(state) == pytest.approx(margins(raw))
    assert [points.evaluate(state, s) for s in range(3)] == pytest.approx(margins(raw))


def test_row_margins_are_the_games_margins_row_by_row() -> None:
    rows = np.random.default_rng(2).integers(0, 5, size=(50, 4)).astype(float)
    assert row_margins(rows).tolist() == [margins(list(r)) for r in rows.tolist()]


def test_a_saved_model_loads_back_equal(tmp_path: Path) -> None:
    model = random_model("inventions", 3)
    model.save(tmp_path / "m.npz")
    loaded = load(tmp_path / "m.npz")
    assert (loaded.game, loaded.players) == ("inventions", 3)
    assert np.array_equal(loaded.weights, model.weights)
    assert (loaded.hand_weight, loaded.bias) == (0.5, 1.0)
    assert loaded.meta["made"] == "test"


def test_a_model_with_stage_terms_loads_back_equal(tmp_path: Path) -> None:
    model = random_model("civolution", 4)
    model.save(tmp_path / "m.npz")
    loaded = load(tmp_path / "m.npz")
    assert np.array_equal(loaded.stage_weights, STAGE_WEIGHTS)
    assert loaded.progress == model.progress and loaded.progress
    state = a_position("civolution", 4)
    assert loaded.evaluate_all(state) == model.evaluate_all(state)


def test_a_model_with_evaluation_terms_loads_back_equal_and_names_them(tmp_path: Path) -> None:
    """Format 3: a weight for each of the game's evaluation terms, their names kept; a file
    whose names are not the game's terms now is refused (it would weigh the wrong ones)."""
    model = random_model("civolution", 3, observes=False)
    model.save(tmp_path / "m.npz")
    loaded = load(tmp_path / "m.npz")
    assert np.array_equal(loaded.term_weights, model.term_weights) and not loaded.observes
    assert loaded.meta["terms"] == list(ingenium.get_game("civolution").evaluation_terms)
    state = a_position("civolution", 3)
    assert loaded.evaluate_all(state) == model.evaluate_all(state)
    with np.load(tmp_path / "m.npz") as data:
        arrays = {name: data[name] for name in data.files}
    meta = json.loads(str(arrays["meta"]))
    np.savez_compressed(tmp_path / "renamed.npz", **{
        **arrays, "meta": np.array(json.dumps({**meta, "terms": meta["terms"][::-1]}))})
    with pytest.raises(IngeniumError, match="15 term weights for terms"):
        load(tmp_path / "renamed.npz")
    np.savez_compressed(tmp_path / "short.npz", **{**arrays, "term_weights": np.ones(3)})
    with pytest.raises(IngeniumError, match="3 term weights"):
        load(tmp_path / "short.npz")


def test_a_format_2_file_has_no_evaluation_terms_and_still_loads(tmp_path: Path) -> None:
    """The files written before evaluation terms."""
    model = random_model("civolution", 4)
    np.savez_compressed(tmp_path / "old.npz", format=np.int64(2), weights=model.weights,
                        hand_weight=np.float64(0.5), bias=np.float64(1.0),
                        stage_weights=STAGE_WEIGHTS, meta=np.array(json.dumps(
                            {"game": "civolution", "players": 4, "variant": None,
                             "progress": model.progress})))
    loaded = load(tmp_path / "old.npz")
    assert loaded.term_weights.size == 0 and loaded.observes
    state = a_position("civolution", 4)
    without = LinearValue("civolution", 4, model.weights, 0.5, 1.0, {}, None, STAGE_WEIGHTS,
                          model.progress)
    assert loaded.evaluate_all(state) == pytest.approx(without.evaluate_all(state))


def test_a_format_1_file_has_no_stage_terms_and_still_loads(tmp_path: Path) -> None:
    """The files written before stage terms (the shipped Legendary Inventors models)."""
    model = random_model("inventions", 3)
    np.savez_compressed(tmp_path / "old.npz", format=np.int64(1), weights=model.weights,
                        hand_weight=np.float64(0.5), bias=np.float64(1.0),
                        meta=np.array('{"game": "inventions", "players": 3, "variant": null}'))
    loaded = load(tmp_path / "old.npz")
    assert loaded.stage_weights.size == 0 and loaded.progress == {}
    state = a_position("inventions", 3)
    assert loaded.evaluate_all(state) == pytest.approx(model.evaluate_all(state))


def test_stage_weights_without_their_progress_are_refused(tmp_path: Path) -> None:
    model = random_model("civolution", 4)
    np.savez_compressed(tmp_path / "m.npz", format=np.int64(2), weights=model.weights,
                        hand_weight=np.float64(0.5), bias=np.float64(1.0),
                        stage_weights=STAGE_WEIGHTS,
                        meta=np.array('{"game": "civolution", "players": 4, "variant": null}'))
    with pytest.raises(IngeniumError, match="5 stage weights for no progress"):
        load(tmp_path / "m.npz")


def test_stage_terms_are_the_deficit_the_progress_and_their_products() -> None:
    observed = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 1.0]])
    hands = np.array([-4.0, 6.0])
    terms = stage_terms(observed, hands, {0: 0.5, 2: 0.25})  # progress 0 and 0.75
    assert terms.shape == (2, len(STAGE_TERMS))
    assert terms.tolist() == [[-4.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.75, 0.5625, 4.5, 0.0]]
    assert stage_terms(observed, hands, {}).shape == (2, 0)


def test_civolutions_progress_is_its_era_and_phase_and_never_goes_back() -> None:
    """Game.progress_weights: near 0 at the first question, rising with the eras and phases to
    0.975 once the game is over."""
    rng = random.Random(4)
    state = ingenium.get_game("civolution").new_game(4, 4)
    weights = state.game.progress_weights
    seen = []
    while True:
        observed = state.game.observation(state, 0)
        seen.append(float(sum(observed[i] * w for i, w in weights.items())))
        assert seen[-1] == pytest.approx(civolution_progress(state))
        if (decision := state.decision) is None:
            break
        state.apply(rng.choice(decision.options))
    assert seen[0] <= 0.05 and seen[-1] == pytest.approx(0.975)  # era 1 .. game over
    assert all(b >= a - 1e-9 for a, b in pairwise(seen))


def test_a_corrupt_or_foreign_file_is_refused_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(IngeniumError, match="not a learned evaluation file"):
        load(bad)
    np.savez(tmp_path / "other.npz", format=np.int64(99))
    with pytest.raises(IngeniumError, match="format 99"):
        load(tmp_path / "other.npz")


def test_a_bot_asking_for_a_model_that_is_not_shipped_is_told_how_to_train_one() -> None:
    state = a_position("legendary-inventors", 5)
    decision = state.decision
    assert decision is not None
    bot = make_bot("greedy:learned=1", decision.seat, 1)
    with pytest.raises(NoLearnedEvaluation,
                       match="ingenium train-eval legendary-inventors --players 5"):
        bot.choose(state, decision)


def test_every_shipped_model_loads_for_its_own_game_and_count() -> None:
    for game, players, variant in learned.shipped_models():
        model = learned.shipped(game, players, variant)
        state = a_position(game, players, variant=variant)
        assert len(model.evaluate_all(state)) == players
        assert model.weights.size == state.game.observation(state, 0).size


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("spec", ["greedy:learned=1", "ismcts:iters=12,rollout=0,learned=1",
                                  "ismcts:iters=12,rollout=0,chain=2,learned=1"])
def test_bots_with_a_learned_evaluation_stay_honest(shipped_random: None, spec: str,
                                                   game: str) -> None:
    assert same_choice_for_twins(lambda seat: make_bot(spec, seat, 7), game)


@pytest.mark.parametrize("players", [1, 3])
@pytest.mark.parametrize("spec", ["greedy:learned=1", "ismcts:iters=12,rollout=0,learned=1"])
def test_bots_with_a_model_that_reads_no_observation_stay_honest(
        monkeypatch: pytest.MonkeyPatch, spec: str, players: int) -> None:
    """A model without observation weights reads one seat's observation for the progress
    (Civolution's era and phase, public), whichever seat decides."""
    monkeypatch.setattr(learned, "shipped", lambda game, players, variant=None: random_model(
        game, players, observes=False))
    variant = "medium" if players == 1 else None
    assert same_choice_for_twins(lambda seat: make_bot(spec, seat, 7), "civolution",
                                 players=players, variant=variant)


@pytest.mark.parametrize("spec", ["greedy", "ismcts:iters=60,rollout=0,chain=2"])
def test_bots_follow_the_learned_evaluation_they_are_given(shipped_random: None,
                                                           spec: str) -> None:
    """With a model the choice can differ from the game's evaluation's (the spec is used)."""
    differs = 0
    for seed in range(6):
        state = a_position("legendary-inventors", 3, seed)
        decision = state.decision
        assert decision is not None
        plain = make_bot(spec, decision.seat, 1).choose(state, decision)
        taught = make_bot(f"{spec}{',' if ':' in spec else ':'}learned=1", decision.seat,
                          1).choose(state, decision)
        differs += plain.id != taught.id
    assert differs


def test_the_ridge_fit_recovers_a_linear_rule() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(size=(4000, 5)).astype(np.float32)
    x[:, 3] = 2.0  # a constant column: left out, weight 0
    y = 3 * x[:, 0] - 2 * x[:, 1] + 0.5 * x[:, 4] + 7
    sums = Sums(5)
    sums.add(Positions(x, y, y, np.zeros(len(y)), np.zeros(len(y)), np.zeros(1)), y)
    weights, bias = fit(sums, alphas=(1e-6,))[1e-6]
    assert weights == pytest.approx([3, -2, 0, 0, 0.5], abs=1e-3)
    assert bias == pytest.approx(7, abs=1e-3)


def test_positions_are_labelled_with_each_seats_final_margin() -> None:
    positions = play_positions(Task("legendary-inventors", 2, 5, "greedy", 4))
    rows = len(positions.margins)
    assert positions.features.shape[0] == rows and rows % 2 == 0
    assert set(positions.at_stage) == {0.0, 0.5, 0.75, 0.9}
    assert positions.final[0] == -positions.final[1]  # 2 players: one's margin is the other's
    assert list(positions.margins[:2]) == list(positions.final)
    assert np.all(np.diff(positions.stages[::2]) > 0)


@pytest.mark.parametrize("target", ["margin", "points"])
def test_training_is_reproducible_and_reports_every_stage(target: str) -> None:
    first = train("legendary-inventors", 3, games=4, validation=2, seed=9, target=target)
    again = train("legendary-inventors", 3, games=4, validation=2, seed=9, target=target)
    assert np.array_equal(first.model.weights, again.model.weights)
    assert [r.stage for r in first.stages] == [0.5, 0.75, 0.9]
    assert first.model.meta["rows"] > 0 and first.alpha in first.errors
    assert first.model.target == target


def test_training_fits_stage_terms_where_the_game_declares_its_progress(
        monkeypatch: pytest.MonkeyPatch) -> None:
    plain = train("legendary-inventors", 2, games=3, validation=2, seed=13)
    game = type(ingenium.get_game("legendary-inventors"))
    monkeypatch.setattr(game, "progress_weights", {0: 1.0, 1: 0.5})
    staged = train("legendary-inventors", 2, games=3, validation=2, seed=13)
    assert plain.model.stage_weights.size == 0 and plain.model.progress == {}
    assert staged.model.stage_weights.size == len(STAGE_TERMS)
    assert staged.model.progress == {0: 1.0, 1: 0.5}
    assert staged.model.weights.size == plain.model.weights.size
    # the report still reads the game's own evaluation from its column
    assert [r.hand for r in staged.stages] == [r.hand for r in plain.stages]
    state = a_position("legendary-inventors", 2)
    assert len(staged.model.evaluate_all(state)) == 2


def test_training_without_the_observation_weighs_the_evaluation_and_its_terms_only() -> None:
    """`--no-observation`: the observation's weights are 0 (a leaf reads one seat's
    observation, for the progress), the evaluation's terms and the stage terms are fitted."""
    trained = train("civolution", 2, games=1, validation=1, seed=21, every=40,
                    observation=False)
    model = trained.model
    assert not model.observes and model.weights.size == a_position(
        "civolution", 2).game.observation(a_position("civolution", 2), 0).size
    assert model.term_weights.size == 15 and np.any(model.term_weights)
    assert model.stage_weights.size == len(STAGE_TERMS)
    assert model.meta["observation"] is False
    state = a_position("civolution", 2)
    split = np.asarray(state.game.evaluate_terms(state))
    hands = split.sum(axis=1)
    done = civolution_progress(state)
    behind = np.minimum(hands, 0.0)
    stage = np.column_stack([behind, [done] * 2, [done ** 2] * 2, hands * done, behind * done])
    expected = (hands * model.hand_weight + model.bias + stage @ model.stage_weights
                + split @ model.term_weights)
    assert model.evaluate_all(state) == pytest.approx(list(expected))


def test_train_eval_command_writes_a_model_the_loader_reads(tmp_path: Path) -> None:
    out = tmp_path / "li.npz"
    result = CliRunner().invoke(app, ["train-eval", "legendary-inventors", "--players", "2",
                                      "--games", "3", "--validation", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "learned" in result.output and "75%" in result.output
    assert load(out).players == 2


@pytest.mark.parametrize("args, said", [
    (["legendary-inventors", "--players", "1"], "players"),
    (["civolution", "--players", "1", "--variant", "medium", "--target", "points"], "rival"),
    (["legendary-inventors", "--bots", "nobot"], "unknown bot"),
    (["legendary-inventors", "--games", "0"], "at least 1"),
    (["legendary-inventors", "--out", "model.txt"], "an .npz file"),
])
def test_train_eval_refuses_bad_arguments_in_one_line(args: list[str], said: str) -> None:
    result = CliRunner().invoke(app, ["train-eval", *args])
    assert result.exit_code == 2 and said in result.output


def test_solo_final_margin_is_the_points_less_the_rivals() -> None:
    state = a_position("civolution", 1, variant="medium")
    rng = random.Random(0)
    while (decision := state.decision) is not None:
        state.apply(rng.choice(decision.options))
    (margin,) = final_margins(state)
    assert margin == state.table.score[0] - state.table.score[1]  # the human less V.I.C.I


def test_a_solo_model_is_one_per_difficulty_level(tmp_path: Path) -> None:
    assert value_file_name("civolution", 1, "medium") == "civolution-1p-medium.npz"
    assert value_file_name("civolution", 2) == "civolution-2p.npz"
    model = LinearValue("civolution", 1, random_model("civolution", 1).weights, 1.0, 0.0, {},
                        "medium")
    model.save(tmp_path / "solo.npz")
    assert load(tmp_path / "solo.npz").variant == "medium"
    with pytest.raises(NoLearnedEvaluation, match="--variant expert"):
        learned.shipped("civolution", 1, "expert")


def test_training_on_two_processes_gives_the_same_model() -> None:
    here = train("legendary-inventors", 2, games=4, validation=2, seed=11)
    pooled = train("legendary-inventors", 2, games=4, validation=2, seed=11, workers=2)
    assert np.array_equal(here.model.weights, pooled.model.weights)
    assert here.model.bias == pooled.model.bias


def test_learned_2_takes_the_model_where_one_is_shipped_and_else_the_games_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What the hard level asks: no game is left without an evaluation."""
    model = random_model("legendary-inventors", 2)

    def only_li2(game: str, players: int, variant: str | None = None) -> LinearValue:
        if (game, players) != ("legendary-inventors", 2):
            raise NoLearnedEvaluation("none")
        return model

    monkeypatch.setattr(learned, "shipped", only_li2)
    li2, inventions = a_position("legendary-inventors", 2), a_position("inventions", 3)
    assert learned.evaluation(li2, 2) == model.evaluate
    assert learned.evaluation_all(li2, 2) == model.evaluate_all
    assert learned.evaluation(inventions, 2) is learned.own_evaluation
    assert learned.evaluation_all(inventions, 2) is learned.own_evaluation_all
    assert learned.evaluation(li2, 0) is learned.own_evaluation
    with pytest.raises(NoLearnedEvaluation):
        learned.evaluation(inventions, 1)


def test_the_levels_leave_aside_a_model_that_played_worse_learned_1_still_takes_it() -> None:
    """Civolution 4p: the shipped model predicts the end better than the game's evaluation
    (README), the hard level won fewer games with it, so `learned=2` keeps the game's own."""
    assert ("civolution", 4, None) in learned.shipped_models()
    state = a_position("civolution", 4)
    assert learned.evaluation_all(state, 2) is learned.own_evaluation_all
    model = learned.evaluation_all(state, 1)
    assert model is not learned.own_evaluation_all
    assert model(state) == learned.shipped("civolution", 4, None).evaluate_all(state)
    li2 = a_position("legendary-inventors", 2)
    assert learned.evaluation_all(li2, 2)(li2) == learned.shipped(
        "legendary-inventors", 2, None).evaluate_all(li2)


def test_a_spec_asking_for_a_model_that_is_not_shipped_is_refused_before_the_game() -> None:
    """check_learned: `learned=1` needs the game and count's model (solo: the level's);
    `learned=2`, the levels and other bots need none; unknown names are their maker's to
    refuse."""
    check_learned("greedy:learned=1", "legendary-inventors", 2)
    check_learned("ismcts:iters=5,learned=1", "civolution", 4)
    for spec in ("greedy", "hard", "greedy:learned=2", "random", "wizard"):
        check_learned(spec, "inventions", 3)
    with pytest.raises(NoLearnedEvaluation, match="inventions with 3 players"):
        check_learned("greedy:learned=1", "inventions", 3)
    with pytest.raises(NoLearnedEvaluation, match=r"with 1 player \(expert\)"):
        check_learned("greedy:learned=1", "civolution", 1, "expert")


def test_the_hard_level_asks_for_the_learned_evaluation_where_shipped() -> None:
    assert "learned=2" in LEVELS["hard"]
