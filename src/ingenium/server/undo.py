"""The undo policy (Board Game Arena's), as the engine enforces it: see State.undoable.

A seat may take back its own latest moves while no other seat has acted since and no move since
resolved chance or revealed hidden information (the engine marks those: a chance entry in the
history, or the rules called State.reveal). The server only asks; it never decides the policy
itself.
"""

from __future__ import annotations

from typing import Any

from ingenium.engine import State


def is_barrier(after: State[Any]) -> bool:
    """Whether the move just applied to `after` revealed information (stored with the move)."""
    return after.undo_floor == len(after.history)


def can_undo(seat: int | None, state: State[Any]) -> bool:
    """Whether `seat` may take back its last move now."""
    return seat is not None and not state.is_terminal and state.undoable(seat) > 0
