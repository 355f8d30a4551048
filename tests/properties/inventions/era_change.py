"""Era Change, steps 1-6 (after Eras 2, 3 and 4; from Era 1 to 2 steps 1-2 only)."""

from __future__ import annotations

from ingenium.games.inventions.components import catalog
from tests.properties.harness import Transition
from tests.properties.inventions.common import (
    LOC_DISPLAY,
    LOC_HAND,
    LOC_OUT,
    M_CK,
    NUM_HEXES,
    PROPERTIES,
    chronos_slot,
    colour_slots,
    era_change_adjustment,
    era_change_began,
    era_of,
    hand,
    is_turn_start,
    option_id,
)

rule = PROPERTIES.rule
TURN_ORDER_SPACES = catalog.TURN_ORDER_SPACES  # the Era-track spaces printed with the action
NAME = {i.name: n for n, i in enumerate(catalog.IDEAS)}


def _furthest_right(t: object) -> int:
    """The colour slot whose Era marker is on the furthest-right Turn Order space (-1: none)."""
    best, who = -1, -1
    for slot in colour_slots(t):
        space = t.chronos_era_space if slot == chronos_slot(t) else t.era_space[slot]
        if space in TURN_ORDER_SPACES and space > best:
            best, who = space, slot
    return who


def _steps_2_to_4_ran(tr: Transition) -> int:
    """The era entered when Era Change steps 2-4 ran in this step (0 if they did not): right
    after the Era event unless step 1 asks, else with the Turn Order answer."""
    era = era_change_began(tr)
    d = tr.after.decision
    if era and not (d is not None and d.kind == "turn_order"):
        return era
    if option_id(tr).startswith("turn_order:"):
        return catalog.TRACK_ERA[tr.after.table.chronos]
    return 0


def _kept_relative_order(before: list[int], after: list[int], moved: int) -> bool:
    return [s for s in before if s != moved] == [s for s in after if s != moved]


@rule("Era Change 1: the player whose Era marker is on the furthest-right Turn Order space "
      "chooses their space (2 players: Chronos puts himself first); no marker there: skip")
def era_change_step1_adjust_turn_order(tr: Transition) -> str | None:
    if not era_change_began(tr) or tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    who = _furthest_right(t)
    d = tr.after.decision
    asked = d is not None and d.kind == "turn_order"
    chronos_first = [e for e in tr.new_events if e.kind == "chronos" and "first" in e.text]
    if who < 0:
        if asked or t.order != b.order:
            return "turn order adjusted with no Era marker on a Turn Order space"
        return None
    if who == chronos_slot(t):
        if asked or t.order[0] != who or not _kept_relative_order(b.order, t.order, who):
            return f"Chronos is furthest right but the turn order became {t.order}"
        return None
    if not asked or d.seat != who:
        return f"Player {who + 1} is furthest right on a Turn Order space but " + (
            f"Player {d.seat + 1} is asked" if asked else f"nobody is asked (order {b.order} "
            f"-> {t.order}{', ' + chronos_first[0].text if chronos_first else ''})")
    if t.order != b.order or chronos_first:
        return f"the turn order changed before Player {who + 1} chose: {t.order}"
    return None


@rule("Era Change 1: the chosen space, the other Turn Order markers shift to fill the gap while "
      "maintaining their relative order")
