"""Gymnasium environment: one seat learns, bots (by spec) play the others.

Observation: {"observation": float32 tensor, "action_mask": int8}; reward 1 shared among the
winners at the end, 0 before. An action the mask forbids raises IllegalMove (nothing changes).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import ingenium
from ingenium.bots import make_bot, split_specs
from ingenium.rl.common import action_mask, win_shares


class IngeniumEnv(gym.Env):  # type: ignore[type-arg, unused-ignore]
    """Single-agent view of a multi-player game against bots."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium declares it so

    def __init__(self, game: str = "legendary-inventors", players: int = 2, seat: int = 0,
                 opponents: str = "random", variant: str | None = None,
                 render_mode: str | None = None) -> None:
        self.game = ingenium.get_game(game)
        self.game.check_setup(players, variant)
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} outside 0..{players - 1}")
        self.players, self.seat, self.variant = players, seat, variant
        self.opponent_specs = split_specs(opponents) * players
        for spec in self.opponent_specs:
            make_bot(spec, 0)
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, self.game.observation_shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.game.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.state = self.game.new_game(players, 0, variant)

    def _obs(self) -> dict[str, np.ndarray]:
        return {"observation": self.state.observation(self.seat),
                "action_mask": action_mask(self.state, self.seat)}

    def _play_opponents(self) -> None:
        while (decision := self.state.decision) is not None and decision.seat != self.seat:
            self.state.apply(self.bots[decision.seat].choose(self.state, decision))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.state = self.game.new_game(self.players, game_seed, self.variant)
        self.bots = {s: make_bot(self.opponent_specs[s], s, game_seed + s)
                     for s in range(self.players) if s != self.seat}
        self._play_opponents()
        return self._obs(), {"game_seed": game_seed}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                          dict[str, Any]]:
        self.state.apply(int(action))
        self._play_opponents()
        done = self.state.is_terminal
        reward = win_shares(self.state)[self.seat] if done else 0.0
        info = {"scores": self.state.scores()} if done else {}
        return self._obs(), reward, done, False, info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return f"{self.state!r} scores={self.state.scores()}"
        return None
