"""What everybody sees of V.I.C.I's play area (Solo Mode): the public `vici` block of the view.

All of it is public: the number of face-down action cards (never their order: the stack is an
unordered pool drawn when a card is revealed), the revealed cards with the half the level uses
now, the discard pile's size, the reset icons showing, its grids, provision markers, dice,
tribes, markers and its last action (card, half, roll, what it did).
"""

from __future__ import annotations

from typing import Any

from ingenium.games.civolution.components.solo import Act, ActionCard, ViciAction
from ingenium.games.civolution.rules.common import tribes_on_continent
from ingenium.games.civolution.rules.solo.setup import SOLO
from ingenium.games.civolution.rules.solo.table import VICI, SoloTable
from ingenium.games.civolution.rules.solo.turn import advanced_now
from ingenium.games.civolution.rules.tribes import name
from ingenium.games.civolution.table import by_place

NAME = "V.I.C.I"


def action_text(a: ViciAction) -> str:
    """One action term in words: "advance technology 2", "3 success points" ..."""
    if a.act is Act.ADVANCE:
        return f"advance {a.track.value if a.track else ''} {a.amount}"
    if a.act is Act.REMOVE:
        return f"remove the top face-up {a.track.value if a.track else ''} research card"
    if a.act is Act.POINTS:
        return f"{a.amount} success points"
    if a.act in (Act.EVOLUTION, Act.PROSPERITY):
        return f"{a.amount} on its {a.act.value.title()} grid"
    if a.act is Act.CATEGORY:
        era = {"current": "the current era's", "next": "the next era's",
               "fourth": "era 4's", "final": "each final-scoring"}[a.era.value if a.era else ""]
        return f"{era} category x{a.amount}"
    return {Act.FATE: "a fate die", Act.ACTIVATION: "an activation die",
            Act.STATUE: "a statue", Act.REVEAL: "reveal sites", Act.FAVOR: "Favor +1",
            Act.HUNT: "hunting", Act.MIGRATE: "migration", Act.PROCREATE: "procreation",
            Act.PROVIDE: "provision"}[a.act]


def card_text(card: ActionCard, advanced: bool) -> str:
    """A half of an action card: its action-roll rows, or its one row."""
    rows = card.advanced if advanced else card.normal
    parts = []
    for row in rows:
        text = " + ".join(action_text(a) for a in row.actions)
        if row.last_era:
            text += " (era 4: " + " + ".join(action_text(a) for a in row.last_era) + ")"
        if card.rolled:
            low, high = min(row.rolls), max(row.rolls)
            text = f"{low}{f'-{high}' if high > low else ''}: {text}"
        parts.append(text)
    return "; ".join(parts)


def card_name(number: int) -> str:
    return f"Action card {number}"


def vici_view(t: SoloTable) -> dict[str, Any]:
    """The public `vici` block (the terminal and browser boards draw it; keys are fixed)."""
    advanced = advanced_now(t)
    half = "red" if advanced else "blue"
    cards = [SOLO.card(n) for n in t.action_up]
    last = None
    if t.last_card >= 0:
        last = {"card": card_name(t.last_card), "half": "red" if t.last_half else "blue",
                "roll": str(t.last_roll) if t.last_roll else None, "did": t.last_did}
    return {
        "name": NAME, "level": t.vici_level, "extra_tough": bool(t.extra_tough),
        "score": t.score[VICI], "favor": t.favor[VICI], "stack": len(t.action_stack),
        "revealed": [{"number": c.number, "name": card_name(c.number), "half": half,
                      "text": card_text(c, advanced)} for c in cards],
        "discard": len(t.action_discard),
        "reset_icons": {"blue": sum(c.blue for c in cards), "red": sum(c.red for c in cards)},
        "evolution": t.vici_evolution, "prosperity": t.vici_prosperity,
        "provision": {name(x): n for x, n in enumerate(t.vici_provision) if n},
        "dice": t.vici_dice, "fate": t.fate[VICI],
        "tribes": tribes_on_continent(t, VICI), "supply": t.supply[VICI],
        "tribe_supply": t.tribes[VICI], "statues": sum(by_place(t.statues, VICI)),
        "last_action": last,
    }
