"""Phase 3: Extra find — in seating order each civilization chooses a land territory where it has
a tribe and places a marker from supply as a stored material on one of the 3 storage spaces of
that territory's type ("only the territory type matters")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components.icons import title
from ingenium.games.civolution.console import gain_markers
from ingenium.games.civolution.options import opt, picked
from ingenium.games.civolution.rules import supply
from ingenium.games.civolution.rules.common import (
    has_markers,
    my_territories,
    push_each,
    seating_order,
)
from ingenium.games.civolution.rules.solo.table import deciding
from ingenium.games.civolution.steps import S_EXTRA_FIND, ExtraFind
from ingenium.games.civolution.table import CivTable

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]


def begin(state: CState) -> None:
    """Each civilization in seating order (Solo Mode: V.I.C.I makes no extra find)."""
    t = state.table
    push_each(t, [ExtraFind(S_EXTRA_FIND, seat=seat, terrain=-1)
                  for seat in deciding(t, seating_order(t))])


def land_types(t: CivTable, seat: int) -> list[int]:
    """Land territory types (LAND index) where the seat has at least one tribe."""
    found = {board.TERRAIN[terr] for terr in my_territories(t, seat)}
    return [i for i, terrain in enumerate(board.LAND_TERRAINS) if terrain in found]


def material_options(terrain: int) -> list[Option]:
    """The 3 storage spaces of a land type."""
    return [opt("material", m, f"material:{C.materials[m].value}",
                f"Store {title(C.materials[m])}")
            for m in range(18) if board.MATERIAL_TERRAIN[m] == terrain]


def terrain_option(terrain: int) -> Option:
    """A land territory type as an answer."""
    name = board.LAND_TERRAINS[terrain]
    return opt("terrain", terrain, f"terrain:{name.value}", title(name))


# the answers, built once: each land type, each land type's storage spaces
TERRAIN_OPTIONS = tuple(terrain_option(x) for x in range(len(board.LAND_TERRAINS)))
MATERIAL_OPTIONS = tuple(tuple(material_options(x)) for x in range(len(board.LAND_TERRAINS)))


def ask(t: CivTable, step: ExtraFind) -> tuple[str, list[Option]]:
    if not has_markers(t, step.seat):
        return "", []
    if step.terrain < 0:
        return ("Extra find: in which type of land territory with your tribe?",
                [TERRAIN_OPTIONS[x] for x in land_types(t, step.seat)])
    return "Extra find: onto which storage space?", list(MATERIAL_OPTIONS[step.terrain])


def answer(state: CState, step: ExtraFind, option: Option) -> None:
    t = state.table
    block, index = picked(option)
    if block == "terrain":
        t.pending.append(ExtraFind(S_EXTRA_FIND, seat=step.seat, terrain=index))
        supply.ask_if_empty(t, step.seat)  # an empty supply may be replenished first
        return
    gain_markers(t, step.seat, "material", 1, index)
    if state.keeps_log:  # a search's world has no log: skip building the text
        state.log(step.seat, "extra_find", f"Player {step.seat + 1} finds "
                  f"{title(C.materials[index])}", {"material": C.materials[index].value})


