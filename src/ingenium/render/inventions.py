"""Inventions: Evolution of Ideas in the terminal: the world, the milestones, every society and,
with 2 players, Chronos (his colour slot is named "Chronos" wherever it appears)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ingenium.render.inventions_names import hex_name, name
from ingenium.render.inventions_options import tile_label
from ingenium.seatnames import seat_label

SPECIALISTS = ("traders", "artisans", "thinkers")


def _seat(seat: int | None, chronos: int | None = None) -> str:
    if seat is None:
        return "-"
    return "Chronos" if seat == chronos else f"P{seat + 1}"


def _regions(table: dict[str, Any]) -> Table:
    c = table.get("chronos_colour")
    world = Table(title="Regions (map and Region displays)", expand=True)
    for column in ("#", "region", "specialist tile", "card", "presenter / inventor / innovator",
                   "wealth", "citizens on map", "sage · knowledge", "influence spaces"):
        world.add_column(column)
    for r in table["regions"]:
        card = name("idea", r["card"])
        if r["card"]:
            card += " (invention)" if r["invented"] else " (idea)"
        people = (f"{_seat(r['presenter'], c)}×{r['presenter_citizens']} / "
                  f"{_seat(r['inventor'], c)} / {_seat(r['innovator'], c)}") if r["card"] else "-"
        citizens = " ".join(f"{_seat(s, c)}:{n}" for s, n in enumerate(r["citizens"]) if n) or "-"
        knowledge = ("2 IP side" if r["knowledge_ip_side"] else name("knowledge", r["knowledge"]))
        sage = ("sage · " if r["sage"] else "") + knowledge
        spaces = " ".join(_seat(s, c) if s is not None else "·" for s in r["influence_spaces"])
        if c is not None and table["chronos_opponent"]["region"] == r["region"]:
            sage += " · Chronos' pillar"
        world.add_row(str(r["region"]), r["name"], name("specialist", r["specialist_tile"]),
                      card, people,
                      f"{r['wealth'] or '-'} ({r['wealth_left']})", citizens, sage, spaces)
    return world


def _display_owner(slot: int, chronos: int | None) -> str:
    """A private display's owner; with 2 players the one after Chronos' has none."""
    return "no player" if chronos is not None and slot > chronos else _seat(slot, chronos)


def _milestones(table: dict[str, Any]) -> Text:
    diplomats = table["diplomats"]

    def tile(slug: str | None) -> str:
        if slug is None:
            return "-"
        seats = diplomats.get(slug, [])
        marks = f" [{', '.join(_seat(s) for s in seats)}]" if seats else ""
        return name("milestone", slug) + marks

    lines = [
        "Common Knowledge: " + ", ".join(tile(m) for m in table["common_knowledge"]),
        "Eureka display: " + (", ".join(tile(m) for m in table["eureka_display"]) or "-"),
        "Discard: " + (", ".join(name("milestone", m) for m in table["milestone_discard"]) or "-"),
        "Private displays: " + ", ".join(
            f"{_display_owner(n, table.get('chronos_colour'))} {tile(m)}"
            for n, m in enumerate(table["private_displays"])),
        "Idea display: " + (", ".join(name("idea", i) for i in table["idea_display"]) or "-")
        + f"   stack top: {name('idea', table['idea_stack_top'])}",
    ]
    return Text("\n".join(lines))


def _societies(table: dict[str, Any], seat: int | None) -> Table:
    boards = Table(title="Societies", expand=True)
    for column in ("player", "IP · influence · era", "citizens", "ideas / inventions",
                   "tiles display / Progress map", "pillars · tokens"):
        boards.add_column(column)
    for p in table["players"]:
        marker = "▶ " if p["seat"] == table["current"] else ""
        you = " (you)" if p["seat"] == seat else ""
        home = ", ".join(f"{n} {k}" for n, k in zip(p["home"], SPECIALISTS, strict=True) if n)
        tired = ", ".join(f"{n} {k}" for n, k in zip(p["exhausted"], SPECIALISTS, strict=True)
                          if n)
        citizens = (f"home: {home or '-'}\nexhausted: {tired or '-'}\n"
                    f"academy {p['academy']} · sages {p['sages']} · supply {p['supply']}")
        cards = ("ideas: " + (", ".join(name("idea", i) for i in p["ideas"]) or "-")
                 + "\ninventions: " + (", ".join(name("idea", i) for i in p["inventions"]) or "-"))
        tiles = ("display: " + ", ".join(tile_label(x) if x else "·" for x in p["tiles"])
                 + "\nmap: " + ("; ".join(
                     f"{tile_label(v)} on the {hex_name(k).lower()}"
                     for k, v in sorted(p["progress_map"].items())) or "-"))
        placed = [k for k, v in p["influence_tokens"].items() if v["region"] is not None]
        pillars = (f"epoch: {name('action', p['epoch'])}\nseasons: "
                   + ", ".join(name("action", x) for x in p["seasons"])
                   + f"\ninfluence tokens out: {len(placed)} · economy tokens "
                   + f"{p['economy_tokens']}")
        if p.get("private_goals"):
            pillars += "\ngoals: " + ", ".join(name("goal", g) for g in p["private_goals"])
        boards.add_row(f"{marker}{seat_label(p['seat'])}{you}",
                       f"{p['ip']} IP\ninfluence {p['influence']}\nera {p['era']} "
                       f"({name('milestone', p['milestone'])})", citizens, cards, tiles, pillars)
    return boards


def _chronos(opponent: dict[str, Any]) -> Text:
    """2-Player Rules: Chronos' pieces, all public."""
    on_map = ", ".join(f"{n} in {r + 1}" for r, n in enumerate(opponent["citizens_on_map"]) if n)
    milestone = name("milestone", opponent["milestone"])
    discarded = ", ".join(tile_label(t) for t in opponent["discarded_tiles"]) or "-"
    return Text(
        f"Chronos: Season pillar in region {opponent['region'] or '-'} · {opponent['supply']} "
        f"citizens in supply · on the map: {on_map or '-'}\n"
        f"  Milestone {milestone} (era {opponent['era']}, Era marker "
        f"{opponent['era_space']}) · Influence tokens (face down): regions "
        f"{', '.join(str(r) for r in opponent['influence_token_regions']) or '-'} · "
        f"{opponent['influence_tokens_era_track']} on the Era track · "
        f"{opponent['influence_tokens_supply']} in supply\n"
        f"  discarded tiles: {discarded}")


def render_inventions(view: dict[str, Any]) -> RenderableType:
    """Era and round, the regions, the milestones and ideas, Chronos, every society board."""
    table = view["table"]
    order = " → ".join(_seat(s, table.get("chronos_colour")) for s in table["order"])
    header = Text(f"Era {table['era']} · round {table['round']} · Chronos on space "
                  f"{table['chronos']} · turn order {order} · chain tokens left "
                  f"{table['chain_tokens_left']}", style="bold")
    parts: list[RenderableType] = [header, _regions(table), _milestones(table)]
    if table.get("chronos_opponent"):
        parts.append(_chronos(table["chronos_opponent"]))
    return Group(*parts, _societies(table, view["seat"]))
