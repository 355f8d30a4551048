"""The solo table: the 2-player CivTable with V.I.C.I in seat 1 and its play area.

V.I.C.I shares the boards' arrays as seat 1 (its discs on the tracks, Favor and score; its tribes
on the continent; its statues), so majorities and rankings count it like any civilization; what
only V.I.C.I has (the action stack, the grids' counts, its provision markers, its dice) is here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ingenium.games.civolution.table import CivTable

HUMAN, VICI = 0, 1


@dataclass
class SoloTable(CivTable):
    """CivTable plus V.I.C.I's play area (Solo Mode, Setup)."""

    vici_level: str = ""  # beginner / moderate / medium / advanced / expert
    extra_tough: int = 0
    action_stack: list[int] = field(default_factory=list)  # face down, unordered card numbers
    action_up: list[int] = field(default_factory=list)  # revealed beside the stack, in order
    action_discard: list[int] = field(default_factory=list)
    vici_evolution: int = 0  # markers on its Evolution grid (spaces 1..n)
    vici_prosperity: int = 0  # markers on its Prosperity grid
    vici_provision: list[int] = field(default_factory=list)  # per territory: provision markers
    vici_dice: int = 0  # activation dice in its play area
    vici_turns: int = 0  # V.I.C.I's turns taken (the log numbers them)
