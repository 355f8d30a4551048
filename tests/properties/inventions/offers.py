"""Who may choose what: every option a decision offers is one the rulebook allows, re-derived
from the table (the chosen option is checked by the sections' other properties; these check all
the others too, so a rule that offers too much is caught even when nobody takes it)."""

from __future__ import annotations

from ingenium.engine import Decision
from ingenium.games.inventions.components import catalog
from tests.properties.harness import Transition
from tests.properties.inventions.common import (
    ASP_BASE,
    ASP_WILD,
    LOC_HAND,
    LOC_LEFT,
    M_CK,
    M_PRIVATE,
    NUM_HEXES,
    PROGRESS_BASE,
    PROPERTIES,
    REGIONS,
    SEATS,
    display_tiles,
    era_of,
    has_access,
    leftmost_empty,
    owned_tiles,
    token_cells,
    turn_so_far,
)

rule = PROPERTIES.rule
IDEA = {i.id: n for n, i in enumerate(catalog.IDEAS)}
MILESTONE = {m.id: n for n, m in enumerate(catalog.MILESTONES)}
PROGRESS_ID = {p.id: n for n, p in enumerate(catalog.PROGRESS)}
ERA_SPACE = {s.id: n for n, s in enumerate(catalog.ERA_SPACES)}
HEX = {h.id: n for n, h in enumerate(catalog.HEXES)}
TYPE = {"economy": 0, "culture": 1, "technology": 2}


def _asked(tr: Transition, kind: str) -> Decision | None:
    d = tr.after.decision
    return d if d is not None and d.kind == kind else None


def _value(option_id: str) -> str:
    return option_id.rsplit("=", 1)[1]


def _region(option_id: str) -> int:
    return int(_value(option_id)) - 1


def _board_milestones(t: object) -> list[int]:
    return [*t.common, *(m for m in t.private if m >= 0)]


# -- The Actions: what can be chosen -----------------------------------------------------------
def _payable(t: object, seat: int, need: list[int]) -> bool:
    """Specialists of each type asked, scholars standing in for the missing ones."""
    short = sum(max(0, need[k] - t.home[seat * 3 + k]) for k in range(3))
    return short <= t.academy[seat]


def _invent_need(idea: int) -> list[int]:
    need = [0, 0, 0]
    need[catalog.IDEA_TYPE[idea]] += 1
    for extra in catalog.IDEAS[idea].invent_exhaust:
        need[TYPE[extra.value]] += 1
    return need


def _action_possible(t: object, seat: int, action: str) -> bool:
    """Whether the action can be carried out now, re-derived from The Actions."""
    regions = range(REGIONS)
    home = t.home[seat * 3:seat * 3 + 3]
    if action in ("call_specialists", "travel"):
        return any(t.on_map[r * SEATS + seat] for r in regions)
    if action == "call_diplomat":
        return any(t.diplomats[m * SEATS + seat] for m in _board_milestones(t))
    if action == "send_diplomat":
        return (any(home) or t.academy[seat] > 0) and any(
            not t.diplomats[m * SEATS + seat]
            and sum(t.diplomats[m * SEATS:(m + 1) * SEATS]) < catalog.M_SPACES[m]
            for m in _board_milestones(t))
    if action == "eureka":
        return any(catalog.M_ERA[m] > era_of(t, seat) for m in t.eureka)
    if action == "share_invention":
        return any(t.invented[r] and (t.inventor[r] == seat or t.innovator[r] == seat or (
            t.presenter[r] == seat and t.presenter_count[r] > 0)) for r in regions)
    if action == "innovate":
        return any(t.invented[r] and t.inventor[r] != seat and t.innovator[r] < 0 and (
            home[catalog.IDEA_TYPE[t.card[r]]] or t.academy[seat]) for r in regions)
    if action == "invent":
        return any(t.card[r] >= 0 and not t.invented[r]
                   and has_access(t, seat, catalog.IDEA_MILESTONE[t.card[r]])
                   and _payable(t, seat, _invent_need(t.card[r])) for r in regions)
    if action == "present_idea":
        return any(t.card[r] < 0 and catalog.SPECIALIST_TILES[t.specialist_tile[r]].specialists
                   <= home[catalog.IDEA_TYPE[i]] + t.academy[seat]
                   for i in range(catalog.NUM_IDEAS) if t.idea_loc[i] == LOC_HAND + seat
                   for r in regions)
    # gain_influence
    tokens = [k for k in range(5) if t.token_region[seat * 5 + k] == -1]
    if not tokens:
        return False
    cheapest = max(1, min(catalog.INFLUENCE_TOKENS[k].citizens for k in tokens))
    for r in regions:
        mine = t.on_map[r * SEATS + seat]
        if mine >= cheapest and seat not in token_cells(t, r) and leftmost_empty(t, r) >= 0 \
                and all(t.on_map[r * SEATS + x] < mine for x in range(SEATS) if x != seat):
            return True
    return False


