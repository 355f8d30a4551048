"""OpenSpiel registration of every Ingenium game as `ingenium_<name>` (`ingenium[rl]`).

Chance is sampled inside the game (SAMPLED_STOCHASTIC) from its seed; parameters "players" and
"seed". Returns: 1 shared among the winners (constant sum 1).

>>> import pyspiel
>>> from ingenium.rl.openspiel_game import register_all
>>> names = register_all()
>>> game = pyspiel.load_game("ingenium_legendary_inventors", {"players": 3, "seed": 2})
>>> game.num_players()
3
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

import ingenium
from ingenium.engine import State
from ingenium.rl.common import win_shares

_REGISTERED: set[str] = set()


def short_name(game: str) -> str:
    """'legendary-inventors' -> 'ingenium_legendary_inventors'."""
    return "ingenium_" + game.replace("-", "_")


class _Observer:
    """Fills a float tensor from what a seat may see."""

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: IngeniumSpielState, player: int) -> None:
        self.tensor[...] = state.inner.observation(player)

    def string_from(self, state: IngeniumSpielState, player: int) -> str:
        import json

        return json.dumps(state.inner.view(player), sort_keys=True)


class IngeniumSpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state wrapping an engine State."""

    def __init__(self, game: IngeniumSpielGame, inner: State[Any]) -> None:
        super().__init__(game)
        self.inner = inner

    def current_player(self) -> int:
        decision = self.inner.decision
        return int(pyspiel.PlayerId.TERMINAL) if decision is None else decision.seat

    def _legal_actions(self, player: int) -> list[int]:
        decision = self.inner.decision
        if decision is None or decision.seat != player:
            return []
        return sorted(o.code for o in decision.options)

    def _apply_action(self, action: int) -> None:
        self.inner.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        decision = self.inner.decision
        if decision is not None:
            for option in decision.options:
                if option.code == action:
                    return option.id
        return f"code {action}"

    def is_terminal(self) -> bool:
        return self.inner.is_terminal

    def returns(self) -> list[float]:
        if not self.inner.is_terminal:
            return [0.0] * self.inner.players
        return win_shares(self.inner)

    def __deepcopy__(self, memo: dict[int, Any]) -> IngeniumSpielState:
        return IngeniumSpielState(self.get_game(), self.inner.clone())

    def __str__(self) -> str:
        return repr(self.inner)


class IngeniumSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A pyspiel game over one registered Ingenium game."""

    engine_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        self.inner_game = ingenium.get_game(self.engine_name)
        players = int(params.get("players", self.inner_game.min_players))
        self.seed = int(params.get("seed", 0))
        self.players = players
        self.count = 0
        game_type, info = _type_and_info(self.inner_game, players)
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> IngeniumSpielState:
        """Each new state draws the next seed, so episodes differ but replay exactly."""
        state = self.inner_game.new_game(self.players, self.seed + self.count)
        self.count += 1
        return IngeniumSpielState(self, state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self.inner_game.observation_shape)


def _type_and_info(game: ingenium.Game[Any], players: int) -> tuple[Any, Any]:
    game_type = pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"Ingenium {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "seed": 0},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=game.num_actions,
        max_chance_outcomes=0,
        num_players=players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0,
        max_game_length=game.max_game_length,
    )
    return game_type, info


def register_all() -> list[str]:
    """Register every Ingenium game with pyspiel; returns the short names."""
    names = []
    for name in ingenium.game_names():
        spiel_name = short_name(name)
        if spiel_name not in _REGISTERED:
            cls = type(f"Spiel_{spiel_name}", (IngeniumSpielGame,), {"engine_name": name})
            game = ingenium.get_game(name)
            game_type, _ = _type_and_info(game, game.min_players)
            pyspiel.register_game(game_type, cls)
            _REGISTERED.add(spiel_name)
        names.append(spiel_name)
    return names
