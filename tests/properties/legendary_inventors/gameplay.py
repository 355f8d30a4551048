"""Gameplay 1-3 of the summary: a turn uses one fresh inventor on one invention (or refreshes
all inventors), play passes clockwise, and a completed invention's top three contributors
choose its bonuses, most first, ties clockwise from the finisher."""

from __future__ import annotations

from ingenium.games.legendary_inventors import steps
from ingenium.games.legendary_inventors.table import COMPLETED, IN_PLAY, PLAY
from tests.properties.harness import Transition
from tests.properties.legendary_inventors.common import (
    NEED,
    NI,
    PROPERTIES,
    TEAM_SIZE,
    TEAMS,
    bonus_of,
    bonus_pending,
    can_serve,
    chooser_order,
    cubes,
    deciding_seat,
    decision_kind,
    filled_of,
    fresh,
    held_of,
    invention_of,
    offered,
    open_inventions,
    option_id,
    placement,
    used_of,
)

# -- Gameplay 1: pick an inventor ------------------------------------------------------------


@PROPERTIES.rule("Gameplay 1: 'Pick an inventor whose knowledge you want to use' - only an "
                 "inventor not used since the last refresh, one whose knowledge fits an open "
                 "square (any fresh one once Chocolate is played)")
def gameplay_1_pick_a_fresh_inventor(tr: Transition) -> str | None:
    state = tr.after
    ids = offered(state)
    uses = {i for i in ids if i.startswith("use:")}
    if decision_kind(state) != "turn":
        return f"inventor options at a {decision_kind(state)} decision" if uses else None
    t = state.table
    seat = t.current
    team = TEAMS[t.team[seat]]
    targets = open_inventions(t)
    expected = {f"use:inventor={team.inventors[i].slug}" for i in fresh(t, seat)
                if t.chocolate or any(can_serve(t, seat, i, inv) for inv in targets)}
    if uses != expected:
        return f"inventors offered {sorted(uses)}, the rules allow {sorted(expected)}"
    return None


@PROPERTIES.rule("Gameplay 1: using an inventor 'prevents the inventor being used again until "
                 "the player refreshes inventors'")
