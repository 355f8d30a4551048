"""PettingZoo AEC environment for every registered game (`pip install 'ingenium[rl]'`).

Agents are "player_0".."player_{n-1}"; the agent to act is the seat of the pending decision.
Observations are dicts {"observation": the game's float32 encoding of view(seat), "action_mask":
int8 over the action codes}, built only from what that seat may see; `infos[agent]["legal_ids"]`
names the acting agent's options, and `infos[agent]["forced"]` is True when there is only one.
`state()` is every seat's observation side by side: all that any seat sees, never what none
does. Rewards come at the end: 1 shared among the winners.

- An illegal action (one its mask forbids) leaves the game unchanged and costs the acting
  agent -1 (every other agent 0); `infos[agent]["illegal_action"]` and `["reason"]` say why.
  By default (`illegal_action="refuse"`) the same agent is asked again and the refused action
  counts as one of its cycles, so agents that sample blindly (PettingZoo's `max_cycles_test`)
  still make progress; `illegal_action="terminate"` is PettingZoo's classic convention instead:
  every agent terminated.
- `reset()` without a seed continues the generator of the last seeded reset, or, never seeded,
  draws fresh entropy (two new environments play different games).
- `max_cycles=k` gives each agent k steps (PettingZoo's "cycles": its decisions and refused
  actions): an agent that has taken its k is truncated, and its later decisions in the game
  are made by a stand-in (uniformly among the legal options, seeded by the game's seed) so the
  other agents get their k as well; the episode ends when every agent is truncated or the game ends.
  `stand_in_decisions` counts what the stand-in played. `max_decisions=k` truncates every
  agent once k steps were taken in all. `parallel_env` wraps the game turn by turn
  (PettingZoo's turn-based conversion): one parallel step is one decision, so there
  max_cycles counts decisions.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np

from ingenium.rl.common import ILLEGAL_REWARD, missing_extras

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel
except ImportError as exc:
    raise missing_extras(__name__, exc) from None

import ingenium
from ingenium.rl.common import action_mask, offered, view_text, win_shares

ILLEGAL_POLICIES = ("refuse", "terminate")


class IngeniumAECEnv(AECEnv):  # type: ignore[misc]
    """One game of a registered Ingenium game, decision by decision."""

    metadata: ClassVar[dict[str, Any]] = {"name": "ingenium_v0",
                                          "render_modes": ["ansi", "human"],
                                          "is_parallelizable": False}

    def __init__(self, game: str = "legendary-inventors", players: int = 2,
                 variant: str | None = None, render_mode: str | None = None,
                 max_cycles: int | None = None, max_decisions: int | None = None,
                 illegal_action: str = "refuse") -> None:
        super().__init__()
        self.game = ingenium.get_game(game)
        self.game.check_setup(players, variant)
        if illegal_action not in ILLEGAL_POLICIES:
            raise ValueError(f"illegal_action {illegal_action!r} is not one of "
                             f"{', '.join(ILLEGAL_POLICIES)}")
        self.illegal_action = illegal_action
        for name, limit in (("max_cycles", max_cycles), ("max_decisions", max_decisions)):
            if limit is not None and limit < 1:
                raise ValueError(f"{name} must be at least 1, not {limit}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r} is not one of "
                             f"{self.metadata['render_modes']}")
        self.players, self.variant, self.render_mode = players, variant, render_mode
        self.max_cycles, self.max_decisions = max_cycles, max_decisions
        self.possible_agents = [f"player_{i}" for i in range(players)]
        low, high = self.game.observation_bounds
        shape = self.game.observation_shape
        obs_space = spaces.Dict({
            "observation": spaces.Box(low, high, shape, np.float32),
            "action_mask": spaces.Box(0, 1, (self.game.num_actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.game.num_actions)
                              for a in self.possible_agents}
        self.state_space = spaces.Box(low, high, (players * int(np.prod(shape)),), np.float32)
        self._rng: np.random.Generator | None = None
        self.game_state = self.game.new_game(players, 0, variant)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; its seed comes from a generator seeded here (or from entropy)."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(0, 2**31 - 1))  # kept from the agents
        self.game_state = self.game.new_game(self.players, game_seed, self.variant)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.cycles = [0] * self.players  # steps taken by each agent this game
        self.stand_in_decisions = 0  # made for agents that used their max_cycles
        self._stand_in = random.Random(game_seed)
        self._select()

    def _select(self) -> None:
        """Point agent_selection at the seat to answer, with its legal ids, after the
        stand-in's decisions for truncated agents; truncated agents step (None) first."""
        self._play_stand_in()
        decision = self.game_state.decision
        if decision is None:
            return
        agent = self.possible_agents[decision.seat]
        if self.max_decisions is not None and sum(self.cycles) >= self.max_decisions:
            self.truncations = {a: True for a in self.agents}
        if agent in self.agents and not self.truncations[agent]:
            self.agent_selection = agent
            self.infos[agent] = {"legal_ids": [option.id for option in decision.options],
                                 "forced": decision.forced}
        elif self.agents:
            self.agent_selection = self.agents[0]
        self._deads_step_first()

    def _play_stand_in(self) -> None:
        """Decide for agents out of decisions while any agent still has some left."""
        state = self.game_state
        while (decision := state.decision) is not None and self._out_of_decisions(decision.seat):
            if all(self.truncations[a] for a in self.agents):
                return
            state.apply(self._stand_in.choice(decision.options))
            self.stand_in_decisions += 1
        if state.is_terminal:
            self._end_of_game()

    def _out_of_decisions(self, seat: int) -> bool:
        return self.max_cycles is not None and self.cycles[seat] >= self.max_cycles

    def _end_of_game(self) -> None:
        shares = win_shares(self.game_state)
        for seat, name in enumerate(self.possible_agents):
            if name in self.agents:
                self.rewards[name] = shares[seat]
                self.terminations[name] = True

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        return {"observation": self.game_state.observation(seat),
                "action_mask": action_mask(self.game_state, seat)}

    def state(self) -> np.ndarray:
        """Every seat's observation, seat 0 first: all any seat sees, nothing none does."""
        return np.concatenate([self.game_state.observation(s) for s in range(self.players)])

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action code (None once it is terminated or truncated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        why = offered(self.game_state.decision, seat, action)
        if why is not None:
            self._illegal(agent, seat, action, why)
            return
        self.infos[agent] = {}
        self.game_state.apply(int(action))  # type: ignore[arg-type]
        self.cycles[seat] += 1
        if self._out_of_decisions(seat):
            self.truncations[agent] = True
        if self.game_state.is_terminal:
            self._end_of_game()
        else:
            self._select()
        self._accumulate_rewards()

    def _illegal(self, agent: str, seat: int, action: object, why: str) -> None:
        """The game unchanged, -1 for the actor; then asked again (a cycle spent) or, with
        illegal_action="terminate", every agent terminated."""
        self.rewards = {a: 0.0 for a in self.agents}
        self.rewards[agent] = ILLEGAL_REWARD
        if self.illegal_action == "terminate":
            self.terminations = {a: True for a in self.agents}
        else:
            self.cycles[seat] += 1
            if self._out_of_decisions(seat):
                self.truncations[agent] = True
            self._select()
        self.infos[agent] = {**self.infos.get(agent, {}), "illegal_action": action,
                             "reason": why}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """What a spectator sees, as text ("ansi") or printed ("human"): no agent's hidden
        information and never the seed."""
        if self.render_mode is None:
            return None
        text = view_text(self.game_state, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: Any) -> IngeniumAECEnv:
    """PettingZoo-style constructor of the AEC environment."""
    return IngeniumAECEnv(**kwargs)


raw_env = env


def parallel_env(max_cycles: int | None = None, **kwargs: Any) -> ParallelEnv:
    """The game through PettingZoo's parallel API, turn by turn: each parallel step plays the
    acting agent's action (the others' are ignored), so max_cycles counts decisions."""
    return turn_based_aec_to_parallel(IngeniumAECEnv(max_decisions=max_cycles, **kwargs))
