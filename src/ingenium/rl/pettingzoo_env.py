"""PettingZoo AEC environment for every registered game (`pip install 'ingenium[rl]'`).

Agents are "player_0".."player_{n-1}"; the agent to act is the seat of the pending decision.
Observations are dicts {"observation": float32 tensor, "action_mask": int8 mask}, built only
from what that seat may see. Rewards come at the end: 1 shared among the winners.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import ingenium
from ingenium.rl.common import action_mask, win_shares


class IngeniumAECEnv(AECEnv):  # type: ignore[misc]
    """One game of a registered Ingenium game, turn by turn."""

    metadata: ClassVar[dict[str, Any]] = {"name": "ingenium_v0", "render_modes": ["ansi"],
                                          "is_parallelizable": False}

    def __init__(self, game: str = "legendary-inventors", players: int = 2,
                 variant: str | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.game = ingenium.get_game(game)
        self.game.check_setup(players, variant)
        self.players = players
        self.variant = variant
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, self.game.observation_shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.game.num_actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.game.num_actions)
                              for a in self.possible_agents}
        self._seed = 0
        self.state = self.game.new_game(players, 0, variant)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; with no seed, the next seed after the last game's."""
        self._seed = seed if seed is not None else self._seed + 1
        self.state = self.game.new_game(self.players, self._seed, self.variant)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        decision = self.state.decision
        if decision is not None:
            self.agent_selection = self.possible_agents[decision.seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        return {"observation": self.state.observation(seat),
                "action_mask": action_mask(self.state, seat)}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action code (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(int(action))  # type: ignore[arg-type]
        if self.state.is_terminal:
            shares = win_shares(self.state)
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = shares[seat]
                self.terminations[name] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return f"{self.state!r} scores={self.state.scores()}"
        return None

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: Any) -> IngeniumAECEnv:
    """PettingZoo-style constructor."""
    return IngeniumAECEnv(**kwargs)
