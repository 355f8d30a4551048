"""Components: "All components are limited in quantity to what is included in the game box" -
each kind of piece is conserved, each in its own property."""

from __future__ import annotations

from collections import Counter

from ingenium.games.inventions.components import catalog
from tests.properties.harness import Transition
from tests.properties.inventions.common import (
    ASIDE,
    ASP_BASE,
    ASP_WILD,
    ASPIRATIONS,
    CHAIN_TOKENS,
    CITIZENS,
    ECONOMY_TOKENS,
    INFLUENCE_TOKENS,
    LOC_DISPLAY,
    LOC_HAND,
    LOC_LEFT,
    LOC_OUT,
    LOC_REGION,
    LOC_STACK,
    M_CK,
    M_DECK,
    M_DISCARD,
    M_EUREKA,
    M_PRIVATE,
    NUM_HEXES,
    ON_BOARD,
    PROGRESS_BASE,
    PROPERTIES,
    REGIONS,
    SEATS,
    WEALTH_BASE,
    beside_cards,
    chronos_slot,
    citizens_of,
    display_tiles,
    owned_tiles,
    progress_copies,
    token_cells,
    wealth_copies,
)

rule = PROPERTIES.rule


@rule("Components: 30 Citizen meeples in each of the player colors (supply, academy, specialty "
      "areas, map, Milestones, beside the cards)")
def components_citizens_thirty_per_player(tr: Transition) -> str | None:
    t = tr.after.table
    for seat in range(t.players):
        if citizens_of(t, seat) != CITIZENS:
            return f"Player {seat + 1} has {citizens_of(t, seat)} citizens"
    return None


@rule("Key Concepts F: citizens are counted in whole meeples; no pool of them is ever negative")
def components_citizen_pools_not_negative(tr: Transition) -> str | None:
    t = tr.after.table
    pools = t.supply + t.academy + t.home + t.exhausted + t.on_map + t.diplomats
    pools += [*t.presenter_count, t.chronos_supply]
    return f"a negative citizen pool: {min(pools)}" if min(pools) < 0 else None


@rule("2-Player Rules, Setup 1: Chronos' citizens (a supply of 30, on the map, beside the cards)")
def components_chronos_citizens_thirty(tr: Transition) -> str | None:
    t = tr.after.table
    ch = chronos_slot(t)
    if ch < 0:
        return None
    n = t.chronos_supply + sum(t.on_map[r * SEATS + ch] for r in range(REGIONS))
    n += beside_cards(t, ch)
    return None if n == CITIZENS else f"Chronos has {n} citizens"


@rule("Society Board Setup: 3 Economy tokens (1 on the board, 2 on Progress hexes); used ones "
      "lie on Economy tiles")
def components_economy_tokens_three_per_player(tr: Transition) -> str | None:
    t = tr.after.table
    for seat in range(t.players):
        base = seat * NUM_HEXES
        n = t.eco_home[seat] + sum(t.hex_token[base:base + NUM_HEXES])
        n += sum(t.eco_used[base:base + NUM_HEXES])
        if n != ECONOMY_TOKENS or t.eco_home[seat] < 0:
            return f"Player {seat + 1}: {n} Economy tokens ({t.eco_home[seat]} home)"
    return None


@rule("Components: 7 Sage meeples (on sage spaces or in academies)")
def components_sages_seven(tr: Transition) -> str | None:
    t = tr.after.table
    n = sum(t.sage) + sum(t.sages_held)
    if n != REGIONS or max(t.sage) > 1 or min(t.sages_held) < 0:
        return f"{n} sages ({t.sage}, held {t.sages_held})"
    return None


@rule("Setup 17: Progress tiles of each type and number, 3 (2 with 2-3 players) - in the "
      "display, tiles displays, Progress maps or beside Chronos")
def components_progress_tiles_by_player_count(tr: Transition) -> str | None:
    t = tr.after.table
    held = Counter(c for s in range(t.players) for c in owned_tiles(t, s))
    held.update(t.chronos_tiles)
    copies = progress_copies(t.players)
    for p in range(catalog.NUM_PROGRESS):
        if t.progress_supply[p] + held[PROGRESS_BASE + p] != copies or t.progress_supply[p] < 0:
            return f"Progress tile {catalog.PROGRESS[p].id}: {t.progress_supply[p]} in the " \
                f"display + {held[PROGRESS_BASE + p]} taken != {copies}"
    return None


