"""The Gymnasium adapter: check_env on the raw env, registered ids, masks, opponents, the
illegal-action policy."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from ingenium.bots import UnknownBot  # noqa: E402
from ingenium.rl.common import ILLEGAL_REWARD  # noqa: E402
from ingenium.rl.gym_env import IngeniumEnv, env_id  # noqa: E402
from tests.rl.conftest import GAME_COUNTS  # noqa: E402


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_check_env_passes_on_the_raw_env_for_every_game_and_player_count(
        game: str, players: int) -> None:
    check_env(gymnasium.make(env_id(game, players), opponents="random",
                             render_mode="ansi").unwrapped)


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_gymnasium_make_knows_every_game_and_player_count(game: str, players: int) -> None:
    env = gymnasium.make(env_id(game, players), opponents="random")
    obs, _info = env.reset(seed=3)
    assert obs in env.observation_space and np.isfinite(env.observation_space.high).all()
    assert env.unwrapped.players == players and env.unwrapped.game.name == game
    env.close()


def test_an_illegal_action_ends_the_episode_as_a_loss_and_changes_nothing() -> None:
    env = IngeniumEnv(players=3, opponents="random")
    env.reset(seed=1)
    mask = env.action_masks()
    fingerprint = env.game_state.fingerprint()
    illegal = int(np.flatnonzero(~mask)[0])
    _obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (ILLEGAL_REWARD, True, False)
    assert info["illegal_action"] == illegal and "legal:" in info["reason"]
    assert env.game_state.fingerprint() == fingerprint
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(int(np.flatnonzero(mask)[0]))


def test_masked_play_reaches_the_end_with_a_win_share() -> None:
    env = IngeniumEnv(players=2, opponents="greedy")
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    done, reward, info = False, 0.0, {}
    while not done:
        mask = env.action_masks()
        assert mask.dtype == bool
        assert (mask == env.game_state.observation(0)[_legal_slice(env)].astype(bool)).all()
        _, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(mask))))
    assert reward in (0.0, 0.5, 1.0) and len(info["scores"]) == 2 and info["winners"]


def _legal_slice(env: IngeniumEnv) -> slice:
    from ingenium.games.legendary_inventors.encoding import SLICES

    start, length = SLICES["legal"]
    return slice(start, start + length)


def test_opponents_are_listed_for_the_other_seats_in_order() -> None:
    env = IngeniumEnv(players=3, seat=1, opponents="greedy,random")
    assert env.opponent_specs == {0: "greedy", 2: "random"}
    env.reset(seed=0)
    assert {s: bot.spec for s, bot in env.bots.items()} == {0: "greedy", 2: "random"}
    assert IngeniumEnv(players=3, opponents="greedy").opponent_specs == {1: "greedy",
                                                                         2: "greedy"}
    for bad in ("", "greedy,random,random"):
        with pytest.raises(ValueError, match="one bot spec"):
            IngeniumEnv(players=3, opponents=bad)
    with pytest.raises(UnknownBot):
        IngeniumEnv(players=2, opponents="nobody")


def test_the_seed_fixes_the_game_and_unseeded_resets_differ() -> None:
    a, b = IngeniumEnv(players=2), IngeniumEnv(players=2)
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.game_state.history == b.game_state.history
    firsts = [IngeniumEnv().reset()[0] for _ in range(4)]
    assert any(not np.array_equal(firsts[0], other) for other in firsts[1:])


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_no_seed_reaches_the_agent_in_info_or_render(game: str, players: int) -> None:
    """A game's seed rebuilds its hidden state: reset's and step's info and both render modes
    carry none of it (nor the word), only the learning seat's view."""
    env = IngeniumEnv(game, players, render_mode="ansi")
    _obs, info = env.reset(seed=11)
    seed = env.game_state.seed
    assert seed is not None and set(info) == {"forced"}
    text = env.render()
    assert isinstance(text, str) and str(seed) not in text and "seed" not in text.lower()
    mask = env.action_masks()
    _obs, _r, _t, _tr, info = env.step(int(np.flatnonzero(mask)[0]))
    assert str(seed) not in repr(info) and "seed" not in repr(info)
    assert render_test_accepts_human(game, players)


def render_test_accepts_human(game: str, players: int) -> bool:
    """"human" prints the same text and returns None."""
    env = IngeniumEnv(game, players, render_mode="human")
    env.reset(seed=3)
    return env.render() is None


def test_gym_env_doctests() -> None:
    import doctest

    import ingenium.rl.gym_env as module

    assert doctest.testmod(module).failed == 0


def test_info_says_when_the_next_decision_is_forced() -> None:
    """info["forced"]: the learning seat's next decision has a single option."""
    env = IngeniumEnv(game="civolution", players=2, opponents="random")
    _obs, info = env.reset(seed=5)
    rng = np.random.default_rng(1)
    seen = {info["forced"]}
    for _ in range(400):
        decision = env.game_state.decision
        assert info["forced"] == (decision is not None and len(decision.options) == 1)
        _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if done:
            break
        seen.add(info["forced"])
    assert seen == {True, False}
