"""The modules' projects on the continent: building (statues, settlements, boats), production
and transport, exploration, strengthening and removing tribes, moving feature markers, gaining
an income chip; the weather's must and may."""

from __future__ import annotations

from ingenium.games.civolution.board import ISLAND_TERRITORY, geometry
from ingenium.games.civolution.rules import interpreter as _interpreter
from tests.properties.civolution.common import (
    EVENT,
    GROUNDS,
    RECESS_TERRITORIES,
    TERRITORIES,
    TERRITORY_INDEX,
    C,
    K,
    Transition,
    asked,
    civs,
    feats,
    rule,
    same_phase,
    seat_events,
    solo,
    step_record,
    store,
    tribe_counts,
    tribes_at,
)

SITE_TYPE = tuple(s.type.value for s in C.sites)
MATERIALS = tuple(m.value for m in C.materials)


def _ground_near(t: object, seat: int, g: int) -> bool:
    """Building grounds: at least one tribe in an adjacent territory (for the Water territory's
    Building ground, a boat there with a tribe)."""
    if g == 0:
        return any(t.boat_at[seat * 2 + b] == ISLAND_TERRITORY and
                   t.boat_strong[seat * 2 + b] + t.boat_weak[seat * 2 + b] for b in (0, 1))
    return any(tribes_at(t, seat, x) != (0, 0) for x in RECESS_TERRITORIES[g - 1])


def _statue_cost(t: object, g: int) -> set[str]:
    if g == 0:
        return {m.value for m in C.territories[ISLAND_TERRITORY].statue_cost}
    return {m.value for m in C.sites[t.recess_site[g - 1]].statue_cost}


@rule("Build a statue: Choose a Building ground where you meet the requirements and pay the "
      "building cost ... take a marker from your storage space of one of them and place it as a "
      "statue on the Building ground")
