"""Civolution in the terminal: era and phase, the continent's tribes, each console."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table

from ingenium.games.civolution.board import ENC_OF, TERRITORIES, C

PHASES = ("", "New cards", "New goals", "Extra find", "Action phase", "Site phase",
          "Feeding phase", "Event phase", "Income phase", "Final scoring", "Game over")
TRACKS = ("Tec", "Pre", "Kno", "Con", "Cul")
CARD_NAMES = {card.id: card.name for card in C.cards}


def _continent(table: dict[str, Any]) -> Table:
    grid = Table(title="Continent (upper case = upright, lower case = lying; w: wilderness)",
                 expand=True)
    grid.add_column("Territory")
    grid.add_column("Encampments")
    grid.add_column("Material / farm")
    for terr in range(TERRITORIES):
        rec = C.territories[terr]
        camps = []
        for e in ENC_OF[terr]:
            seat = table["enc_seat"][e]
            if seat == -2:
                camps.append("#")
            elif seat == -1:
                camps.append("·")
            else:
                mark = "ABCD"[seat]
                camps.append(mark if table["enc_strong"][e] else mark.lower())
        wild = "".join("ABCD"[s] * table["wild_strong"][terr * 4 + s] +
                       "abcd"[s] * table["wild_weak"][terr * 4 + s] for s in range(4))
        tile = table["material_tile"][terr]
        material = C.materials[tile].value if tile >= 0 else "?" if rec.land else "-"
        farm = table["farm"][terr]
        grid.add_row(f"{rec.id} {rec.terrain.value}", " ".join(camps) + (
            f"  w:{wild}" if wild else ""), material + (f", farm P{farm + 1}" if farm >= 0
                                                         else ""))
    return grid


def _consoles(table: dict[str, Any], view: dict[str, Any]) -> Table:
    consoles = Table(title="Consoles", expand=True)
    for head in ("Player", "Score", "Dice 1-6 (used)", "Ideas/Food/Money", "Tracks", "Favor",
                 "Hand"):
        consoles.add_column(head)
    for seat in range(table["players"]):
        dice = " ".join(str(n) for n in table["dice"][seat * 6:seat * 6 + 6])
        tracks = " ".join(f"{TRACKS[i]}{table['track'][seat * 5 + i]}" for i in range(5))
        monolith = " (monolith)" if table["starting"] == seat else ""
        consoles.add_row(
            f"Player {seat + 1}{monolith}", str(view["scores"][seat]),
            f"{dice} ({table['used_dice'][seat]})",
            f"{table['ideas'][seat]}/{table['food'][seat]}/{table['money'][seat]}", tracks,
            str(table["favor"][seat]), str(table["hand_sizes"][seat]))
    return consoles


def render_civolution(view: dict[str, Any]) -> RenderableType:
    """Era and phase, the continent, the consoles, and the viewer's own hand."""
    table = view["table"]
    head = Table.grid()
    head.add_row(f"Era {table['era']} — {PHASES[table['phase']]}; weather space "
                 f"{table['weather']}; reset space {table['reset_space']}")
    parts: list[RenderableType] = [head, _continent(table), _consoles(table, view)]
    if table["hand"]:
        hand = Table.grid()
        hand.add_row("Your hand: " + ", ".join(CARD_NAMES.get(c, c) for c in table["hand"]))
        parts.append(hand)
    return Group(*parts)
