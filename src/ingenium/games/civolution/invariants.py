"""The conservation rules every Civolution position keeps (the soak tests ask): markers, tribes
and research cards are neither created nor lost, and no count goes negative."""

from __future__ import annotations

from ingenium.games.civolution.table import CivTable


def invariants(t: CivTable) -> list[str]:
    """Conservation: 50 markers and 20 tribes per civilization, every research card in one
    place, nothing negative."""
    problems = []
    for seat in range(t.players):
        markers = (t.supply[seat] + t.food[seat] + t.money[seat] + t.ideas[seat] + t.focus[seat]
                   + sum(t.feature[seat * 6:seat * 6 + 6])
                   + sum(t.storage[seat * 18:seat * 18 + 18])
                   + sum(t.planning[seat * 6:seat * 6 + 6]) + sum(t.raw[seat::4])
                   + sum(t.boat_notch[seat * 2:seat * 2 + 2]) + sum(t.statues[seat::4])
                   + sum(t.reset_marker[seat * 4:seat * 4 + 4]))
        if markers != 50:
            problems.append(f"player {seat + 1}: {markers} markers, not 50")
        on_board = sum(1 for s in t.enc_seat if s == seat) + sum(t.wild_strong[seat::4]) + sum(
            t.wild_weak[seat::4]) + sum(t.boat_strong[seat * 2:seat * 2 + 2]) + sum(
            t.boat_weak[seat * 2:seat * 2 + 2])
        on_board += t.transit[seat] >= 0
        if on_board + t.tribes[seat] != 20:
            problems.append(f"player {seat + 1}: {on_board + t.tribes[seat]} tribes, not 20")
    cards = (t.down + t.bottom + t.face_up + [c % 1000 for c in t.hand + t.looking]
             + [i[4] for i in t.installed if i[3] == 0])
    if sorted(cards) != list(range(160)):
        problems.append(f"research cards: {len(cards)} placed, {len(set(cards))} distinct")
    for name in ("supply", "food", "money", "ideas", "focus", "feature", "storage", "tribes",
                 "raw", "wild_strong", "wild_weak", "dice", "planning", "fate"):
        if min(getattr(t, name)) < 0:
            problems.append(f"negative {name}")
    return problems
