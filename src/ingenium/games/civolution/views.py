"""What each seat may see: everything on the table except other seats' hands (the research
cards they hold), the face-down stacks' and bags' contents, and face-down sites and material
tiles (not on the table at all: they are unordered pools, drawn when revealed)."""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from ingenium.engine.rng import Rng
from ingenium.games.civolution import board, board_view
from ingenium.games.civolution.board import C
from ingenium.games.civolution.rules.research import decks_of, hand_of, stack_size
from ingenium.games.civolution.rules.starting_a import ALL_MARKER_CARDS
from ingenium.games.civolution.shuffles import swap_indices
from ingenium.games.civolution.table import CivTable, HeldCard

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


# the research cards of each deck are one run of card numbers (deck 0's first, ...): a deck's
# cards in a sorted list are one slice, found by bisection
DECK_START: tuple[int, ...] = (*(min(cards) for cards in board.DECK_CARDS),
                               len(board.CARD_DECK))
assert all(board.CARD_DECK[c] == d for d in range(len(board.DECKS))
           for c in range(DECK_START[d], DECK_START[d + 1]))
HAND, LOOK, BOTTOM = 0, 1, 2  # where a hidden card that is not face down lies


def determinize(t: CivTable, seat: int, rng: Rng) -> None:
    """Resample what `seat` has not seen: the face-down cards, the cards others drew secretly
    (hand or still being looked at) and the cards others put under the stacks, deck by deck
    (which deck each came from was public); Option B's starting marker cards dealt to others.

    Each deck's pool is its face-down cards and its hidden cards, sorted (the same view and
    sample give the same world, whatever the real order), shuffled (deck after deck with one
    generator, `shuffle_all`: what `Rng.shuffle` on each would do); the face-down cards are
    the pool's first ones, the hidden places take the last ones in turn (hands, then cards
    looked at, then bottom cards). A deck of fewer than two cards to resample is left alone.
    The face-down list ends up as the kept decks' cards, then each resampled deck's."""
    _determinize_marker_cards(t, seat, rng)
    places = _hidden_places(t, seat)
    everything = t.down + [card for _deck, card, _where, _at in places]
    everything.sort()
    down_decks = decks_of(t.down)
    kept: list[int] = []
    resampled: list[int] = []
    replaced: list[HeldCard] = []
    dealt: list[HeldCard] = []
    shuffled: list[int] = []  # the decks resampled, and their pools (shuffled in turn)
    pools: list[list[int]] = []
    end = 0
    for deck in range(len(board.DECKS)):
        start, end = end, bisect_left(everything, DECK_START[deck + 1], end)
        if end - start < 2:
            kept.append(deck)
        else:
            shuffled.append(deck)
            pools.append(everything[start:end])
    shuffle_all(rng, pools)
    for deck, pool in zip(shuffled, pools, strict=True):
        downs = down_decks.count(deck)
        resampled += pool[:downs] if downs < len(pool) else pool
        if downs < len(pool):
            _deal_places(t, [p for p in places if p[0] == deck], pool, replaced, dealt)
    if replaced:
        gone = set(replaced)
        t.secret = [held for held in t.secret if held not in gone] + dealt
    if kept and len(resampled) < len(t.down):
        resampled = [c for c in t.down if board.CARD_DECK[c] in kept] + resampled
    t.down = resampled


def shuffle_all(rng: Rng, lists: list[list[int]]) -> None:
    """Shuffle each list in place, in turn, as `rng.shuffle` on each would: the generator's
    steps taken at once (`shuffles.swap_indices`), the swaps here."""
    swaps = swap_indices(rng, tuple(len(items) for items in lists))
    at = 0
    for items in lists:
        last = len(items) - 1
        if last > 0:
            for i, j in zip(range(last, 0, -1), swaps[at:at + last], strict=True):
                items[i], items[j] = items[j], items[i]
            at += last


def _hidden_places(t: CivTable, seat: int) -> list[tuple[int, int, int, int]]:
    """(deck, card, HAND/LOOK/BOTTOM, index) of every card `seat` has not seen that is not
    face down: others' secret hand cards, cards they look at, cards they put under a stack;
    in the order they are dealt again (hands, looks, bottoms, each by index)."""
    places: list[tuple[int, int, int, int]] = []
    if t.secret:
        secret = set(t.secret)
        places += [(board.CARD_DECK[held.card], held.card, HAND, i)
                   for i, held in enumerate(t.hand) if held.seat != seat and held in secret]
    places += [(board.CARD_DECK[held.card], held.card, LOOK, i)
               for i, held in enumerate(t.looking) if held.seat != seat]
    places += [(board.CARD_DECK[card], card, BOTTOM, i) for i, card in enumerate(t.bottom)
               if t.bottom_seat[i] != seat]
    return places


def _deal_places(t: CivTable, places: list[tuple[int, int, int, int]], pool: list[int],
                 replaced: list[HeldCard], dealt: list[HeldCard]) -> None:
    """One deck's hidden places take the shuffled pool's cards from its end, in turn; the
    secret hand cards replaced and dealt are gathered (the secret list is rewritten once)."""
    at = len(pool)
    for _deck, _card, where, i in places:
        at -= 1
        if where == HAND:
            old = t.hand[i]
            t.hand[i] = new = old._replace(card=pool[at])
            replaced.append(old)
            dealt.append(new)
        elif where == LOOK:
            t.looking[i] = t.looking[i]._replace(card=pool[at])
        else:
            t.bottom[i] = pool[at]


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
