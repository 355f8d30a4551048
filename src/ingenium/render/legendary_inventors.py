"""Legendary Inventors in the terminal: the inventions in play and every player's board."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table

TYPE_SHORT = {"physics": "Phy", "chemistry": "Che", "mechanics": "Mec", "mathematics": "Mat"}


def render_legendary_inventors(view: dict[str, Any]) -> RenderableType:
    """Inventions table, then one row per player."""
    table = view["table"]
    inventions = Table(title=f"Age {table['age']} — inventions", expand=True)
    inventions.add_column("Invention")
    inventions.add_column("Class/VP", justify="center")
    for ty in TYPE_SHORT.values():
        inventions.add_column(ty, justify="center")
    inventions.add_column("Cubes by player")
    inventions.add_column("Bonus")
    for inv in table["display"]:
        cells = [f"{inv['filled'][ty]}/{inv['need'][ty]}" if inv["need"][ty] else "-"
                 for ty in TYPE_SHORT]
        status = "" if inv["status"] == "in_play" else f" [{inv['status']}]"
        inventions.add_row(
            inv["name"] + status, f"{inv['classification']}/{inv['vp']}", *cells,
            " ".join(f"P{s + 1}:{n}" for s, n in enumerate(inv["cubes"]) if n),
            ", ".join(b for b in inv["bonus"] if b) or "-")
    boards = Table(title="Players", expand=True)
    boards.add_column("Player")
    boards.add_column("Inventors (Phy Che Mec Mat; * = used; goal)")
    boards.add_column("Tokens")
    boards.add_column("Cards")
    boards.add_column("Score", justify="right")
    for p in table["players"]:
        lines = []
        for inv in p["inventors"]:
            levels = " ".join(str(inv["levels"][ty]) for ty in TYPE_SHORT)
            goal = " ".join(f"{TYPE_SHORT[ty]}{n}" for ty, n in inv["goal"].items())
            mark = "*" if inv["used"] else " "
            lines.append(f"{mark}{inv['name']:<18} {levels}  goal {goal} = {inv['goal_vp']}")
        marker = "▶ " if p["seat"] == table["current"] else ""
        boards.add_row(f"{marker}Player {p['seat'] + 1}\n{p['team']}", "\n".join(lines),
                       ", ".join(f"{k}×{n}" for k, n in p["tokens"].items()) or "-",
                       ", ".join(p["cards"]) or "-",
                       f"{p['score']['total']}\n" + "\n".join(
                           f"{k} {v}" for k, v in p["score"].items() if k != "total"))
    return Group(inventions, boards)
