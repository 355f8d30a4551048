"""Solo Mode: V.I.C.I's setup, its phases 2, 4 (action cards, halves by difficulty level,
Resets, extra-tough), 5-8, and what it never does."""

from __future__ import annotations

from typing import Any

from tests.properties.civolution.common import (
    ACTION,
    ENC_COVERED,
    ENC_OF,
    EVENT,
    FIRE_SP,
    GROUNDS,
    INCOME,
    LAND,
    RED_FROM,
    SOLO,
    VICI,
    C,
    Transition,
    probed,
    rule,
    seat_events,
    solo,
    strength,
    tribe_counts,
)

START = [x for x, rec in enumerate(C.territories) if rec.start]
CARD_DECK = tuple("ABCDE".index(c.id[0]) for c in C.cards)
TRACKS = ("technology", "prestige", "knowledge", "construction", "culture")


def _level(t: Any) -> tuple[str, bool]:
    level, _, tough = t.variant.partition("+")
    return level, bool(tough)


def _turns(tr: Transition) -> list[tuple[list[Any], Any, Any]]:
    """Each V.I.C.I turn of the step: (its log lines, table before, table after)."""
    turns = probed(tr, "_turn")
    if not turns:
        return []
    groups: list[list[Any]] = []
    for e in tr.new_events:
        if e.kind == "vici_card":
            groups.append([e])
        elif groups and (e.kind == "end_trigger" or (e.kind.startswith("vici_") and
                         e.kind not in ("vici_goal", "vici_feed", "vici_strong"))):
            groups[-1].append(e)
    if len(groups) != len(turns):
        return []
    return [(g, b, a) for g, (_arg, b, a) in zip(groups, turns, strict=True)]


# ---------------------------------------------------------------- setup

@rule("Solo Mode, Setup: Set up as a 2-player game, but carry out setup steps 12 to 16 only for "
      "yourself (the starting monolith to you)")
def solo_setup_two_player_table(tr: Transition) -> str | None:
    t = tr.after.table
    if not tr.setup or not solo(t):
        return None
    if t.players != 2 or t.enc_seat.count(-2) != ENC_COVERED[2]:
        return f"solo table for {t.players} with {t.enc_seat.count(-2)} blocked encampments"
    if t.starting != 0 or len(t.hand) != 5 or any(h.seat for h in t.hand):
        return "the human alone takes starting cards and the starting monolith"
    return None


@rule("Solo Mode, Setup: place 15 tribes ... with 1 tribe upright on the non-fire encampment in "
      "each starting territory and a provision marker ... next to each starting territory's farm "
      "building space; 4 markers on spaces 1+2 of the Evolution grid and of the Prosperity grid; "
      "6 activation dice and 1 fate die in V.I.C.I's play area; the action cards face down")
def solo_setup_vici_play_area(tr: Transition) -> str | None:
    t = tr.after.table
    if not tr.setup or not solo(t):
        return None
    for x in START:
        mine = [e for e in ENC_OF[x] if t.enc_seat[e] == VICI]
        if len(mine) != 1 or not t.enc_strong[mine[0]] or FIRE_SP[mine[0]]:
            return f"V.I.C.I's starting tribes in {C.territories[x].id}: {mine}"
        if t.vici_provision[x] != 1:
            return f"no provision marker in {C.territories[x].id}"
    if sum(t.vici_provision) != 2 or t.tribes[VICI] != 13:
        return f"V.I.C.I: {sum(t.vici_provision)} provision markers, {t.tribes[VICI]} tribes left"
    if (t.vici_evolution, t.vici_prosperity, t.vici_dice, t.fate[VICI]) != (2, 2, 6, 1):
        return "V.I.C.I's grids and dice are not set up"
    if t.supply[VICI] != 50 - 2 - 4 or sorted(t.action_stack) != list(range(1, 16)) \
            or t.action_up or t.action_discard:
        return "V.I.C.I's markers or action cards are not set up"
    if t.variant not in [f"{lv}{x}" for lv in RED_FROM for x in ("", "+extra-tough")]:
        return f"solo variant {t.variant}"
    return None


@rule("Solo Mode: V.I.C.I simulates a rival civilization (it has no console: no dice spaces, "
      "modules, storage, goal area or stage partition); only you decide")
