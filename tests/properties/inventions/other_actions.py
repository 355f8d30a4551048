"""The Actions on citizens and Milestones: Call Specialists, Gain Influence, Travel, Eureka, Send
Diplomat and Call Diplomat; paying with citizens (Key Concepts F-H)."""

from __future__ import annotations

from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.effects import Gain
from ingenium.games.inventions.components.terms import Resource
from tests.properties.harness import Transition
from tests.properties.inventions.common import (
    LOC_LEFT,
    M_CK,
    M_PRIVATE,
    MAX_INFLUENCE,
    PROPERTIES,
    REGIONS,
    SEATS,
    chronos_slot,
    ended_turns,
    era_change_began,
    era_of,
    followed_by_aspiration,
    influence_before,
    influence_events,
    ip_events,
    leftmost_empty,
    option_id,
    pending_of,
    region_arg,
    token_cells,
    turn_so_far,
)

rule = PROPERTIES.rule
IDEA = {i.id: n for n, i in enumerate(catalog.IDEAS)}
MILESTONE = {m.id: n for n, m in enumerate(catalog.MILESTONES)}
TOKEN = {k.id: n for n, k in enumerate(catalog.INFLUENCE_TOKENS)}
NAMES = ("trader", "artisan", "thinker")


# -- Call Specialists -------------------------------------------------------------------------
@rule("Call Specialists 1 / Travel 1: an Aspiration tile with economy (Call Specialists) or "
      "culture (Travel) at the top")
def call_specialists_and_travel_aspiration(tr: Transition) -> str | None:
    return followed_by_aspiration(tr, "call_specialists", 0) \
        or followed_by_aspiration(tr, "travel", 1)


@rule("Call Specialists 2 / Gain Influence 2: citizens return home to the specialty of the "
      "region's idea/invention, else of the Idea display's rightmost card, else one you choose")
