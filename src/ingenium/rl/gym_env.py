"""Gymnasium environment: one seat learns, bots (by spec) play the other seats.

Observation: the game's float32 encoding of view(seat) (a Box within the game's
observation_bounds; it includes the seat's legal options as its "legal" slice). Actions are the
game's integer codes; `action_masks()` gives the legal ones as booleans (the sb3-contrib
convention, cheap: it reads the pending decision only). Reward: at the end, 1 shared among the
winners, 0 for a loss. With one player (Civolution solo, `variant` a level) the one seat plays
against the game's automated rival, V.I.C.I, and there are no opponents: reward 1 for beating it.

An action the mask forbids ends the episode as a loss: reward -1, terminated=True, and
info["illegal_action"] says why; the game itself is left unchanged (so `check_env`, which
samples actions blindly, passes on the raw environment). info["forced"] is True when the seat's
next decision offers a single option (an agent may play it without thinking). The game's seed
is never handed to the agent (not in `info`, not in `render()`): a seed rebuilds the hidden state.
`render_mode="ansi"` returns the learning seat's view as the terminal draws it, `"human"` prints it.

Importing this module registers `ingenium/<game>-<n>p-v0` for every game and player count:

>>> import gymnasium
>>> import ingenium.rl.gym_env
>>> env = gymnasium.make("ingenium/legendary-inventors-2p-v0", opponents="greedy")
>>> obs, info = env.reset(seed=1)
>>> int(env.unwrapped.action_masks().sum()) > 0
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ingenium.rl.common import ILLEGAL_REWARD, missing_extras

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as exc:
    raise missing_extras(__name__, exc) from None

import ingenium
from ingenium.bots import Bot, make_bot, split_specs
from ingenium.rl.common import offered, view_text, win_shares


def env_id(game: str, players: int, variant: str | None = None) -> str:
    """The registered Gymnasium id: 'ingenium/legendary-inventors-2p-v0', with a variant
    'ingenium/civolution-1p-expert-extra-tough-v0' ('+' is not allowed in an id)."""
    tail = f"-{variant.replace('+', '-')}" if variant else ""
    return f"ingenium/{game}-{players}p{tail}-v0"


def opponent_specs(opponents: str, players: int, seat: int) -> dict[int, str]:
    """Bot specs for the other seats in seat order: one spec for all, or one per seat.

    >>> opponent_specs("greedy,random", 3, 1)
    {0: 'greedy', 2: 'random'}
    """
    others = [s for s in range(players) if s != seat]
    specs = split_specs(opponents)
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others):
        raise ValueError(f"opponents {opponents!r}: give one bot spec for all other seats or "
                         f"one for each of the {len(others)} (in seat order)")
    for spec in specs:
        make_bot(spec, 0)  # an unknown bot fails here, not at reset
    return dict(zip(others, specs, strict=True))


class IngeniumEnv(gym.Env):  # type: ignore[type-arg, unused-ignore]
    """Single-agent view of a multi-player game against bots."""

    # gymnasium declares metadata as a plain class dict
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(self, game: str = "legendary-inventors", players: int = 2, seat: int = 0,
                 opponents: str = "random", variant: str | None = None,
                 render_mode: str | None = None) -> None:
        self.game = ingenium.get_game(game)
        self.game.check_setup(players, variant)
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} outside 0..{players - 1}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r} is not one of "
                             f"{self.metadata['render_modes']}")
        self.players, self.seat, self.variant = players, seat, variant
        self.opponent_specs = opponent_specs(opponents, players, seat)
        self.render_mode = render_mode
        low, high = self.game.observation_bounds
        self.observation_space = spaces.Box(low, high, self.game.observation_shape, np.float32)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self.game_state = self.game.new_game(players, 0, variant)
        self.bots: dict[int, Bot] = {}
        self.over = True  # until reset

    def _play_opponents(self) -> None:
        state = self.game_state
        while (decision := state.decision) is not None and decision.seat != self.seat:
            state.apply(self.bots[decision.seat].choose(state, decision))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game from the environment's seeded generator (seed it here once)."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))  # kept from the agent
        self.game_state = self.game.new_game(self.players, game_seed, self.variant)
        self.bots = {s: make_bot(spec, s, game_seed + s) for s, spec in self.opponent_specs.items()}
        self._play_opponents()
        self.over = self.game_state.is_terminal
        return self.game_state.observation(self.seat), {"forced": self._forced()}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play the learning seat's action, then the bots until the seat must answer again."""
        if self.over:
            raise RuntimeError("the episode is over: call reset() first")
        state = self.game_state
        why = offered(state.decision, self.seat, action)
        if why is not None:
            self.over = True
            return (state.observation(self.seat), ILLEGAL_REWARD, True, False,
                    {"illegal_action": int(action), "reason": why})
        state.apply(int(action))
        self._play_opponents()
        self.over = state.is_terminal
        if not self.over:
            return state.observation(self.seat), 0.0, False, False, {"forced": self._forced()}
        reward = win_shares(state)[self.seat]
        return (state.observation(self.seat), reward, True, False,
                {"scores": state.scores(), "winners": state.winners()})

    def _forced(self) -> bool:
        """Whether the learning seat's next decision has a single option (info["forced"])."""
        decision = self.game_state.decision
        return decision is not None and decision.seat == self.seat and decision.forced

    def action_masks(self) -> np.ndarray:
        """Booleans over the action codes: True where the learning seat may play it now."""
        mask = np.zeros(self.game.num_actions, dtype=bool)
        decision = self.game_state.decision
        if decision is not None and decision.seat == self.seat and not self.over:
            mask[[option.code for option in decision.options]] = True
        return mask

    def render(self) -> str | None:
        """The learning seat's view as text ("ansi"), or printed ("human")."""
        if self.render_mode is None:
            return None
        text = view_text(self.game_state, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register_all() -> list[str]:
    """Register `ingenium/<game>-<n>p-v0` for every game and player count, and for a count
    with no standard set-up one id per variant, `ingenium/civolution-1p-expert-extra-tough-v0`
    (a single agent against V.I.C.I); the plain id plays the game's default variant
    (Civolution solo: Beginner), `make(..., variant=...)` on it picks another."""
    ids = []
    for name in ingenium.game_names():
        game = ingenium.get_game(name)
        for players in range(game.min_players, game.max_players + 1):
            variants = game.variants_for(players) if game.needs_variant(players) else []
            for variant in [None, *variants]:
                ident = env_id(name, players, variant)
                if ident not in gym.registry:
                    kwargs: dict[str, Any] = {"game": name, "players": players}
                    chosen = variant or game.default_variant(players)
                    if chosen is not None:
                        kwargs["variant"] = chosen
                    gym.register(id=ident, entry_point=f"{__name__}:IngeniumEnv",
                                 kwargs=kwargs, max_episode_steps=game.max_game_length)
                ids.append(ident)
    return ids


register_all()