def solo_vici_has_no_console(tr: Transition) -> str | None:
    state = tr.after
    t = state.table
    if not solo(t):
        return None
    if state.decision is not None and state.decision.seat != 0:
        return f"seat {state.decision.seat} asked in the Solo Mode"
    if any(t.level[22:]) or any(t.dice[6:]) or any(t.planning[6:]) or any(t.feature[6:]) \
            or any(t.storage[18:]) or t.food[VICI] or t.money[VICI] or t.ideas[VICI] \
            or t.focus[VICI] or any(t.reset_marker[4:]) or t.boat_at[2:] != [-1, -1]:
        return "V.I.C.I has something on a console"
    if any(h.seat == VICI for h in t.hand + t.looking) or any(t.raw[VICI::4]):
        return "V.I.C.I holds research cards or raw materials"
    if any(t.statues[g * 4 + VICI] for g in range(1, GROUNDS)) or any(t.settled[VICI::4]):
        return "V.I.C.I built somewhere else than its statues on the Water territory's ground"
    return None


# ---------------------------------------------------------------- phase 2

@rule("Solo Mode, Phase 2: roll one of its dice and remove the goal chip from the display "
      "position matching the rolled value (1=top ... 4=fourth; 5/6 or empty = none removed). "
      "Return removed chips to the box")
def solo_phase2_vici_goal_roll(tr: Transition) -> str | None:
    rolls = seat_events(tr, "vici_goal")
    for (_arg, b, a), e in zip(probed(tr, "_goal"), rolls, strict=False):
        roll = e.data["roll"]
        boxed = [c for c in a.boxed_goals if c not in b.boxed_goals]
        if roll <= 4 and b.goal_display[roll - 1] >= 0:
            if boxed != [b.goal_display[roll - 1]] or a.goal_display[roll - 1] != -1:
                return f"V.I.C.I rolled {roll}: boxed {boxed}, display {a.goal_display}"
        elif boxed or a.goal_display != b.goal_display:
            return f"V.I.C.I rolled {roll} and removed a goal chip"
    return None


# ---------------------------------------------------------------- phase 4

@rule("Solo Mode, Phase 4: On V.I.C.I's turns, reveal the top action card, place it face up "
      "beside the stack ...; Reshuffle the discard pile when the stack is empty")
def solo_phase4_vici_reveals_an_action_card(tr: Transition) -> str | None:
    for events, b, _a in _turns(tr):
        card = events[0].data["card"]
        stack = b.action_stack or b.action_discard
        if card not in stack:
            return f"V.I.C.I revealed card {card}, not from its stack"
        reshuffled = any(e.kind == "vici_reshuffle" for e in tr.new_events)
        if not b.action_stack and not reshuffled:
            return "V.I.C.I's empty stack was not reshuffled"
        if b.action_stack and reshuffled and len(_turns(tr)) == 1:
            return "V.I.C.I reshuffled a stack that was not empty"
        if b.phase != ACTION:
            return "V.I.C.I took a turn outside the Action phase"
    return None


@rule("Solo Mode, Phase 4: V.I.C.I's Reset: when all visible reset icons total at least 4 blue "
      "AND at least 4 red, do not carry out the new card's action - do a Reset instead "
      "(advance the phase indicator, discard revealed action cards)")
def solo_phase4_vici_reset_at_four_blue_and_four_red(tr: Transition) -> str | None:
    for events, b, a in _turns(tr):
        card = events[0].data["card"]
        shown = [*b.action_up, card]
        blue = sum(SOLO.card(n).blue for n in shown)
        red = sum(SOLO.card(n).red for n in shown)
        due = blue >= 4 and red >= 4
        did = any(e.kind == "vici_reset" for e in events)
        if due != did:
            return f"V.I.C.I showing {shown} ({blue} blue, {red} red): Reset {did}"
        pile = [] if not b.action_stack else b.action_discard  # an empty stack: reshuffled
        if did and (a.action_up or a.reset_space != b.reset_space + 1
                    or sorted(a.action_discard) != sorted(pile + shown)):
            return f"V.I.C.I's Reset: revealed {a.action_up}, discard {a.action_discard}, " \
                f"phase indicator {b.reset_space}->{a.reset_space}"
        if not did and (a.action_up != shown or a.reset_space != b.reset_space):
            return f"V.I.C.I's revealed cards {a.action_up}, expected {shown}"
    return None


@rule("Solo Mode, Difficulty levels: Beginner (blue throughout), Moderate (red in era 4), Medium "
      "(red in eras 3-4), Advanced (red in eras 2-4), Expert (red throughout)")
