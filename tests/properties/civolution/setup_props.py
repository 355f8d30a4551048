"""Setup (2-4 civilizations; the Solo Mode's own setup is in solo_props.py)."""

from __future__ import annotations

from tests.properties.civolution.common import (
    DICE_DISPLAY,
    ENC_COVERED,
    ENC_OF,
    FEATURES,
    FIRE_SP,
    GOAL_COVERED,
    HUNDRED_TOKENS,
    MATERIAL_TERRAIN,
    PHASE_COVERED,
    TERRITORY_TOKENS,
    C,
    K,
    Transition,
    civs,
    feats,
    hand,
    levels,
    rule,
    solo,
    store,
    terrain,
)

START = [x for x, rec in enumerate(C.territories) if rec.start]
START_TILE = {"forest": "wood", "grassland": "papyrus"}  # first plays: Wood and Papyrus
LAND_TYPES = ("forest", "grassland", "hills", "swamp", "mountains", "desert")


def started(tr: Transition) -> bool:
    """The first position of era 1's phase 2: the starting cards are all dealt and chosen."""
    t = tr.after.table
    return t.phase >= 2 and (tr.setup or tr.before.table.phase < 2)


@rule("Setup: Place the weather indicator onto the \"Mild\" weather space of the weather gauge")
def setup_weather_indicator_on_mild(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    w = tr.after.table.weather
    return None if K.weather[w].id == "mild" else f"weather starts on {K.weather[w].id}"


@rule("Setup: Draw 4 [scoring tiles] ... onto the 4 spaces of the era scoring area ... draw 3 "
      "more ... in the final scoring area ... Return the remaining 2 scoring tiles")
def setup_scoring_tiles_four_era_three_final(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    era, final = list(t.era_tiles), list(t.final_tiles)
    if len(era) != 4 or len(set(era)) != 4 or len(final) != 3 or len(set(final)) != 3:
        return f"era tiles {era}, final tiles {final}"
    if set(era) & set(final) or not all(0 <= c < 9 for c in era + final):
        return f"era tiles {era} and final tiles {final} overlap or are no categories"
    return None


@rule("Setup: In a 3-player game, cover one space in the goal chip display ... both of the "
      "yellow spaces of the phase sequence; 2-player: two ... (100-point tokens, blocking side)")
def setup_hundred_point_tokens_cover_spaces(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    covered = t.goal_display.count(-2)
    if covered != GOAL_COVERED[t.players]:
        return f"{covered} goal display spaces covered with {t.players} civilizations"
    expected = HUNDRED_TOKENS - GOAL_COVERED[t.players] - PHASE_COVERED[t.players]
    if t.hundred_supply != expected:
        return f"100-point token supply {t.hundred_supply}, expected {expected}"
    return None


@rule("Setup: place one randomly drawn goal chip face up onto each empty space of the goal "
      "chip display ... one [income chip] onto each of the 3 spaces ... one [attribute chip] "
      "onto each of the 3 spaces")
def setup_chip_displays_filled_from_their_bags(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    free = [c for c in t.goal_display if c != -2]
    if len(free) != 6 - GOAL_COVERED[t.players] or min(free) < 0:
        return f"goal display {t.goal_display}"
    for name, shown in (("income", t.income_display), ("attribute", t.attribute_display)):
        if len(shown) != 3 or min(shown) < 0 or len(set(shown)) != 3:
            return f"{name} display {shown}"
    if len(t.income_bag) != 22 or len(t.attribute_bag) != 9:
        return f"bags hold {len(t.income_bag)} income and {len(t.attribute_bag)} attribute chips"
    return None


@rule("Setup: Shuffle the 24 sites face down and place one face down in each octagonal recess")
def setup_sites_face_down(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    if any(s >= 0 for s in t.recess_site) or len(t.recess_site) != 24:
        return "a site is face up at setup"
    return None


@rule("Setup: For your first plays: place the Wood material tile face up on ... the Forest "
      "[starting territory], and the Papyrus ... in the Grassland. Shuffle the remaining "
      "material tiles face down by territory type (otherwise every tile face down by type; the "
      "starting tribes develop their territories: RECONSTRUCTED.md)")
def setup_material_tiles(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    first = t.variant in ("first-play", "first-play-advanced")
    for x, m in enumerate(t.material_tile):
        if x not in START:
            if m >= 0:
                return f"material tile face up on {C.territories[x].id} at setup"
            continue
        if m < 0:
            return f"starting territory {C.territories[x].id} has no face-up material tile"
        if LAND_TYPES[MATERIAL_TERRAIN[m]] != terrain(x):
            return f"a {C.materials[m].value} tile in the {terrain(x)} starting territory"
        if first and C.materials[m].value != START_TILE[terrain(x)]:
            return f"first play: {C.materials[m].value} on the {terrain(x)} start space"
    return None


@rule("Setup: In a 2-player game, cover the 10 encampments ...; In a 3-player game, only cover "
      "the 4 encampments showing the relevant icon (never a fire encampment)")
def setup_blocked_encampments(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    blocked = [e for e, s in enumerate(t.enc_seat) if s == -2]
    if len(blocked) != ENC_COVERED[t.players]:
        return f"{len(blocked)} encampments blocked with {t.players} civilizations"
    if any(FIRE_SP[e] for e in blocked):
        return "a fire encampment is blocked"
    return None


@rule("Setup: Flip the remaining territory tokens front side up and place them as a general "
      "hunting token supply in the hunting token display")
def setup_hunting_tokens_in_display(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    expected = TERRITORY_TOKENS - ENC_COVERED[t.players]
    if t.hunting_supply != expected or any(t.hunted):
        return f"hunting display {t.hunting_supply}, expected {expected}"
    return None


@rule("Setup: Place dice on the dice display: 2-player game - 3 activation dice and 3 fate "
      "dice; 3-player game - 4 and 4; 4-player game - 5 and 5")
def setup_dice_display_by_player_count(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    n = DICE_DISPLAY[t.players]
    if (t.activation_display, t.fate_display) != (n, n):
        return f"dice display {t.activation_display}/{t.fate_display}, expected {n}/{n}"
    return None


@rule("Setup 1, starting chip card: each module level-I side up; flip the module shown in the "
      "middle of the starting chip card to its level-II side (your first upgraded module)")
def setup_modules_level_one_and_the_starting_chip_card_module(tr: Transition) -> str | None:
    if not started(tr):
        return None
    t = tr.after.table
    for seat in civs(t):
        lv = levels(t, seat)
        chips = [i for i in t.installed if i[0] == seat and i[3] == 4]
        if len(chips) != 1:
            return f"player {seat + 1} has {len(chips)} starting chip cards"
        module = K.starting_chip_cards[f"start_chip_{chips[0][4] + 1}"].module \
            if f"start_chip_{chips[0][4] + 1}" in K.starting_chip_cards else None
        if sorted(lv) != [1] * (len(lv) - 1) + [2]:
            return f"player {seat + 1} starts with module levels {lv}"
        if module is not None and lv[[m.id for m in C.modules].index(module)] != 2:
            return f"player {seat + 1}: the starting chip card's {module} is not on level II"
    return None


@rule("Setup 2-3: Takes 6 activation dice ... showing values 1 through 6 ...; Takes 1 fate die")
def setup_console_dice(tr: Transition) -> str | None:
    if not started(tr):
        return None
    t = tr.after.table
    for seat in civs(t):
        if t.dice[seat * 6:seat * 6 + 6] != [1] * 6 or t.used_dice[seat] or t.fate[seat] != 1:
            return f"player {seat + 1} starts with dice {t.dice[seat * 6:seat * 6 + 6]}, " \
                f"fate {t.fate[seat]}"
        if any(t.planning[seat * 6:seat * 6 + 6]):
            return f"player {seat + 1} starts with planning markers"
    return None


@rule("Setup 4-6: stage tiles inactive side up; 4 settlements, 3 farms, 2 boats in their "
      "recesses; discs on space 0 of the score track, the left space of Favor, 0 of each track")
def setup_console_pieces_and_discs(tr: Transition) -> str | None:
    if not started(tr):
        return None
    t = tr.after.table
    for seat in range(t.players):
        if t.score[seat] or t.favor[seat] or any(t.track[seat * 5:seat * 5 + 5]):
            return f"player {seat + 1}'s discs do not start on 0"
    for seat in civs(t):
        if any(t.stage_tile[seat * 2:seat * 2 + 2]) or t.farms_left[seat] != 3 \
                or any(t.settlement_built[seat * 4:seat * 4 + 4]) \
                or t.boat_at[seat * 2:seat * 2 + 2] != [-1, -1]:
            return f"player {seat + 1}'s console pieces are not in their recesses"
    return None


@rule("Setup 7: Places one tribe on a free encampment in the Grassland starting territory and "
      "one in the Forest starting territory (the encampment with the fire must remain free)")
def setup_step7_starting_tribes(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    for seat in range(t.players):
        for x in START:
            mine = [e for e in ENC_OF[x] if t.enc_seat[e] == seat]
            if len(mine) != 1 or not t.enc_strong[mine[0]] or FIRE_SP[mine[0]]:
                return f"player {seat + 1}: starting tribes in {C.territories[x].id}: {mine}"
        on_board = sum(1 for s in t.enc_seat if s == seat)
        if on_board != 2 or t.tribes[seat] != (13 if solo(t) and seat == 1 else 18):
            return f"player {seat + 1}: {on_board} tribes placed, {t.tribes[seat]} in supply"
    for x in START:
        fires = [e for e in ENC_OF[x] if FIRE_SP[e]]
        if any(t.enc_seat[e] != -1 for e in fires):
            return "a starting territory's fire encampment is taken"
    return None


@rule("Setup 8: Places one marker in the Grassland starting territory and one in the Forest "
      "starting territory ...; one marker in the notch of each of its two boats and one at "
      "the top of each of its 4 reset columns")
def setup_step8_markers(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    for seat in civs(t):
        raw = [x for x in range(len(C.territories)) if t.raw[x * 4 + seat]]
        if sorted(raw) != sorted(START) or sum(t.raw[seat::4]) != 2:
            return f"player {seat + 1}'s raw materials at setup: {raw}"
        if t.boat_notch[seat * 2:seat * 2 + 2] != [1, 1] or \
                t.reset_marker[seat * 4:seat * 4 + 4] != [1] * 4:
            return f"player {seat + 1}'s boat and reset markers are not in place"
    return None


@rule("Setup, Option A: each civilization selects [from each research deck] the card showing "
      "the same number as its starting marker card; Option B: one card of each type")
def setup_starting_research_cards(tr: Transition) -> str | None:
    if not started(tr):
        return None
    t = tr.after.table
    option_b = not solo(t) and t.variant in ("advanced", "first-play-advanced")
    for seat in civs(t):
        cards = hand(t, seat)
        decks = sorted(C.cards[c].id[0] for c in cards)
        if decks != list("ABCDE"):
            return f"player {seat + 1} starts with {[C.cards[c].id for c in cards]}"
        if not option_b:
            numbers = {C.cards[c].number for c in cards}
            if numbers != {t.start_marker[seat] + 1}:
                return f"player {seat + 1}'s starting cards {numbers} do not match starting " \
                    f"marker card {t.start_marker[seat] + 1}"
    held = sorted(h.card for h in t.hand)
    if len(held) != 5 * len(civs(t)) or len(set(held)) != len(held):
        return f"{len(held)} cards in hands at the start"
    return None


def _marker_card(tr: Transition, seat: int) -> str:
    t = tr.after.table
    if not solo(t) and t.variant in ("advanced", "first-play-advanced"):
        for e in tr.after.events:
            if e.kind == "starting_markers" and e.seat == seat:
                return str(e.data["card"])
        return ""
    return f"start_markers_{t.start_marker[seat] + 1}"


@rule("Setup: Each civilization receives its starting markers: place as many markers from "
      "supply onto the console spaces indicated on its starting marker card")
def setup_starting_markers(tr: Transition) -> str | None:
    if not started(tr):
        return None
    t = tr.after.table
    for seat in civs(t):
        card = K.starting_marker_cards.get(_marker_card(tr, seat))
        if card is None:
            return f"player {seat + 1}'s starting marker card is unknown"
        want = {"food": 0, "money": 0, "idea": 0, "focus": 0}
        features = [0] * 6
        storage = [0] * 18
        for g in card.markers:
            what = g.what.value
            if what == "feature":
                features[[f.value for f in FEATURES].index(g.feature.value)] += g.amount
            elif what == "material":
                storage[[m.value for m in C.materials].index(g.material.value)] += g.amount
            else:
                want[what] += g.amount
        have = {"food": t.food[seat], "money": t.money[seat], "idea": t.ideas[seat],
                "focus": t.focus[seat]}
        if have != want or feats(t, seat) != features or store(t, seat) != storage:
            return f"player {seat + 1}'s starting markers {have} {feats(t, seat)}, card {want}"
        total = sum(want.values()) + sum(features) + sum(storage)
        if t.supply[seat] != 50 - 8 - total:
            return f"player {seat + 1}'s supply {t.supply[seat]} after the starting markers"
    return None


@rule("Setup: place the goal chip face up on one of the 3 spaces of the goal area; slide the "
      "starting chip card under the right top edge of the console (your first income chip)")
def setup_starting_chip_card_and_goal_chip(tr: Transition) -> str | None:
    if not started(tr):
        return None
    t = tr.after.table
    for seat in civs(t):
        area = t.goal_area[seat * 3:seat * 3 + 3]
        if sum(1 for c in area if c >= 0) != 1:
            return f"player {seat + 1}'s goal area at the start: {area}"
        chips = [i for i in t.installed if i[0] == seat]
        if len(chips) != 1 or chips[0][3] != 4 or (chips[0][1], chips[0][2]) != (8, 4):
            return f"player {seat + 1}'s stage partition at the start: {chips}"
    numbers = [i[4] for i in t.installed]
    if len(set(numbers)) != len(numbers):
        return "two civilizations hold the same starting chip card"
    return None


@rule("Setup: Determine a starting civilization and give it the starting monolith")
def setup_starting_monolith(tr: Transition) -> str | None:
    if not started(tr):
        return None
    t = tr.after.table
    if not 0 <= t.starting < t.players:
        return f"starting monolith at {t.starting}"
    if solo(t) and t.starting != 0:
        return "Solo Mode: V.I.C.I holds the starting monolith at the start"
    return None


@rule("Setup: Shuffle the 20 event cards and place 4 of them face down as a face-down event "
      "stack; Setting up the research display: the 5 research decks ... face down")
def setup_event_stack_and_research_display(tr: Transition) -> str | None:
    if not started(tr):
        return None
    t = tr.after.table
    if t.event_up < 0 or len(t.event_stack) != 19:
        return f"era 1 begins with event {t.event_up} and {len(t.event_stack)} in the pool"
    cards = len(t.down) + len(t.bottom) + len(t.face_up) + len(t.hand) + len(t.looking)
    if cards != 160:
        return f"{cards} research cards at the start"
    return None
