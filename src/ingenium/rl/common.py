"""Shared pieces of the RL adapters: action masks and terminal rewards from the engine contract."""

from __future__ import annotations

from typing import Any

import numpy as np

from ingenium.engine import State


def action_mask(state: State[Any], seat: int) -> np.ndarray:
    """int8 mask over game.num_actions: 1 where the code is offered to `seat` now."""
    mask = np.zeros(state.game.num_actions, dtype=np.int8)
    decision = state.decision
    if decision is not None and decision.seat == seat:
        for option in decision.options:
            mask[option.code] = 1
    return mask


def win_shares(state: State[Any]) -> list[float]:
    """Terminal rewards: 1 split among the winners, 0 for the others (constant sum 1)."""
    winners = state.winners()
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]
