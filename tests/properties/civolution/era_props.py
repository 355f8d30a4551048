"""How to Play and the phases around the Action phase: 1 New cards, 2 New goals, 3 Extra
find, 5 Site phase, 6 Feeding phase, 7 Event phase, 8 Income phase; End of the Game."""

from __future__ import annotations

from ingenium.games.civolution import machine as _machine
from ingenium.games.civolution import steps as _steps
from tests.properties.civolution.common import (
    ENC_COVERED,
    ENC_OF,
    EVENT,
    EXTRA_FIND,
    FEEDING,
    INCOME,
    LAND_TYPES,
    MATERIAL_INDEX,
    MATERIAL_TERRAIN,
    MYSTIC_OAK,
    NEW_GOALS,
    OVER,
    RECESS_TERRITORIES,
    SITE,
    TERRITORIES,
    TERRITORY_TOKENS,
    VICI,
    C,
    K,
    Transition,
    asked,
    civs,
    memo,
    order,
    previous_answer,
    probe,
    probed,
    rule,
    same_phase,
    seat_events,
    solo,
    staged_probe,
    step_record,
    strength,
    terrain,
    territories_of,
    tribe_counts,
    tribes_at,
    units,
)

CARD_DECK = tuple("ABCDE".index(c.id[0]) for c in C.cards)
RECORD_NAMES = tuple(_steps.STEP_TYPES[code].__name__ if code in _steps.STEP_TYPES else ""
                     for code in range(max(_steps.STEP_TYPES) + 1))
AUTO = RECORD_NAMES.index("Auto")
VICI_FEED_CODE = next(code for code, run in _machine.AUTOS.items() if run.__name__ == "feed_step")
SITE_TYPE = tuple(s.type.value for s in C.sites)
ERA_POINTS = K.era_scoring.points


def deciders(t: object) -> list[int]:
    """Seating order without V.I.C.I (who makes no extra find, feeds automatically ...)."""
    return [s for s in order(t) if not (solo(t) and s == VICI)]


def _order_prefix(tr: Transition, kind: str, phase: int) -> str | None:
    """The seats asked a `kind` question this era follow seating order (each once, in turn)."""
    seen = memo(tr).setdefault(f"order:{kind}", {})
    t = tr.after.table
    d = tr.after.decision
    if d is None or d.kind != kind or t.phase != phase:
        return None
    got = seen.setdefault(t.era, [])
    if not got or got[-1] != d.seat:
        got.append(d.seat)
    want = deciders(t)
    at = [want.index(s) if s in want else -1 for s in got]
    if -1 in at or at != sorted(set(at)):
        return f"era {t.era}: {kind} questions went to {got}, seating order is {want}"
    return None


# ---------------------------------------------------------------- How to Play, End of the Game

@rule("How to Play: Civolution is played over 4 eras. Each era consists of 8 phases (phase 1 "
      "to 8 in order; after the fourth era's Income phase, the final scoring)")
def how_to_play_eras_and_phases_in_order(tr: Transition) -> str | None:
    a = tr.after.table
    if not 1 <= a.era <= 4 or not 1 <= a.phase <= OVER:
        return f"era {a.era}, phase {a.phase}"
    if tr.before is None:
        return None
    b = tr.before.table
    if (a.era, a.phase) < (b.era, b.phase) or a.era > b.era + 1:
        return f"from era {b.era} phase {b.phase} to era {a.era} phase {a.phase}"
    reveals = len(seat_events(tr, "event"))
    if reveals != a.era - b.era + (1 if b.phase == 1 and a.phase > 1 else 0):
        return f"{reveals} phase-1 reveals from era {b.era} to era {a.era}"
    return None


@rule("End of the Game: After the Income phase of the fourth era, the game ends with the final "
      "scoring (and not before)")
def end_of_the_game_after_the_fourth_era(tr: Transition) -> str | None:
    a = tr.after.table
    finals = seat_events(tr, "final")
    if tr.after.decision is None:
        if a.era != 4 or a.phase != OVER or any(c >= 0 for c in a.era_tiles):
            return f"the game ended in era {a.era}, phase {a.phase}"
        if len(finals) != 1:
            return f"{len(finals)} final scorings in the last step"
    elif finals or a.phase >= 9:
        return f"final scoring in era {a.era}, phase {a.phase}, yet the game goes on"
    return None