def gameplay_1_used_inventor_rests_until_refresh(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    opt = option_id(tr)
    for seat in range(a.players):
        was, now = used_of(b, seat), used_of(a, seat)
        if was == now:
            continue
        if seat != tr.seat:
            return f"seat {seat}'s inventors changed on seat {tr.seat}'s move"
        flipped = [i for i in range(TEAM_SIZE) if was[i] != now[i]]
        if opt.startswith("invent:"):
            inventor = b.pending[-1].inventor
            if flipped != [inventor] or now[inventor] != 1:
                return f"using inventor {inventor} changed used flags {was} -> {now}"
        elif opt in ("refresh", "coffee"):
            if any(now):
                return f"{opt} left inventors used: {now}"
        else:
            return f"used flags {was} -> {now} on {opt}"
    if opt.startswith("invent:"):
        inventor = b.pending[-1].inventor
        if used_of(b, tr.seat)[inventor]:
            return f"inventor {inventor} used twice without a refresh"
        if not used_of(a, tr.seat)[inventor]:
            return f"inventor {inventor} stays ready after its use"
    return None


# -- Gameplay 2: pick the invention -----------------------------------------------------------


@PROPERTIES.rule("Gameplay 2: 'Pick the invention on which you want to use that knowledge' - an "
                 "invention in play with an open square of a type the inventor knows (any "
                 "invention in play with Chocolate)")
def gameplay_2_invention_choices(tr: Transition) -> str | None:
    state = tr.after
    ids = {i for i in offered(state) if i.startswith("invent:")}
    if decision_kind(state) != "invention":
        return f"inventions offered at a {decision_kind(state)} decision" if ids else None
    t = state.table
    step = t.pending[-1]
    if not isinstance(step, steps.ChooseInvention):
        return "an invention decision without a chosen inventor"
    seat = t.current
    expected = {inv for inv in open_inventions(t)
                if t.chocolate or can_serve(t, seat, step.inventor, inv)}
    got = {invention_of(i) for i in ids}
    if got != expected:
        return f"inventions offered {sorted(got)}, the rules allow {sorted(expected)}"
    return None


@PROPERTIES.rule("Gameplay 2: the inventor's knowledge fills open squares of the same type, as "
                 "many as its level (facts: squares already filled take nothing)")
def gameplay_2_knowledge_fills_squares(tr: Transition) -> str | None:
    opt = option_id(tr)
    if not opt.startswith("invent:") or tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    inv = invention_of(opt)
    inventor = b.pending[-1].inventor
    expected = placement(b, tr.seat, inventor, inv)
    added = [x - y for x, y in zip(filled_of(a, inv), filled_of(b, inv), strict=True)]
    if added != expected:
        return f"inventor {inventor} filled {added} of invention {inv}, its knowledge gives " \
               f"{expected}"
    for other in range(NI):
        if other != inv and filled_of(a, other) != filled_of(b, other) \
                and a.status[other] == IN_PLAY:
            return f"invention {other} changed when inventor worked on {inv}"
    return None


@PROPERTIES.rule("Gameplay 2: the cubes placed are the acting player's (their contribution to "
                 "the invention), nobody else's")
def gameplay_2_cubes_are_the_players(tr: Transition) -> str | None:
    opt = option_id(tr)
    if not opt.startswith("invent:") or tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    inv = invention_of(opt)
    if a.status[inv] != IN_PLAY:
        return None  # completed: the cubes went home (checked with the bonus order)
    placed = sum(placement(b, tr.seat, b.pending[-1].inventor, inv))
    for seat in range(a.players):
        want = cubes(b, inv, seat) + (placed if seat == tr.seat else 0)
        if cubes(a, inv, seat) != want:
            return f"seat {seat} has {cubes(a, inv, seat)} cubes on {inv}, expected {want}"
    return None


# -- who acts, turn order ------------------------------------------------------------------


@PROPERTIES.rule("Gameplay: the player whose turn it is picks the inventor, the invention, the "
                 "chocolate squares and the knowledge a token improves")
def gameplay_deciding_seat_is_the_current_player(tr: Transition) -> str | None:
    state = tr.after
    decision = state.decision
    if decision is None:
        return None
    t = state.table
    kind = decision.kind
    if kind in ("turn", "invention", "chocolate") and decision.seat != t.current:
        return f"{kind} decision for seat {decision.seat}, current player {t.current}"
    if kind in ("turn", "invention", "chocolate") and t.phase != PLAY:
        return f"a {kind} decision after the third age"
    if kind == "token_target":
        if not option_id(tr).startswith(("token:", "back:")) or decision.seat != tr.seat:
            return f"token target asked of seat {decision.seat} after {option_id(tr)} by " \
                   f"{tr.seat}"
        if t.phase == PLAY and decision.seat != t.current:
            return "a token played outside its player's turn"
    return None


@PROPERTIES.rule("Gameplay: turns pass clockwise, one player to the next; a turn ends with the "
                 "inventor's work (and its bonuses) or with a refresh")
def gameplay_turns_pass_clockwise(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    n = a.players
    opt = option_id(tr)
    if a.current != b.current and a.current != (b.current + 1) % n:
        return f"the turn went from seat {b.current} to seat {a.current}"
    kind = decision_kind(tr.after)
    if b.phase != PLAY:
        return None if a.current == b.current else "the current player changed after age III"
    if opt == "refresh" and a.current == b.current:
        return "a refresh did not end the turn"
    if kind == "turn" and a.current == b.current and decision_kind(tr.before) not in (
            "turn", "token_target"):
        return f"seat {a.current} gets another turn after {opt}"
    if a.current != b.current and (kind not in ("turn", "final_tokens", "token_target", None)
                                   or bonus_pending(a) or a.chocolate):
        return f"the turn passed while seat {b.current} still had {kind} to do"
    if opt.startswith(("token:", "back:", "target:", "coffee", "chocolate")) \
            and a.current != b.current:
        return f"playing a token ({opt}) ended the turn"
    return None


@PROPERTIES.rule("Gameplay: 'Each turn consists of two or three steps' - one inventor is used "
                 "per turn: after the invention is picked only its chocolate cubes and its "
                 "bonuses remain before the next player")
def gameplay_one_inventor_per_turn(tr: Transition) -> str | None:
    if not option_id(tr).startswith("invent:") or tr.before is None:
        return None
    state = tr.after
    kind = decision_kind(state)
    if kind == "chocolate" or kind == "bonus":
        return None
    if kind == "turn" and state.table.current != tr.before.table.current:
        return None
    return f"after picking the invention: a {kind} decision for seat " \
           f"{state.decision.seat if state.decision else None}"


# -- refreshing ------------------------------------------------------------------------------


@PROPERTIES.rule("Gameplay: 'a player has the choice to refresh all his/her inventors' - all "
                 "four ready again, nothing paid, and that is the turn")
def gameplay_refresh_all_inventors(tr: Transition) -> str | None:
    if option_id(tr) != "refresh" or tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    seat = tr.seat
    if any(used_of(a, seat)):
        return f"inventors still used after a refresh: {used_of(a, seat)}"
    if held_of(a, seat) != held_of(b, seat) or a.played != b.played:
        return "a refresh cost a token"
    if not any(used_of(b, seat)):
        return "a refresh with every inventor ready"
    return None


@PROPERTIES.rule("Gameplay: refreshing 'must be done when all four inventors have been used, "
                 "but may be done at any time' (reading: any time an inventor is used, and not "
                 "once Chocolate is played, whose cubes need an inventor this turn)")
def gameplay_refresh_when_allowed_or_forced(tr: Transition) -> str | None:
    state = tr.after
    if decision_kind(state) != "turn":
        return "refresh offered outside a turn" if "refresh" in offered(state) else None
    t = state.table
    ids = offered(state)
    seat = t.current
    ready = fresh(t, seat)
    may = len(ready) < TEAM_SIZE and not t.chocolate
    if ("refresh" in ids) != may:
        return f"refresh {'offered' if 'refresh' in ids else 'not offered'} with " \
               f"{TEAM_SIZE - len(ready)} inventors used, chocolate {t.chocolate}"
    if not ready and any(i.startswith("use:") for i in ids):
        return "an inventor offered when all four are used"
    return None


# -- Gameplay 3: a completed invention -------------------------------------------------------


@PROPERTIES.rule("Gameplay 3: an invention is completed when its last square is filled, by the "
                 "player who filled it, and only that invention")
def gameplay_3_completed_when_full(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    done = [i for i in range(NI) if b.status[i] != COMPLETED and a.status[i] == COMPLETED]
    if not done:
        return None
    opt = option_id(tr)
    if len(done) > 1:
        return f"inventions {done} completed in one step"
    inv = done[0]
    worked = invention_of(opt) if opt.startswith("invent:") else (
        b.pending[-1].invention if opt.startswith("place:") else None)
    if worked != inv:
        return f"invention {inv} completed by {opt}"
    if filled_of(a, inv) != list(NEED[inv]):
        return f"invention {inv} completed with open squares"
    return None


def _contributions(tr: Transition, inv: int) -> list[int]:
    """Cubes per seat on the invention once its last square is filled: those before the step,
    and every square filled this step is the finisher's."""
    assert tr.before is not None
    b = tr.before.table
    added = sum(NEED[inv]) - sum(filled_of(b, inv))
    return [cubes(b, inv, s) + (added if s == tr.seat else 0) for s in range(b.players)]


@PROPERTIES.rule("Gameplay 3: 'the three players who contributed the most knowledge choose a "
                 "bonus from that invention, in order from most knowledge to least knowledge. In "
                 "case of a tie, work clockwise from the player who finished the invention'")
def gameplay_3_top_three_choose_in_order(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    done = [i for i in range(NI) if b.status[i] != COMPLETED and a.status[i] == COMPLETED]
    if not done:
        return None
    inv = done[0]
    expected = chooser_order(_contributions(tr, inv), tr.seat)
    pending = [s for s in bonus_pending(a) if s.invention == inv]
    if not pending or list(pending[-1].choosers) != expected:
        got = list(pending[-1].choosers) if pending else []
        return f"invention {inv}: choosers {got}, the rules give {expected}"
    decision = tr.after.decision
    if decision is None or decision.kind != "bonus" or decision.seat != expected[0]:
        return f"the first bonus choice is not seat {expected[0]}'s"
    return None


@PROPERTIES.rule("Gameplay 3: each chooser in turn picks one of the invention's remaining "
                 "bonus tokens or the card itself (Scoring 1: 'the player who takes the card "
                 "instead of a bonus token')")
def gameplay_3_bonus_choices(tr: Transition) -> str | None:
    state = tr.after
    ids = [i for i in offered(state) if i.startswith("bonus:")]
    if decision_kind(state) != "bonus":
        return f"bonus options at a {decision_kind(state)} decision" if ids else None
    t = state.table
    step = t.pending[-1]
    if not isinstance(step, steps.Bonus) or deciding_seat(state) != step.choosers[0]:
        return "a bonus decision for a seat not next in the bonus order"
    inv = step.invention
    expected = {f"bonus:slot={s}" for s, k in enumerate(bonus_of(t, inv)) if k >= 0}
    if t.owner[inv] < 0:
        expected.add("bonus:card")
    if set(ids) != expected:
        return f"bonus options {sorted(ids)}, on the invention: {sorted(expected)}"
    return None


@PROPERTIES.rule("Gameplay 3: a chooser takes exactly one bonus (a token into their supply, or "
                 "the card), then the next contributor in the order chooses")
def gameplay_3_one_bonus_each(tr: Transition) -> str | None:
    opt = option_id(tr)
    if not opt.startswith("bonus:") or tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    step = b.pending[-1]
    inv, seat = step.invention, tr.seat
    gained = [x - y for x, y in zip(held_of(a, seat), held_of(b, seat), strict=True)]
    if opt == "bonus:card":
        if b.owner[inv] >= 0 or a.owner[inv] != seat or any(gained):
            return f"taking the card of {inv}: owner {b.owner[inv]} -> {a.owner[inv]}, " \
                   f"tokens {gained}"
    else:
        slot = int(opt.split("=")[1])
        kind = bonus_of(b, inv)[slot]
        want = [1 if k == kind else 0 for k in range(len(gained))]
        if gained != want or a.owner[inv] != b.owner[inv]:
            return f"taking slot {slot} (kind {kind}) gave {gained}, card owner {a.owner[inv]}"
    for other in range(a.players):
        if other != seat and held_of(a, other) != held_of(b, other):
            return f"seat {other}'s tokens changed on seat {seat}'s bonus"
    rest = list(step.choosers[1:])
    after = [s for s in bonus_pending(a) if s.invention == inv]
    left = (a.owner[inv] < 0) + sum(1 for k in bonus_of(a, inv) if k >= 0)
    if rest and left:
        if not after or list(after[-1].choosers) != rest:
            return f"after seat {seat}'s choice the order should go on with {rest}"
    elif after:
        return "bonus choices go on with nobody or nothing left"
    return None


@PROPERTIES.rule("Gameplay 3: the bonuses nobody chose leave the game (no tokens are lost or "
                 "discarded while the contributors still choose)")
def gameplay_3_unchosen_bonuses_leave(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    if a.discarded == b.discarded:
        return None
    closed = {s.invention for s in bonus_pending(b)} - {s.invention for s in bonus_pending(a)}
    ended = a.age != b.age or a.phase != b.phase
    if not closed and not ended:
        return "tokens discarded with no bonus choice over and no age ended"
    for inv in closed:
        if max(bonus_of(a, inv)) >= 0:
            return f"tokens left on invention {inv} after its choices"
    gone = [k for inv in range(NI)
            for k, now in zip(bonus_of(b, inv), bonus_of(a, inv), strict=True)
            if k >= 0 and now < 0]
    taken = [x - y for x, y in zip(held_of(a, tr.seat), held_of(b, tr.seat), strict=True)]
    delta = [x - y for x, y in zip(a.discarded, b.discarded, strict=True)]
    for k in range(len(delta)):
        if delta[k] != gone.count(k) - taken[k]:
            return f"kind {k}: {delta[k]} discarded, {gone.count(k) - taken[k]} left unchosen"
    return None