def era_change_step1_others_keep_relative_order(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("turn_order:position="):
        return None
    b, t, seat = tr.before.table, tr.after.table, tr.seat
    at = int(oid.split("=")[1]) - 1
    if t.order.index(seat) != at or not _kept_relative_order(b.order, t.order, seat):
        return f"{oid}: turn order {b.order} -> {t.order}"
    return None


@rule("Era Change 2: adjust influence - at 0 gain 1, at 1-3 nothing, at 4-7 lose 1, at 8-10 "
      "lose 2")
def era_change_step2_influence_adjust(tr: Transition) -> str | None:
    if not _steps_2_to_4_ran(tr) or tr.before is None:
        return None
    b = tr.before.table
    events = tr.new_events
    start = next((n for n, e in enumerate(events) if e.kind == "era"), 0)
    level = list(b.influence)
    for e in events[:start]:
        if e.kind == "influence":
            level[e.seat] = e.data["influence"]
    changed = {e.seat: e.data["influence"] for e in events[start:]
               if e.kind == "influence" and e.data.get("why") == "Era Change"}
    for seat in range(b.players):
        want = level[seat] + era_change_adjustment(level[seat])
        got = changed.get(seat, level[seat])
        if got != want:
            return f"Player {seat + 1} at influence {level[seat]} went to {got}, not {want}"
    return None


@rule("Era Change 2, Era 1 -> 2: skip the rest of the steps")
def era_change_era1_to_2_skips_steps_3_to_6(tr: Transition) -> str | None:
    if era_change_began(tr) != 2 or tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    start = next(n for n, e in enumerate(tr.new_events) if e.kind == "era")
    if any(e.kind == "discard" or e.text.startswith("Eureka display")
           for e in tr.new_events[start:]):
        return "Milestones cycled or ideas discarded on the way to Era 2"
    if any(x < y for x, y in zip(t.exhausted + t.eco_used + t.sages_held,
                                 b.exhausted + b.eco_used + b.sages_held, strict=True)):
        return "exhausted specialists, Economy tokens or sages came back on the way to Era 2"
    return None


@rule("Era Change 3: all exhausted specialists become available again, moved to their homes")
def era_change_step3_exhausted_become_available(tr: Transition) -> str | None:
    era = _steps_2_to_4_ran(tr)
    if era < 3 or tr.before is None:
        return None
    t = tr.after.table
    if any(t.exhausted):
        return f"exhausted specialists left after Era Change step 3: {t.exhausted}"
    return None


@rule("Era Change 4: retrieve Season pillars; your Epoch pillar remains on the board")
def era_change_step4_retrieve_season_pillars(tr: Transition) -> str | None:
    era = _steps_2_to_4_ran(tr)
    if era < 3 or tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    if any(s >= 0 for s in t.season):
        return f"Season pillars still on the board: {t.season}"
    movers = {e.seat for e in tr.new_events if is_turn_start(e)}  # the era's last turns
    if any(x < 0 for x in t.epoch) or any(
            t.epoch[s] != b.epoch[s] for s in range(t.players) if s not in movers):
        return f"Epoch pillars moved at the Era Change: {b.epoch} -> {t.epoch}"
    return None


@rule("Era Change 4: sages inspire study - a scholar for each sage (academy limit); each sage "
      "returns to an empty sage space")
def era_change_step4_sages_inspire_study(tr: Transition) -> str | None:
    oid = option_id(tr)
    b = tr.before.table if tr.before is not None else None
    if b is not None and oid.startswith("sage:return="):
        r = int(oid.split("=")[1]) - 1
        if b.sage[r] or not tr.after.table.sage[r] or b.sages_held[tr.seat] < 1:
            return f"{oid}: not an empty sage space, or no sage to return"
    if _steps_2_to_4_ran(tr) < 3 or b is None:
        return None
    t = tr.after.table
    for seat in range(t.players):
        sages = b.sages_held[seat]
        gains = [e for e in tr.new_events if e.kind == "scholar" and e.seat == seat
                 and " gains " in e.text]
        got = int(gains[-1].text.split(" gains ")[1].split(" ")[0]) if gains and sages else 0
        if got > sages or (got < sages and t.academy[seat] < era_of(t, seat)
                           and t.supply[seat] > 0):
            return f"Player {seat + 1}'s {sages} sages gave {got} scholars (academy " \
                f"{t.academy[seat]} of {era_of(t, seat)})"
    return None


@rule("Era Change 4: return the Economy tokens placed on Economy tiles to their spaces")
def era_change_step4_economy_tokens_back(tr: Transition) -> str | None:
    if _steps_2_to_4_ran(tr) < 3 or tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    for seat in range(t.players):
        base = seat * NUM_HEXES
        used = sum(b.eco_used[base:base + NUM_HEXES])
        if any(t.eco_used[base:base + NUM_HEXES]) or t.eco_home[seat] < b.eco_home[seat] + used:
            return f"Player {seat + 1}'s Economy tokens did not come back"
    return None


@rule("Era Change 5: Milestones left in the Eureka display move into Common Knowledge; reveal "
      "the next set of Milestones from the next Era stack")
def era_change_step5_milestones_become_public(tr: Transition) -> str | None:
    shown = [e for e in tr.new_events if e.kind == "milestone"
             and e.text.startswith("Eureka display:")]
    t = tr.after.table
    for e in tr.new_events:
        if e.kind == "round" and e.data["round"] == 1 and e.data["era"] >= 3:
            log = tr.after.events
            n = log.index(e)
            a = max(i for i in range(n) if log[i].kind == "era")
            if not any(x.kind == "milestone" and x.text.startswith("Eureka display:")
                       for x in log[a:n]):
                return f"Era {e.data['era']} began without revealing the next Milestones"
    if not shown or tr.before is None:
        return None
    era = catalog.TRACK_ERA[t.chronos]
    if sorted(t.eureka) != [m for m in range(catalog.NUM_MILESTONES)
                            if catalog.M_LETTER[m] == era]:
        return f"entering Era {era} the Eureka display shows {t.eureka}"
    for m in tr.before.table.eureka:  # they enter at the top: the old bottom ones go out
        if t.milestone_loc[m] != M_CK and m not in t.private:
            return f"{catalog.MILESTONES[m].id} did not enter Common Knowledge"
    return None


@rule("Era Change 5 (summary): first move any non-player Private Milestones (3 players: the "
      "fourth display's)")
def era_change_step5_non_player_private_milestone(tr: Transition) -> str | None:
    t = tr.after.table
    if t.players != 3 or not any(e.kind == "milestone" and e.text.startswith("Eureka display:")
                                 for e in tr.new_events):
        return None
    return None if t.private[3] < 0 else "the unused Private display keeps its Milestone"


@rule("Setup 9 / Eureka 1 / Era Change 5: the Common Knowledge display has 4 spaces; pushed-out "
      "Milestones are splayed on the discard pile, which only grows")
def era_change_step5_common_knowledge_and_discard(tr: Transition) -> str | None:
    t = tr.after.table
    if len(t.common) > 4:
        return f"{len(t.common)} Milestones in Common Knowledge"
    if tr.before is not None and t.discard[:len(tr.before.table.discard)] != \
            tr.before.table.discard:
        return "a Milestone left the discard pile"
    return None


@rule("Era Change 6: discard the previous era's Idea cards from the Idea display and beside "
      "each Society board (in turn order), each replaced from the display - never a current one")
def era_change_step6_old_ideas_discarded(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    era = catalog.TRACK_ERA[t.chronos]
    for i, (was, now) in enumerate(zip(b.idea_loc, t.idea_loc, strict=True)):
        if now == LOC_OUT and (was == LOC_DISPLAY or LOC_HAND <= was < LOC_HAND + 4) \
                and catalog.IDEA_ERA[i] >= era:
            return f"{catalog.IDEAS[i].id} (Era {catalog.IDEA_ERA[i]}) discarded in Era {era}"
    for e in tr.new_events:
        if e.kind == "discard":
            names = e.text.split(" discards ", 1)[1].split(", ")
            held = [catalog.IDEAS[i].name for i in hand(b, e.seat)
                    if catalog.IDEA_ERA[i] < era]
            if any(x.kind == "idea" and x.seat == e.seat for x in tr.new_events):
                continue
            if sorted(names) != sorted(held):
                return f"Player {e.seat + 1} discarded {names}, held old ideas {held}"
    d = tr.after.decision
    if d is not None and d.kind == "main_action" and era >= 3:
        log = tr.after.events
        a = max(n for n, e in enumerate(log) if e.kind == "round")
        if log[a].data["round"] == 1 and not any(e.kind == "action" for e in log[a:]):
            since = max(n for n, e in enumerate(log) if e.kind == "era")
            for seat in range(t.players):
                old = [i for i in hand(t, seat) if catalog.IDEA_ERA[i] < era]
                if old and not any(e.kind == "discard" and e.seat == seat for e in log[since:]):
                    return f"Player {seat + 1} keeps old ideas {old} into Era {era}"
    return None


@rule("Era Change: at the end of Eras 1-4 only (Era 5 is followed by final scoring), once each")
def era_change_after_eras_1_to_4(tr: Transition) -> str | None:
    era = era_change_began(tr)
    if not era:
        return None
    if not 2 <= era <= 5:
        return f"an Era Change into Era {era}"
    count = sum(1 for e in tr.after.events if e.kind == "era")
    return None if count == era - 1 else f"{count} Era Changes by Era {era}"