@rule("Phase 7 C: one scoring tile removed at the end of each era (the era scoring area is "
      "empty after the fourth)", )
def phase7_one_era_scoring_per_era(tr: Transition) -> str | None:
    a = tr.after.table
    scored = sum(1 for c in a.era_tiles if c < 0)
    want = a.era - 1 if a.phase < EVENT else a.era
    if a.phase == EVENT:
        want = scored if scored in (a.era - 1, a.era) else -1
    return None if scored == want else f"{scored} era tiles scored in era {a.era} phase {a.phase}"


# ---------------------------------------------------------------- Phase 1

@rule("Phase 1: Reveal the top card of the face-down event stack ... (in later eras, just cover "
      "the previous face-up card): one new event card per era")
def phase1_new_cards_one_event_per_era(tr: Transition) -> str | None:
    seen = memo(tr).setdefault("events", [])
    found = seat_events(tr, "event")
    if not found:
        return None
    for e in found:
        if e.data["event"] in seen:
            return f"event {e.data['event']} revealed twice"
        seen.append(e.data["event"])
    a = tr.after.table
    if len(seen) != a.era or C.events[a.event_up].id != seen[-1]:
        return f"{len(seen)} events revealed by era {a.era}; face up {a.event_up}"
    return None


@rule("Phase 1: Then reveal the top card of each of the 5 face-down research stacks and place "
      "each face up on its face-up research stack")
def phase1_new_cards_one_research_card_per_deck(tr: Transition) -> str | None:
    if not seat_events(tr, "event"):
        return None
    a = tr.after.table
    before = set(tr.before.table.face_up) if tr.before is not None else set()
    had = [0] * 5
    if tr.before is not None:
        for c in tr.before.table.down + tr.before.table.bottom:
            had[CARD_DECK[c]] += 1
    new = [0] * 5
    for c in a.face_up:
        if c not in before:
            new[CARD_DECK[c]] += 1
    for d in range(5):
        if (had[d] or tr.before is None) and not new[d]:
            return f"no card of deck {'ABCDE'[d]} revealed in phase 1"
    return None


# ---------------------------------------------------------------- Phase 2

@rule("Phase 2: In seating order, each civilization may choose one goal chip from the goal "
      "chip display")
def phase2_new_goals_in_seating_order(tr: Transition) -> str | None:
    return _order_prefix(tr, "newgoal", NEW_GOALS)


@rule("Phase 2: each civilization may choose one goal chip (one each, or decline)")
def phase2_new_goals_one_chip_each(tr: Transition) -> str | None:
    taken = memo(tr).setdefault("goals", {})
    for e in seat_events(tr, "goal"):
        key = (tr.before.table.era if tr.before else 1, e.seat)
        taken[key] = taken.get(key, 0) + 1
        if taken[key] > 1:
            return f"player {e.seat + 1} took {taken[key]} goal chips in phase 2"
    d = tr.after.decision
    if d is not None and d.kind == "newgoal" and any(o.id.startswith("goal:") for o in
                                                     d.options) \
            and not any(o.id == "done" for o in d.options):
        return "a civilization may not decline a goal chip"
    return None


@rule("Phase 2: Only after all civilizations have had the opportunity, refill the empty "
      "display spaces from the dark blue bag")
