"""OpenSpiel registration of every Ingenium game as `ingenium_<name>` (`ingenium[rl]`).

Chance is explicit (EXPLICIT_STOCHASTIC): every draw of the engine is an OpenSpiel chance node
whose actions are the game's chance codes, so a state is its action history: serialization,
pickling and `random_sim_test(serialize=True)` work, and search sees sampled chance, never the
future. Parameter "players" (a count with a standard set-up: a solo game against an automated
rival, whose levels are variants, is refused with a pointer to the Gymnasium env). Returns: 1
shared among the winners (constant sum 1).

Information: the information-state string of a seat is the history as that seat lived it
(`State.history_seen_by`: cards dealt face down to others are only "dealt"), which is what
OpenSpiel means by it (perfect recall); `resample_from_infostate` is the engine's determinize,
so OpenSpiel's own ISMCTSBot runs on it. The observation (string and tensor) is the seat's
current view. No information-state tensor is offered (`provides_information_state_tensor` is
False and `information_state_tensor` raises). Seats are OpenSpiel's players 0..n-1, and errors
name them so ('player_0'). Games and states pickle (each game's class lives in this module).

>>> import pyspiel
>>> from ingenium.rl.openspiel_game import register_all
>>> names = register_all()
>>> game = pyspiel.load_game("ingenium_legendary_inventors", {"players": 3})
>>> game.num_players(), game.new_initial_state().is_chance_node()
(3, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # one line for the user, not a traceback from deep inside
    raise ImportError("the OpenSpiel adapter needs the RL extras: "
                      "pip install -e '.[rl]' (or pip install 'ingenium[rl]')") from exc

import ingenium
from ingenium.engine import EXPLICIT, State
from ingenium.rl.common import offered, win_shares

_REGISTERED: set[str] = set()


def short_name(game: str) -> str:
    """'legendary-inventors' -> 'ingenium_legendary_inventors'."""
    return "ingenium_" + game.replace("-", "_")


class _Observer:
    """What a seat sees: its view now, or (perfect recall) the history as it lived it."""

    def __init__(self, shape: tuple[int, ...], perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0 if perfect_recall else shape, np.float32)
        self.dict = {"observation": self.tensor} if not perfect_recall else {}

    def set_from(self, state: IngeniumSpielState, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[...] = state.inner.observation(player)

    def string_from(self, state: IngeniumSpielState, player: int) -> str:
        if self.perfect_recall:
            return "\n".join(f"{seat} {entry}" for seat, entry in
                             state.inner.history_seen_by(player))
        return json.dumps(state.inner.view(player), sort_keys=True, separators=(",", ":"))


class _Handle:
    """An engine state that clones may share: copied at the first change (copy-on-write).

    OpenSpiel's clone builds a new initial state and deep-copies each attribute; sharing the
    engine state until one side changes keeps a clone that is only looked at (search trees
    keep many) from paying for a copy, and one that is played pays the engine's clone once."""

    __slots__ = ("shared", "state")

    def __init__(self, state: State[Any], shared: bool) -> None:
        self.state, self.shared = state, shared

    def __deepcopy__(self, memo: dict[int, Any]) -> _Handle:
        self.shared = True
        return _Handle(self.state, True)

    def own(self) -> State[Any]:
        """The state, copied first if anything else may hold it."""
        if self.shared:
            self.state, self.shared = self.state.clone(), False
        return self.state


class IngeniumSpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state wrapping an engine State in explicit chance mode."""

    def __init__(self, game: IngeniumSpielGame, inner: State[Any], shared: bool = False) -> None:
        super().__init__(game)
        self._handle = _Handle(inner, shared)

    @property
    def inner(self) -> State[Any]:
        """The engine state (to read: changes go through apply_action)."""
        return self._handle.state

    def current_player(self) -> int:
        inner = self.inner
        if inner.chance is not None:
            return int(pyspiel.PlayerId.CHANCE)
        decision = inner.decision
        return int(pyspiel.PlayerId.TERMINAL) if decision is None else decision.seat

    def _legal_actions(self, player: int) -> list[int]:
        decision = self.inner.decision
        if decision is None or decision.seat != player:
            return []
        return sorted(o.code for o in decision.options)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The pending draw's outcome codes and their probabilities."""
        node = self.inner.chance
        assert node is not None, "not a chance node"
        return node.outcomes()

    def _apply_action(self, action: int) -> None:
        inner = self.inner
        if inner.chance is None:
            why = offered(inner.decision, self.current_player(), action)
            if why is not None:
                raise ValueError(why)
        inner = self._handle.own()
        if inner.chance is not None:
            inner.apply_chance(int(action))
        else:
            inner.apply(int(action))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """Not offered: the information state of these games is a history, given as a string."""
        raise NotImplementedError(
            f"{self.get_game().get_type().short_name} provides no information-state tensor "
            "(provides_information_state_tensor is False): use information_state_string, or "
            "observation_tensor for the seat's current view")

    def _action_to_string(self, player: int, action: int) -> str:
        node = self.inner.chance
        if node is not None:
            return f"chance {node.kind}:{action}"
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

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> IngeniumSpielState:
        """A state the player cannot tell from this one, hidden information redealt."""
        seed = int(probability_sampler() * (1 << 53))
        world = self.inner.determinize(player_id, random.Random(seed), chance=EXPLICIT)
        return IngeniumSpielState(self.get_game(), world)

    def __deepcopy__(self, memo: dict[int, Any]) -> IngeniumSpielState:
        self._handle.shared = True
        return IngeniumSpielState(self.get_game(), self.inner, shared=True)

    def __str__(self) -> str:
        return repr(self.inner)


class IngeniumSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A pyspiel game over one registered Ingenium game."""

    engine_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        self.inner_game = ingenium.get_game(self.engine_name)
        players = int(params.get("players", first_standard_count(self.inner_game)))
        if (1 <= players <= self.inner_game.max_players
                and self.inner_game.needs_variant(players)
                and self.inner_game.variants_for(players)):
            raise ValueError(
                f"the OpenSpiel adapter has no {self.inner_game.title} for {players} player"
                f"{'s' if players > 1 else ''}: that count needs a variant ("
                f"{', '.join(self.inner_game.variants_for(players))}), which this adapter has "
                "no parameter for, and a game against an automated rival is not constant-sum; "
                "use the Gymnasium environment (ingenium.rl.gym_env) for it")
        self.inner_game.check_setup(players, None)  # BadPlayerCount at load_game
        self.players = players
        self._start: State[Any] | None = None
        game_type, info = _type_and_info(self.inner_game, players)
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> IngeniumSpielState:
        """The game before its setup's chance: the same every time. One start position is
        shared until a state changes it (OpenSpiel's clone begins with a new initial state)."""
        if self._start is None:
            self._start = self.inner_game.new_game(self.players, chance=EXPLICIT)
        return IngeniumSpielState(self, self._start, shared=True)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.inner_game.observation_shape, perfect_recall)


def _type_and_info(game: ingenium.Game[Any], players: int) -> tuple[Any, Any]:
    game_type = pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"Ingenium {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=first_standard_count(game),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": first_standard_count(game)},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=game.num_actions,
        max_chance_outcomes=game.max_chance_outcomes,
        num_players=players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0,
        max_game_length=game.max_game_length,
    )
    return game_type, info


def first_standard_count(game: ingenium.Game[Any]) -> int:
    """The smallest player count with a standard set-up (Civolution's 1 needs a solo level)."""
    return next(n for n in range(game.min_players, game.max_players + 1)
                if not game.needs_variant(n))


def game_class(name: str) -> type[IngeniumSpielGame]:
    """The pyspiel game class of one Ingenium game, made once and kept in this module under
    its own name, so that pickle finds it (a game pickles as its class and parameters)."""
    class_name = f"Spiel_{short_name(name)}"
    cls = globals().get(class_name)
    if cls is None:
        cls = type(class_name, (IngeniumSpielGame,), {"engine_name": name,
                                                      "__module__": __name__})
        globals()[class_name] = cls
    return cls


def register_all() -> list[str]:
    """Register every Ingenium game with pyspiel; returns the short names. Importing this
    module does it (a pickled game or state loads in a fresh process)."""
    names = []
    for name in ingenium.game_names():
        spiel_name = short_name(name)
        cls = game_class(name)
        if spiel_name not in _REGISTERED:
            game = ingenium.get_game(name)
            game_type, _ = _type_and_info(game, first_standard_count(game))
            pyspiel.register_game(game_type, cls)
            _REGISTERED.add(spiel_name)
        names.append(spiel_name)
    return names


register_all()
