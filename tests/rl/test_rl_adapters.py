"""PettingZoo, Gymnasium and OpenSpiel adapters: API checkers pass, masks are honest."""

from __future__ import annotations

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from ingenium.engine import IllegalMove  # noqa: E402
from ingenium.rl.gym_env import IngeniumEnv  # noqa: E402
from ingenium.rl.pettingzoo_env import IngeniumAECEnv  # noqa: E402


@pytest.mark.parametrize("players", [2, 5])
def test_pettingzoo_api_test_passes(players: int) -> None:
    pettingzoo_test.api_test(IngeniumAECEnv(players=players), num_cycles=200)


def test_pettingzoo_masked_random_play_reaches_the_end_with_win_rewards() -> None:
    env = IngeniumAECEnv(players=3)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.state.is_terminal
    assert abs(sum(totals.values()) - 1.0) < 1e-9


class FirstLegal(gymnasium.ActionWrapper):  # type: ignore[misc]
    """check_env samples unmasked actions; map an illegal one to the first legal one."""

    def action(self, action: int) -> int:
        mask = self.env.unwrapped._obs()["action_mask"]
        return action if mask[action] else int(np.flatnonzero(mask)[0])


def test_gymnasium_env_checker_passes_and_illegal_actions_raise() -> None:
    check_env(FirstLegal(IngeniumEnv(players=3, opponents="random")), skip_render_check=True)
    env = IngeniumEnv(players=3, opponents="random")
    obs, info = env.reset(seed=1)
    assert obs["observation"].shape == env.game.observation_shape
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalMove):
        env.step(illegal)
    done, reward = False, 0.0
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, done, _, info = env.step(action)
    assert reward in (0.0, 0.5, 1.0) or 0 < reward < 1
    assert "scores" in info