def solo_phase4_half_by_difficulty_level(tr: Transition) -> str | None:
    for events, b, _a in _turns(tr):
        level, _ = _level(b)
        red = RED_FROM[level] and b.era >= RED_FROM[level]
        for e in events:
            if e.kind == "vici_action" and e.data["half"] != ("red" if red else "blue"):
                return f"{level}, era {b.era}: V.I.C.I used the {e.data['half']} half"
    return None


@rule("Solo Mode, Phase 4: carry out its action(s) (the card's row for the action roll, of the "
      "half the level sets)")
def solo_phase4_action_card_row(tr: Transition) -> str | None:
    for events, b, _a in _turns(tr):
        acts = [e for e in events if e.kind == "vici_action"]
        if not acts:
            continue
        card = SOLO.card(acts[0].data["card"])
        rows = card.advanced if acts[0].data["half"] == "red" else card.normal
        roll = acts[0].data["roll"]
        row = [r for r in rows if not roll or roll in r.rolls]
        if not row:
            return f"card {card.number}: no row for roll {roll}"
        actions = row[0].last_era if row[0].last_era and b.era == 4 else row[0].actions
        want = [x.act.value for x in actions]
        got = [e.data["action"] for e in acts]
        if got != want:
            return f"card {card.number} ({acts[0].data['half']}, roll {roll}): did {got}, " \
                f"the card shows {want}"
    return None


@rule("Solo Mode: An extra-tough variant: whenever V.I.C.I does a Reset, also perform the "
      "triggering action card's action before discarding")
def solo_extra_tough_reset(tr: Transition) -> str | None:
    for events, b, _a in _turns(tr):
        if not any(e.kind == "vici_reset" for e in events):
            continue
        acted = any(e.kind == "vici_action" for e in events)
        tough = _level(b)[1]
        if acted != tough:
            return f"V.I.C.I's Reset {'with' if acted else 'without'} the card's action " \
                f"({'extra-tough' if tough else 'not extra-tough'})"
        if acted and [e.kind for e in events].index("vici_reset") < \
                [e.kind for e in events].index("vici_action"):
            return "extra-tough: the action came after the Reset"
    return None


@rule("Solo Mode, Phase 4: removing top face-up research cards; gaining dice (from the display); "
      "placing statues on the Water-territory Building ground")
def solo_phase4_vici_cards_dice_and_statues(tr: Transition) -> str | None:
    """Readings (RECONSTRUCTED.md): RM takes the top face-up card of the track's deck out of
    the game; a statue is one of V.I.C.I's markers; its dice come only from the display."""
    for _events, b, a in _turns(tr):
        face = list(b.face_up)
        for card in a.removed_cards[len(b.removed_cards):]:
            deck = [c for c in face if CARD_DECK[c] == CARD_DECK[card]]
            if not deck or deck[-1] != card:
                return f"V.I.C.I removed {C.cards[card].id}, not a top face-up card"
            face.remove(card)
        if a.vici_dice - b.vici_dice != b.activation_display - a.activation_display \
                or a.fate[VICI] - b.fate[VICI] != b.fate_display - a.fate_display:
            return "V.I.C.I's dice did not come from the display"
        statues = sum(a.statues[VICI::4]) - sum(b.statues[VICI::4])
        if statues and a.supply[VICI] > b.supply[VICI] - statues:
            return "V.I.C.I's statue is not one of its markers"
    return None


@rule("Solo Mode, Phase 4: placing markers on the Evolution/Prosperity grids (removing "
      "attribute/income chips when covering icons)")
def solo_phase4_vici_grids_remove_chips(tr: Transition) -> str | None:
    for _events, b, a in _turns(tr):
        for grid, boxed, icons in (("vici_evolution", "boxed_attributes", (6, 10)),
                                   ("vici_prosperity", "boxed_incomes", (6, 9, 12))):
            old, new = getattr(b, grid), getattr(a, grid)
            crossed = sum(1 for at in icons if old < at <= new)
            removed = len(getattr(a, boxed)) - len(getattr(b, boxed))
            if new < old or removed > crossed:
                return f"{grid} {old}->{new}: {removed} chips removed for {crossed} icons"
    return None


@rule("Solo Mode: V.I.C.I acts only through its action cards on its turns (its discs and "
      "grids move only then)")