def call_specialists_2_home_by_the_regions_card(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b = tr.before.table
    for e in tr.new_events:
        if e.kind != "home":
            continue
        r = int(e.text.split(" home from ")[1].split("(")[1].split(")")[0]) - 1
        n = int(e.text.split(" brings ")[1].split(" ")[0])
        name = e.text.rsplit(" as ", 1)[1][:-1]
        card = b.card[r] if b.card[r] >= 0 else next((c for c in reversed(b.display) if c >= 0),
                                                      -1)
        if card >= 0 and name != NAMES[catalog.IDEA_TYPE[card]]:
            return f"citizens came home from region {r + 1} as {name}s, the card says " \
                f"{NAMES[catalog.IDEA_TYPE[card]]}s"
        if b.on_map[r * SEATS + e.seat] < n:
            return f"{n} citizens came home from region {r + 1}, which held fewer"
        return None
    return None


@rule("Call Specialists 3: a Chain Action from one of your inventions; more than one Call "
      "Specialists in a turn cannot chain the same invention twice")
def call_specialists_3_chain_each_invention_once(tr: Transition) -> str | None:
    oid = option_id(tr)
    if oid.startswith("chain:invention=") and tr.before is not None:
        idea = IDEA[oid.split("=")[1]]
        if tr.before.table.idea_loc[idea] != LOC_LEFT + tr.seat:
            return f"{oid}: not an invention left of the Society board"
    for seat, turn in ended_turns(tr):
        chained = [e.data["how"] for e in turn if e.kind == "action" and e.seat == seat
                   and e.data.get("how", "").startswith("chains ")]
        if len(set(chained)) != len(chained):
            return f"Player {seat + 1} chained an invention twice in a turn: {chained}"
    return None


# -- Gain Influence -------------------------------------------------------------------------
@rule("Gain Influence 1: a region without your Influence token, where you have more citizens "
      "than anyone else (Chronos too) and at least as many as the token asks")
def gain_influence_1_region_and_token(tr: Transition) -> str | None:
    """Reading (the code's): "more citizens on that region than anyone else" counts Chronos'
    citizens too in a 2-player game."""
    oid = option_id(tr)
    if tr.before is None:
        return None
    b, s = tr.before.table, tr.seat
    if oid.startswith("influence:region="):
        r = region_arg(tr)
        mine = b.on_map[r * SEATS + s]
        if s in token_cells(b, r):
            return f"Player {s + 1} already has a token in region {r + 1}"
        if any(b.on_map[r * SEATS + o] >= mine for o in range(SEATS) if o != s):
            return f"Player {s + 1} has no majority in region {r + 1}"
        if leftmost_empty(b, r) < 0:
            return f"region {r + 1} has no empty Influence space"
    if oid.startswith("influence:token="):
        k = TOKEN[oid.split("=")[1]]
        r = b.pending[-1].region
        if b.token_region[s * 5 + k] != -1:
            return f"{oid} is not on the Society board"
        if catalog.INFLUENCE_TOKENS[k].citizens > b.on_map[r * SEATS + s]:
            return f"{oid} asks more citizens than Player {s + 1} has in region {r + 1}"
    return None


@rule("Gain Influence 2: the number of citizens depicted above the token return home from the map")
def gain_influence_2_citizens_home(tr: Transition) -> str | None:
    oid = option_id(tr)
    if not oid.startswith("influence:token="):
        return None
    k = TOKEN[oid.split("=")[1]]
    home = [e for e in tr.new_events if e.kind == "home" and e.seat == tr.seat]
    want = catalog.INFLUENCE_TOKENS[k].citizens
    d = tr.after.decision
    if not home and d is not None and d.kind == "specialty":
        return None  # the specialty is chosen next
    got = int(home[0].text.split(" brings ")[1].split(" ")[0]) if home else 0
    return None if got == want else f"{oid}: {got} citizens came home, the token asks {want}"


@rule("Gain Influence 3: the token on the leftmost empty Influence space, gain the IP you cover "
      "and influence equal to your face-up tokens on the board")
def gain_influence_3_leftmost_ip_and_influence(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    for e in tr.new_events:
        if e.kind != "influence_token" or "+1 Influence" in e.text:
            continue
        s, r = e.seat, e.data["region"] - 1
        space = token_cells(t, r).index(s)
        if space != leftmost_empty(b, r):
            return f"the token on space {space}, the leftmost empty is {leftmost_empty(b, r)}"
        ip = [x.data["ip"] for x in ip_events(tr, "Influence space") if x.seat == s]
        if ip != [catalog.INFLUENCE_IP[r][space]]:
            return f"the Influence space scored {ip}, it shows {catalog.INFLUENCE_IP[r][space]}"
        up = sum(1 for k in range(5) if t.token_region[s * 5 + k] >= 0 and t.token_up[s * 5 + k])
        got = [x for x in influence_events(tr, "Gain Influence") if x.seat == s]
        was = influence_before(tr, got[0]) if got else b.influence[s]
        want = min(MAX_INFLUENCE, was + up)
        if want != was and [x.data["influence"] for x in got] != [want]:
            return f"Gain Influence with {up} face-up tokens: {was} -> " \
                f"{[x.data for x in got]}, not {want}"
    return None


@rule("Gain Influence 4: perform the Chain Action of one of your face-up Influence tokens, "
      "permanently flipping it face down")
def gain_influence_4_flip_token_for_good(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    if option_id(tr).startswith("flip:region="):
        r, s = region_arg(tr), tr.seat
        k = next((k for k in range(5) if b.token_region[s * 5 + k] == r), -1)
        if k < 0 or not b.token_up[s * 5 + k] or t.token_up[s * 5 + k]:
            return f"flip in region {r + 1}: no face-up token of Player {s + 1} turned down"
    for i, (was, now) in enumerate(zip(b.token_up, t.token_up, strict=True)):
        if not was and now and b.token_region[i] >= 0:
            return "a face-down Influence token turned face up"
    return None


@rule("Gain Influence 1: no player can have 2 Influence tokens on the same region (Chronos "
      "neither)")
def gain_influence_one_token_per_region(tr: Transition) -> str | None:
    t = tr.after.table
    for r in range(REGIONS):
        cells = [c for c in token_cells(t, r) if c >= 0]
        if len(set(cells)) != len(cells):
            return f"region {r + 1} holds two tokens of one colour: {cells}"
    return None


# -- Travel -----------------------------------------------------------------------------------
@rule("Travel 2: move 1 of your citizens on the map to an adjacent region, following a blue rope "
      "(regions 4 and 6 are linked)")
def travel_2_adjacent_region(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    for e in tr.new_events:
        if e.kind == "travel":
            a, c = e.data["from"] - 1, e.data["to"] - 1
            if c not in catalog.ADJACENT[a] or tr.before.table.on_map[a * SEATS + e.seat] < 1:
                return f"travel from region {a + 1} to {c + 1}"
    if not (3 in catalog.ADJACENT[5] and 5 in catalog.ADJACENT[3]):
        return "Asia (4) and North America (6) are not linked"
    return None


@rule("Travel 3: a sage in the new region and a Chain Action token: the Knowledge tile, then the "
      "sage moves to your academy")
def travel_3_sage_to_your_academy(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or oid not in ("sage:chain", "sage:score"):
        return None
    b, t, s = tr.before.table, tr.after.table, tr.seat
    r = b.pending[-1].region
    travelled = [e for e in turn_so_far(tr) if e.kind == "travel" and e.seat == s]
    if not travelled or travelled[-1].data["to"] != r + 1 or not b.sage[r]:
        return f"{oid} in region {r + 1}, where Player {s + 1} did not just travel to a sage"
    if t.sage[r] or (t.sages_held[s] < b.sages_held[s] + 1 and not era_change_began(tr)):
        return "the sage did not move to the academy"
    return None


@rule("Travel 3: on its 2-IP side, gain 2 IP for each Knowledge tile showing it, then flip all "
      "of them to the non-IP side")
def travel_3_knowledge_tiles_score_two_each(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    if option_id(tr) == "sage:score":
        r = b.pending[-1].region
        flipped = sum(b.knowledge_ip_side)
        got = [e.data["ip"] for e in ip_events(tr, "Knowledge tiles")]
        if not b.knowledge_ip_side[r] or got != [2 * flipped]:
            return f"Knowledge tiles on the IP side {flipped}: scored {got}"
        if any(t.knowledge_ip_side):
            return "Knowledge tiles not all flipped back to the non-IP side"
    elif option_id(tr) == "sage:chain" and b.knowledge_ip_side[b.pending[-1].region]:
        return "the chain of a Knowledge tile on its IP side"
    for r in range(REGIONS):
        if t.knowledge_ip_side[r] and not b.knowledge_ip_side[r] and t.sage[r]:
            return f"region {r + 1}'s Knowledge tile flipped with its sage still there"
    return None


# -- Eureka -----------------------------------------------------------------------------------
@rule("Eureka: only if the Milestones of the Eureka display are from a later era than your "
      "private Milestone")
def eureka_only_later_milestones(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("eureka:milestone="):
        return None
    b, m = tr.before.table, MILESTONE[oid.split("=")[1]]
    if m not in b.eureka or catalog.M_ERA[m] <= era_of(b, tr.seat):
        return f"{oid} for a society of Era {era_of(b, tr.seat)}"
    return None


@rule("Eureka 1: the bottom Common Knowledge tile to the discard; your old Milestone inserted "
      "above those of the same or an earlier letter (discarded if earlier than all)")
def eureka_1_common_knowledge_shift(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("eureka:milestone="):
        return None
    b, t = tr.before.table, tr.after.table
    old, letter = b.private[tr.seat], catalog.M_LETTER
    common = list(b.common)
    out = [common.pop()] if common else []
    at = next((i for i, m in enumerate(common) if letter[m] <= letter[old]), -1)
    if at < 0 and common:
        out.append(old)
    else:
        common.insert(max(at, 0), old)
    if t.common != common or t.discard[len(b.discard):] != out:
        return f"Common Knowledge {b.common} -> {t.common}, discard +" \
            f"{t.discard[len(b.discard):]}; expected {common} and {out}"
    return None


@rule("Eureka 2: the chosen Milestone becomes your private Milestone with a citizen from your "
      "supply on it")
def eureka_2_new_private_milestone(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("eureka:milestone="):
        return None
    b, t, s, m = tr.before.table, tr.after.table, tr.seat, MILESTONE[oid.split("=")[1]]
    if t.private[s] != m or t.milestone_loc[m] != M_PRIVATE + s:
        return f"{oid}: Player {s + 1}'s private Milestone is {t.private[s]}"
    if b.supply[s] > 0 and not t.diplomats[m * SEATS + s]:
        return f"{oid}: no citizen placed on the new Milestone"
    return None


@rule("Eureka 3: advance your Era marker to the new Milestone's era, to one of the unoccupied "
      "spaces there")
def eureka_3_era_marker_on_a_free_space(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("era:space="):
        return None
    b, s = tr.before.table, tr.seat
    space = next(n for n, x in enumerate(catalog.ERA_SPACES) if x.id == oid.split("=")[1])
    taken = [x for o, x in enumerate(b.era_space) if o != s]
    if chronos_slot(b) >= 0:
        taken.append(b.chronos_era_space)
    if catalog.ERA_SPACE_ERA[space] != era_of(b, s) or space in taken:
        return f"{oid}: Era {catalog.ERA_SPACE_ERA[space]} for a society of Era " \
            f"{era_of(b, s)}, taken {taken}"
    return None


@rule("Eureka 3: take the benefit on the chosen Era-track space (the turn order action waits "
      "for the Era Change)")
def eureka_3_space_benefit(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("era:space="):
        return None
    space = next(x for x in catalog.ERA_SPACES if x.id == oid.split("=")[1])
    want = sum(e.amount for e in space.effects if isinstance(e, Gain) and e.what is Resource.IP)
    got = sum(e.data["ip"] for e in tr.new_events if e.kind == "ip" and e.seat == tr.seat
              and e.text.endswith("(benefit)"))
    for x in tr.after.table.pending:  # a benefit still waiting behind a question
        if x.kind == steps.S_EFFECT and x.seat == tr.seat:
            eff = catalog.EFFECTS[x.effect]
            got += eff.amount if isinstance(eff, Gain) and eff.what is Resource.IP else 0
    turn_order = [e for e in tr.new_events if e.kind == "turn_order"]
    if got != want or turn_order:
        return f"{oid}: {got} IP from the space, it shows {want}" + (
            "; the turn order changed at once" if turn_order else "")
    return None


@rule("Key Concepts A: your Era marker stands in your Milestone's era (Chronos' too, 2 players)")
def key_concepts_a_era_marker_in_milestone_era(tr: Transition) -> str | None:
    t = tr.after.table
    for s in range(t.players):
        if any(x.kind == steps.S_ERA_SPACE and x.seat == s for x in t.pending):
            continue  # Eureka 3: the marker is about to move
        if catalog.ERA_SPACE_ERA[t.era_space[s]] != era_of(t, s):
            return f"Player {s + 1}'s Era marker in Era {catalog.ERA_SPACE_ERA[t.era_space[s]]}" \
                f", their Milestone is of Era {era_of(t, s)}"
    if t.players == 2 and t.private[2] >= 0 and t.chronos_era_space >= 0 \
            and catalog.ERA_SPACE_ERA[t.chronos_era_space] != catalog.M_ERA[t.private[2]]:
        return "Chronos' Era marker is not in his Milestone's era"
    return None


# -- Send Diplomat / Call Diplomat ----------------------------------------------------------
@rule("Send Diplomat 1: to a Milestone on the board (private or Common Knowledge) with a free "
      "space on its left and none of your citizens")
def send_diplomat_1_free_milestone(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("send:milestone="):
        return None
    b, s, m = tr.before.table, tr.seat, MILESTONE[oid.split("=")[1]]
    on = b.diplomats[m * SEATS:(m + 1) * SEATS]
    where = b.milestone_loc[m]
    if (where != M_CK and where < M_PRIVATE) or on[s] or sum(on) >= catalog.M_SPACES[m]:
        return f"{oid}: at {where}, diplomats {on}, {catalog.M_SPACES[m]} spaces"
    return None


@rule("Send Diplomat 1: if the Milestone belongs to another player and is from a more advanced "
      "era than yours, that player gains 1 influence")
def send_diplomat_1_owner_gains_influence(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("send:milestone="):
        return None
    b, s, m = tr.before.table, tr.seat, MILESTONE[oid.split("=")[1]]
    owner = b.milestone_loc[m] - M_PRIVATE
    want = {owner} if (0 <= owner < b.players and owner != s
                       and catalog.M_ERA[m] > era_of(b, s)
                       and b.influence[owner] < MAX_INFLUENCE) else set()
    got = influence_events(tr, "a diplomat came to learn")
    if {e.seat for e in got} != want or len(got) != len(want) \
            or any(e.data["influence"] != influence_before(tr, e) + 1 for e in got):
        return f"{oid}: {[e.text for e in got]}, owner {owner} should gain: {bool(want)}"
    return None


@rule("Call Diplomat 1: bring 1 of your citizens on a Milestone home as a scholar; beyond the "
      "academy limit it returns to your supply")
def call_diplomat_1_home_as_scholar(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("recall:milestone="):
        return None
    b, t, s, m = tr.before.table, tr.after.table, tr.seat, MILESTONE[oid.split("=")[1]]
    if not b.diplomats[m * SEATS + s] or t.diplomats[m * SEATS + s]:
        return f"{oid}: the diplomat did not leave the Milestone"
    back = next((e for e in tr.new_events if e.kind == "scholar" and "back as scholars" in e.text
                 and e.seat == s), None)
    want = 1 if b.academy[s] < era_of(b, s) else 0
    if back is None or not back.text.endswith(f"{want} citizen(s) back as scholars, "
                                              f"{1 - want} to the supply"):
        return f"{oid}: {back.text if back else 'no return'} with academy {b.academy[s]} of " \
            f"{era_of(b, s)}"
    return None


# -- Key Concepts F-H: paying with citizens ---------------------------------------------------
@rule("Key Concepts F-H: you can only deploy citizens that are home - a specialist of the type "
      "asked, or a scholar standing in for any")
def key_concepts_f_pay_with_citizens_at_home(tr: Transition) -> str | None:
    d = tr.after.decision
    if d is None or d.kind != "pay":
        return None
    t, s = tr.after.table, d.seat
    step = t.pending[-1]
    need = [step.exhaust_economy, step.exhaust_culture, step.exhaust_technology]
    for o in d.options:
        name = o.id.split(":")[1]
        if name.startswith("scholar"):
            if t.academy[s] < 1:
                return f"{o.id} offered with an empty academy"
            continue
        k = NAMES.index(name)
        wanted = (step.place_type == k) if step.place_n else (need[k] > 0 or (
            not any(need) and step.exhaust_any > 0))
        if t.home[s * 3 + k] < 1 or not wanted:
            return f"{o.id} offered (home {t.home[s * 3:s * 3 + 3]}, asked {step})"
    return None


@rule("Key Concepts H: a scholar exhausted commits to the chosen specialty (the Exhausted space "
      "of that area)")
def key_concepts_h_scholar_commits_when_exhausted(tr: Transition) -> str | None:
    oid = option_id(tr)
    if tr.before is None or not oid.startswith("pay:") or era_change_began(tr):
        return None
    b, t, s = tr.before.table, tr.after.table, tr.seat
    step = b.pending[-1]
    name = oid.split(":")[1]
    if step.place_n:
        if name.startswith("scholar") and t.academy[s] >= b.academy[s] \
                and not any(e.kind == "scholar" for e in tr.new_events):
            return f"{oid}: no scholar left the academy"
        return None
    if "=" in name:
        k = ("economy", "culture", "technology").index(name.split("=")[1])
    elif name == "scholar":
        need = [step.exhaust_economy, step.exhaust_culture, step.exhaust_technology]
        k = next(i for i in range(3) if need[i])
    else:
        k = NAMES.index(name)
    if t.exhausted[s * 3 + k] < b.exhausted[s * 3 + k] + 1:
        return f"{oid}: no {NAMES[k]} exhausted"
    return None


@rule("Key Concepts H: your Milestone's era number is the maximum number of scholars you can have")
def key_concepts_h_academy_limit(tr: Transition) -> str | None:
    t = tr.after.table
    for s in range(t.players):
        if t.academy[s] > era_of(t, s):
            return f"Player {s + 1} has {t.academy[s]} scholars in Era {era_of(t, s)}"
    return None


@rule("Key Concepts F: exhausted specialists become available only in Era Change step 3")
def key_concepts_f_exhausted_stay_exhausted(tr: Transition) -> str | None:
    if tr.before is None or era_change_began(tr) or option_id(tr).startswith("turn_order:"):
        return None
    b, t = tr.before.table, tr.after.table
    for i, (was, now) in enumerate(zip(b.exhausted, t.exhausted, strict=True)):
        if now < was:
            return f"Player {i // 3 + 1}'s exhausted {NAMES[i % 3]}s went home outside step 3"
    return None


def pending_pay(t: object, seat: int) -> list:
    return pending_of(t, steps.S_PAY, seat)
