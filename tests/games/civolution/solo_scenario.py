"""A solo table for rule tests: the Solo Mode setup on a seeded State (not a registered game:
players=1 is not offered until the whole Solo Mode works)."""

from __future__ import annotations

from ingenium.engine import State
from ingenium.games.civolution.game import Civolution
from ingenium.games.civolution.rules.solo.setup import setup
from ingenium.games.civolution.rules.solo.table import SoloTable
from ingenium.games.civolution.table import CivTable

SState = State[CivTable]


def new_solo(variant: str = "beginner", seed: int = 0) -> SState:
    """A set-up solo game, before its first phase."""
    state: SState = State(Civolution(), 1, seed, variant, SoloTable())
    state.table = setup(state)
    return state



def script_chance(state: SState, outcomes: list[tuple[str, int]]) -> None:
    """The next chance outcomes, in order, as a replayed history supplies them (the engine's
    recorded-outcome path: a node of another kind, or an outcome not offered, is BadSave)."""
    state._recorded = [f"{kind}:{code}" for kind, code in reversed(outcomes)]
