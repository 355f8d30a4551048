"""The OpenSpiel adapter (Gymnasium and PettingZoo: test_gym_env.py, test_pettingzoo_env.py)."""

from __future__ import annotations

import numpy as np
import pytest

import ingenium

pyspiel = pytest.importorskip("pyspiel")

from ingenium.rl.openspiel_game import register_all  # noqa: E402


def test_openspiel_registration_random_playthrough_and_clone() -> None:
    assert "ingenium_legendary_inventors" in register_all()
    game = pyspiel.load_game("ingenium_legendary_inventors", {"players": 4, "seed": 3})
    assert game.num_players() == 4
    assert game.num_distinct_actions() == ingenium.get_game("legendary-inventors").num_actions
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    steps = 0
    while not state.is_terminal():
        if steps == 50:
            twin = state.clone()
            twin.apply_action(twin.legal_actions()[0])
            assert len(twin.history()) == len(state.history()) + 1
        state.apply_action(int(rng.choice(state.legal_actions())))
        steps += 1
    returns = state.returns()
    assert len(returns) == 4 and abs(sum(returns) - 1.0) < 1e-9
    pyspiel_obs = game.make_py_observer()
    assert pyspiel_obs.tensor.shape == ingenium.get_game("legendary-inventors").observation_shape
