"""Civolution's Solo Mode in the terminal: V.I.C.I's play area, its last action and the result
against it, drawn from the public `vici` block of the human's view (names only, never ids).

V.I.C.I holds no seat (it never decides), so it is not a console: its area is the action stack,
the revealed and discarded action cards, the reset icons, the Evolution and Prosperity grids, the
provision markers per territory and its dice."""

from __future__ import annotations

from typing import Any

from rich.table import Table

Vici = dict[str, Any]


def vici_block(view: dict[str, Any]) -> Vici | None:
    """The public V.I.C.I block of a solo view (None in a game of 2-4 civilizations)."""
    block = view.get("table", {}).get("vici") or view.get("vici")
    return block if isinstance(block, dict) else None


def level_name(vici: Vici) -> str:
    """'Expert' or 'Expert, extra tough'."""
    return str(vici["level"]).capitalize() + (", extra tough" if vici["extra_tough"] else "")


def last_action(vici: Vici) -> str:
    """V.I.C.I's last action as one sentence: the card, its half, the roll, what it did."""
    act = vici.get("last_action")
    if not act:
        return "none yet"
    roll = f", roll {act['roll']}" if act.get("roll") else ""
    return f"{act['card']} ({act['half']} half{roll}): {act['did']}"


def vici_area(vici: Vici) -> Table:
    """V.I.C.I's play area as a two-column box, like a console."""
    box = Table(title=f"{vici['name']} ({level_name(vici)}) — {vici['score']} success points",
                show_header=False, expand=True)
    box.add_column(style="bold", no_wrap=True)
    box.add_column()
    box.add_row("Last action", last_action(vici))
    box.add_row("Action cards", f"{vici['stack']} face down in the stack, {vici['discard']} "
                "discarded")
    for card in vici["revealed"]:
        box.add_row("", f"revealed: {card['name']} ({card['half']} half) — {card['text']}")
    icons = vici["reset_icons"]
    box.add_row("Reset icons", f"{icons['blue']} blue, {icons['red']} red")
    box.add_row("Grids", f"Evolution {vici['evolution']}, Prosperity {vici['prosperity']}")
    provision = ", ".join(f"{name} {n}" for name, n in vici["provision"].items() if n)
    box.add_row("Provision", provision or "none on the continent")
    box.add_row("Tribes", f"{vici['tribes']} on the continent"
                + (f", {vici['tribe_supply']} in supply" if "tribe_supply" in vici else "")
                + (f"; {vici['statues']} statues" if vici.get("statues") else ""))
    box.add_row("Supply", f"{vici['dice']} activation dice"
                + (f", {vici['fate']} fate dice" if vici.get("fate") else "")
                + f", {vici['supply']} markers; Favor of Agera {vici['favor']}")
    return box


def where_line(view: dict[str, Any]) -> str:
    """'Era 2 · Action phase (final round) · Player 1 to move': where the game stands."""
    displays = view["table"]["board"]["displays"]
    phase = displays["phase_name"]
    if displays["reset"].get("end_triggered"):
        phase += " (final round)"
    decision = view.get("decision")
    turn = f"Player {decision['seat'] + 1} to move" if decision else "game over"
    return f"Era {min(displays['era'], 4)} · {phase} · {turn}"


def civolution_status(view: dict[str, Any]) -> str:
    """The compact screen's status line: the era, the phase, whose turn and the scores; in a
    solo game a second line with V.I.C.I's last action (its turns pass without a prompt, so the
    last one is always in sight). The compact screen cuts each line at the terminal's width
    (the whole last action is in V.I.C.I's area on the board)."""
    vici = vici_block(view)
    if vici is None:
        from ingenium.render import score_line

        return f"{where_line(view)} · {score_line(view)}"
    mine = view["scores"][0] if view.get("scores") else 0
    return (f"{where_line(view)} · You {mine} · {vici['name']} {vici['score']}\n"
            f"{vici['name']} ({level_name(vici)}), last action: {last_action(vici)}")


def solo_result(view: dict[str, Any], winners: list[int],
                player: str = "") -> tuple[str, str] | None:
    """A finished solo game: 'You win' / 'V.I.C.I wins' with both scores, and the scores alone
    (`player`: the seat's name when a bot played it, "" for the human reading it)."""
    vici = vici_block(view)
    if vici is None:
        return None
    mine = view["scores"][0] if view.get("scores") else 0
    name = vici["name"]
    who = (f"{player} wins" if player else "You win") if 0 in winners else f"{name} wins"
    headline = f"{who}: {player or 'you'} {mine}, {name} {vici['score']} ({level_name(vici)})"
    return headline, f"{player or 'Player 1'} {mine}, {name} {vici['score']}"
