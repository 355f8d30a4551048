"""Scoring (the summary's section): card points, victory point tokens, the inventor bonus, card
runs; the last chance to play bonus tokens after age III; the end; the ranking."""

from __future__ import annotations

from collections.abc import Callable

from ingenium.games.legendary_inventors.table import (
    COMPLETED,
    DISCARDED,
    FINAL,
    OVER,
    PLAY,
    LITable,
)
from tests.properties.harness import Transition
from tests.properties.legendary_inventors.common import (
    AGE_OF,
    AGES,
    DECK_SIZE,
    EXTRA,
    NI,
    PROPERTIES,
    card_points,
    deciding_seat,
    decision_kind,
    goal_points,
    knowledge_token_ids,
    my_total,
    offered,
    option_id,
    ribbon_points,
    run_points,
    table_view,
)


def _part(tr: Transition, part: str, mine: Callable[[LITable, int], int]) -> str | None:
    """Compare one scoring source of every seat's breakdown with the property's own count."""
    t = tr.after.table
    players = table_view(tr)["players"]
    for seat in range(t.players):
        want = mine(t, seat)
        got = players[seat]["score"][part]
        if got != want:
            return f"seat {seat} {part}: {got}, the rule gives {want}"
    return None


@PROPERTIES.rule("Scoring 1: 'Card points - In the corner of each invention is a ribbon with a "
                 "number of victory points (corresponding to the age)', to the card's taker")
def scoring_1_card_points(tr: Transition) -> str | None:
    return _part(tr, "cards", card_points)


@PROPERTIES.rule("Scoring 2: 'Victory point bonus tokens' - 'Ribbons - Give 1, 2, or 3 victory "
                 "points' while kept (not spent on their '1' side)")
def scoring_2_ribbon_tokens(tr: Transition) -> str | None:
    return _part(tr, "ribbons", ribbon_points)


@PROPERTIES.rule("Scoring 3: 'Inventor bonus - If a player improves an inventor's knowledge to "
                 "the levels indicated under the ribbon on the card, the player gets the number "
                 "of victory points indicated inside the ribbon'")
def scoring_3_inventor_bonus(tr: Transition) -> str | None:
    return _part(tr, "inventors", goal_points)


@PROPERTIES.rule("Scoring 4: 'Card run - ... If a player makes a run of these cards (which must "
                 "start with 0), the player gets the number of victory points indicated by the "
                 "highest number in the run'; 'Star - Fills in a gap in a card bonus run' "
                 "(reading: a Star stands for any number but the 0; disjoint runs each score)")
def scoring_4_card_run(tr: Transition) -> str | None:
    return _part(tr, "runs", run_points)


@PROPERTIES.rule("Scoring: 'There are four ways to score points' - a player's score is the sum "
                 "of the four")
def scoring_four_ways_total(tr: Transition) -> str | None:
    t = tr.after.table
    scores = tr.after.scores()
    players = table_view(tr)["players"]
    for seat in range(t.players):
        want = my_total(t, seat)
        if scores[seat] != want or players[seat]["score"]["total"] != want:
            return f"seat {seat} scores {scores[seat]}, the four ways give {want}"
    return None


@PROPERTIES.rule("Scoring: points change only where the rules give them - taking a card or a "
                 "token from a completed invention, or playing a token (a goal reached, a "
                 "ribbon or Star given up)")
