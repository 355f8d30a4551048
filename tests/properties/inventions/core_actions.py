"""The Actions, the core ones (How an Idea Shapes History): Present an Idea, Invent, Innovate and
Share an Invention."""

from __future__ import annotations

from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from tests.properties.harness import Transition
from tests.properties.inventions.common import (
    LOC_HAND,
    LOC_LEFT,
    LOC_OUT,
    PROPERTIES,
    REGIONS,
    SEATS,
    chronos_slot,
    display_tiles,
    ended_turns,
    era_change_began,
    followed_by_aspiration,
    hand,
    has_access,
    ip_events,
    option_id,
    owned_tiles,
    region_arg,
    region_untouched,
    turn_so_far,
)

rule = PROPERTIES.rule
IDEA = {i.id: n for n, i in enumerate(catalog.IDEAS)}
NAMES = ("trader", "artisan", "thinker")


def _first(tr: Transition, kind: str) -> object | None:
    return next((e for e in tr.new_events if e.kind == kind), None)


# -- Present an Idea ----------------------------------------------------------------------------
@rule("Present an Idea 1: place one of your Idea cards in a Region display with no card in it")
def present_an_idea_1_own_idea_empty_region(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b = tr.before.table
    for e in tr.new_events:
        if e.kind == "present":
            r, idea = e.data["region"] - 1, IDEA[e.data["idea"]]
            if b.card[r] >= 0 or b.idea_loc[idea] != LOC_HAND + e.seat:
                return f"Player {e.seat + 1} presented {e.data['idea']} (not theirs) or in " \
                    f"the occupied region {r + 1}"
            return None
    return None


@rule("Present an Idea 2: the Specialist tile indicates the 1 or 2 specialists (or scholars) "
      "required; they stand atop the tile")
def present_an_idea_2_specialists_on_tile(tr: Transition) -> str | None:
    t = tr.after.table
    for r in range(REGIONS):
        if t.card[r] < 0 or t.presenter[r] < 0:
            continue
        need = catalog.SPECIALIST_TILES[t.specialist_tile[r]].specialists
        paying = [s for s in t.pending if s.kind == steps.S_PAY and s.dest == r * 4 + 1]
        if t.presenter_count[r] != need and not paying:
            return f"{t.presenter_count[r]} presenter citizens beside the idea in region " \
                f"{r + 1}, the tile asks {need}"
    return None


@rule("Present an Idea 2: gain the benefit depicted on the Specialist tile (3 IP, 1 influence)")
def present_an_idea_2_specialist_tile_benefit(tr: Transition) -> str | None:
    t = tr.after.table
    for seat, turn in ended_turns(tr):
        tiles = [catalog.SPECIALIST_TILES[t.specialist_tile[e.data["region"] - 1]].id
                 for e in turn if e.kind == "present" and e.seat == seat]
        ip = sum(1 for e in turn if e.kind == "ip" and e.seat == seat and e.data["ip"] == 3
                 and e.text.endswith("(benefit)"))
        raised = sum(1 for e in turn if e.kind == "influence" and e.seat == seat
                     and e.data.get("why") == "benefit")
        if ip < tiles.count("gain_3_ip"):
            return f"Player {seat + 1} presented on {tiles.count('gain_3_ip')} gain-3-IP tiles " \
                f"and scored 3 IP {ip} times"
        if raised < tiles.count("influence") and t.influence[seat] < 10:
            return f"Player {seat + 1} presented on {tiles.count('influence')} influence tiles " \
                f"and gained influence {raised} times"
    return None


@rule("Present an Idea 3: at the end of step 2, for each idea presented take one from the Idea "
      "display (or the top of the deck)")
def present_an_idea_3_one_new_idea_per_presented(tr: Transition) -> str | None:
    t = tr.after.table
    for seat, turn in ended_turns(tr):
        presented = sum(1 for e in turn if e.kind == "present" and e.seat == seat)
        taken = sum(1 for e in turn if e.kind == "idea" and e.seat == seat)
        ran_out = not t.stack and -1 in t.display
        if taken > presented or (taken < presented and not ran_out):
            return f"Player {seat + 1} presented {presented} ideas and took {taken}"
    return None


@rule("Present an Idea 3 / Era Change 6: every idea presented or discarded is replaced, so each "
      "player keeps 2 ideas at the start of a turn (while ideas last)")
def present_an_idea_3_two_ideas_at_turn_start(tr: Transition) -> str | None:
    d = tr.after.decision
    t = tr.after.table
    if d is None or d.kind != "main_action" or (not t.stack and -1 in t.display):
        return None
    if any(e.kind == "idea" and "(no idea left)" in e.text for e in tr.after.events):
        return None
    for seat in range(t.players):
        if len(hand(t, seat)) != 2:
            return f"Player {seat + 1} holds {len(hand(t, seat))} ideas at a turn's start"
    return None


@rule("Present an Idea 3b: slide the Idea display's cards to the right, away from the stack, and "
      "fill the empty space from the stack")
def present_an_idea_3b_display_slides_and_refills(tr: Transition) -> str | None:
    t = tr.after.table
    shown = [c >= 0 for c in t.display]
    if len(shown) != 3 or shown != sorted(shown):
        return f"the Idea display has a gap on the right: {t.display}"
    if t.stack and not all(shown) and (tr.after.decision is None
                                       or tr.after.decision.kind != "refill"):
        return f"the Idea display {t.display} is not refilled from the stack"
    return None


# -- Invent ---------------------------------------------------------------------------------
@rule("Invent 1: choose any presented idea on the board to whose required Milestone you have "
      "access (own; opponent's with your citizen or earlier than Chronos' era; common; discard)")
def invent_1_access_to_milestone(tr: Transition) -> str | None:
    if tr.before is None or not option_id(tr).startswith("invent:region="):
        return None
    b, r = tr.before.table, region_arg(tr)
    idea = b.card[r]
    if idea < 0 or b.invented[r]:
        return f"region {r + 1} holds no idea to invent"
    m = catalog.IDEA_MILESTONE[idea]
    if not has_access(b, tr.seat, m):
        return f"Player {tr.seat + 1} has no access to {catalog.MILESTONES[m].id}"
    return None


@rule("Invent 2: place an Aspiration tile rotated so technology is at the top")
def invent_2_technology_aspiration(tr: Transition) -> str | None:
    return followed_by_aspiration(tr, "invent", 2) if _first(tr, "invent") else None


@rule("Invent 3: a specialist of the idea's type (or a scholar) to the Invent space; exhaust the "
      "additional specialists the card depicts")
def invent_3_specialists_placed_and_exhausted(tr: Transition) -> str | None:
    if tr.before is None or not option_id(tr).startswith("invent:region="):
        return None
    if era_change_began(tr):
        return None
    b, t, r, seat = tr.before.table, tr.after.table, region_arg(tr), tr.seat
    extra = len(catalog.IDEAS[b.card[r]].invent_exhaust)
    owed = [s for s in t.pending if s.kind == steps.S_PAY and s.dest == r * 4 + 2]
    left = sum(s.exhaust_economy + s.exhaust_culture + s.exhaust_technology + s.exhaust_any
               for s in owed)
    done = sum(t.exhausted[seat * 3:seat * 3 + 3]) - sum(b.exhausted[seat * 3:seat * 3 + 3])
    if done + left != extra:
        return f"inventing {catalog.IDEAS[b.card[r]].id} exhausts {done} + {left}, " \
            f"the card asks {extra}"
    if not owed and t.card[r] == b.card[r] and t.inventor[r] != seat:
        return "no inventor's citizen on the Invent space"
    return None


@rule("Invent 4: flip the Idea card over to its Invention side (Era 6 ideas: gain the printed "
      "IP for inventing)")
def invent_4_flip_and_era6_ip(tr: Transition) -> str | None:
    for e in tr.new_events:
        if e.kind != "invent":
            continue
        r, idea = e.data["region"] - 1, IDEA[e.data["idea"]]
        t = tr.after.table
        if t.card[r] == idea and not t.invented[r]:
            return f"{e.data['idea']} was not flipped to its Invention side"
        got = sum(x.data["ip"] for x in ip_events(tr, "inventing") if x.seat == e.seat)
        if got != catalog.IDEAS[idea].invent_ip:
            return f"inventing {e.data['idea']} scored {got} IP"
    return None


# -- Innovate -------------------------------------------------------------------------------
@rule("Innovate: only on inventions, never if you were the inventor; one innovator each")
def innovate_only_on_others_inventions(tr: Transition) -> str | None:
    if tr.before is None or not option_id(tr).startswith("innovate:region="):
        return None
    b, r = tr.before.table, region_arg(tr)
    if not b.invented[r] or b.inventor[r] in (tr.seat, -1) or b.innovator[r] >= 0:
        return f"Player {tr.seat + 1} innovates in region {r + 1} (inventor {b.inventor[r]}, " \
            f"innovator {b.innovator[r]})"
    return None


@rule("Innovate 2: gain 1 specialist of the same type as the invention, from your supply, home")
def innovate_2_gain_specialist_of_its_type(tr: Transition) -> str | None:
    for seat, turn in ended_turns(tr):
        for n, e in enumerate(turn):
            if e.kind != "innovate" or e.seat != seat:
                continue
            name = NAMES[catalog.IDEA_TYPE[IDEA[e.data["idea"]]]]
            later = [x for x in turn[n + 1:] if x.kind == "specialist" and x.seat == seat]
            if not any(x.text.endswith(name) for x in later) and tr.after.table.supply[seat]:
                return f"Player {seat + 1} innovated on {e.data['idea']} and gained no {name}"
    return None


# -- Share an Invention -----------------------------------------------------------------------
@rule("Share an Invention: only an invention with your citizen beside it (presenter, inventor or "
      "innovator)")
def share_an_invention_needs_your_citizen(tr: Transition) -> str | None:
    if tr.before is None or not option_id(tr).startswith("share:region="):
        return None
    b, r, s = tr.before.table, region_arg(tr), tr.seat
    ok = b.invented[r] and (b.inventor[r] == s or b.innovator[r] == s
                            or (b.presenter[r] == s and b.presenter_count[r] > 0))
    return None if ok else f"Player {s + 1} shares in region {r + 1} without a citizen there"


def _shares(tr: Transition) -> list[tuple[int, int]]:
    """(region, idea) of each share in this step, by a player or Chronos, whose Region display
    the position before the step still shows."""
    out = []
    for e in tr.new_events:
        if e.kind == "share" or (e.kind == "chronos" and e.data.get("share")):
            r = e.data["region"] - 1
            if tr.before is not None and region_untouched(tr, r, e):
                out.append((r, tr.before.table.card[r]))
    return out


@rule("Share an Invention 1: the presenter scores IP equal to the invention's era for each of "
      "their citizens left of the card (Chronos scores none)")
def share_an_invention_1_presenter_ip(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b = tr.before.table
    for r, idea in _shares(tr):
        if idea < 0:
            continue
        p, n = b.presenter[r], b.presenter_count[r]
        got = [e for e in tr.new_events if e.kind == "ip"
               and e.text.endswith(f"(presented {catalog.IDEAS[idea].name})")]
        want = catalog.IDEA_ERA[idea] * n if 0 <= p < b.players and n else 0
        if sum(e.data["ip"] for e in got) != want or any(e.seat != p for e in got):
            return f"sharing {catalog.IDEAS[idea].id}: presenter {p} with {n} citizens scored " \
                f"{[e.data for e in got]}, not {want}"
    return None


@rule("Share an Invention 2: the inventor moves the invention to the left of their Society board "
      "(Chronos discards it)")
def share_an_invention_2_inventor_takes_card(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    for r, idea in _shares(tr):
        if idea < 0:
            continue
        inventor = b.inventor[r]
        want = LOC_OUT if inventor == chronos_slot(b) else LOC_LEFT + inventor
        if t.idea_loc[idea] != want:
            return f"{catalog.IDEAS[idea].id} went to {t.idea_loc[idea]}, not to its inventor"
    return None


@rule("Share an Invention 3: the innovator places a citizen from their supply in the region; all "
      "citizens beside the invention move into that map region")
def share_an_invention_3_citizens_to_the_region(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    shares = _shares(tr)
    if len(shares) != 1 or shares[0][1] < 0:
        return None
    r = shares[0][0]
    moved = [e for e in tr.new_events if e.kind in ("home", "travel", "citizen", "stone_age")
             or (e.kind == "chronos" and e.text.startswith("Chronos places a citizen"))]
    innovator = b.innovator[r]
    own = [e for e in moved if e.kind in ("citizen", "chronos") and e.data.get("region") == r + 1
           and (e.seat == innovator or (e.seat is None and innovator == chronos_slot(b)))]
    if len(moved) > len(own) or len(own) > 1:
        return None  # other citizens moved on the map in the same step
    for slot in range(SEATS):
        want = b.presenter_count[r] if b.presenter[r] == slot else 0
        want += (b.inventor[r] == slot) + 2 * (b.innovator[r] == slot)
        if b.innovator[r] == slot and (b.supply[slot] if slot < b.players
                                       else b.chronos_supply) == 0:
            want -= 1
        got = t.on_map[r * SEATS + slot] - b.on_map[r * SEATS + slot]
        if got != want:
            return f"colour {slot + 1} gained {got} citizens in region {r + 1}, not {want}"
    return None


@rule("Share an Invention 4: any 1 Wealth tile of the region (never a letter you hold) or a wild "
      "Aspiration tile; a full display replaces an Aspiration tile or takes nothing")
def share_an_invention_4_reward_choices(tr: Transition) -> str | None:
    d = tr.after.decision
    if d is None or d.kind != "share_reward":
        return None
    t, seat = tr.after.table, d.seat
    share = [e for e in turn_so_far(tr) if e.kind == "share" and e.seat == seat]
    if not share:
        return "a Share reward without a share"
    r = share[-1].data["region"] - 1
    tiles = display_tiles(t, seat)
    room = 0 in tiles or any(1 <= c <= 4 for c in tiles)
    wealth = t.wealth_left[r] > 0 and room and 40 + t.wealth_letter[r] not in owned_tiles(t, seat)
    ids = {o.id for o in d.options}
    if ("reward:wealth" in ids) != wealth or ("reward:wild" in ids) != room:
        return f"Share reward options {sorted(ids)} (Wealth allowed {wealth}, room {room})"
    return None


