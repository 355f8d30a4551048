"""Bonus Tokens (the summary's section): 2, 3 and 4 raise knowledge in sequence, every token's
'1' back opens a blank knowledge, Coffee refreshes for free, Chocolate places two extra cubes on
the turn's invention; a token played leaves its player's supply."""

from __future__ import annotations

from ingenium.games.legendary_inventors import steps
from ingenium.games.legendary_inventors.table import COMPLETED, PLAY, LITable
from tests.properties.harness import Transition
from tests.properties.legendary_inventors.common import (
    CHOCOLATE,
    CHOCOLATE_CUBES,
    COFFEE,
    INVENTOR_INDEX,
    KIND_BY_KEY,
    NK,
    PROPERTIES,
    TEAM_SIZE,
    TYPE_NAMES,
    TYPES,
    UPGRADE_TO,
    cubes,
    deciding_seat,
    decision_kind,
    filled_of,
    fresh,
    held,
    held_of,
    invention_of,
    knowledge_token_ids,
    levels_of,
    offered,
    open_of,
    option_id,
    token_target_ids,
    used_of,
)


def _target_step(tr: Transition) -> steps.TokenTarget | None:
    """The token being placed when the step answered a token target."""
    if tr.before is None or not option_id(tr).startswith("target:"):
        return None
    step = tr.before.table.pending[-1]
    return step if isinstance(step, steps.TokenTarget) else None


# -- which tokens may be played ----------------------------------------------------------------


@PROPERTIES.rule("Bonus Tokens: '2,3,4 - Improve the knowledge level of inventors. Improvements "
                 "must be sequential'; '1 - All tokens have a 1 on the back' for a blank "
                 "knowledge: exactly the playable tokens are offered")
def bonus_tokens_playable_tokens_offered(tr: Transition) -> str | None:
    state = tr.after
    ids = {i for i in offered(state) if i.startswith(("token:", "back:"))}
    kind = decision_kind(state)
    if kind not in ("turn", "final_tokens"):
        return f"tokens offered at a {kind} decision" if ids else None
    expected = knowledge_token_ids(state.table, deciding_seat(state))
    if ids != expected:
        return f"tokens offered {sorted(ids)}, playable {sorted(expected)}"
    return None


@PROPERTIES.rule("Bonus Tokens: a 2, 3 or 4 goes only on a knowledge one below it ('a 4 token "
                 "must be played on a 3'), a '1' back only on a blank (zero) knowledge")
def bonus_tokens_target_choices(tr: Transition) -> str | None:
    state = tr.after
    ids = {i for i in offered(state) if i.startswith("target:")}
    if decision_kind(state) != "token_target":
        return f"token targets at a {decision_kind(state)} decision" if ids else None
    opt = option_id(tr)
    face, _, key = opt.partition(":")
    kind = KIND_BY_KEY.get(key)
    if kind is None or face not in ("token", "back"):
        return f"a token target asked after {opt}"
    expected = token_target_ids(state.table, deciding_seat(state), kind, face == "back")
    if ids != expected:
        return f"targets {sorted(ids)}, the token fits {sorted(expected)}"
    return None


# -- what a played token does -----------------------------------------------------------------


@PROPERTIES.rule("Bonus Tokens: 'Improvements must be sequential' - a 2 raises a 1 to 2, a 3 a "
                 "2 to 3, a 4 a 3 to 4, on the inventor and type chosen")
def bonus_tokens_upgrades_sequential(tr: Transition) -> str | None:
    step = _target_step(tr)
    if step is None or step.face != 0:
        return None
    assert tr.before is not None
    return _one_level_up(tr, UPGRADE_TO.get(step.token, -1) - 1)


@PROPERTIES.rule("Bonus Tokens: '1 - ... allows players to progress in knowledge in areas that "
                 "begin as zeros (blank)': a token's back raises a blank knowledge to 1")
def bonus_tokens_back_opens_a_blank(tr: Transition) -> str | None:
    step = _target_step(tr)
    if step is None or step.face != 1:
        return None
    return _one_level_up(tr, 0)


