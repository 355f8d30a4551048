"""Solo Mode, Phase 4: V.I.C.I's turn — reveal the top action card, then its Reset or the half
(blue: normal side, red: advanced side) that the level sets for the era.

The stack is unordered: each reveal is a chance draw (`vici_action_card`), each action roll a d6
(`vici_action_roll`), each chip-removal roll ceil(d6 / 2) (`vici_chip_roll`): nothing about them
exists before it is revealed. Every action is logged with its card, roll and effect.

V.I.C.I has no console: a progress track's threshold bonuses go to no one (its points beyond the
top of a track still count, "per the usual rules"). RM(track) takes the top face-up research card
of the deck of that track's colour (facts, L: Invention-Technology, Mutation-Prestige,
Insight-Knowledge, Building-Construction, Achievement-Culture: the decks' order is the tracks')
out of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components.icons import Category, Track
from ingenium.games.civolution.components.solo import (
    DIE,
    Act,
    ActionCard,
    Era,
    ViciAction,
)
from ingenium.games.civolution.console import advance_favor, advance_track, gain_sp, take_markers
from ingenium.games.civolution.rules.research import top_up
from ingenium.games.civolution.rules.solo.setup import SOLO
from ingenium.games.civolution.rules.solo.table import VICI, SoloTable
from ingenium.games.civolution.rules.solo.territory import (
    hunt,
    migrate,
    procreate,
    provide,
    reveal_sites,
)
from ingenium.games.civolution.table import EMPTY, ISLAND, CivTable, on_place

if TYPE_CHECKING:
    from ingenium.engine import State

TRACKS = tuple(Track)
CATEGORIES = tuple(Category)
ERAS = 4
CATEGORY_ACT = {Category.EVOLUTION: Act.EVOLUTION, Category.PROSPERITY: Act.PROSPERITY,
                Category.POPULATION: Act.PROCREATE, Category.EXPANSION: Act.MIGRATE}


def solo_table(state: State[CivTable]) -> SoloTable:
    t = state.table
    if not isinstance(t, SoloTable):
        raise TypeError("V.I.C.I plays only on a solo table")
    return t


def reveal(state: State[CivTable], t: SoloTable) -> int:
    """The top card of the face-down stack (a chance draw), face up beside it; an empty stack
    is first made again from the discard pile ("reshuffle": it is unordered)."""
    if not t.action_stack:
        t.action_stack, t.action_discard = sorted(t.action_discard), []
        state.log(None, "vici_reshuffle", "V.I.C.I's discarded action cards become its stack")
    number = state.draw("vici_action_card", t.action_stack)
    t.action_stack.remove(number)
    t.action_up.append(number)
    return number


def reset_due(t: SoloTable) -> bool:
    """"When all visible reset icons total at least 4 blue AND at least 4 red"."""
    cards = [SOLO.card(n) for n in t.action_up]
    return (sum(c.blue for c in cards) >= SOLO.area.reset_blue
            and sum(c.red for c in cards) >= SOLO.area.reset_red)


def vici_reset(state: State[CivTable], t: SoloTable) -> None:
    """V.I.C.I's Reset: the phase indicator advances (as a civilization's Reset A does), the
    revealed action cards go to the discard pile."""
    t.reset_space += 1
    state.log(None, "vici_reset", "V.I.C.I does a Reset", {"cards": list(t.action_up)})
    if t.reset_space >= K.player_counts[t.players].reset_spaces and not t.end_triggered:
        t.end_triggered = 1
        state.log(None, "end_trigger", "The phase indicator reaches the reset end space")
    t.action_discard.extend(t.action_up)
    t.action_up = []


def take_turn(state: State[CivTable]) -> None:
    """One V.I.C.I turn: reveal a card; a Reset if the reset icons are due (extra-tough: and
    the card's action first), otherwise the card's action."""
    t = solo_table(state)
    t.vici_turns += 1
    number = reveal(state, t)
    card = SOLO.card(number)
    state.log(None, "vici_card", f"V.I.C.I reveals action card {number}", {"card": number})
    if reset_due(t):
        if t.extra_tough:
            carry_out(state, t, card)  # extra-tough: the triggering card's action first
        else:
            t.last_card, t.last_half, t.last_roll = number, int(advanced_now(t)), 0
        vici_reset(state, t)
        t.last_did = (f"{t.last_did}; then " if t.extra_tough else "") + "does a Reset"
        return
    carry_out(state, t, card)


def advanced_now(t: SoloTable) -> bool:
    """Whether the level uses the red (advanced) half in the current era."""
    return SOLO.level(t.vici_level).advanced_in(t.era)


def carry_out(state: State[CivTable], t: SoloTable, card: ActionCard) -> None:
    """The half the level sets for the era; cards 1-10 by an action roll."""
    advanced = advanced_now(t)
    rows = card.advanced if advanced else card.normal
    roll = state.draw("vici_action_roll", DIE) if card.rolled else 0
    row = next(r for r in rows if not roll or roll in r.rolls)
    actions = row.last_era if row.last_era and t.era == ERAS else row.actions
    half = "red" if advanced else "blue"
    did = []
    for action in actions:
        done = act(state, t, action)
        did.append(done)
        state.log(None, "vici_action", f"V.I.C.I, action card {card.number} ({half} half"
                  f"{f', roll {roll}' if roll else ''}): {done}",
                  {"card": card.number, "half": half, "roll": roll, "action": action.act.value})
    t.last_card, t.last_half, t.last_roll, t.last_did = card.number, int(advanced), roll, \
        "; ".join(did)


def act(state: State[CivTable], t: SoloTable, a: ViciAction) -> str:
    """Carry out one action; returns what it did, for the log."""
    if a.act is Act.CATEGORY:
        return "; ".join(act(state, t, x) for x in category_actions(t, a))
    if a.act is Act.PROCREATE:
        return procreate(state, t)
    if a.act is Act.PROVIDE:
        return provide(state, t)
    if a.act is Act.HUNT:
        return hunt(state, t)
    if a.act is Act.MIGRATE:
        return migrate(state, t)
    if a.act is Act.REVEAL:
        return reveal_sites(state, t)
    if a.act is Act.ADVANCE:
        assert a.track is not None
        advance_track(t, VICI, TRACKS.index(a.track), a.amount)  # no console: no bonuses
        return f"advances {a.track.value} by {a.amount}"
    if a.act is Act.REMOVE:
        assert a.track is not None
        card = top_up(t, TRACKS.index(a.track))
        if card < 0:
            return f"no face-up {a.track.value} research card to remove"
        t.face_up.remove(card)
        t.removed_cards.append(card)  # out of the game
        return f"removes the face-up research card {C.cards[card].name}"
    if a.act is Act.POINTS:
        gain_sp(t, VICI, a.amount)
        return f"gains {a.amount} success points"
    if a.act is Act.FAVOR:
        advance_favor(t, VICI)
        return "advances on the Favor of Agera track"
    if a.act is Act.STATUE:  # a statue is one of its markers (reconstructed: from its supply)
        if not take_markers(t, VICI, 1):
            return "no marker left for a statue"
        t.statues[on_place(ISLAND, VICI)] += 1
        return "places a statue on the Water territory's Building ground"
    if a.act in (Act.FATE, Act.ACTIVATION):
        return gain_die(t, a.act is Act.FATE)
    return grid(state, t, a)


def gain_die(t: SoloTable, fate: bool) -> str:
    """A fate or activation die from the dice display, if one is left there."""
    if fate and t.fate_display:
        t.fate_display -= 1
        t.fate[VICI] += 1
        return "gains a fate die"
    if not fate and t.activation_display:
        t.activation_display -= 1
        t.vici_dice += 1
        return "gains an activation die"
    return f"no {'fate' if fate else 'activation'} die left in the display"


def grid(state: State[CivTable], t: SoloTable, a: ViciAction) -> str:
    """Markers onto its Evolution or Prosperity grid; covering an icon (Evolution 6 and 10,
    Prosperity 6, 9 and 12) removes a chip from the display at position ceil(d6 / 2)."""
    evolution = a.act is Act.EVOLUTION
    placed = take_markers(t, VICI, a.amount)
    before = t.vici_evolution if evolution else t.vici_prosperity
    after = before + placed
    if evolution:
        t.vici_evolution = after
    else:
        t.vici_prosperity = after
    name = "Evolution" if evolution else "Prosperity"
    text = f"places {placed} marker(s) on its {name} grid (now {after})"
    icons = SOLO.area.attribute_chip_at if evolution else SOLO.area.income_chip_at
    display = t.attribute_display if evolution else t.income_display
    for _ in (at for at in icons if before < at <= after):
        slot = (state.draw("vici_chip_roll", DIE) + 1) // 2 - 1
        chip = display[slot]
        kind = "attribute" if evolution else "income"
        if chip == EMPTY:
            text += f"; no {kind} chip at display position {slot + 1}"
        else:
            display[slot] = EMPTY
            (t.boxed_attributes if evolution else t.boxed_incomes).append(chip)  # to the box
            text += f"; removes the {kind} chip at display position {slot + 1}"
    return text


def category_actions(t: SoloTable, a: ViciAction) -> list[ViciAction]:
    """"Category xn": Evolution -> EVO n; Prosperity -> PROSP n; Population -> n x PROC;
    Expansion -> n x MIG; a progress track -> ADV(track, n)."""
    if a.era is Era.FINAL:
        categories = [CATEGORIES[c] for c in t.final_tiles]
    else:
        era = {Era.CURRENT: t.era, Era.NEXT: t.era + 1, Era.FOURTH: ERAS}[a.era or Era.CURRENT]
        tile = t.era_tiles[era - 1] if 1 <= era <= ERAS else -1
        categories = [CATEGORIES[tile]] if tile >= 0 else []  # -1: already scored
    out: list[ViciAction] = []
    for category in categories:
        if category.value in {tr.value for tr in TRACKS}:
            out.append(ViciAction(Act.ADVANCE, a.amount, Track(category.value)))
        elif category in (Category.EVOLUTION, Category.PROSPERITY):
            out.append(ViciAction(CATEGORY_ACT[category], a.amount))
        else:
            out.extend(ViciAction(CATEGORY_ACT[category]) for _ in range(a.amount))
    return out
