"""Solo Mode, Setup: "Set up as a 2-player game, but carry out setup steps 12 to 16 only for
yourself. Then set up V.I.C.I's play area."

Steps 12-16 are the rulebook's Setup paragraphs from "Each civilization takes a console" to the
starting chip card: the console (1-8), the starting cards (Option A), the starting markers, the
starting monolith and the starting chip card. So the human alone holds a console, a hand and the
starting monolith; only the human's five starting research cards leave the decks.
The variant is the difficulty level, optionally `+extra-tough` (e.g. `expert+extra-tough`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.engine import UnknownVariant
from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components.solo import LEVELS, load_solo
from ingenium.games.civolution.rules import setup as base
from ingenium.games.civolution.rules import starting_a
from ingenium.games.civolution.rules.solo.table import HUMAN, VICI, SoloTable
from ingenium.games.civolution.steps import S_PHASE, Phase
from ingenium.games.civolution.table import FREE, NEW_CARDS, CivTable, HeldCard, on_place

if TYPE_CHECKING:
    from ingenium.engine import State

EXTRA_TOUGH = "+extra-tough"
VARIANTS = LEVELS + tuple(level + EXTRA_TOUGH for level in LEVELS)
SOLO = load_solo()


def parse_variant(variant: str | None) -> tuple[str, bool]:
    """`expert+extra-tough` -> ("expert", True); a missing or unknown level is an error."""
    if variant not in VARIANTS:
        raise UnknownVariant(f"Civolution solo needs a difficulty level, one of "
                             f"{', '.join(VARIANTS)}; not {variant!r}")
    level, _, tough = variant.partition("+")
    return level, bool(tough)


def human_console(t: SoloTable) -> None:
    """Step 12 for the human only: V.I.C.I has no console, so its console spaces stay empty
    (the arrays keep two seats so that the boards index both alike)."""
    base.consoles(t)
    for name in ("dice", "planning", "level", "feature", "storage"):
        values = getattr(t, name)
        width = len(values) // 2
        values[VICI * width:] = [0] * width
    t.fate[VICI] = 0
    t.farms_left[VICI] = 0
    t.boat_notch[VICI * 2:] = [0, 0]
    t.reset_marker[VICI * 4:] = [0] * 4


def human_start(state: State[CivTable], t: SoloTable) -> None:
    """Steps 13-16, Option A, for the human: a starting marker card, its five research cards,
    its markers, the starting monolith, the matching starting chip card with a goal chip."""
    n = state.draw("starting_marker_card", range(len(starting_a.MARKER_CARDS)))
    t.start_marker = [n, -1]
    hand = [card for card, rec in enumerate(C.cards) if rec.number == n + 1]
    t.hand = [HeldCard(HUMAN, card) for card in hand]
    t.down = [c for c in range(len(C.cards)) if c not in hand]
    for gain in starting_a.MARKER_CARDS[n].markers:
        starting_a.starting_gain(t, HUMAN, gain)
    t.starting = t.current = HUMAN
    starting_a.give_chip_card(state, t, HUMAN, n)


def human_tribes(t: SoloTable) -> None:
    """Steps 7-8 for the human: a tribe on a free non-fire encampment of each starting
    territory, a marker there as a raw material, the territory developed."""
    for terr in board.START_TERRITORIES:
        enc = next(e for e in board.ENC_OF[terr] if t.enc_seat[e] == FREE and not board.FIRE_SP[e])
        t.enc_seat[enc], t.enc_strong[enc] = HUMAN, 1
        t.tribes[HUMAN] -= 1
        t.raw[on_place(terr, HUMAN)] += 1
        t.developed[terr] = 1


def vici_area(state: State[CivTable], t: SoloTable) -> None:
    """V.I.C.I's play area: the 15 action cards face down (an unordered stack: each reveal is a
    chance draw), its discs on the human's (all at their start), 15 tribes of which one upright
    on the non-fire encampment of each starting territory with a provision marker beside its
    farm building space, 2 markers each on its Evolution and Prosperity grids, 6 activation dice
    and 1 fate die. The 7 display cards are data (components/solo.py), in ascending order."""
    area = SOLO.area
    t.action_stack = [card.number for card in SOLO.actions]
    t.action_up, t.action_discard = [], []
    t.tribes[VICI] = area.tribes
    t.vici_provision = [0] * board.TERRITORIES
    for terr in board.START_TERRITORIES:
        enc = next(e for e in board.ENC_OF[terr] if t.enc_seat[e] == FREE and not board.FIRE_SP[e])
        t.enc_seat[enc], t.enc_strong[enc] = VICI, 1
        t.tribes[VICI] -= 1
        t.vici_provision[terr] = 1
    t.vici_evolution, t.vici_prosperity = area.evolution_start, area.prosperity_start
    t.supply[VICI] = area.markers - len(board.START_TERRITORIES) - t.vici_evolution \
        - t.vici_prosperity
    t.vici_dice, t.fate[VICI] = area.activation_dice, area.fate_dice


def setup(state: State[CivTable]) -> SoloTable:
    """The 2-player Setup with steps 12-16 for the human, then V.I.C.I's play area; the game
    starts with era 1, phase 1."""
    level, tough = parse_variant(state.variant)
    t = SoloTable(players=2, variant=state.variant or "", vici_level=level, extra_tough=int(tough))
    base.boards(state, t)
    base.displays(state, t)
    base.build_continent(state, t, False)
    base.continent(state, t, first_play=False)
    human_console(t)
    human_tribes(t)
    human_start(state, t)
    vici_area(state, t)
    t.pending = [Phase(S_PHASE, phase=NEW_CARDS)]
    return t
