"""Shared pieces of the RL adapters: action masks, terminal rewards, the missing-extras hint."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
from rich.console import Console

from ingenium.engine import Decision, State
from ingenium.render import render_view

INSTALL_HINT = "pip install -e '.[rl]' (in a clone) or pip install 'ingenium[rl]'"
ILLEGAL_REWARD = -1.0  # what an action the mask forbids earns: the episode ends, a loss


def missing_extras(module: str, exc: ImportError) -> ImportError:
    """The one-line error an adapter raises when the RL extras are not installed."""
    missing = exc.name or "a dependency"
    return ImportError(f"{module} needs the RL extras ({missing} is not installed): "
                       f"{INSTALL_HINT}")


def action_mask(state: State[Any], seat: int, dtype: Any = np.int8) -> np.ndarray:
    """Mask over game.num_actions: 1 where the code is offered to `seat` now."""
    mask: np.ndarray = np.zeros(state.game.num_actions, dtype=dtype)
    decision = state.decision
    if decision is not None and decision.seat == seat:
        mask[[option.code for option in decision.options]] = 1
    return mask


def agent_name(seat: int) -> str:
    """A seat as the RL adapters name it: 'player_0' (PettingZoo's agents, OpenSpiel's 0)."""
    return f"player_{seat}"


def offered(decision: Decision | None, seat: int, action: object) -> str | None:
    """None if `action` is a code offered to `seat` now; else why it is not (one line, the
    seats named as the adapters name them)."""
    if decision is None:
        return "the game is over"
    if decision.seat != seat:
        return f"it is {agent_name(decision.seat)}'s turn, not {agent_name(seat)}'s"
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        return f"action {action!r} is not an integer code"
    code = int(action)
    if any(option.code == code for option in decision.options):
        return None
    return decision.illegal_message(code, agent_name(seat))


def view_text(state: State[Any], seat: int | None, width: int = 100) -> str:
    """What `seat` (None: a spectator) sees, as the terminal draws it, for `render()`: the
    table, the scores and whose turn it is; never the seed or anything the seat may not see."""
    view = state.view(seat)
    console = Console(record=True, width=width, file=io.StringIO(), color_system=None)
    console.print(render_view(view))
    decision = state.decision
    turn = "game over" if decision is None else f"{agent_name(decision.seat)} to move"
    scores = ", ".join(f"{agent_name(s)} {p}" for s, p in enumerate(state.scores()))
    return f"{console.export_text()}{turn}; scores: {scores}\n"


def win_shares(state: State[Any]) -> list[float]:
    """Terminal rewards: 1 split among the winners, 0 for the others (constant sum 1)."""
    winners = state.winners()
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]


