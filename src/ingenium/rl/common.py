"""Shared pieces of the RL adapters: action masks, terminal rewards, the missing-extras hint."""

from __future__ import annotations

from typing import Any

import numpy as np

from ingenium.engine import Decision, State

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


def offered(decision: Decision | None, seat: int, action: object) -> str | None:
    """None if `action` is a code offered to `seat` now; else why it is not (one line)."""
    if decision is None:
        return "the game is over"
    if decision.seat != seat:
        return f"it is seat {decision.seat}'s turn, not seat {seat}'s"
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        return f"action {action!r} is not an integer code"
    code = int(action)
    if any(option.code == code for option in decision.options):
        return None
    return decision.illegal_message(code)


def win_shares(state: State[Any]) -> list[float]:
    """Terminal rewards: 1 split among the winners, 0 for the others (constant sum 1)."""
    winners = state.winners()
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]