def solo_vici_moves_only_on_its_turns(tr: Transition) -> str | None:
    if tr.before is None or not solo(tr.after.table):
        return None
    if seat_events(tr, "vici_card"):
        return None
    b, a = tr.before.table, tr.after.table
    same = (b.track[5:10] == a.track[5:10] and b.favor[VICI] == a.favor[VICI]
            and b.vici_evolution == a.vici_evolution and b.vici_prosperity == a.vici_prosperity
            and b.statues[VICI::4] == a.statues[VICI::4] and b.removed_cards == a.removed_cards)
    return None if same else "V.I.C.I's discs, grids or statues moved outside its turn"


# ---------------------------------------------------------------- phases 5-8

@rule("Solo Mode, Phase 5: Sites affect you as usual; V.I.C.I is never affected by any face-up "
      "sites")
def solo_phase5_sites_never_affect_vici(tr: Transition) -> str | None:
    for name in ("site_phase", "_glacier", "_oaks"):
        for _arg, b, a in probed(tr, name):
            if solo(b) and (strength(b, VICI) != strength(a, VICI) or
                            b.score[VICI] != a.score[VICI]):
                return f"a site ({name}) affected V.I.C.I"
    return None


@rule("Solo Mode, Phase 6: first perform 1 provision action, then feed based on provision "
      "markers (1 provision marker feeds 1 tribe on an encampment; 2+ feed all encampment tribes "
      "plus 1 in the wilderness). Unfed tribes are weakened")
def solo_phase6_vici_feeding_by_provision(tr: Transition) -> str | None:
    """The code's reading (RECONSTRUCTED.md): per territory, by the provision markers beside
    it, which stay; which tribes are fed is not checked, only that each unfed one lost one
    step (upright -> lying -> dead)."""
    for _arg, b, a in probed(tr, "_feed"):
        added = sum(a.vici_provision) - sum(b.vici_provision)
        if added not in (0, 1) or b.supply[VICI] - a.supply[VICI] != added:
            return f"V.I.C.I's provision action placed {added} markers"
        for x in LAND:
            m = a.vici_provision[x]
            camp = sum(1 for e in ENC_OF[x] if b.enc_seat[e] == VICI)
            wild = b.wild_strong[x * 4 + VICI] + b.wild_weak[x * 4 + VICI]
            fed = (camp if m >= 2 else min(m, camp)) + (min(1, wild) if m >= 2 else 0)
            unfed = camp + wild - fed

            def power(t: Any, x: int = x) -> int:
                up = sum(1 for e in ENC_OF[x] if t.enc_seat[e] == VICI and t.enc_strong[e])
                down = sum(1 for e in ENC_OF[x] if t.enc_seat[e] == VICI and not t.enc_strong[e])
                return 2 * (up + t.wild_strong[x * 4 + VICI]) + down + t.wild_weak[x * 4 + VICI]
            if power(b) - power(a) != unfed:
                return f"V.I.C.I in {C.territories[x].id}: {m} provision markers, {camp} on " \
                    f"encampments, {wild} in the wilderness; weakened by {power(b) - power(a)}"
        if tribe_counts(a, VICI)[0] > tribe_counts(b, VICI)[0]:
            return "V.I.C.I's feeding strengthened a tribe"
    return None


@rule("Solo Mode, Phase 7: V.I.C.I is never affected by weather or event bonuses, but counts "
      "toward majority/lead checks")
def solo_phase7_weather_and_events_never_affect_vici(tr: Transition) -> str | None:
    for _arg, b, a in probed(tr, "_event"):
        if solo(b) and a.score[VICI] != b.score[VICI]:
            return "V.I.C.I gained an event bonus"
    if tr.before is None or not solo(tr.after.table):
        return None
    b, a = tr.before.table, tr.after.table
    if b.phase == a.phase == EVENT and b.era == a.era and not seat_events(tr, "era_scoring") \
            and (b.score[VICI] != a.score[VICI] or strength(b, VICI) != strength(a, VICI)
                 or b.favor[VICI] != a.favor[VICI]):
        return "the weather or an event affected V.I.C.I"
    return None


@rule("Solo Mode, Phase 8: As usual; for V.I.C.I only statue scoring is relevant")
def solo_phase8_vici_only_statues(tr: Transition) -> str | None:
    if tr.before is None or not solo(tr.after.table):
        return None
    b, a = tr.before.table, tr.after.table
    if b.phase == a.phase == INCOME and b.era == a.era \
            and (b.score[VICI] != a.score[VICI] or strength(b, VICI) != strength(a, VICI)
                 or b.supply[VICI] != a.supply[VICI]):
        return "V.I.C.I gained income"
    return None
