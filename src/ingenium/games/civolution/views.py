"""What each seat may see: everything on the table except other seats' hands (the research
cards they hold), the face-down stacks' and bags' contents, and face-down sites and material
tiles (not on the table at all: they are unordered pools, drawn when revealed)."""

from __future__ import annotations

from typing import Any

from ingenium.engine.rng import Rng
from ingenium.games.civolution import board, board_view
from ingenium.games.civolution.board import C
from ingenium.games.civolution.rules.research import hand_of, stack_size
from ingenium.games.civolution.rules.starting_a import ALL_MARKER_CARDS
from ingenium.games.civolution.table import CivTable

PUBLIC_LISTS = ("goal_display", "income_display", "attribute_display", "era_tiles",
                "final_tiles", "face_up", "layout", "enc_seat", "enc_strong", "wild_strong",
                "wild_weak", "raw", "developed", "material_tile", "hunted", "farm",
                "recess_site", "statues", "settled", "boat_at", "boat_strong", "boat_weak",
                "boat_notch", "transit", "score", "hundreds", "favor", "track", "supply",
                "tribes", "dice",
                "used_dice", "planning", "fate", "focus", "ideas", "food", "money", "feature",
                "storage", "level", "settlement_built", "farms_left", "reset_marker",
                "stage_tile", "goal_area", "column_type", "start_marker", "transit_path")
PUBLIC_INTS = ("players", "era", "phase", "current", "starting", "reset_space",
               "end_triggered", "final_round_left", "weather", "event_up", "hundred_supply",
               "activation_display", "fate_display", "hunting_supply")


def view_table(t: CivTable, seat: int | None) -> dict[str, Any]:
    """The table as `seat` may see it (None: a spectator)."""
    data: dict[str, Any] = {k: getattr(t, k) for k in PUBLIC_INTS}
    data.update({k: list(getattr(t, k)) for k in PUBLIC_LISTS})
    data["installed"] = [list(i) for i in t.installed]
    data["goal_under"] = [list(u) for u in t.goal_under]
    data["hand_sizes"] = [len(hand_of(t, s)) for s in range(t.players)]
    data["hand"] = [C.cards[c].id for c in hand_of(t, seat)] if seat is not None else []
    # what the seat looks at secretly (a secret draw; Option B's offer), for its eyes only
    data["looking"] = [C.cards[held.card].id for held in t.looking
                       if seat is not None and held.seat == seat]
    data["marker_offer"] = [ALL_MARKER_CARDS[dealt.card].id for dealt in t.marker_offer
                            if seat is not None and dealt.seat == seat]
    data["stacks"] = [stack_size(t, d) for d in range(5)]
    data["events_left"] = 4 - t.era if t.event_up >= 0 else 4
    # -- for drawn boards (the browser's): the same public facts, named and grouped
    data["board"] = board_view.describe(t, seat)
    return data


def determinize(t: CivTable, seat: int, rng: Rng) -> None:
    """Resample what `seat` has not seen: the face-down cards, the cards others drew secretly
    (hand or still being looked at) and the cards others put under the stacks, deck by deck
    (which deck each came from was public); Option B's starting marker cards dealt to others.

    The lists are sorted by deck in one pass each (a card keeps its deck when resampled, so
    one deck's work never moves another's cards); the face-down list ends up as it always
    did: the cards of the decks left alone, then each resampled deck's new cards in turn."""
    _determinize_marker_cards(t, seat, rng)
    decks = range(len(board.DECKS))
    downs_of: list[list[int]] = [[] for _ in decks]
    for card in t.down:
        downs_of[board.CARD_DECK[card]].append(card)
    secret = set(t.secret)
    hands_of: list[list[int]] = [[] for _ in decks]
    for i, held in enumerate(t.hand):
        if held.seat != seat and held in secret:
            hands_of[board.CARD_DECK[held.card]].append(i)
    looks_of: list[list[int]] = [[] for _ in decks]
    for i, held in enumerate(t.looking):
        if held.seat != seat:
            looks_of[board.CARD_DECK[held.card]].append(i)
    bottoms_of: list[list[int]] = [[] for _ in decks]
    for i, card in enumerate(t.bottom):
        if t.bottom_seat[i] != seat:
            bottoms_of[board.CARD_DECK[card]].append(i)
    kept: set[int] = set()  # decks with fewer than two cards to resample
    resampled: list[int] = []
    for deck in decks:
        hands, looks, bottoms, downs = (hands_of[deck], looks_of[deck], bottoms_of[deck],
                                        downs_of[deck])
        pool = downs + [t.hand[i].card for i in hands] + [t.looking[i].card for i in looks]
        pool += [t.bottom[i] for i in bottoms]
        if len(pool) < 2:
            kept.add(deck)
            continue
        pool.sort()  # the same view and sample give the same world, whatever the real order
        rng.shuffle(pool)
        resampled += pool[:len(downs)]
        rest = pool[len(downs):]
        for i in hands:
            old = t.hand[i]
            t.secret.remove(old)
            t.hand[i] = old._replace(card=rest.pop())
        t.secret += [t.hand[i] for i in hands]
        for i in looks:
            t.looking[i] = t.looking[i]._replace(card=rest.pop())
        for i in bottoms:
            t.bottom[i] = rest.pop()
    t.down = [c for c in t.down if board.CARD_DECK[c] in kept] + resampled


def _determinize_marker_cards(t: CivTable, seat: int, rng: Rng) -> None:
    """Option B before the reveal: others' 3 marker cards (and picks) from the cards `seat`
    has not seen (others' and the box's)."""
    others = [i for i, dealt in enumerate(t.marker_offer) if dealt.seat != seat]
    if not others:
        return
    mine = {dealt.card for dealt in t.marker_offer if dealt.seat == seat}
    pool = [c for c in range(len(ALL_MARKER_CARDS)) if c not in mine]
    rng.shuffle(pool)
    for i in others:
        t.marker_offer[i] = t.marker_offer[i]._replace(card=pool.pop())
    for other in range(t.players):
        if other != seat and t.marker_pick[other] >= 0:
            dealt = [d.card for d in t.marker_offer if d.seat == other]
            t.marker_pick[other] = rng.choice(dealt)


__all__ = ["determinize", "view_table"]
