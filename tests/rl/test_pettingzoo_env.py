"""The PettingZoo adapter: api_test, seed_test, max_cycles_test, state(), infos, the
illegal-action policy, truncation."""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")


from ingenium.rl import pettingzoo_env  # noqa: E402
from ingenium.rl.common import ILLEGAL_REWARD  # noqa: E402
from ingenium.rl.pettingzoo_env import IngeniumAECEnv, parallel_env  # noqa: E402
from tests.rl.conftest import GAME_COUNTS  # noqa: E402


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_api_test_passes(game: str, players: int) -> None:
    pettingzoo_test.api_test(IngeniumAECEnv(game, players), num_cycles=60)


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_seed_test_passes(game: str, players: int) -> None:
    pettingzoo_test.seed_test(lambda: IngeniumAECEnv(game, players), num_cycles=40)


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_state_test_passes(game: str, players: int) -> None:
    from pettingzoo.test.state_test import test_state, test_state_space

    env = IngeniumAECEnv(game, players)
    env.reset(seed=1)
    test_state_space(env)
    test_state(env, 20)


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_max_cycles_test_passes_on_the_module_as_shipped(game: str, players: int) -> None:
    """PettingZoo's own max_cycles_test samples actions without their mask: refused actions
    count as cycles, so the shipped `env` and `parallel_env` pass it with nothing wrapped."""
    mod = SimpleNamespace(env=partial(pettingzoo_env.env, game=game, players=players),
                          parallel_env=partial(pettingzoo_env.parallel_env, game=game,
                                               players=players))
    pettingzoo_test.max_cycles_test(mod)


def test_max_cycles_test_passes_on_the_module_itself() -> None:
    pettingzoo_test.max_cycles_test(pettingzoo_env)


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_render_test_passes_and_shows_no_seed(game: str, players: int) -> None:
    pettingzoo_test.render_test(partial(IngeniumAECEnv, game, players))
    env = IngeniumAECEnv(game, players, render_mode="ansi")
    env.reset(seed=12)
    text = env.render()
    assert isinstance(text, str) and "to move" in text
    assert str(env.game_state.seed) not in text and "seed" not in text.lower()


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_max_cycles_gives_every_agent_its_decisions_and_a_stand_in_plays_the_rest(
        game: str, players: int) -> None:
    """Where one seat makes many decisions a turn (Inventions) or bonus choices come unevenly,
    every agent still makes exactly max_cycles decisions; the stand-in decides for those that
    are out, and an agent is stepped once (None) when it is truncated."""
    env = IngeniumAECEnv(game, players, max_cycles=5)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    steps, dead_steps = 0, {a: 0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            dead_steps[agent] += 1
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert env.cycles == [5] * players and steps == 5 * players
    assert dead_steps == {a: 1 for a in env.possible_agents}
    assert not env.game_state.is_terminal and env.agents == []
    assert len(env.game_state.history) > steps  # chance entries and any stand-in decisions
    again = IngeniumAECEnv(game, players, max_cycles=5)
    again.reset(seed=3)
    rng = np.random.default_rng(3)
    for _agent in again.agent_iter():
        obs, _, terminated, truncated, _ = again.last()
        again.step(None if terminated or truncated
                   else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert again.game_state.history == env.game_state.history  # the stand-in is seeded


def test_parallel_env_steps_one_decision_at_a_time_and_stops_at_max_cycles() -> None:
    par = parallel_env(max_cycles=7, game="inventions", players=3)
    observations, _infos = par.reset(seed=2)
    steps = 0
    while par.agents:
        actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[0])
                   if observations[a]["action_mask"].any() else 0 for a in par.agents}
        observations, *_ = par.step(actions)
        steps += 1
    assert steps == 7


def test_masked_random_play_reaches_the_end_with_win_rewards_and_legal_ids() -> None:
    env = IngeniumAECEnv(players=3)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        decision = env.game_state.decision
        assert info["legal_ids"] == [o.id for o in decision.options]
        assert info["forced"] == (len(decision.options) == 1)
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(o.code
                                                                   for o in decision.options)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.game_state.is_terminal
    assert abs(sum(totals.values()) - 1.0) < 1e-9


def test_an_illegal_action_is_refused_with_a_penalty_and_the_agent_asked_again() -> None:
    env = IngeniumAECEnv(game="inventions", players=4)
    env.reset(seed=1)
    agent = env.agent_selection
    fingerprint = env.game_state.fingerprint()
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.game_state.fingerprint() == fingerprint
    assert env.agent_selection == agent and not any(env.terminations.values())
    assert env.rewards == {a: ILLEGAL_REWARD if a == agent else 0.0 for a in env.agents}
    assert env.infos[agent]["illegal_action"] == illegal
    assert "legal:" in env.infos[agent]["reason"] and env.infos[agent]["legal_ids"]
    assert f"for {agent} " in env.infos[agent]["reason"]  # named as the agent, not "Player 1"
    assert env.cycles[env.possible_agents.index(agent)] == 1
    _obs, reward, *_ = env.last()
    assert reward == ILLEGAL_REWARD


def test_an_illegal_action_terminates_everyone_under_the_classic_policy() -> None:
    env = IngeniumAECEnv(game="inventions", players=4, illegal_action="terminate")
    env.reset(seed=1)
    agent = env.agent_selection
    fingerprint = env.game_state.fingerprint()
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.game_state.fingerprint() == fingerprint
    assert all(env.terminations.values())
    assert env.rewards == {a: ILLEGAL_REWARD if a == agent else 0.0 for a in env.agents}
    assert "legal:" in env.infos[agent]["reason"]
    with pytest.raises(ValueError, match="refuse, terminate"):
        IngeniumAECEnv(illegal_action="ignore")


def test_state_is_every_seats_observation_and_unseeded_resets_differ() -> None:
    env = IngeniumAECEnv(game="inventions", players=3)
    env.reset(seed=0)
    state = env.state()
    size = env.game.observation_shape[0]
    assert state.shape == env.state_space.shape == (3 * size,)
    assert np.array_equal(state[size:2 * size], env.game_state.observation(1))
    first, second = IngeniumAECEnv(), IngeniumAECEnv()
    first.reset()
    second.reset()
    assert first.game_state.seed != second.game_state.seed
    first.reset(seed=9)
    again = first.game_state.seed
    first.reset()
    first.reset(seed=9)
    assert first.game_state.seed == again
