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
    removed_cards: list[int] = field(default_factory=list)  # research cards its RM took out
    boxed_goals: list[int] = field(default_factory=list)  # goal chips its Phase 2 roll removed
    boxed_attributes: list[int] = field(default_factory=list)  # chips its grids removed
    boxed_incomes: list[int] = field(default_factory=list)
    # its last action, for the view: the card (-1: none yet), the half (0 blue, 1 red), the
    # action roll (0: none), what it did
    last_card: int = -1
    last_half: int = 0
    last_roll: int = 0
    last_did: str = ""


def is_solo(t: CivTable) -> bool:
    """Whether the table is a Solo Mode table (V.I.C.I in seat 1)."""
    return isinstance(t, SoloTable)


def is_vici(t: CivTable, seat: int) -> bool:
    """Whether `seat` is V.I.C.I (only ever on a solo table)."""
    return seat == VICI and isinstance(t, SoloTable)


def civ_name(t: CivTable, seat: int) -> str:
    """A civilization's name in the log: "V.I.C.I" or "Player n"."""
    return "V.I.C.I" if is_vici(t, seat) else f"Player {seat + 1}"


def deciding(t: CivTable, order: list[int]) -> list[int]:
    """The civilizations of a seating order that decide for themselves: on a solo table only
    the human (V.I.C.I is never affected by sites, weather or event bonuses; it makes no extra
    find and takes no goal chip)."""
    return [s for s in order if not is_vici(t, s)]


# The automatic parts V.I.C.I's phases run (rules/solo/flow.py; machine.AUTOS).
VICI_GOAL, VICI_TURN, VICI_FEED = 20, 21, 22


def vici_of(t: CivTable, seat: int) -> SoloTable | None:
    """The solo table when `seat` is V.I.C.I (its play area is read there), else None."""
    return t if seat == VICI and isinstance(t, SoloTable) else None