def scoring_points_change_only_by_bonus_or_token(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    was, now = tr.before.scores(), tr.after.scores()
    opt = option_id(tr)
    for seat in range(len(now)):
        if was[seat] == now[seat]:
            continue
        if seat != tr.seat or not opt.startswith(("bonus:", "target:")):
            return f"seat {seat}'s score {was[seat]} -> {now[seat]} on seat {tr.seat}'s {opt}"
    return None


# -- after the third age --------------------------------------------------------------------


@PROPERTIES.rule("Scoring: 'At the end of the third age, players have one last opportunity to "
                 "play bonus tokens to improve the knowledge of inventors' - only knowledge "
                 "tokens (no inventor, Coffee or Chocolate), or done")
def scoring_last_chance_knowledge_tokens_only(tr: Transition) -> str | None:
    state = tr.after
    kind = decision_kind(state)
    if state.table.phase != FINAL:
        return f"a last-chance decision in phase {state.table.phase}" \
            if kind == "final_tokens" else None
    if kind not in ("final_tokens", "token_target"):
        return f"a {kind} decision after the third age"
    if kind == "final_tokens":
        ids = set(offered(state))
        tokens = knowledge_token_ids(state.table, deciding_seat(state))
        if ids != tokens | {"done"} or not tokens:
            return f"last chance offers {sorted(ids)}, playable {sorted(tokens)}"
    return None


@PROPERTIES.rule("Scoring: every player gets the last opportunity, one after another clockwise "
                 "from the player after the one who ended age III (reading: the order is not "
                 "given; a player with no playable token is passed over)")
def scoring_last_chance_each_player_in_turn(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    if a.phase == PLAY:
        return None
    n, start = a.players, a.current
    acting, next_up = tr.before.decision, tr.after.decision
    if b.phase == PLAY:
        was = -1
    elif b.phase == FINAL and acting is not None:
        was = (acting.seat - start) % n
    else:
        return None
    now = (next_up.seat - start) % n if a.phase == FINAL and next_up is not None else n
    if now < was:
        return f"the last chance went back from position {was} to {now}"
    if now == was:
        return None
    if was >= 0 and option_id(tr) != "done" and knowledge_token_ids(a, (start + was) % n):
        return f"seat {(start + was) % n} lost its last chance with tokens still playable"
    for pos in range(was + 1, now):
        seat = (start + pos) % n
        if knowledge_token_ids(a, seat):
            return f"seat {seat} was passed over with playable tokens"
    return None


# -- the end ----------------------------------------------------------------------------------


@PROPERTIES.rule("Scoring: the game ends after the third age and the last token plays, and not "
                 "before: no decision is left exactly when the game is over")
def end_game_not_before_third_age(tr: Transition) -> str | None:
    t = tr.after.table
    over = tr.after.decision is None
    if over != (t.phase == OVER):
        return f"decision {decision_kind(tr.after)} in phase {t.phase}"
    if over and t.age != AGES:
        return f"the game ended in age {t.age}"
    if tr.before is not None and t.phase == OVER and tr.before.table.phase == PLAY \
            and any(knowledge_token_ids(t, s) for s in range(t.players)):
        return "the game ended without the last chance to play tokens"
    return None


@PROPERTIES.rule("Scoring: 'the person with the most points at the end of the third age' - at "
                 "the end, each of the three ages completed all but one of its players + 3 "
                 "inventions and discarded one", final=True)
def end_game_after_three_full_ages(tr: Transition) -> str | None:
    t = tr.after.table
    n = t.players
    for age in range(1, AGES + 1):
        mine = [inv for inv in range(NI) if AGE_OF[inv] == age]
        done = sum(1 for inv in mine if t.status[inv] == COMPLETED)
        dropped = sum(1 for inv in mine if t.status[inv] == DISCARDED)
        if (done, dropped) != (n + EXTRA - 1, 1) or len(t.deck(age)) != DECK_SIZE[age] - n - EXTRA:
            return f"age {age}: {done} completed, {dropped} discarded"
    ended = [e.data.get("age") for e in tr.after.events if e.kind == "age_end"]
    if ended != [1, 2, 3]:
        return f"age ends logged: {ended}"
    return None


def _rank_key(t: LITable, seat: int) -> tuple[int, int, int]:
    """Points, then invention cards taken (more is better), then seat order."""
    cards = sum(1 for inv in range(NI) if t.owner[inv] == seat)
    return (-my_total(t, seat), -cards, seat)


@PROPERTIES.rule("Scoring: 'the player with the highest score is the winner' - ranking by "
                 "points, ties by more invention cards (reconstructed: the summary names no "
                 "tie-breaker), then seat order", final=True)
def tie_break_ranking(tr: Transition) -> str | None:
    t = tr.after.table
    expected = sorted(range(t.players), key=lambda s: _rank_key(t, s))
    got = tr.after.ranking()
    return f"ranking {got}, expected {expected}" if got != expected else None


@PROPERTIES.rule("Scoring: the winners are every player sharing the highest score and the most "
                 "invention cards", final=True)
def tie_break_winners(tr: Transition) -> str | None:
    t = tr.after.table
    keys = {s: _rank_key(t, s)[:2] for s in range(t.players)}
    best = min(keys.values())
    expected = [s for s in range(t.players) if keys[s] == best]
    got = tr.after.winners()
    return f"winners {got}, expected {expected}" if got != expected else None



