"""What each seat may see: everything on the table except other seats' hands (the research
cards they hold), the face-down stacks' and bags' contents, and face-down sites and material
tiles (not on the table at all: they are unordered pools, drawn when revealed)."""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from ingenium.engine.rng import Rng
from ingenium.games.civolution import board, board_view
from ingenium.games.civolution.board import C
from ingenium.games.civolution.rules.research import hand_of, stack_size
from ingenium.games.civolution.rules.starting_a import ALL_MARKER_CARDS
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
    """Resample what `seat` has not seen: the cards others drew secretly (hand or still being
    looked at) and the cards others put under the stacks, deck by deck (which deck each came
    from was public); Option B's starting marker cards dealt to others.

    Each deck's pool is its face-down cards and its hidden cards, in card order (the same
    view and sample give the same world, whatever the real order); its hidden places take a
    random ordered sample of it, in turn (hands, then cards looked at, then bottom cards):
    the pool's last places filled by Fisher-Yates steps, as `Rng.shuffle` fills them first,
    and no further. The face-down cards are the rest, in card order (as in a real game,
    where drawing a card takes it out of the ordered list). A deck of fewer than two cards
    to resample is left alone.

    Why the face-down order is not shuffled (issue #23: shuffling ~135 cards was a fifth of
    an iteration): a face-down card is only ever drawn by `draw_down`, which draws a card of
    the stack uniformly with the world's own chance, a generator seeded apart from this one;
    so whatever order the stack is in, every card is equally likely to come next, and the
    worlds sampled, and the games played from them, have exactly the distribution a shuffled
    stack gives. The cards are put in the same order in every world, so the order tells the
    search nothing."""
    _determinize_marker_cards(t, seat, rng)
    places = _hidden_places(t, seat)
    everything = t.down + [card for _deck, card, _where, _at in places]
    everything.sort()
    if not places:
        t.down = everything
        return
    down: list[int] = []
    replaced: list[HeldCard] = []
    dealt: list[HeldCard] = []
    end = 0
    for deck in range(len(board.DECKS)):
        start, end = end, bisect_left(everything, DECK_START[deck + 1], end)
        hidden = [p for p in places if p[0] == deck]
        if hidden and end - start >= 2:
            pool = everything[start:end]
            _sample_to_the_end(pool, len(hidden), rng)
            _deal_places(t, hidden, pool, replaced, dealt)
            down += sorted(pool[:len(pool) - len(hidden)])
        else:
            down += everything[start:end - len(hidden)]
    if replaced:
        gone = set(replaced)
        t.secret = [held for held in t.secret if held not in gone] + dealt
    t.down = down


def _sample_to_the_end(pool: list[int], count: int, rng: Rng) -> None:
    """The first `count` steps of `rng.shuffle(pool)`: its last `count` places hold a random
    ordered sample of it (the rest of the pool before them, in no useful order)."""
    for i in range(len(pool) - 1, len(pool) - 1 - count, -1):
        j = rng.below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]


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
    """One deck's hidden places take the sampled pool's cards from its end, in turn; the
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


def hides_nothing_from(t: CivTable, seat: int) -> bool:
    """Whether `determinize` has nothing to resample for `seat`: no other seat's secret hand
    card, card looked at or card put under a stack, no marker card dealt to another (all of it
    public to count). It then puts the same world in every case: the face-down cards in card
    order, the rest untouched."""
    return (all(dealt.seat == seat for dealt in t.marker_offer)
            and not _hidden_places(t, seat))


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


__all__ = ["determinize", "hides_nothing_from", "view_table"]