def build_a_statue(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    for seat in civs(a):
        for g in range(GROUNDS):
            if a.statues[g * 4 + seat] <= b.statues[g * 4 + seat]:
                continue
            if not _ground_near(b, seat, g):
                return f"player {seat + 1} built a statue on ground {g} without a tribe by it"
            if not same_phase(tr):
                continue
            paid = [MATERIALS[m] for m in range(18) if store(a, seat)[m] < store(b, seat)[m]]
            if len(paid) != 1 or paid[0] not in _statue_cost(b, g) or \
                    sum(store(b, seat)) - sum(store(a, seat)) != 1:
                return f"a statue on ground {g} paid {paid}, costs one of {_statue_cost(b, g)}"
    return None


@rule("Build a settlement: Choose a settlement from your console and pay the building cost "
      "listed in front of it (returning all shown stored materials to supply)")
def build_a_settlement(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    for seat in civs(a):
        built = [i for i in range(4) if a.settlement_built[seat * 4 + i] and
                 not b.settlement_built[seat * 4 + i]]
        grounds = [g for g in range(GROUNDS) if a.settled[g * 4 + seat] > b.settled[g * 4 + seat]]
        if len(built) != len(grounds):
            return f"player {seat + 1}: settlements {built} built on grounds {grounds}"
        if not built:
            continue
        if not _ground_near(b, seat, grounds[0]):
            return f"player {seat + 1} built a settlement on ground {grounds[0]} without a tribe"
        if same_phase(tr) and len(built) == 1:
            cost = [m.value for m in K.settlements[built[0]].cost]
            paid = {MATERIALS[m]: store(b, seat)[m] - store(a, seat)[m] for m in range(18)
                    if store(b, seat)[m] != store(a, seat)[m]}
            if paid != dict.fromkeys(cost, 1):
                return f"settlement {built[0] + 1} paid {paid}, costs {cost}"
    return None


@rule("Build a boat: Choose a Water territory where you have no boat and which is adjacent to "
      "at least one territory where you have a tribe")
def build_a_boat(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    for seat in civs(a):
        for k in (0, 1):
            x = a.boat_at[seat * 2 + k]
            if x < 0 or b.boat_at[seat * 2 + k] == x:
                continue
            near = geometry(tuple(a.layout)).adjacent[x]
            if not any(tribes_at(b, seat, y) != (0, 0) for y in near):
                return f"player {seat + 1}'s boat in {C.territories[x].id} with no tribe nearby"
    return None


@rule("Produce 1 raw material: Choose a territory where you have at least one tribe. Place a "
      "marker from your supply into the territory")
def produce_raw_materials_where_you_have_a_tribe(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    for seat in civs(a):
        for x in range(TERRITORIES):
            if a.raw[x * 4 + seat] > b.raw[x * 4 + seat] and tribes_at(a, seat, x) == (0, 0) \
                    and tribes_at(b, seat, x) == (0, 0):
                return f"player {seat + 1} produced in {C.territories[x].id} without a tribe"
    return None


@rule("Transport 1 raw material to your storage: place it onto the storage space of your "
      "console showing the same type of material as the territory's material tile")
def transport_raw_material_to_storage(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or not tr.option.id.startswith("territory:") \
            or asked(tr)[1] != "transport" or not same_phase(tr):
        return None
    seat, x = tr.seat, TERRITORY_INDEX[tr.option.id[10:]]
    b, a = tr.before.table, tr.after.table
    m = b.material_tile[x]
    if m < 0 or b.raw[x * 4 + seat] - a.raw[x * 4 + seat] != 1:
        return f"transport from {C.territories[x].id}: no raw material taken"
    if store(a, seat)[m] - store(b, seat)[m] < 1:
        return f"the raw material from {C.territories[x].id} is not stored as {MATERIALS[m]}"
    return None


@rule("Module: Exploration - choose a territory where you have at least one tribe; reveal all "
      "face-down sites adjacent to it")
def explore_new_sites(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or not tr.option.id.startswith("territory:") \
            or asked(tr)[1] != "explore":
        return None
    seat, x = tr.seat, TERRITORY_INDEX[tr.option.id[10:]]
    b, a = tr.before.table, tr.after.table
    if tribes_at(b, seat, x) == (0, 0):
        return f"exploring from {C.territories[x].id} without a tribe there"
    hidden = [r for r, ts in enumerate(RECESS_TERRITORIES) if x in ts and b.recess_site[r] < 0]
    if not hidden or any(a.recess_site[r] < 0 for r in hidden):
        return f"exploring from {C.territories[x].id} left sites face down"
    return None


@rule("Strengthen 1 of your weak tribes: Stand any one of your weak (lying) tribes up")
def strengthen_a_weak_tribe(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or asked(tr)[1] != "strengthen" \
            or tr.option.id == "done" or not same_phase(tr):
        return None
    b, a = tr.before.table, tr.after.table
    up_b, down_b = tribe_counts(b, tr.seat)
    up_a, down_a = tribe_counts(a, tr.seat)
    if (up_a - up_b, down_a - down_b) != (1, -1):
        return f"strengthening changed upright {up_b}->{up_a}, lying {down_b}->{down_a}"
    return None


@rule("Phase 7 A, negative effects: remove one of your tribes from anywhere on the continent "
      "(you may use \"Deus ex machina\" to save it)")
def weather_remove_a_tribe(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or asked(tr)[1] != "remove_tribe" \
            or tr.option.id not in ("remove", "deus_ex_machina") or not same_phase(tr):
        return None
    b, a = tr.before.table, tr.after.table
    lost = sum(tribe_counts(b, tr.seat)) - sum(tribe_counts(a, tr.seat))
    saved = b.favor[tr.seat] - a.favor[tr.seat]
    if (lost, saved) not in ((1, 0), (0, 1)):
        return f"removing a tribe: {lost} tribes lost, {saved} Favor steps back"
    if lost and a.tribes[tr.seat] != b.tribes[tr.seat] + 1:
        return "the removed tribe did not return to the supply"
    return None


WEATHER_CHOICES = {w.effects[0]: w.positive for w in K.weather
                   if len(w.effects) == 1 and type(w.effects[0]).__name__ == "Choose"}


@rule("Phase 7 A: Positive effects may be forgone; negative effects must be carried out. A "
      "slash indicates you must choose between two effects")
def weather_negative_effects_must_be_carried_out(tr: Transition) -> str | None:
    d = tr.after.decision
    t = tr.after.table
    if d is None or d.kind != "choice":
        return None
    raw = t.pending[-1]
    effect = _interpreter.CHOOSES[raw[2]]
    ids = [o.id for o in d.options]
    if raw[4] and t.phase != EVENT:
        return "a negative effect outside the Event phase"
    if t.phase == EVENT and effect in WEATHER_CHOICES and tr.before is not None \
            and tr.before.table.phase <= EVENT and not seat_events(tr, "era_scoring"):
        positive = WEATHER_CHOICES[effect]
        if positive and "done" not in ids:
            return f"a positive weather effect may not be forgone: {ids}"
        if not positive and "done" in ids:
            return f"a negative weather effect offers to forgo it: {ids}"
    return None


@rule("Module: Mutation - Move 1 of your feature markers to any of your feature spaces")
def mutation_moves_a_feature_marker(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or asked(tr)[1] != "move_feature_to" \
            or not same_phase(tr):
        return None
    b, a = tr.before.table, tr.after.table
    diff = [x - y for x, y in zip(feats(a, tr.seat), feats(b, tr.seat), strict=True)]
    if sum(diff) != 0 or sum(abs(d) for d in diff) > 2:
        return f"moving a feature marker changed the features by {diff}"
    return None


@rule("Gain 1 income chip: (1) Choose one of the 3 income chips from the income chip display "
      "and take it. (2) Refill the empty display space from the white bag. (3) Install the "
      "income chip in your stage partition")
def gain_an_income_chip(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    new = [i for i in a.installed if i[3] == 2 and i not in b.installed]
    for item in new:
        chip = item[4]
        if chip not in b.income_display and (tr.option is None or asked(tr)[1] != "gain_income"
                                             or step_record(tr)[3] < 0):
            return f"income chip {chip} installed, not from the display"
        if chip in a.income_display:
            return f"income chip {chip} installed and still on display"
        if not solo(a) and a.income_bag and -1 in a.income_display:
            return "the income chip display was not refilled from the bag"
    return None
