"""Reinforcement learning against V.I.C.I (Civolution solo, a level as the variant): the
Gymnasium environment is a single agent against it (check_env passes, the mask holds the offered
codes, reward 1 for beating it); PettingZoo runs it as a one-agent game; OpenSpiel refuses it
with a one-line pointer to Gymnasium."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import ingenium  # noqa: E402
from ingenium.rl.gym_env import IngeniumEnv, env_id  # noqa: E402
from tests.rl.conftest import VARIANT_CASES  # noqa: E402

SOLO = [case for case in VARIANT_CASES if case[0] == "civolution"]
assert SOLO, "Civolution solo is registered with its levels"


@pytest.mark.parametrize(("game", "players", "variant"), SOLO)
def test_check_env_passes_against_vici(game: str, players: int, variant: str) -> None:
    check_env(IngeniumEnv(game, players, variant=variant, render_mode="ansi"))


@pytest.mark.parametrize(("game", "players", "variant"), SOLO)
def test_each_level_has_its_own_gymnasium_id(game: str, players: int, variant: str) -> None:
    env = gymnasium.make(env_id(game, players, variant))
    obs, _info = env.reset(seed=2)
    assert obs in env.observation_space
    assert env.unwrapped.variant == variant and env.unwrapped.players == 1
    env.close()


def test_the_plain_solo_id_plays_the_beginner_level_unless_told_another() -> None:
    env = gymnasium.make(env_id("civolution", 1))
    env.reset(seed=1)
    assert env.unwrapped.variant == "beginner" and env.unwrapped.players == 1
    other = gymnasium.make(env_id("civolution", 1), variant="expert")
    assert other.unwrapped.variant == "expert"
    with pytest.raises(ingenium.IngeniumError, match="expert"):
        IngeniumEnv("civolution", 1)  # the class itself still asks for a level


def test_masked_play_against_vici_ends_with_the_seats_result() -> None:
    """A whole game by masked random choice: reward 1 when V.I.C.I is beaten, else 0."""
    env = IngeniumEnv("civolution", 1, variant="beginner")
    _obs, info = env.reset(seed=5)
    rng = np.random.default_rng(0)
    reward, done, steps = 0.0, False, 0
    while not done:
        mask = env.action_masks()
        assert mask.any() and env.game_state.decision.seat == 0
        action = int(rng.choice(np.flatnonzero(mask)))
        _obs, reward, done, _truncated, info = env.step(action)
        steps += 1
    assert "illegal_action" not in info and steps > 50
    assert reward == (1.0 if info["winners"] == [0] else 0.0)
    assert len(info["scores"]) == 1


def test_pettingzoo_runs_one_agent_against_vici() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from ingenium.rl.pettingzoo_env import IngeniumAECEnv

    env = IngeniumAECEnv("civolution", 1, variant="expert", max_cycles=300)
    api_test(env, num_cycles=300)
    assert env.possible_agents == ["player_0"]


def test_openspiel_refuses_the_solo_game_with_a_pointer_to_gymnasium() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from ingenium.rl.openspiel_game import register_all

    register_all()
    with pytest.raises(Exception, match="Gymnasium"):
        pyspiel.load_game("ingenium_civolution", {"players": 1})
    assert pyspiel.load_game("ingenium_civolution").num_players() == 2
