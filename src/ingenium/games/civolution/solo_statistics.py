"""Civolution's figures for `ingenium simulate` (Game.statistics): in a solo game, V.I.C.I's
score, which no seat holds, as the "rival" group sim's summary reads ("<name> score")."""

from __future__ import annotations

from typing import Any

from ingenium.engine import State

RIVAL = "rival"  # sim.stats.RIVAL; games do not import sim


def statistics(state: State[Any]) -> list[dict[str, dict[str, float]]]:
    """Per seat: in a solo game, V.I.C.I's final score from the human's public view."""
    figures: list[dict[str, dict[str, float]]] = [{} for _ in range(state.players)]
    if state.players == 1:
        vici = state.game.view_table(state, 0).get("vici")
        if vici is not None:
            figures[0][RIVAL] = {f"{vici['name']} score": float(vici["score"])}
    return figures
