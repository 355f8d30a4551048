"""Legendary Inventors in the terminal: the inventions in play and every player's board."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table

from ingenium.engine import Decision
from ingenium.games.legendary_inventors.components.catalog import C
from ingenium.seatnames import seat_label

TYPE_SHORT = {"physics": "Phy", "chemistry": "Che", "mechanics": "Mec", "mathematics": "Mat"}
INVENTION_NAMES = {inv.slug: inv.name for inv in C.inventions}
TOKEN_NAMES = {kind.key: kind.label + (" token" if kind.label.isdigit() else "")
               for kind in C.token_kinds}


def token_name(key: str) -> str:
    """A bonus token as printed ('Coffee', '3 token')."""
    return TOKEN_NAMES.get(key, key)


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
            ", ".join(token_name(b) for b in inv["bonus"] if b) or "-")
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
        boards.add_row(f"{marker}{seat_label(p['seat'])}\n{p['team']}", "\n".join(lines),
                       ", ".join(f"{token_name(k)}×{n}" for k, n in p["tokens"].items())
                       or "-",
                       ", ".join(INVENTION_NAMES.get(c, c) for c in p["cards"]) or "-",
                       f"{p['score']['total']}\n" + "\n".join(
                           f"{k} {v}" for k, v in p["score"].items() if k != "total"))
    return Group(inventions, boards)


def legendary_status(view: dict[str, Any]) -> str:
    """Age and every player's score."""
    table, seat = view["table"], view["seat"]
    scores = " · ".join(f"{seat_label(p['seat'])}{' (you)' if p['seat'] == seat else ''} "
                        f"{p['score']['total']} VP" for p in table["players"])
    return f"Age {table['age']} · {scores}"


def _levels(inventor: dict[str, Any]) -> str:
    return " ".join(f"{TYPE_SHORT[ty]} {n}" for ty, n in inventor["levels"].items() if n)


def _placement(inventor: dict[str, Any], invention: dict[str, Any], chocolate: bool) -> str:
    """Gameplay 2 as a sentence: the cubes this inventor would place there, what stays open."""
    placed, still_open = [], []
    for ty, need in invention["need"].items():
        empty = need - invention["filled"][ty]
        cubes = min(inventor["levels"][ty], empty)
        if cubes:
            placed.append(f"{TYPE_SHORT[ty]} {cubes}")
        if empty - cubes:
            still_open.append(f"{TYPE_SHORT[ty]} {empty - cubes}")
    text = f"{invention['name']}: places " + (" ".join(placed) or "nothing")
    if chocolate:
        text += " (+2 Chocolate cubes)"
    if still_open:
        return text + "; still open " + " ".join(still_open)
    return text + "; completes it"


def describe_legendary_options(view: dict[str, Any], decision: Decision) -> list[str]:
    """Inventors with their knowledge; inventions with what the inventor would place there."""
    table = view["table"]
    me = table["players"][decision.seat]
    inventors = {i["slug"]: i for i in me["inventors"]}
    working = next((i for i in me["inventors"] if i["name"] in decision.prompt), None)
    display = {inv["slug"]: inv for inv in table["display"]}
    labels = []
    for option in decision.options:
        kind, _, slug = option.id.partition("=")
        if kind == "use:inventor" and slug in inventors:
            labels.append(f"{option.label} ({_levels(inventors[slug]) or 'no knowledge'})")
        elif kind == "invent:invention" and slug in display and working is not None:
            labels.append(_placement(working, display[slug], table["chocolate"]))
        else:
            labels.append(option.label)
    return labels
