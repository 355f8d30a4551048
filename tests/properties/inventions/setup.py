"""Setup (main board 1-17), Society Board Setup A-J and the Stone Age (setup round) i-v.

Setup is checked on the first position. A player who already took their Stone Age turn during
setup (the engine answers single-option questions by itself) is checked only where the Stone
Age cannot have changed it ("pristine" seats: no log line of theirs yet but their goals)."""

from __future__ import annotations

import itertools

from ingenium.games.inventions.components import catalog
from tests.properties.harness import Transition
from tests.properties.inventions.common import (
    ASIDE,
    CITIZENS,
    LOC_HAND,
    LOC_LEFT,
    LOC_OUT,
    M_DECK,
    NUM_HEXES,
    ON_BOARD,
    PROPERTIES,
    REGIONS,
    SEATS,
    chronos_slot,
    display_tiles,
    hand,
    inventions,
    progress_copies,
    token_cells,
    wealth_copies,
)

rule = PROPERTIES.rule
LETTER = catalog.M_LETTER


def _pristine(tr: Transition) -> list[int]:
    """Seats with no log line yet but their Private Goals."""
    acted = {e.seat for e in tr.after.events if e.kind != "goals"}
    return [s for s in range(tr.after.players) if s not in acted]


# -- the main board ---------------------------------------------------------------------------
@rule("Setup 2: place your scoring marker on space 0 of the IP track")
def setup_2_scoring_markers_on_zero(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    bad = [s for s in _pristine(tr) if t.ip[s] != 0]
    return f"players {bad} do not start on 0 IP" if bad else None


@rule("Setup 3: turn order clockwise from the first player (2-Player Setup 1: the players' and "
      "Chronos' order at random)")
def setup_3_turn_order(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    n = t.players
    if n == 2:
        return None if sorted(t.order) == [0, 1, 2] else f"order {t.order}"
    first = t.order[0] if t.order else 0
    want = [(first + i) % n for i in range(n)]
    return None if t.order == want else f"order {t.order} is not clockwise from {first}"


@rule("Setup 4: the Era markers below the Era track on the first four spaces (Era 2)")
def setup_4_era_markers_on_first_spaces(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    spaces = list(t.era_space) + ([t.chronos_era_space] if chronos_slot(t) >= 0 else [])
    if len(set(spaces)) != len(spaces) or any(s not in range(4) for s in spaces):
        return f"Era markers on {spaces}"
    if any(catalog.ERA_SPACE_ERA[s] != 2 for s in spaces):
        return "an Era marker starts outside Era 2"
    return None


@rule("Setup 5: each player's Influence marker on space 1 of the Influence track")
def setup_5_influence_on_one(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    bad = [s for s in _pristine(tr) if t.influence[s] != 1]
    return f"players {bad} do not start at influence 1" if bad else None


@rule("Setup 6: the Chronos meeple on the leftmost space of the Era track (Era 1), where he stays "
      "through the Stone Age")
def setup_6_chronos_leftmost(tr: Transition) -> str | None:
    t = tr.after.table
    if t.phase == 0 and t.chronos != 0:
        return f"Chronos on space {t.chronos} during setup"
    return None


@rule("Setup 7: 1 Sage meeple on the Sage space in each region")
def setup_7_one_sage_per_region(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    return None if t.sage == [1] * REGIONS and not any(t.sages_held) else f"sages {t.sage}"


@rule("Setup 8: 1 random Knowledge tile face up (IP side down) in each region")
def setup_8_knowledge_tiles_face_up(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    ok = len(t.knowledge) == REGIONS and not any(t.knowledge_ip_side)
    return None if ok else "a Knowledge tile starts on its IP side"


@rule("Setup 9: 1 tile of Milestone Deck A face up on each space of the Common Knowledge display")
def setup_9_common_knowledge_deck_a(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    ok = len(t.common) == 4 and all(LETTER[m] == 0 for m in t.common)
    return None if ok else f"Common Knowledge {t.common}"


@rule("Setup 10: 1 tile of Deck B on each of the 4 Player displays, even for absent players")
def setup_10_private_displays_deck_b(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    ok = len(t.private) == 4 and sorted(LETTER[m] for m in t.private) == [1, 1, 1, 1]
    return None if ok else f"Private displays {t.private}"


@rule("Setup 11: the 3 C Milestones make the Eureka display; Decks D, E and F wait above it")
def setup_11_eureka_display_deck_c(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    if sorted(LETTER[m] for m in t.eureka) != [2, 2, 2]:
        return f"Eureka display {t.eureka}"
    decks = sorted(LETTER[m] for m in t.milestone_decks)
    if decks != sorted(LETTER[m] for m in range(catalog.NUM_MILESTONES) if LETTER[m] >= 3):
        return f"decks D-F {decks}"
    if any(t.milestone_loc[m] != M_DECK for m in t.milestone_decks):
        return "a D-F Milestone is not in its deck"
    return None


@rule("Setup 14: an Era-2 Idea card with letter A in each region but the two whose Specialist "
      "tile shows none")
def setup_14_era2_a_ideas_in_regions(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    presented = {e.data.get("region", 0) - 1 for e in tr.after.events if e.kind == "present"}
    seen = set()
    for r in range(REGIONS):
        idea = t.card[r]
        with_idea = catalog.SPECIALIST_TILES[t.specialist_tile[r]].setup_idea
        if with_idea:
            if idea < 0 or catalog.IDEA_ERA[idea] != 2 \
                    or LETTER[catalog.IDEA_MILESTONE[idea]] != 0 or idea in seen:
                return f"region {r + 1} lacks its Era-2 A idea"
            seen.add(idea)
        elif idea >= 0 and r not in presented:
            return f"region {r + 1} got an idea at setup"
    return None


@rule("Setup 15: the face-up Idea stack, Era 6 at the bottom, then 5, 4 and 3 on top; never "
      "shuffled")
def setup_15_idea_stack_by_era(tr: Transition) -> str | None:
    stack = tr.after.table.stack
    eras = [catalog.IDEA_ERA[i] for i in stack]  # bottom first
    if any(a < b for a, b in itertools.pairwise(eras)):
        return f"the Idea stack is out of era order: {eras}"
    if any(not 3 <= e <= 6 for e in eras):
        return "an idea of Era 1 or 2 in the Idea stack"
    return None


@rule("Setup 16: Wealth tiles by player count - A-D as many as players, E-G 3 with 4 players, "
      "2 otherwise (2 players: A-D 3)")
def setup_16_wealth_tiles_by_player_count(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    if sorted(t.wealth_letter) != list(range(REGIONS)):
        return f"Wealth letters {t.wealth_letter}"
    for r in range(REGIONS):
        want = wealth_copies(t.players, t.wealth_letter[r])
        if t.wealth_left[r] != want:
            return f"{t.wealth_left[r]} Wealth tiles {catalog.WEALTH[t.wealth_letter[r]].letter}"
    return None


@rule("Setup 17: Progress tiles stacked by number, 3 of each (2 with 3 or 2 players)")
def setup_17_progress_stacks(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    copies = progress_copies(t.players)
    return None if set(t.progress_supply) == {copies} else f"Progress {t.progress_supply}"


# -- Society Board Setup ------------------------------------------------------------------------
@rule("Society Board Setup A: 2 scholars, 1 specialist in each Specialty area, 1 diplomat on "
      "your private Milestone; the rest in your supply")
def society_setup_a_citizens(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    for s in _pristine(tr):
        on_map = sum(t.on_map[r * SEATS + s] for r in range(REGIONS))
        dip = [m for m in range(catalog.NUM_MILESTONES) if t.diplomats[m * SEATS + s]]
        if (t.academy[s], t.home[s * 3:s * 3 + 3], t.exhausted[s * 3:s * 3 + 3], on_map) \
                != (2, [1, 1, 1], [0, 0, 0], 0) or dip != [t.private[s]] \
                or t.supply[s] != CITIZENS - 6:
            return f"Player {s + 1} starts with academy {t.academy[s]}, home " \
                f"{t.home[s * 3:s * 3 + 3]}, diplomats {dip}, supply {t.supply[s]}"
    return None


@rule("Society Board Setup C: the +1 Influence token set aside, the other 4 on the Society board")
def society_setup_c_influence_tokens(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    for s in _pristine(tr):
        regions = t.token_region[s * 5:s * 5 + 5]
        if sorted(regions) != sorted([ASIDE] + [ON_BOARD] * 4) or regions[0] != ASIDE:
            return f"Player {s + 1}'s Influence tokens start at {regions}"
    return None


@rule("Society Board Setup D: 1 Economy token on its space, 2 on the matching Progress hexes")
def society_setup_d_economy_tokens(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    want = [1 if catalog.HEXES[h].economy_token else 0 for h in range(NUM_HEXES)]
    for s in range(t.players):
        if t.eco_home[s] != 1 or t.hex_token[s * NUM_HEXES:(s + 1) * NUM_HEXES] != want \
                or any(t.eco_used[s * NUM_HEXES:(s + 1) * NUM_HEXES]):
            return f"Player {s + 1}'s Economy tokens do not start 1 + 2 on the hexes"
    return None


@rule("Society Board Setup E-F: the Era-2 idea of your Milestone's name and an Era-3 idea from "
      "the stack, to the right of your board; the Idea display holds 3 cards")
def society_setup_e_f_starting_ideas(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    for s in _pristine(tr):
        ideas = hand(t, s)
        eras = sorted(catalog.IDEA_ERA[i] for i in ideas)
        if eras != [2, 3] or not any(catalog.IDEA_MILESTONE[i] == t.private[s] for i in ideas):
            return f"Player {s + 1} starts with ideas {ideas}"
    if sum(1 for c in t.display if c >= 0) != 3:
        return f"Idea display {t.display}"
    ch = chronos_slot(t)
    if ch >= 0 and (LOC_HAND + ch in t.idea_loc or LOC_LEFT + ch in t.idea_loc):
        return "Chronos holds ideas of his own"
    return None


@rule("Society Board Setup G: 2 random Prehistoric (Era 1) inventions to the left of your board; "
      "Era-1 cards have no idea side, so they are never anywhere else")
def society_setup_g_prehistoric_inventions(tr: Transition) -> str | None:
    t = tr.after.table
    if tr.setup:
        for s in range(t.players):
            cards = inventions(t, s)
            if len(cards) != 2 or any(catalog.IDEA_ERA[i] != 1 for i in cards):
                return f"Player {s + 1} starts with inventions {cards}"
    allowed = {LOC_OUT, *(LOC_LEFT + s for s in range(t.players))}
    bad = [i for i, loc in enumerate(t.idea_loc) if catalog.IDEA_ERA[i] == 1 and loc not in allowed]
    return f"Era-1 cards {bad} off the Society boards' left" if bad else None


@rule("Society Board Setup I-J: Pillars of Time near the board, an empty tiles display")
def society_setup_i_j_pillars_and_tiles(tr: Transition) -> str | None:
    if not tr.setup:
        return None
    t = tr.after.table
    if any(x >= 0 for x in t.epoch + t.season):
        return "a pillar on the board at setup"
    bad = [s for s in _pristine(tr) if any(display_tiles(t, s))]
    return f"players {bad} start with tiles" if bad else None


# -- Stone Age ----------------------------------------------------------------------------------
def _stone_starts(events: list) -> list[int]:
    """The colour slots in the order they took their Stone Age turn."""
    out = []
    for e in events:
        if e.kind == "stone_age":
            out.append(e.seat)
        elif e.kind == "chronos" and e.text.startswith("Chronos starts"):
            out.append(2)
    return out


@rule("Stone Age: in reverse turn order, starting with the player at the bottom of the Turn "
      "Order track")
def stone_age_reverse_turn_order(tr: Transition) -> str | None:
    t = tr.after.table
    if t.phase != 0 and not any(e.kind == "round" for e in tr.new_events):
        return None
    log = tr.after.events
    setup = next((e for e in log if e.kind == "setup"), None)
    if setup is None:
        return "no turn order in the log"
    order = list(reversed(setup.data["order"]))
    started = _stone_starts(log)
    if started != order[:len(started)]:
        return f"Stone Age turns {started}, reverse turn order {order}"
    d = tr.after.decision
    if d is not None and d.kind == "stone_age" and d.seat != order[len(started)]:
        return f"Player {d.seat + 1} asked out of reverse turn order"
    return None


@rule("Stone Age i: choose a region with an Idea card (no one else's specialists on it yet)")
def stone_age_i_region_with_idea(tr: Transition) -> str | None:
    if tr.before is None or not tr.option or not tr.option.id.startswith("stone:region="):
        return None
    b = tr.before.table
    r = int(tr.option.id.split("=")[1]) - 1
    if b.card[r] < 0 or b.presenter[r] >= 0:
        return f"region {r + 1} has no free Idea card"
    return None


def _stone_tails(tr: Transition) -> list[tuple[int, int]]:
    """(seat, region) of each Stone Age step iv in this step's log."""
    return [(e.seat, e.data["region"] - 1) for e in tr.new_events
            if e.kind == "influence_token" and "+1 Influence" in e.text]


@rule("Stone Age ii: place 1 or 2 specialists matching the idea on its Specialist tile, as the "
      "tile depicts")
def stone_age_ii_specialists_on_tile(tr: Transition) -> str | None:
    t = tr.after.table
    for seat, r in _stone_tails(tr):
        need = catalog.SPECIALIST_TILES[t.specialist_tile[r]].specialists
        if t.presenter[r] != seat or t.presenter_count[r] != need:
            return f"Player {seat + 1} has {t.presenter_count[r]} specialists on the tile of " \
                f"region {r + 1}, which asks {need}"
    return None


@rule("Stone Age iii: gain the benefit depicted on the Specialist tile (3 IP, 1 influence)")
def stone_age_iii_specialist_tile_benefit(tr: Transition) -> str | None:
    t = tr.after.table
    for seat, _ in _stone_tails(tr):
        tiles = [catalog.SPECIALIST_TILES[t.specialist_tile[r]].id for r in range(REGIONS)
                 if t.presenter[r] == seat]
        ip = 3 * tiles.count("gain_3_ip")
        influence = min(10, 1 + tiles.count("influence"))
        if t.ip[seat] != ip or t.influence[seat] != influence:
            return f"Player {seat + 1} after the Stone Age: {t.ip[seat]} IP and influence " \
                f"{t.influence[seat]}, the tiles give {ip} IP and influence {influence}"
    return None


@rule("Stone Age iv: the +1 Influence token on the leftmost influence space of the region (do "
      "not gain the IP you cover)")
def stone_age_iv_plus_one_token_leftmost(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    for seat, r in _stone_tails(tr):
        cells = token_cells(t, r)
        if t.token_region[seat * 5] != r or seat not in cells:
            return f"Player {seat + 1}'s +1 Influence token is not in region {r + 1}"
        before = token_cells(b, r)
        want = before.index(-1) if -1 in before else -1
        if cells.index(seat) != want:
            return f"the +1 Influence token on space {cells.index(seat)}, leftmost empty {want}"
        if any(e.kind == "ip" and e.seat == seat and "Influence space" in e.text
               for e in tr.new_events):
            return "IP gained for the +1 Influence token"
    return None


@rule("Stone Age v: place 1 citizen from your supply in that region on the map")
def stone_age_v_citizen_in_region(tr: Transition) -> str | None:
    log = tr.new_events
    for n, e in enumerate(log):
        if e.kind == "influence_token" and "+1 Influence" in e.text:
            nxt = log[n + 1] if n + 1 < len(log) else None
            if nxt is None or nxt.kind != "citizen" or nxt.seat != e.seat \
                    or nxt.data.get("region") != e.data["region"]:
                return f"Player {e.seat + 1} places no citizen in region {e.data['region']}"
    return None


@rule("Stone Age: once everyone has done this, discard all Idea cards with no specialists on "
      "their Specialist tile")
def stone_age_end_unclaimed_ideas_discarded(tr: Transition) -> str | None:
    rounds = [e for e in tr.new_events if e.kind == "round"]
    if not rounds or rounds[0].data != {"era": 1, "round": 1}:
        return None
    t = tr.after.table
    for r in range(REGIONS):
        if t.card[r] >= 0 and (t.presenter[r] < 0 or t.presenter_count[r] < 1):
            return f"region {r + 1} keeps an idea nobody claimed"
    for i in range(catalog.NUM_IDEAS):
        if catalog.IDEA_ERA[i] == 2 and LETTER[catalog.IDEA_MILESTONE[i]] == 0 \
                and i not in t.card and t.idea_loc[i] != LOC_OUT:
            return f"the unclaimed A idea {catalog.IDEAS[i].id} is not discarded"
    return None