@rule("C. Main Action / The Actions, Important: every action you can take in an accessible forum "
      "is offered; if (and only if) you cannot take any, play the pillar for 1 influence")
def the_actions_offered_main_actions(tr: Transition) -> str | None:
    d = _asked(tr, "main_action")
    if d is None:
        return None
    t, s = tr.after.table, d.seat
    mine = {x // 2 for x in (t.epoch[s], *t.season[s * 2:s * 2 + 2]) if x >= 0}
    open_spaces = [n for n in range(catalog.NUM_SPACES) if n // 2 not in mine]
    doable = {catalog.SPACES[n].value for n in open_spaces
              if _action_possible(t, s, catalog.SPACES[n].value)}
    main = {_value(o.id) for o in d.options if o.id.startswith("main:")}
    idle = {_value(o.id) for o in d.options if o.id.startswith("idle:")}
    if main != doable:
        return f"main actions offered {sorted(main)}, possible {sorted(doable)}"
    want_idle = set() if doable else {catalog.SPACES[n].value for n in open_spaces}
    if idle != want_idle:
        return f"the fallback offered on {sorted(idle)}, expected {sorted(want_idle)}"
    return None


@rule("Stone Age i: choose a region with an Idea card (not yet claimed)")
def stone_age_i_offered_regions(tr: Transition) -> str | None:
    d = _asked(tr, "stone_age")
    if d is None:
        return None
    t = tr.after.table
    bad = [o.id for o in d.options if t.card[_region(o.id)] < 0 or t.presenter[_region(o.id)] >= 0]
    return f"{bad} offered" if bad else None


@rule("Present an Idea 1-2: one of your ideas, into an empty Region display whose Specialist tile "
      "you can pay (specialists of the idea's type or scholars)")
def present_an_idea_offered_ideas_and_regions(tr: Transition) -> str | None:
    t = tr.after.table
    d = _asked(tr, "present_idea")
    if d is not None:
        bad = [o.id for o in d.options if t.idea_loc[IDEA[_value(o.id)]] != LOC_HAND + d.seat]
        return f"{bad} offered, not Player {d.seat + 1}'s ideas" if bad else None
    d = _asked(tr, "present_region")
    if d is None:
        return None
    idea = t.pending[-1].idea
    have = t.home[d.seat * 3 + catalog.IDEA_TYPE[idea]] + t.academy[d.seat]
    for o in d.options:
        r = _region(o.id)
        if t.card[r] >= 0 or catalog.SPECIALIST_TILES[t.specialist_tile[r]].specialists > have:
            return f"{o.id} offered: occupied, or its tile asks more than {have} citizens"
    return None


@rule("Invent 1: only presented ideas whose required Milestone you have access to")
def invent_1_offered_ideas(tr: Transition) -> str | None:
    d = _asked(tr, "invent")
    if d is None:
        return None
    t = tr.after.table
    for o in d.options:
        r = _region(o.id)
        if t.card[r] < 0 or t.invented[r] \
                or not has_access(t, d.seat, catalog.IDEA_MILESTONE[t.card[r]]):
            return f"{o.id} offered without an idea there or access to its Milestone"
    return None


@rule("Innovate: only inventions you did not invent, with a free Innovate space, paid by a "
      "specialist of its type or a scholar")
def innovate_offered_inventions(tr: Transition) -> str | None:
    d = _asked(tr, "innovate")
    if d is None:
        return None
    t, s = tr.after.table, d.seat
    for o in d.options:
        r = _region(o.id)
        if not t.invented[r] or t.inventor[r] in (s, -1) or t.innovator[r] >= 0 or not (
                t.home[s * 3 + catalog.IDEA_TYPE[t.card[r]]] or t.academy[s]):
            return f"{o.id} offered"
    return None


@rule("Share an Invention: only inventions with your citizen beside them")
def share_an_invention_offered_inventions(tr: Transition) -> str | None:
    d = _asked(tr, "share")
    if d is None:
        return None
    t, s = tr.after.table, d.seat
    for o in d.options:
        r = _region(o.id)
        if not t.invented[r] or not (t.inventor[r] == s or t.innovator[r] == s or (
                t.presenter[r] == s and t.presenter_count[r] > 0)):
            return f"{o.id} offered without Player {s + 1}'s citizen beside an invention"
    return None


@rule("Call Specialists 3: the Chain Action of one of your inventions, never one chained earlier "
      "this turn")
def call_specialists_3_offered_inventions(tr: Transition) -> str | None:
    d = _asked(tr, "call_chain")
    if d is None:
        return None
    t = tr.after.table
    chained = {e.data["how"][len("chains "):] for e in turn_so_far(tr)
               if e.kind == "action" and e.data.get("how", "").startswith("chains ")}
    for o in d.options:
        if o.id == "skip":
            continue
        idea = IDEA[_value(o.id)]
        if t.idea_loc[idea] != LOC_LEFT + d.seat or catalog.IDEAS[idea].name in chained:
            return f"{o.id} offered (not Player {d.seat + 1}'s, or chained this turn)"
    return None


@rule("Gain Influence 1: regions without your token, where you outnumber every other colour and "
      "have the citizens a token on your board asks, with an empty Influence space")
def gain_influence_1_offered_regions(tr: Transition) -> str | None:
    t = tr.after.table
    d = _asked(tr, "influence_region")
    if d is not None:
        s = d.seat
        tokens = [k for k in range(5) if t.token_region[s * 5 + k] == -1]
        cheapest = min((catalog.INFLUENCE_TOKENS[k].citizens for k in tokens), default=99)
        for o in d.options:
            r = _region(o.id)
            mine = t.on_map[r * SEATS + s]
            if s in token_cells(t, r) or leftmost_empty(t, r) < 0 or mine < max(cheapest, 1) \
                    or any(t.on_map[r * SEATS + x] >= mine for x in range(SEATS) if x != s):
                return f"{o.id} offered to Player {s + 1}"
    d = _asked(tr, "influence_token")
    if d is not None:
        r, s = t.pending[-1].region, d.seat
        for o in d.options:
            k = next(n for n, x in enumerate(catalog.INFLUENCE_TOKENS) if x.id == _value(o.id))
            if t.token_region[s * 5 + k] != -1 or \
                    catalog.INFLUENCE_TOKENS[k].citizens > t.on_map[r * SEATS + s]:
                return f"{o.id} offered"
    return None


@rule("Travel 2: one of your citizens on the map to an adjacent region along a blue rope")
def travel_2_offered_moves(tr: Transition) -> str | None:
    d = _asked(tr, "travel")
    if d is None:
        return None
    t = tr.after.table
    for o in d.options:
        a, b = (int(x.split("=")[1]) - 1 for x in o.id.split(":")[1:])
        if t.on_map[a * SEATS + d.seat] < 1 or b not in catalog.ADJACENT[a]:
            return f"{o.id} offered"
    return None


@rule("Eureka: only Milestones of the Eureka display from a later era than your private one; "
      "Eureka 3: an unoccupied space of the new era")
def eureka_offered_milestones_and_spaces(tr: Transition) -> str | None:
    t = tr.after.table
    d = _asked(tr, "eureka")
    if d is not None:
        for o in d.options:
            m = MILESTONE[_value(o.id)]
            if m not in t.eureka or catalog.M_ERA[m] <= era_of(t, d.seat):
                return f"{o.id} offered to a society of Era {era_of(t, d.seat)}"
    d = _asked(tr, "era_space")
    if d is not None:
        taken = [x for s, x in enumerate(t.era_space) if s != d.seat]
        if t.players == 2:
            taken.append(t.chronos_era_space)
        for o in d.options:
            n = ERA_SPACE[_value(o.id)]
            if catalog.ERA_SPACE_ERA[n] != era_of(t, d.seat) or n in taken:
                return f"{o.id} offered (Era {era_of(t, d.seat)}, taken {taken})"
    return None


@rule("Send Diplomat 1 / Call Diplomat 1: a Milestone on the board with a free space and none of "
      "your citizens; call home only your own diplomats")
def send_and_call_diplomat_offered_milestones(tr: Transition) -> str | None:
    t = tr.after.table
    d = _asked(tr, "send_to")
    if d is not None:
        for o in d.options:
            m = MILESTONE[_value(o.id)]
            on = t.diplomats[m * SEATS:(m + 1) * SEATS]
            if (t.milestone_loc[m] != M_CK and t.milestone_loc[m] < M_PRIVATE) or on[d.seat] \
                    or sum(on) >= catalog.M_SPACES[m]:
                return f"{o.id} offered"
    d = _asked(tr, "call_diplomat")
    if d is not None:
        for o in d.options:
            m = MILESTONE[_value(o.id)]
            if not t.diplomats[m * SEATS + d.seat] or m not in _board_milestones(t):
                return f"{o.id} offered"
    return None


@rule("Key Concepts I, Technology tile: one per turn, a Chain Action token and 1 influence, a "
      "face-up tile of yours")
def key_concepts_i_technology_tile_offered_once_per_turn(tr: Transition) -> str | None:
    d = _asked(tr, "technology")
    if d is None:
        return None
    t, s = tr.after.table, d.seat
    used = any(e.kind == "action" and e.seat == s
               and e.data.get("how", "").startswith("uses Technology tile")
               for e in turn_so_far(tr))
    for o in d.options:
        if o.id == "skip":
            continue
        code = PROGRESS_BASE + 14 + int(_value(o.id)) - 1
        face_up = any(t.progress_map[s * NUM_HEXES + h] == code and not t.flipped[s * NUM_HEXES + h]
                      for h in range(NUM_HEXES))
        if used or not face_up or t.influence[s] < 1 or t.chain_left < 1:
            return f"{o.id} offered (used this turn {used}, face up {face_up})"
    return None


@rule("Step 3: Progress tiles left in the display, of an Aspiration tile's type (wild: any), of "
      "a number you do not hold")
def step_3_offered_progress_tiles(tr: Transition) -> str | None:
    d = _asked(tr, "progress")
    if d is None:
        return None
    t, s = tr.after.table, d.seat
    sides = {c - ASP_BASE for c in display_tiles(t, s) if ASP_BASE <= c <= ASP_WILD}
    owned = owned_tiles(t, s)
    for o in d.options:
        p = PROGRESS_ID[_value(o.id)]
        if t.progress_supply[p] < 1 or PROGRESS_BASE + p in owned \
                or not (p // 7 in sides or 3 in sides):
            return f"{o.id} offered for Aspiration tiles {sorted(sides)}"
    return None


@rule("Step 4, 3a: place the tile on a space of your Progress map that has no tile in it")
def step_4_3a_offered_hexes(tr: Transition) -> str | None:
    d = _asked(tr, "build_hex")
    if d is None:
        return None
    t = tr.after.table
    bad = [o.id for o in d.options if t.progress_map[d.seat * NUM_HEXES + HEX[_value(o.id)]]]
    return f"{bad} offered on built hexes" if bad else None


@rule("Era Change 1: the player moves their Turn Order marker to the space of their choice (any "
      "of them); Era Change 4: a sage returns to an empty sage space")
def era_change_offered_spaces(tr: Transition) -> str | None:
    t = tr.after.table
    d = _asked(tr, "turn_order")
    if d is not None:
        got = sorted(int(_value(o.id)) for o in d.options)
        if got != list(range(1, len(t.order) + 1)):
            return f"Turn Order spaces offered {got}"
    d = _asked(tr, "sage_return")
    if d is not None:
        bad = [o.id for o in d.options if t.sage[_region(o.id)]]
        if bad:
            return f"{bad} offered, their sage spaces are occupied"
    return None
