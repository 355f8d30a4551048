"""The conservation rules every Civolution position keeps (the soak tests ask): markers, tribes,
research cards, goal, income and attribute chips, sites, material tiles, farms, fate dice,
hunting tokens and 100-point tokens are neither created nor lost, and no count goes negative.

Not checked: activation dice (a die in a Reset's hand is in no table list until placed) and
event cards (resolved events leave the game). An income chip being gained (chosen, its column
not yet) is in no list either, so income chips are checked as at most 25, each once.
"""

from __future__ import annotations

from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.rules.solo.setup import SOLO
from ingenium.games.civolution.rules.solo.table import VICI, SoloTable, is_vici
from ingenium.games.civolution.table import (
    BLOCKED,
    COVERED,
    ITEM_ATTRIBUTE,
    ITEM_CARD,
    ITEM_GOAL,
    ITEM_INCOME,
    CivTable,
    boats_of,
    by_place,
    features,
    planned,
    reset_columns,
    stored,
)

FARMS = 3  # Setup step 5: three farms per civilization


def _once(name: str, items: list[int], total: int, exact: bool = True) -> list[str]:
    """Each of `total` components in exactly one place (or at most one, `exact` False)."""
    if len(set(items)) != len(items) or (len(items) != total if exact else len(items) > total):
        return [f"{name}: {len(items)} placed, {len(set(items))} distinct, of {total}"]
    return []


def components(t: CivTable) -> list[str]:
    """Chips, sites, material tiles, farms, fate dice and the token supplies."""
    def installed(kind: int) -> list[int]:
        return [item for _s, _c, _st, k, item in t.installed if k == kind]

    solo = t if isinstance(t, SoloTable) else None  # Solo Mode: chips V.I.C.I boxed
    goals = (t.goal_bag + [c for c in t.goal_display if c >= 0] +
             [c for c in t.goal_area if c >= 0] + [u.chip for u in t.goal_under] +
             installed(ITEM_GOAL) + (solo.boxed_goals if solo else []))
    problems = _once("goal chips", goals, len(C.goal_chips))
    problems += _once("income chips", t.income_bag + [c for c in t.income_display if c >= 0] +
                      installed(ITEM_INCOME) + (solo.boxed_incomes if solo else []),
                      len(C.income_chips), exact=False)
    problems += _once("attribute chips", t.attribute_bag +
                      [c for c in t.attribute_display if c >= 0] + installed(ITEM_ATTRIBUTE)
                      + (solo.boxed_attributes if solo else []), len(K.attribute_chips))
    problems += _once("sites", t.site_pool + [s for s in t.recess_site if s >= 0], len(C.sites))
    problems += _once("material tiles", t.material_pool + [m for m in t.material_tile if m >= 0],
                      len(C.materials))
    setup = K.player_counts[t.players]
    for seat in range(t.players):
        if is_vici(t, seat):
            continue  # Solo Mode: V.I.C.I has no farms
        if t.farms_left[seat] + t.farm.count(seat) != FARMS:
            problems.append(f"player {seat + 1}: farms not {FARMS}")
    if sum(t.fate) + t.fate_display != t.players + setup.fate_dice_display:
        problems.append("fate dice created or lost")
    hundreds = t.hundred_supply + sum(t.hundreds) + t.goal_display.count(COVERED)
    if hundreds + setup.blocked_phase_spaces != K.inventory.values["hundred_point_tokens"]:
        problems.append("100-point tokens created or lost")
    blocked = sum(1 for e in C.encampments if e.free_from > t.players)
    tokens = sum(K.territory_tokens.by_terrain.values()) - blocked
    if t.hunting_supply + sum(t.hunted) != tokens or t.enc_seat.count(BLOCKED) > blocked:
        problems.append("hunting tokens created or lost")
    return problems


def invariants(t: CivTable) -> list[str]:
    """Conservation: 50 markers and 20 tribes per civilization, every research card in one
    place, the other components (`components`), nothing negative."""
    problems = components(t)
    for seat in range(t.players):
        if is_vici(t, seat):
            continue  # Solo Mode: its own area (`vici_components`)
        markers = (t.supply[seat] + t.food[seat] + t.money[seat] + t.ideas[seat] + t.focus[seat]
                   + sum(features(t, seat))
                   + sum(stored(t, seat))
                   + sum(planned(t, seat)) + sum(by_place(t.raw, seat))
                   + sum(boats_of(t.boat_notch, seat)) + sum(by_place(t.statues, seat))
                   + sum(reset_columns(t, seat)))
        if markers != 50:
            problems.append(f"player {seat + 1}: {markers} markers, not 50")
        on_board = (sum(1 for s in t.enc_seat if s == seat)
                    + sum(by_place(t.wild_strong, seat)) + sum(by_place(t.wild_weak, seat))
                    + sum(boats_of(t.boat_strong, seat)) + sum(boats_of(t.boat_weak, seat)))
        on_board += t.transit[seat] >= 0
        if on_board + t.tribes[seat] != 20:
            problems.append(f"player {seat + 1}: {on_board + t.tribes[seat]} tribes, not 20")
    if isinstance(t, SoloTable):
        problems += vici_components(t)
    cards = (t.down + t.bottom + t.face_up + [held.card for held in t.hand + t.looking]
             + [i.item for i in t.installed if i.kind == ITEM_CARD]
             + (t.removed_cards if isinstance(t, SoloTable) else []))
    if sorted(cards) != list(range(160)):
        problems.append(f"research cards: {len(cards)} placed, {len(set(cards))} distinct")
    for name in ("supply", "food", "money", "ideas", "focus", "feature", "storage", "tribes",
                 "raw", "wild_strong", "wild_weak", "dice", "planning", "fate"):
        if min(getattr(t, name)) < 0:
            problems.append(f"negative {name}")
    return problems


def vici_components(t: SoloTable) -> list[str]:
    """Solo Mode: V.I.C.I's 50 markers (supply, grids, provision markers, statues) and 15
    tribes (supply, continent), its 15 action cards (stack, revealed, discard pile)."""
    problems = []
    vici = VICI
    markers = (t.supply[vici] + t.vici_evolution + t.vici_prosperity + sum(t.vici_provision)
               + sum(by_place(t.statues, vici)) + sum(by_place(t.raw, vici)))
    if markers != SOLO.area.markers:
        problems.append(f"V.I.C.I: {markers} markers, not {SOLO.area.markers}")
    on_board = sum(1 for s in t.enc_seat if s == vici) + sum(by_place(t.wild_strong, vici)) + sum(
        by_place(t.wild_weak, vici)) + (t.transit[vici] >= 0)
    if on_board + t.tribes[vici] != SOLO.area.tribes:
        problems.append(f"V.I.C.I: {on_board + t.tribes[vici]} tribes, not {SOLO.area.tribes}")
    cards = sorted(t.action_stack + t.action_up + t.action_discard)
    if cards != [c.number for c in SOLO.actions]:
        problems.append(f"V.I.C.I's action cards: {cards}")
    if min(t.vici_provision, default=0) < 0 or t.vici_dice < 0:
        problems.append("V.I.C.I: negative provision markers or dice")
    return problems