def _one_level_up(tr: Transition, start: int) -> str | None:
    """Exactly the chosen knowledge of the player goes from `start` to `start + 1`."""
    assert tr.before is not None and tr.option is not None
    b, a, seat = tr.before.table, tr.after.table, tr.seat
    _, inventor_part, type_part = tr.option.id.split(":")
    slug, ty = inventor_part.split("=")[1], TYPE_NAMES.index(type_part.split("=")[1])
    at = INVENTOR_INDEX[a.team[seat]][slug] * TYPES + ty
    was, now = levels_of(b, seat), levels_of(a, seat)
    changed = [n for n in range(TEAM_SIZE * TYPES) if was[n] != now[n]]
    if changed != [at] or was[at] != start or now[at] != start + 1:
        return f"the token changed levels {[(n, was[n], now[n]) for n in changed]}, " \
               f"expected slot {at} from {start} to {start + 1}"
    return None


@PROPERTIES.rule("Bonus Tokens: knowledge only ever rises, one level per token played, on the "
                 "player's own inventors")
def bonus_tokens_knowledge_rises_only_by_tokens(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    if b.level == a.level:
        return None
    diffs = [(n, x, y) for n, (x, y) in enumerate(zip(b.level, a.level, strict=True)) if x != y]
    seat = tr.seat
    step = _target_step(tr)
    if step is None or len(diffs) != 1:
        return f"levels changed {diffs[:4]} on {option_id(tr)}"
    n, x, y = diffs[0]
    if y != x + 1 or n // (TEAM_SIZE * TYPES) != seat:
        return f"level {n} went {x} -> {y} on seat {seat}'s token"
    return None


@PROPERTIES.rule("Bonus Tokens: a token played leaves its player's supply for good (one token "
                 "of that kind, nothing else); nothing is spent before its target is chosen")
def bonus_tokens_played_token_is_spent(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    opt = option_id(tr)
    step = _target_step(tr)
    spent_kind = step.token if step is not None else (
        COFFEE if opt == "coffee" else CHOCOLATE if opt == "chocolate" else None)
    for seat in range(a.players):
        delta = [x - y for x, y in zip(held_of(a, seat), held_of(b, seat), strict=True)]
        if seat == tr.seat and spent_kind is not None:
            want = [-1 if k == spent_kind else 0 for k in range(len(delta))]
            if delta != want:
                return f"{opt}: tokens changed by {delta}, expected {want}"
        elif min(delta, default=0) < 0:
            return f"seat {seat} lost tokens {delta} on {opt}"
    played = [x - y for x, y in zip(a.played, b.played, strict=True)]
    want = [1 if k == spent_kind else 0 for k in range(len(played))]
    if played != want:
        return f"played tokens changed by {played} on {opt}"
    return None


# -- Coffee ------------------------------------------------------------------------------------


@PROPERTIES.rule("Bonus Tokens: 'Coffee (availability) - Allows player to refresh all his/her "
                 "inventors for free' (facts: and still act); offered while an inventor is used")
def bonus_tokens_coffee_refreshes_for_free(tr: Transition) -> str | None:
    state = tr.after
    if decision_kind(state) == "turn":
        t = state.table
        seat = t.current
        may = held(t, seat, COFFEE) > 0 and len(fresh(t, seat)) < TEAM_SIZE
        if ("coffee" in offered(state)) != may:
            return f"coffee {'offered' if may is False else 'not offered'}: held " \
                   f"{held(t, seat, COFFEE)}, used {used_of(t, seat)}"
    elif "coffee" in offered(state):
        return f"coffee offered at a {decision_kind(state)} decision"
    if option_id(tr) != "coffee" or tr.before is None:
        return None
    a = state.table
    if any(used_of(a, tr.seat)):
        return "inventors still used after Coffee"
    if decision_kind(state) != "turn" or a.current != tr.seat:
        return "the player's turn did not go on after Coffee"
    return None


# -- Chocolate ---------------------------------------------------------------------------------


@PROPERTIES.rule("Bonus Tokens: Chocolate may be played once a turn, before the inventor works "
                 "('Only applies on the turn in which it is played')")
def bonus_tokens_chocolate_when_playable(tr: Transition) -> str | None:
    state = tr.after
    t = state.table
    if decision_kind(state) == "turn":
        seat = t.current
        may = held(t, seat, CHOCOLATE) > 0 and not t.chocolate and bool(fresh(t, seat))
        if ("chocolate" in offered(state)) != may:
            return f"chocolate offered {not may}: held {held(t, seat, CHOCOLATE)}, " \
                   f"already played {t.chocolate}"
    elif "chocolate" in offered(state):
        return f"chocolate offered at a {decision_kind(state)} decision"
    if tr.before is not None and t.chocolate and not tr.before.table.chocolate \
            and option_id(tr) != "chocolate":
        return f"chocolate in effect after {option_id(tr)}"
    if t.chocolate and (t.phase != PLAY or decision_kind(state) not in (
            "turn", "token_target", "invention") or t.current != deciding_seat(state)):
        return "chocolate still in effect outside its turn's inventor choice"
    return None


@PROPERTIES.rule("Bonus Tokens: one Chocolate a turn - once one is played, a second is not "
                 "offered that turn even to a player holding more (checked on a copy of the "
                 "position with one more Chocolate in hand: a hand of two is rare in play)")
def bonus_tokens_one_chocolate_a_turn(tr: Transition) -> str | None:
    state = tr.after
    t = state.table
    if not t.chocolate or decision_kind(state) != "turn":
        return None
    probe = state.clone()
    probe.table.held[t.current * NK + CHOCOLATE] += 1
    probe.invalidate()
    if "chocolate" in offered(probe):
        return "a second Chocolate offered in the turn one was played"
    return None


@PROPERTIES.rule("Bonus Tokens: 'Chocolate (additional knowledge) - Allows a player to place two "
                 "extra knowledge cubes ... on the same invention as other cubes played that "
                 "turn' (facts: any type of open square)")
def bonus_tokens_chocolate_two_extra_cubes(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    opt = option_id(tr)
    state = tr.after
    if opt.startswith("invent:") and b.chocolate:
        inv = invention_of(opt)
        if a.status[inv] == COMPLETED:
            return "chocolate pending on a completed invention" if _choc(a) else None
        step = _choc(a)
        if step is None or step.invention != inv or step.left != CHOCOLATE_CUBES:
            return f"after the inventor's work: chocolate step {step}, expected {inv} x2"
    if opt.startswith("place:"):
        was = b.pending[-1]
        if not isinstance(was, steps.ChocolateCubes):
            return f"{opt} without a chocolate cube to place"
        inv, ty = was.invention, TYPE_NAMES.index(opt.split("=")[1])
        added = [x - y for x, y in zip(filled_of(a, inv), filled_of(b, inv), strict=True)]
        if added != [1 if n == ty else 0 for n in range(TYPES)]:
            return f"a chocolate cube on type {ty} filled {added}"
        if a.status[inv] != COMPLETED and cubes(a, inv, tr.seat) != cubes(b, inv, tr.seat) + 1:
            return "the chocolate cube is not the player's"
        step = _choc(a)
        if a.status[inv] == COMPLETED or was.left == 1:
            if step is not None:
                return "more chocolate cubes than two, or on a completed invention"
        elif step is None or step.invention != inv or step.left != was.left - 1:
            return f"after a chocolate cube with {was.left} left: {step}"
    if decision_kind(state) == "chocolate":
        step = _choc(a)
        if step is None:
            return "a chocolate decision without chocolate cubes to place"
        ids = set(offered(state))
        gaps = open_of(a, step.invention)
        if ids != {f"place:type={TYPE_NAMES[ty]}" for ty in range(TYPES) if gaps[ty] > 0}:
            return f"chocolate squares offered {sorted(ids)}, open {gaps}"
    return None


def _choc(t: LITable) -> steps.ChocolateCubes | None:
    """The chocolate cubes still to place, if that is the pending step."""
    pending = t.pending
    return pending[-1] if pending and isinstance(pending[-1], steps.ChocolateCubes) else None

