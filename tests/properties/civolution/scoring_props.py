"""Final scoring (the 9 categories at their final values, console A and B), Who wins? and
hidden information."""

from __future__ import annotations

from tests.properties.civolution.common import (
    VICI,
    C,
    K,
    Transition,
    civs,
    hand,
    levels,
    order,
    probed,
    rule,
    solo,
    units,
)

CATEGORIES = list(K.categories)
ITEM_CARD, ITEM_GOAL, ITEM_INCOME, ITEM_ATTRIBUTE, ITEM_START = range(5)


def final_points(t: object, category: int) -> int:
    """The point space below the category, or the scoring tile covering it."""
    rec = K.categories[CATEGORIES[category]]
    return rec.tile_points if category in t.final_tiles else rec.final_points


def console_a(t: object, seat: int) -> int:
    """Each chip and card scores the points of its stage; stages 4 and 5 only with their stage
    tile active; stages 6+ nothing."""
    total = 0
    for s, _col, stage, _kind, _item in t.installed:
        if s != seat or stage > 5:
            continue
        if stage >= 4 and not t.stage_tile[seat * 2 + stage - 4]:
            continue
        total += K.stages[stage - 1].sp
    return total


def console_b(t: object, seat: int) -> int:
    """A point-bonus card scores its points for each card and income chip in its column,
    itself included."""
    total = 0
    mine = [i for i in t.installed if i[0] == seat]
    for _s, col, _stage, kind, item in mine:
        if kind != ITEM_CARD:
            continue
        sp = getattr(C.cards[item].ability, "sp", None)
        if type(C.cards[item].ability).__name__ != "PointBonus" or sp is None:
            continue
        total += sp * sum(1 for i in mine if i[1] == col and
                          i[3] in (ITEM_CARD, ITEM_INCOME, ITEM_START))
    return total


def upgrades(t: object, seat: int) -> int:
    return sum(x - 1 for x in levels(t, seat)) if seat in civs(t) else 0


@rule("Final scoring: Each civilization gains success points for each of the 9 scoring "
      "categories (the point space below the category, or the scoring tile covering it) as well "
      "as its console (A: stages, 4 and 5 only with an active stage tile; B: point bonus cards)",
      final=True)
def final_scoring(tr: Transition) -> str | None:
    found = probed(tr, "final")
    if len(found) != 1:
        return f"{len(found)} final scorings"
    _arg, b, a = found[0]
    for seat in range(b.players):
        want = sum(final_points(b, c) * units(b, seat, c) for c in range(9))
        if seat in civs(b):
            want += console_a(b, seat) + console_b(b, seat)
        got = a.score[seat] - b.score[seat]
        if got != want:
            return f"player {seat + 1} scored {got} in the final scoring, expected {want}"
    return None


@rule("Final scoring: the categories scored exactly as in phase 7 (Solo Mode: V.I.C.I scores "
      "the scoring categories per the usual rules but has no console)", final=True)
def final_scoring_vici_without_console(tr: Transition) -> str | None:
    t = tr.after.table
    if not solo(t):
        return None
    if any(i[0] == VICI for i in t.installed) or any(t.stage_tile[2:4]):
        return "V.I.C.I has a console to score"
    return None


@rule("Who wins? The civilization with the most success points wins. Ties are broken by more "
      "module upgrades, then by seating order (clockwise from the starting civilization)",
      final=True)
def who_wins_ranking(tr: Transition) -> str | None:
    state = tr.after
    t = state.table
    if solo(t):
        return None
    seats = order(t)
    want = sorted(range(t.players), key=lambda s: (-t.score[s], -upgrades(t, s),
                                                   seats.index(s)))
    if state.ranking() != want:
        return f"ranking {state.ranking()}, expected {want} (scores {t.score})"
    if state.winners() != want[:1]:
        return f"winners {state.winners()}, expected {want[:1]}"
    if state.scores() != list(t.score):
        return f"scores {state.scores()} differ from the score track {t.score}"
    return None


@rule("Solo Mode, End of the game: If you have more total success points than V.I.C.I, you win",
      final=True)
def solo_end_of_the_game_human_wins_with_more_points(tr: Transition) -> str | None:
    state = tr.after
    t = state.table
    if not solo(t):
        return None
    want = [0] if t.score[0] > t.score[VICI] else []
    if state.winners() != want:
        return f"winners {state.winners()} with {t.score[0]} against V.I.C.I's {t.score[VICI]}"
    if state.scores() != [t.score[0]]:
        return f"solo scores {state.scores()}"
    return None


HIDDEN_STRIDE = 11


@rule("Research: Draw cards ... look at them secretly; a civilization's hand is its own (a "
      "seat's view shows its own hand and secret draws only)")
def hidden_information_hands_and_secret_draws(tr: Transition) -> str | None:
    state = tr.after
    if len(state.history) % HIDDEN_STRIDE:
        return None
    t = state.table
    for seat in range(state.players):
        view = state.view(seat)["table"]
        if view is None:
            continue
        own = sorted(C.cards[c].id for c in hand(t, seat))
        if sorted(view["hand"]) != own:
            return f"seat {seat}'s view shows hand {view['hand']}, holds {own}"
        looking = sorted(C.cards[h.card].id for h in t.looking if h.seat == seat)
        if sorted(view["looking"]) != looking:
            return f"seat {seat}'s view shows secret draws {view['looking']}"
        others = {C.cards[h.card].id for h in t.hand + t.looking if h.seat != seat
                  and h in t.secret + t.looking}
        if others & (set(view["hand"]) | set(view["looking"])):
            return f"seat {seat} sees another civilization's secret cards"
    return None


RANK_STRIDE = 5


@rule("Who wins? ... Ties are broken by more module upgrades, then by seating order (the same "
      "order at any position, where ties are common: every civilization starts on 0)")
def who_wins_tie_breaks_at_any_position(tr: Transition) -> str | None:
    state = tr.after
    t = state.table
    if solo(t) or len(state.history) % RANK_STRIDE or state.decision is None:
        return None
    seats = order(t)
    want = sorted(range(t.players), key=lambda s: (-t.score[s], -upgrades(t, s),
                                                   seats.index(s)))
    got = state.ranking()
    return None if got == want else f"ranking {got}, expected {want} (scores {t.score})"