@rule("Setup 16: Wealth tiles A-D one per player (Chronos counts), E-G 3 or 2, each letter in "
      "its region or taken")
def components_wealth_tiles_by_player_count(tr: Transition) -> str | None:
    t = tr.after.table
    held = Counter(c for s in range(t.players) for c in owned_tiles(t, s))
    held.update(t.chronos_tiles)
    for r in range(REGIONS):
        letter = t.wealth_letter[r]
        want = wealth_copies(t.players, letter)
        if t.wealth_left[r] + held[WEALTH_BASE + letter] != want or t.wealth_left[r] < 0:
            return f"Wealth {catalog.WEALTH[letter].letter}: {t.wealth_left[r]} left + " \
                f"{held[WEALTH_BASE + letter]} taken != {want}"
    return None


@rule("Components: 21 Milestone tiles, each in one place (deck, Common Knowledge, Eureka "
      "display, a Private display, the discard)")
def components_milestones_twenty_one(tr: Transition) -> str | None:
    t = tr.after.table
    places = [*t.common, *t.eureka, *t.discard, *(m for m in t.private if m >= 0),
              *t.milestone_decks]
    if sorted(places) != list(range(catalog.NUM_MILESTONES)):
        return f"Milestones in play: {sorted(places)}"
    for m in range(catalog.NUM_MILESTONES):
        loc = t.milestone_loc[m]
        where = (M_CK if m in t.common else M_EUREKA if m in t.eureka
                 else M_DISCARD if m in t.discard else M_DECK if m in t.milestone_decks
                 else M_PRIVATE + t.private.index(m))
        if loc != where:
            return f"Milestone {catalog.MILESTONES[m].id} marked at {loc}, lies at {where}"
    return None


@rule("Components: 48 Idea cards, each in one place (stack, Idea display, a Region display, "
      "beside a Society board, out of the game)")
def components_idea_cards_forty_eight(tr: Transition) -> str | None:
    t = tr.after.table
    cards = [c for c in t.card if c >= 0]
    shown = [c for c in t.display if c >= 0]
    if len(set(cards + shown + t.stack)) != len(cards) + len(shown) + len(t.stack):
        return "an Idea card in two places"
    want = {LOC_REGION: set(cards), LOC_DISPLAY: set(shown), LOC_STACK: set(t.stack)}
    for loc, ideas in want.items():
        marked = {i for i, x in enumerate(t.idea_loc) if x == loc}
        if marked != ideas:
            return f"idea locations {loc}: marked {sorted(marked)}, lying {sorted(ideas)}"
    players = range(t.players)
    allowed = {LOC_OUT, LOC_STACK, LOC_DISPLAY, LOC_REGION, *(LOC_HAND + s for s in players),
               *(LOC_LEFT + s for s in players)}
    bad = [i for i, x in enumerate(t.idea_loc) if x not in allowed]
    return f"ideas {bad} in no place of the game" if bad else None


@rule("Components: 5 Influence tokens in each color (+1 set aside, then placed; the others on the "
      "Society board until placed in a region)")
def components_influence_tokens_five_per_player(tr: Transition) -> str | None:
    t = tr.after.table
    for seat in range(t.players):
        regions = t.token_region[seat * INFLUENCE_TOKENS:(seat + 1) * INFLUENCE_TOKENS]
        placed = [r for r in regions if r >= 0]
        cells = sum(token_cells(t, r).count(seat) for r in range(REGIONS))
        if cells != len(placed) or any(seat not in token_cells(t, r) for r in placed):
            return f"Player {seat + 1}: tokens in {placed}, {cells} Influence spaces hold one"
        if any(r not in (ON_BOARD, ASIDE) and r < 0 for r in regions):
            return f"Player {seat + 1}: a token nowhere"
        if any(not up for r, up in zip(regions, t.token_up[seat * 5:seat * 5 + 5], strict=True)
               if r < 0):
            return f"Player {seat + 1}: a token face down off the main board"
    return None


