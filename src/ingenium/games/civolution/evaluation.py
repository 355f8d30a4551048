"""The greedy bot's evaluation of a Civolution position."""

from __future__ import annotations

from ingenium.games.civolution import scoring
from ingenium.games.civolution.table import CivTable


def evaluate(t: CivTable, seat: int) -> float:
    """This seat's score less the best other seat's."""
    s = scoring.scores(t)
    return float(s[seat] - max(v for i, v in enumerate(s) if i != seat))