def phase2_new_goals_refill_only_afterwards(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    if b.phase != NEW_GOALS:
        return None
    if a.phase == NEW_GOALS and a.era == b.era:
        for slot, (old, new) in enumerate(zip(b.goal_display, a.goal_display, strict=True)):
            if new != old and new != -1:
                return f"goal display space {slot + 1} refilled during phase 2"
    elif a.phase == EXTRA_FIND and a.era == b.era and a.goal_bag \
            and any(c == -1 for c in a.goal_display):
        return f"goal display not refilled after phase 2: {a.goal_display}"
    return None


@rule("Phase 2: If all 3 goal area spaces are occupied, you may still take a goal chip but "
      "must place it on top of an existing one, covering it")
def phase2_new_goals_goal_area_covering(tr: Transition) -> str | None:
    found = seat_events(tr, "goal")
    if not found or tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    e = found[0]
    seat = e.seat
    chip = next(i for i, c in enumerate(C.goal_chips) if c.id == e.data["chip"])
    if chip not in b.goal_display or chip not in a.goal_area[seat * 3:seat * 3 + 3]:
        return f"goal chip {e.data['chip']} did not go from the display to the goal area"
    full = min(b.goal_area[seat * 3:seat * 3 + 3]) >= 0
    grew = len(a.goal_under) - len(b.goal_under)
    if grew != (1 if full else 0):
        return f"goal area {'full' if full else 'with a free space'}: {grew} chips covered"
    return None


# ---------------------------------------------------------------- Phase 3

@rule("Phase 3: In seating order, each civilization makes an extra find")
def phase3_extra_find_in_seating_order(tr: Transition) -> str | None:
    return _order_prefix(tr, "extrafind", EXTRA_FIND)


@rule("Phase 3: choosing a land territory where it has at least one tribe")
def phase3_extra_find_territory_with_a_tribe(tr: Transition) -> str | None:
    d = tr.after.decision
    if d is None or d.kind != "extrafind":
        return None
    mine = {terrain(x) for x in territories_of(tr.after.table, d.seat)}
    for o in d.options:
        if o.id.startswith("terrain:") and o.id[8:] not in mine:
            return f"extra find offered in {o.id[8:]} without a tribe there"
    return None


@rule("Phase 3: Place one marker from your supply as a stored material onto any of the 3 "
      "storage spaces of your console that matches your chosen territory's type")
def phase3_extra_find_storage_of_the_type(tr: Transition) -> str | None:
    if tr.option is None or not tr.option.id.startswith("material:") or tr.before is None:
        return None
    if tr.before.decision is None or tr.before.decision.kind != "extrafind":
        return None
    m = MATERIAL_INDEX[tr.option.id[9:]]
    chosen = previous_answer(tr)
    if chosen.startswith("terrain:") and LAND_TYPES[MATERIAL_TERRAIN[m]] != chosen[8:]:
        return f"extra find in {chosen[8:]} stored {tr.option.id[9:]}"
    seat = tr.seat
    got = tr.after.table.storage[seat * 18 + m] - tr.before.table.storage[seat * 18 + m]
    return None if got == 1 else f"extra find stored {got} {tr.option.id[9:]}"


@rule("Phase 3: each civilization makes an extra find (one each; Solo Mode: V.I.C.I makes no "
      "extra find)")
def phase3_extra_find_once_each(tr: Transition) -> str | None:
    found = memo(tr).setdefault("finds", {})
    for e in seat_events(tr, "extra_find"):
        if solo(tr.after.table) and e.seat == VICI:
            return "V.I.C.I makes an extra find"
        key = (tr.after.table.era, e.seat)
        found[key] = found.get(key, 0) + 1
        if found[key] > 1:
            return f"player {e.seat + 1} made {found[key]} extra finds in era {key[0]}"
    return None


# ---------------------------------------------------------------- Phase 5

def _near(t: object, seat: int, recess: int) -> bool:
    return any(tribes_at(t, seat, x) != (0, 0) for x in RECESS_TERRITORIES[recess])


def _revealed(t: object, kind: str) -> list[int]:
    return [r for r, s in enumerate(t.recess_site) if s >= 0 and SITE_TYPE[s] == kind]


@rule("Phase 5 A: For each revealed Gorge of the Grimwolves, each civilization with at least "
      "one tribe in an adjacent territory must return 1 food marker (no food: exempt)")
def phase5_site_phase_gorge_of_the_grimwolves(tr: Transition) -> str | None:
    for _arg, b, a in probed(tr, "site_phase"):
        for seat in civs(b):
            gorges = sum(1 for r in _revealed(b, "gorge_of_the_grimwolves") if _near(b, seat, r))
            lost = b.food[seat] - a.food[seat]
            if lost != min(gorges, b.food[seat]):
                return f"player {seat + 1} returned {lost} food to {gorges} Gorges"
    return None


@rule("Phase 5 B: For each revealed Glacier, each civilization with a strong tribe in an "
      "adjacent territory must weaken one such strong tribe by laying it down")
def phase5_site_phase_glacier(tr: Transition) -> str | None:
    for step, b, a in probed(tr, "_glacier"):
        recess, seat = step.place, step.seat
        strong_near = sum(tribes_at(b, seat, x)[0] for x in RECESS_TERRITORIES[recess])
        lost = strength(b, seat) - strength(a, seat)
        asked_later = a.pending and len(a.pending) > len(b.pending) - 1
        if not strong_near and lost:
            return f"a Glacier weakened player {seat + 1} without a strong tribe next to it"
        if strong_near and lost != 1 and not asked_later:
            return f"a Glacier weakened player {seat + 1} by {lost}"
        if lost and tribe_counts(b, seat)[1] + 1 != tribe_counts(a, seat)[1]:
            return "a Glacier did more than lay a tribe down"
    if tr.option is not None and tr.before is not None and asked(tr)[1] == "glacier":
        seat = tr.seat
        if tribe_counts(tr.before.table, seat)[0] - 1 < tribe_counts(tr.after.table, seat)[0]:
            return "the Glacier's chosen tribe was not laid down"
    return None


def _oak_points(b: object, a: object) -> str | None:
    for seat in range(b.players):
        want = 0
        if seat in civs(b):
            for r in _revealed(b, "mystic_oak"):
                want += sum(MYSTIC_OAK[terrain(x)] for x in RECESS_TERRITORIES[r]
                            if tribes_at(b, seat, x) != (0, 0))
        got = a.score[seat] - b.score[seat]
        if got != want:
            return f"player {seat + 1} scored {got} for Mystic oaks, not {want}"
    return None


def _stage_an_oak(t: object) -> bool:
    """What-if: a Mystic oak revealed in a face-down recess next to a civilization's tribe in a
    Water, Swamp or Desert territory (as an exploration could have revealed it)."""
    oaks = [s for s in t.site_pool if SITE_TYPE[s] == "mystic_oak"]
    if not oaks:
        return False
    for r, territories in enumerate(RECESS_TERRITORIES):
        if t.recess_site[r] >= 0:
            continue
        if any(MYSTIC_OAK[terrain(x)] == 2 and tribes_at(t, seat, x) != (0, 0)
               for x in territories for seat in civs(t)):
            t.recess_site[r] = oaks[0]
            t.site_pool.remove(oaks[0])
            return True
    return False


@rule("Phase 5 C: Mystic oak: gain 2 points for each such Water, Swamp, or Desert territory, "
      "and 1 point for each such Forest, Grassland, Hill, or Mountain territory (also checked "
      "with one more oak revealed next to a tribe)")
def phase5_site_phase_mystic_oak(tr: Transition) -> str | None:
    found = probed(tr, "_oaks")
    for _arg, b, a in found:
        wrong = _oak_points(b, a)
        if wrong:
            return wrong
    if found and tr.before is not None and tr.before.table.phase <= SITE:
        for name, _arg, b, a in staged_probe(tr, _stage_an_oak):
            if name == "_oaks":
                wrong = _oak_points(b, a)
                if wrong:
                    return f"with one more oak: {wrong}"
    return None


# ---------------------------------------------------------------- Phase 6

def _farm(t: object, seat: int, x: int) -> bool:
    return t.farm[x] == seat


ENCAMPMENT_COUNT = len(C.encampments)


def _feed_slots(t: object, seat: int) -> list[tuple[tuple[int, int], int, int]]:
    """((place, side), tribes, food each) of the seat's tribes in the order they are asked
    (the order of the pairs): encampments, then each territory's wilderness (lying, then
    upright), then the boats; a place as the `Feed` step names it (tribes.py's place codes)."""
    out = []
    for e in range(ENCAMPMENT_COUNT):
        if t.enc_seat[e] == seat:
            out.append(((e, 0), 1, 0 if _farm(t, seat, C.encampment_territory[e]) else 1))
    for x in range(TERRITORIES):
        for strong, group in ((0, t.wild_weak), (1, t.wild_strong)):
            n = group[x * 4 + seat]
            if n:
                out.append(((ENCAMPMENT_COUNT + x, strong), n, 1 if _farm(t, seat, x) else 2))
    for b in (0, 1):
        if t.boat_at[seat * 2 + b] >= 0:
            for strong, group in ((0, t.boat_weak), (1, t.boat_strong)):
                n = group[seat * 2 + b]
                if n:
                    out.append(((ENCAMPMENT_COUNT + TERRITORIES + b, strong), n, 1))
    return out


@rule("Phase 6 A: Each tribe on an encampment or boat requires 1 food marker; each tribe in the "
      "wilderness requires 2. If you have a farm in a territory, all your tribes on encampments "
      "there are automatically fed, and your tribes in that territory's wilderness require only 1")
def phase6_feeding_food_per_tribe(tr: Transition) -> str | None:
    """The code's reading (RECONSTRUCTED.md, simultaneous steps): each civilization decides
    tribe by tribe, encampments first, then each wilderness (lying before upright tribes), then
    the boats; the food asked is the rule's for the tribe asked."""
    if tr.option is None or tr.before is None or tr.before.decision is None \
            or tr.before.decision.kind != "feed":
        return None
    b = tr.before.table
    _kind, seat, place, side, handled = step_record(tr)[:5]
    slot = (place, side)
    asked_now = next(((s, need) for s, n, need in _feed_slots(b, seat)
                      if need and (s > slot or (s == slot and handled < n))), None)
    if asked_now is None:
        return f"player {seat + 1} asked to feed a tribe that needs no food"
    need = asked_now[1]
    # the tribes still to feed and their food: one answer may feed them all if the food does
    left = [(n - handled if s == slot else n, each) for s, n, each in _feed_slots(b, seat)
            if each and (s > slot or (s == slot and handled < n))]
    tribes_left, food_left = sum(n for n, _ in left), sum(n * each for n, each in left)
    offered = [o.id for o in tr.before.decision.options if o.id.startswith("feed:")]
    every = "feed:all" in offered
    if every != (tribes_left > 1 and b.food[seat] >= food_left):
        return f"'feed all' offered {every}: {tribes_left} tribes owed {food_left} food"
    offered = [o for o in offered if o != "feed:all"]
    if offered not in ([], [f"feed:{need}"]) or (not offered and b.food[seat] >= need):
        return f"feeding the tribe in slot {asked_now[0]} offered {offered}, it needs {need}"
    if tr.option.id == "feed:all" and same_phase(tr):
        a = tr.after.table
        if b.food[seat] - a.food[seat] != food_left or strength(b, seat) != strength(a, seat):
            return f"feeding all paid {b.food[seat] - a.food[seat]} food, {food_left} owed"
        return None
    if tr.option.id.startswith("feed:") and same_phase(tr):
        a = tr.after.table
        if b.food[seat] - a.food[seat] != need or strength(b, seat) != strength(a, seat):
            return f"feeding paid {b.food[seat] - a.food[seat]} food for a tribe needing {need}"
    return None


@rule("Phase 6 A: Any tribe not fed must be weakened: strong tribes are laid down; "
      "already-weak tribes die and return to your supply")
def phase6_feeding_unfed_tribe_weakened(tr: Transition) -> str | None:
    if tr.option is None or tr.option.id != "unfed" or not same_phase(tr):
        return None
    b, a = tr.before.table, tr.after.table
    seat = tr.seat
    if strength(b, seat) - strength(a, seat) != 1 or b.food[seat] != a.food[seat]:
        return f"an unfed tribe of player {seat + 1} lost {strength(b, seat) - strength(a, seat)}"
    died = sum(tribe_counts(b, seat)) - sum(tribe_counts(a, seat))
    if died and a.tribes[seat] != b.tribes[seat] + 1:
        return "a tribe that died did not return to the supply"
    return None


@rule("Phase 6, Deus ex machina: Whenever one of your tribes would die, you may save it instead "
      "by moving your disc on the Favor of Agera track one step backwards (not on the leftmost)")
def phase6_feeding_deus_ex_machina(tr: Transition) -> str | None:
    d = tr.after.decision
    if d is not None and any(o.id == "deus_ex_machina" for o in d.options) \
            and tr.after.table.favor[d.seat] == 0:
        return "Deus ex machina offered on the leftmost Favor space"
    if tr.option is None or tr.option.id != "deus_ex_machina" or not same_phase(tr):
        return None
    b, a = tr.before.table, tr.after.table
    seat = tr.seat
    if b.favor[seat] - a.favor[seat] != 1 or sum(tribe_counts(b, seat)) != \
            sum(tribe_counts(a, seat)):
        return "Deus ex machina did not trade a Favor step for the tribe"
    return None


@rule("Phase 6 A: If you have a farm in a territory, all your tribes on encampments there are "
      "automatically fed")
def phase6_feeding_farm_feeds_encampments(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    if b.phase != FEEDING or a.phase != FEEDING or a.era != b.era:
        return None
    for x in range(TERRITORIES):
        owner = b.farm[x]
        if owner < 0:
            continue
        for e in ENC_OF[x]:
            if b.enc_seat[e] == owner and (a.enc_seat[e] != owner or
                                           a.enc_strong[e] != b.enc_strong[e]):
                return f"player {owner + 1}'s tribe next to its farm went unfed"
    return None


@rule("Phase 6 A: All tribes must be fed (... in seating order if needed)")
def phase6_feeding_in_seating_order(tr: Transition) -> str | None:
    return _order_prefix(tr, "feed", FEEDING)


@rule("Phase 6 B: Once all civilizations finish step A, each gains 1 success point for each of "
      "its strong tribes")
def phase6_feeding_strong_tribes_score(tr: Transition) -> str | None:
    for _arg, b, a in probed(tr, "_score_strong"):
        if any(RECORD_NAMES[raw[0]] == "Feed" or (raw[0] == AUTO and raw[1] == VICI_FEED_CODE)
               for raw in b.pending):
            return "strong tribes scored before every civilization was fed"
        for seat in range(b.players):
            want = tribe_counts(b, seat)[0]
            if a.score[seat] - b.score[seat] != want:
                return f"player {seat + 1} scored {a.score[seat] - b.score[seat]} for " \
                    f"{want} strong tribes"
    return None


# ---------------------------------------------------------------- Phase 7

@rule("Phase 7 A: Move the weather indicator 1 or 2 steps up (hotter) or down (colder) as "
      "shown. (If moved over a white line, place it on ... \"Hot\" or \"Cold\" and trigger the "
      "effect beyond the white line.)")
def phase7_weather_moves_as_the_event_card_shows(tr: Transition) -> str | None:
    found = seat_events(tr, "weather")
    if not found or tr.before is None:
        return None
    b = tr.before.table
    steps = C.events[b.event_up].weather
    if abs(steps) not in (1, 2):
        return f"the event card moves the weather {steps} steps"
    land = max(0, min(len(K.weather) - 1, b.weather - steps))
    if found[0].data["space"] != K.weather[land].id:
        return f"weather from {K.weather[b.weather].id} by {steps}: {found[0].data['space']}"
    back = K.weather[land].returns_to
    rest = next(i for i, w in enumerate(K.weather) if w.id == back) if back else land
    if tr.after.table.weather != rest and tr.after.table.era == b.era:
        return f"weather indicator on {K.weather[tr.after.table.weather].id}, not " \
            f"{K.weather[rest].id}"
    return None


@rule("Phase 7 C: On the leftmost non-empty scoring space ... Each civilization counts its units "
      "of that category and gains that many points per unit. Then remove the scoring tile")
def phase7_era_scoring(tr: Transition) -> str | None:
    for _arg, b, a in probed(tr, "_era_scoring"):
        space = next(i for i, c in enumerate(b.era_tiles) if c >= 0)
        category = b.era_tiles[space]
        if a.era_tiles[space] != -1 or a.era_tiles[space + 1:] != b.era_tiles[space + 1:]:
            return f"era scoring removed the wrong tile: {b.era_tiles} -> {a.era_tiles}"
        for seat in range(b.players):
            want = ERA_POINTS[space] * units(b, seat, category)
            got = a.score[seat] - b.score[seat]
            if got != want:
                return f"era {b.era} ({K.categories[list(K.categories)[category]].name}): " \
                    f"player {seat + 1} scored {got}, not {want}"
    return None


@rule("Phase 7 D: give the starting monolith to the civilization that just scored the most "
      "points in that category. Ties (even at 0): pass the monolith from the outgoing starting "
      "civilization to the tied civilization next in seating order")
def phase7_starting_civilization(tr: Transition) -> str | None:
    """Solo Mode: V.I.C.I can take the monolith too (RECONSTRUCTED.md)."""
    for _arg, b, a in probed(tr, "_era_scoring"):
        gained = [a.score[s] - b.score[s] for s in range(b.players)]
        best = max(gained)
        tied = [s for s in range(b.players) if gained[s] == best]
        if len(tied) == 1:
            want = tied[0]
        else:
            want = next((b.starting + i) % b.players for i in range(1, b.players + 1)
                        if (b.starting + i) % b.players in tied)
        if a.starting != want:
            return f"monolith to player {a.starting + 1} after {gained}; expected {want + 1}"
    return None


# ---------------------------------------------------------------- Phase 8

@rule("Phase 8 B: For each of your statues on the continent, gain as many points as is printed "
      "above your disc on the Favor of Agera track")
def phase8_income_statues_score(tr: Transition) -> str | None:
    for _arg, b, a in probed(tr, "_rest"):
        for seat in range(b.players):
            statues = sum(b.statues[seat::4])
            want = statues * K.favor[b.favor[seat]].statue_sp
            if a.score[seat] - b.score[seat] != want:
                return f"player {seat + 1}'s {statues} statues scored " \
                    f"{a.score[seat] - b.score[seat]}, not {want}"
    return None


@rule("Phase 8 C: Remove hunting tokens from the territories and return them to the display "
      "(do not remove blocking tokens); in the fourth era, skip C and D")
def phase8_income_hunting_tokens_return(tr: Transition) -> str | None:
    for _arg, b, a in probed(tr, "_rest"):
        if b.era == 4:
            if a.hunted != b.hunted or a.hunting_supply != b.hunting_supply:
                return "hunting tokens returned in the fourth era"
            continue
        blocked = ENC_COVERED[b.players]
        if any(a.hunted) or a.hunting_supply != TERRITORY_TOKENS - blocked:
            return f"hunting display {a.hunting_supply} after the Income phase"
        if a.enc_seat.count(-2) != b.enc_seat.count(-2):
            return "blocking tokens removed in the Income phase"
    return None


@rule("Phase 8 D: Equip the reset columns - each civilization refills its empty reset columns "
      "with markers from supply")
def phase8_income_reset_columns_refilled(tr: Transition) -> str | None:
    for step, b, a in probed(tr, "_refill_reset_columns"):
        seat = step.seat
        cols = a.reset_marker[seat * 4:seat * 4 + 4]
        added = sum(cols) - sum(b.reset_marker[seat * 4:seat * 4 + 4])
        if b.supply[seat] - a.supply[seat] != added:
            return "reset markers did not come from the supply"
        if sum(cols) != 4 and a.supply[seat]:
            return f"player {seat + 1}'s reset columns {cols} not refilled"
        if b.era == 4:
            return "reset columns refilled in the fourth era"
    return None


@rule("Phase 8 A: Each civilization performs the action of each of its income chips once (the "
      "Income phase comes only after the Event phase)")
def phase8_income_after_event_phase(tr: Transition) -> str | None:
    records = [n for n, *_ in probe(tr)]
    if "_rest" in records and "_era_scoring" in records \
            and records.index("_rest") < records.index("_era_scoring"):
        return "statues scored before the era scoring"
    a = tr.after.table
    if a.phase == INCOME and any(c >= 0 for c in a.era_tiles[:a.era]):
        return "Income phase before the era's scoring tile was scored"
    return None