@rule("2-Player Rules, Setup 1 and 4: Chronos' 5 Influence tokens (supply, Era track, regions)")
def components_chronos_influence_tokens_five(tr: Transition) -> str | None:
    t = tr.after.table
    ch = chronos_slot(t)
    if ch < 0:
        return None
    n = t.chronos_token_supply + t.chronos_token_track + t.influence_spaces.count(ch)
    if n != INFLUENCE_TOKENS or min(t.chronos_token_supply, t.chronos_token_track) < 0:
        return f"Chronos has {n} Influence tokens"
    return None


@rule("Society Board Setup: 4 Aspiration tiles per player (in the tiles display or held over)")
def components_aspiration_tiles_four_per_player(tr: Transition) -> str | None:
    t = tr.after.table
    for seat in range(t.players):
        n = sum(1 for c in display_tiles(t, seat) if ASP_BASE <= c <= ASP_WILD)
        if seat == t.current:
            n += len(t.overflow)
        if n > ASPIRATIONS:
            return f"Player {seat + 1} uses {n} Aspiration tiles"
    return None


@rule("Components: 3 Chain Action tokens (1 to 3 prepared a turn, none below zero)")
def components_chain_action_tokens_three(tr: Transition) -> str | None:
    left = tr.after.table.chain_left
    return None if 0 <= left <= CHAIN_TOKENS else f"{left} Chain Action tokens prepared"


@rule("Components: Pillars of Time, 1 Epoch and 2 Season per player, each off the board or on "
      "one Action space")
def components_pillars_one_epoch_two_seasons(tr: Transition) -> str | None:
    t = tr.after.table
    if len(t.epoch) != t.players or len(t.season) != 2 * t.players:
        return f"{len(t.epoch)} Epoch and {len(t.season)} Season pillars"
    bad = [s for s in t.epoch + t.season if not -1 <= s < catalog.NUM_SPACES]
    return f"pillars on spaces {bad}" if bad else None


@rule("Components: 7 Knowledge tiles, one per region")
def components_knowledge_tiles_seven(tr: Transition) -> str | None:
    t = tr.after.table
    ok = sorted(t.knowledge) == list(range(len(catalog.KNOWLEDGE_TILES)))
    return None if ok else f"Knowledge tiles {t.knowledge}"


@rule("Components: 7 Specialist tiles, one per Region display, never moved")
def components_specialist_tiles_seven(tr: Transition) -> str | None:
    t = tr.after.table
    if sorted(t.specialist_tile) != list(range(len(catalog.SPECIALIST_TILES))):
        return f"Specialist tiles {t.specialist_tile}"
    if tr.before is not None and tr.before.table.specialist_tile != t.specialist_tile:
        return "a Specialist tile moved"
    return None


@rule("Society Board Setup B: 3 Private Goal cards, 1 random card of each type; no card twice")
def components_private_goals_three_each(tr: Transition) -> str | None:
    t = tr.after.table
    if len(t.goals) != 3 * t.players or len(set(t.goals)) != len(t.goals):
        return f"Private Goals {t.goals}"
    for seat in range(t.players):
        kinds = [catalog.GOALS[g].type for g in t.goals[seat * 3:seat * 3 + 3]]
        if len(set(kinds)) != 3:
            return f"Player {seat + 1}'s goals are not one of each type: {kinds}"
    return None


@rule("Setup 4 / Eureka 3: one Era marker per color, each on its own space ('one of the "
      "unoccupied spaces')")
def components_era_markers_one_per_space(tr: Transition) -> str | None:
    t = tr.after.table
    spaces = list(t.era_space)
    if chronos_slot(t) >= 0 and t.chronos_era_space >= 0:
        spaces.append(t.chronos_era_space)
    if len(set(spaces)) != len(spaces):
        return f"two Era markers share a space: {spaces}"
    if any(not 0 <= s < len(catalog.ERA_SPACES) for s in spaces):
        return f"an Era marker off the track: {spaces}"
    return None
