"""Phase 4: Action phase - turns, activating a module (dice, idea, planning and focus
markers), Do a Reset, the end of the Action phase, and what the modules' actions do."""

from __future__ import annotations

from typing import Any

from tests.properties.civolution.common import (
    ACTION,
    FEATURE_MODULES,
    FIRE_SP,
    LAND_TYPES,
    MATERIAL_INDEX,
    MATERIAL_TERRAIN,
    RECESS_TERRITORIES,
    RESET_END,
    TERRITORIES,
    TERRITORY_INDEX,
    VICI,
    WATER,
    C,
    K,
    Transition,
    asked,
    civs,
    dice_sources,
    feats,
    hand,
    last_answers,
    levels,
    memo,
    previous_answer,
    rule,
    same_phase,
    seat_events,
    solo,
    step_record,
    strength,
    terrain,
    territories_of,
    tribe_counts,
    tribes_at,
)

NEEDS = {m.id: m.dice for m in C.modules}
MODULE_INDEX = {m.id: i for i, m in enumerate(C.modules)}
HUNTING = {t.value: col.food for t, col in K.hunting.items()}
SITE_TYPE = tuple(s.type.value for s in C.sites)
SITE_INDEX = {s.id: i for i, s in enumerate(C.sites)}
CARD_DECK = tuple("ABCDE".index(c.id[0]) for c in C.cards)
CARD_INDEX = {c.id: i for i, c in enumerate(C.cards)}


def dist(a: int, b: int) -> int:
    """Idea markers to turn a die from a to b: 6 and 1 are beside one another."""
    d = abs(a - b) % 6
    return min(d, 6 - d)


def module_now(tr: Transition, seat: int) -> str:
    """The module the seat activated last (its turn's module, in this Action phase), from the
    log."""
    if tr.before is None or tr.before.table.phase != ACTION:
        return ""
    return str(memo(tr).get("module", {}).get(seat, ""))


ENCAMPMENTS = len(C.encampments)


def place_territory(t: Any, seat: int, place: int) -> int:
    """The territory of a place code: an encampment, a wilderness (after the encampments), a
    boat of the seat (after the territories)."""
    if place < ENCAMPMENTS:
        return int(C.encampment_territory[place])
    if place < ENCAMPMENTS + TERRITORIES:
        return place - ENCAMPMENTS
    return int(t.boat_at[seat * 2 + place - ENCAMPMENTS - TERRITORIES])


@rule("Phase 4 (the module a civilization activates, as the log names it)")
def phase4_turn_module_bookkeeping(tr: Transition) -> str | None:
    """Keeps the notebook of each civilization's activated module; never fails."""
    current = memo(tr).setdefault("module", {})
    for e in tr.new_events:
        if e.kind == "activate":
            current[e.seat] = e.data["module"]
        elif e.kind == "reset":
            current[e.seat] = "reset"
    return None


# ---------------------------------------------------------------- turns

def _turn_takers(tr: Transition) -> list[tuple[str, int]]:
    out = []
    for e in tr.new_events:
        if e.kind in ("activate", "reset"):
            out.append(("turn", e.seat))
        elif e.kind == "vici_card":
            out.append(("turn", VICI))
        elif e.kind in ("end_trigger",):
            out.append(("trigger", -1))
        if e.kind in ("reset", "vici_reset"):
            out.append(("reset", -1))
    return out


@rule("Phase 4: Each round begins with the starting civilization's turn and proceeds clockwise "
      "until each civilization has had one turn (Solo Mode: alternating, starting monolith "
      "first)")
def phase4_action_rounds_clockwise_from_the_starting_civilization(tr: Transition) -> str | None:
    book = memo(tr).setdefault("rounds", {})
    if tr.before is None:
        return None
    era = tr.before.table.era
    t = tr.after.table
    for what, seat in _turn_takers(tr):
        if what != "turn":
            continue
        turns = book.setdefault(era, [])
        start = tr.before.table.starting
        want = start if not turns else (turns[-1] + 1) % t.players
        if seat != want:
            return f"era {era}: turn {len(turns) + 1} taken by player {seat + 1}, expected " \
                f"{want + 1}"
        turns.append(seat)
    d = tr.after.decision
    if d is not None and d.kind == "turn" and d.seat != t.current:
        return f"player {d.seat + 1} asked for a turn while player {t.current + 1} is current"
    return None


@rule("Phase 4: On your turn you must either Activate a module or Do a Reset")
def phase4_turn_activate_or_reset(tr: Transition) -> str | None:
    d = tr.after.decision
    if d is None or d.kind != "turn":
        return None
    for o in d.options:
        if not (o.id.startswith("module:") or o.id == "reset" or o.id.startswith("attribute")):
            return f"turn option {o.id}"
    if tr.after.table.phase != ACTION:
        return "a turn outside the Action phase"
    return None


@rule("End of the Action phase: Triggered when the phase indicator moves onto the reset end "
      "space for the player count. Complete the current action round, then play one full final "
      "action round")
def end_of_the_action_phase_final_round(tr: Transition) -> str | None:
    book = memo(tr).setdefault("end", {})
    if tr.before is None:
        return None
    b = tr.before.table
    era = b.era
    state = book.setdefault(era, {"turns": 0, "resets": 0, "trigger": 0})
    if b.phase > ACTION:
        return None
    for what, _seat in _turn_takers(tr):
        if what == "turn":
            state["turns"] += 1
        elif what == "reset":
            state["resets"] += 1
        elif what == "trigger":
            if state["trigger"]:
                return "the end of the Action phase triggered twice"
            state["trigger"] = state["turns"]
            if state["resets"] != RESET_END[b.players]:
                return f"end triggered at reset {state['resets']} with {b.players} " \
                    f"civilizations (the end space is the {RESET_END[b.players]}th)"
    a = tr.after.table
    if b.phase == ACTION and (a.phase > ACTION or a.era > era):
        k, n, players = state["trigger"], state["turns"], b.players
        if not k:
            return "the Action phase ended without reaching the reset end space"
        want = k + (players - 1 - (k - 1) % players) + players
        if n != want:
            return f"the Action phase ended after {n} turns; trigger at turn {k}: {want}"
    return None


# ---------------------------------------------------------------- activating a module

def _source(oid: str) -> tuple[str, int, int]:
    """(kind, value, ideas) of an activation answer."""
    if oid == "focus":
        return "focus", 0, 0
    kind, value, ideas = oid.split(":")
    return kind, int(value), int(ideas.partition("=")[2])


def _die_answer(tr: Transition, which: int) -> bool:
    """The step answered the `which` (1 or 2) die of an activation with a die or marker."""
    if tr.option is None or tr.before is None or tr.before.decision is None \
            or tr.before.decision.kind != "activation":
        return False
    if not (tr.option.id == "focus" or tr.option.id.count(":") == 2):
        return False  # an attribute chip taken meanwhile
    return step_record(tr)[3] == which


def _first_source(tr: Transition) -> tuple[str, int, int]:
    """The activation's first die (from the pending step), with its idea cost."""
    rec = step_record(tr)
    source = rec[4]
    need = NEEDS[C.modules[rec[2]].id]
    if source == 12:
        return "focus", 0, 0
    value = source % 6 + 1
    cost = dist(value, need[0]) if need else 0
    return ("die" if source < 6 else "planning"), value, cost


@rule("Activating a module: use exactly 2 activation dice ... one showing the value depicted in "
      "the bottom left, the other the value in the bottom right; for each idea marker returned, "
      "increase or decrease a die by one (6 and 1 beside one another)")
def activating_a_module_idea_markers_turn_a_die(tr: Transition) -> str | None:
    if not (_die_answer(tr, 1) or _die_answer(tr, 2)):
        return None
    rec = step_record(tr)
    module, which = C.modules[rec[2]].id, rec[3]
    kind, value, ideas = _source(tr.option.id)
    need = NEEDS[module]
    if kind == "focus" or need is None:
        return None if ideas == 0 else f"{ideas} ideas for a die of the Sleep module"
    want = dist(value, need[which - 1])
    if ideas != want:
        return f"{module}: a {value} as a {need[which - 1]} cost {ideas} ideas, not {want}"
    return None


@rule("Activating a module: Place the two activation dice you use below your console. If you "
      "use planning markers instead, return them to your supply (focus markers likewise)")
def activating_a_module_two_dice_used(tr: Transition) -> str | None:
    if not _die_answer(tr, 2):
        return None
    seat = tr.seat
    used = [_first_source(tr), _source(tr.option.id)]
    b, a = tr.before.table, tr.after.table
    dice = sum(1 for k, _v, _i in used if k == "die")
    if a.used_dice[seat] - b.used_dice[seat] != dice:
        return f"{dice} dice used, {a.used_dice[seat] - b.used_dice[seat]} went below the console"
    for k, v, _i in used:
        if k == "die" and b.dice[seat * 6 + v - 1] < 1:
            return f"a die on {v} used from an empty space"
    if dice_sources(b, seat) - dice_sources(a, seat) != 2 and same_phase(tr):
        return f"{dice_sources(b, seat) - dice_sources(a, seat)} dice or markers used, not 2"
    return None


@rule("Activating a module: for each marker you return from the idea space ... (the idea "
      "markers spent go back to the supply)")
def activating_a_module_idea_markers_spent(tr: Transition) -> str | None:
    if not _die_answer(tr, 2):
        return None
    seat = tr.seat
    module = C.modules[step_record(tr)[2]].id
    if module not in FEATURE_MODULES or not same_phase(tr):
        return None  # a feature module's action is only its marker: nothing else moves ideas
    cost = _first_source(tr)[2] + _source(tr.option.id)[2]
    spent = tr.before.table.ideas[seat] - tr.after.table.ideas[seat]
    return None if spent == cost else f"{spent} idea markers spent for a cost of {cost}"


@rule("The feature modules: To activate a feature module, use 2 activation dice of the required "
      "value and place a marker from your supply onto the feature space below it")
def feature_modules_place_a_marker(tr: Transition) -> str | None:
    if not _die_answer(tr, 2):
        return None
    module = C.modules[step_record(tr)[2]].id
    seat = tr.seat
    b, a = tr.before.table, tr.after.table
    if module not in FEATURE_MODULES or not b.supply[seat] or not same_phase(tr):
        return None
    f = FEATURE_MODULES[module]
    got = [x - y for x, y in zip(feats(a, seat), feats(b, seat), strict=True)]
    want = [1 if i == f else 0 for i in range(6)]
    return None if got == want else f"activating {module} changed features by {got}"


@rule("The Sleep module: activate with any two activation dice regardless of their values; "
      "choose to either place 1 marker ... as a focus marker ... or 2 markers as idea markers")
def sleep_module_focus_or_two_ideas(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or not tr.option.id.startswith("or:"):
        return None
    seat = tr.seat
    if module_now(tr, seat) != "sleep" or asked(tr)[0] != "Choice" or not same_phase(tr):
        return None
    b, a = tr.before.table, tr.after.table
    if b.supply[seat] < 2:
        return None
    got = (a.focus[seat] - b.focus[seat], a.ideas[seat] - b.ideas[seat])
    want = (1, 0) if tr.option.id == "or:1" else (0, 2)
    return None if got == want else f"Sleep {tr.option.id}: focus/ideas {got}, not {want}"


@rule("Module: Insight - Level I: Gain 3 idea markers; Level II/III: Gain 6 idea markers")
def insight_module_idea_markers(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or tr.option.id != "or:1":
        return None
    seat = tr.seat
    if module_now(tr, seat) != "insight" or asked(tr)[0] != "Choice" or not same_phase(tr):
        return None
    b, a = tr.before.table, tr.after.table
    want = 3 if levels(b, seat)[MODULE_INDEX["insight"]] == 1 else 6
    if b.supply[seat] < want:
        return None
    got = a.ideas[seat] - b.ideas[seat]
    return None if got == want else f"Insight gave {got} ideas, not {want}"


@rule("Module: Planning - place 2 (Level I) or 3 (Levels II-III) markers as planning markers "
      "onto one dice space (all on the same space)")
def planning_module_markers_on_one_dice_space(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or not tr.option.id.startswith("planning:") \
            or tr.option.id.count(":") != 1 or not same_phase(tr):
        return None
    seat, space = tr.seat, int(tr.option.id[9:]) - 1
    b, a = tr.before.table, tr.after.table
    got = [a.planning[seat * 6 + v] - b.planning[seat * 6 + v] for v in range(6)]
    if any(got[v] for v in range(6) if v != space):
        return f"planning markers spread over several spaces: {got}"
    if module_now(tr, seat) == "planning" and b.supply[seat] >= 3:
        want = 2 if levels(b, seat)[MODULE_INDEX["planning"]] == 1 else 3
        if got[space] != want:
            return f"Planning placed {got[space]} planning markers, not {want}"
    elif got[space] not in (2, 3) and b.supply[seat] >= 3:
        return f"{got[space]} planning markers placed"
    return None


# ---------------------------------------------------------------- Do a Reset

@rule("Do a Reset: only allowed if you currently have 3 or fewer activation dice on your dice "
      "spaces (planning markers don't count)")
def do_a_reset_only_with_three_or_fewer_dice(tr: Transition) -> str | None:
    d = tr.after.decision
    if d is None or d.kind != "turn":
        return None
    t = tr.after.table
    on_spaces = sum(t.dice[d.seat * 6:d.seat * 6 + 6])
    offered = any(o.id == "reset" for o in d.options)
    if offered != (on_spaces <= 3):
        return f"Reset {'offered' if offered else 'not offered'} with {on_spaces} dice on spaces"
    return None


@rule("Do a Reset A: Move the phase indicator along the yellow arrow to the next reset space")
def do_a_reset_a_phase_indicator(tr: Transition) -> str | None:
    if tr.before is None or not same_phase(tr) or tr.after.table.phase != ACTION:
        return None
    resets = sum(1 for e in tr.new_events if e.kind in ("reset", "vici_reset"))
    moved = tr.after.table.reset_space - tr.before.table.reset_space
    return None if moved == resets else f"{resets} Resets moved the phase indicator {moved}"


@rule("Do a Reset B: Take all your used activation dice from below your console into hand. For "
      "each die still on your dice spaces, decide whether to leave it or take it. Roll all dice "
      "in hand once and place each on the dice space of its value")
def do_a_reset_b_roll_the_dice(tr: Transition) -> str | None:
    rolls = [e for e in seat_events(tr, "roll")]
    if not rolls or tr.before is None or tr.option is None:
        return None
    seat = rolls[0].seat
    b, a = tr.before.table, tr.after.table
    answers = last_answers(tr.before, seat, 12) + ([tr.option.id] if tr.seat == seat else [])
    if "reset" not in answers:
        return None
    after_reset = answers[len(answers) - 1 - answers[::-1].index("reset") + 1:]
    # one answer for the rest: "take:all" takes every die from the space asked on, then rolls
    rest = 0
    if tr.option.id == "take:all":
        space = step_record(tr)[2]
        rest = sum(b.dice[seat * 6 + space:seat * 6 + 6])
    taken = sum(int(x[5:]) for x in after_reset
                if x.startswith("take:") and x[5:].isdigit()) + rest
    rolled = rolls[0].data["dice"]
    if len(rolled) != b.used_dice[seat] + taken:
        return f"rolled {len(rolled)} dice: {b.used_dice[seat]} used and {taken} taken"
    if a.phase == ACTION and a.era == b.era:
        if a.used_dice[seat]:
            return "used dice left below the console after a Reset"
        total = sum(a.dice[seat * 6:seat * 6 + 6]) - sum(b.dice[seat * 6:seat * 6 + 6])
        now = (rest if tr.option.id == "take:all" else int(tr.option.id[5:])
               if tr.option.id.startswith("take:") and tr.option.id[5:].isdigit() else 0)
        if total != len(rolled) - now:
            return "activation dice gained or lost in a Reset"
    return None


@rule("Do a Reset C: Remove the reset marker and place it on either your idea or your food "
      "space (no reset markers left: a marker from your supply)")
def do_a_reset_c_reset_marker(tr: Transition) -> str | None:
    if tr.option is None or tr.option.id not in ("place:idea", "place:food") \
            or tr.before is None or not same_phase(tr):
        return None
    seat = tr.seat
    b, a = tr.before.table, tr.after.table
    idea, food = a.ideas[seat] - b.ideas[seat], a.food[seat] - b.food[seat]
    if (idea if tr.option.id == "place:idea" else food) < 1:
        return f"{tr.option.id}: ideas +{idea}, food +{food}"
    cols_b, cols_a = b.reset_marker[seat * 4:seat * 4 + 4], a.reset_marker[seat * 4:seat * 4 + 4]
    if any(cols_b):
        left = cols_b.index(1)
        want = [*cols_b[:left], 0, *cols_b[left + 1:]]
        if cols_a != want:
            return f"reset markers {cols_b} -> {cols_a}: not the leftmost"
    elif b.supply[seat] - a.supply[seat] != 1:
        return "no reset marker left and no marker from the supply"
    return None


# ---------------------------------------------------------------- modules' actions

@rule("Trade, Sale: Selling for money: return it to supply and take as many markers onto your "
      "money space as the money bag in front of its storage row indicates; Selling for success "
      "points: gain 2 success points")
def trade_sale(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or not tr.option.id.startswith("material:") \
            or asked(tr)[1] != "trade_material" or not same_phase(tr):
        return None
    mode = previous_answer(tr)
    if mode not in ("sale:money", "sale:sp"):
        return None
    seat, m = tr.seat, MATERIAL_INDEX[tr.option.id[9:]]
    b, a = tr.before.table, tr.after.table
    if b.storage[seat * 18 + m] - a.storage[seat * 18 + m] != 1:
        return "a sale did not return the stored material"
    if mode == "sale:sp":
        got = a.score[seat] - b.score[seat]
        return None if got == 2 else f"a sale for points gave {got} SP"
    want = K.materials[C.materials[m]].money
    got = a.money[seat] - b.money[seat]
    if b.supply[seat] + 1 >= want and got != want:
        return f"selling {C.materials[m].value} gave {got} money, not {want}"
    return None


@rule("Trade, Purchase: If its material tile is already face up on the continent, return 2 "
      "money markers to supply; if not, return 4. Then gain the material")
def trade_purchase(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or not tr.option.id.startswith("material:") \
            or asked(tr)[1] != "trade_material" or not same_phase(tr) \
            or previous_answer(tr) != "purchase":
        return None
    seat, m = tr.seat, MATERIAL_INDEX[tr.option.id[9:]]
    b, a = tr.before.table, tr.after.table
    want = 2 if m in b.material_tile else 4
    paid = b.money[seat] - a.money[seat]
    if paid != want:
        return f"purchasing {C.materials[m].value} cost {paid} money, not {want}"
    if a.storage[seat * 18 + m] - b.storage[seat * 18 + m] != 1:
        return "the purchased material is not stored"
    return None


@rule("Module: Trade - Level I: the Sale action and the Purchase action up to once each; "
      "Level II/III: up to twice each")
def trade_module_sales_per_level(tr: Transition) -> str | None:
    book = memo(tr).setdefault("trade", {})
    if tr.option is None or tr.before is None:
        return None
    seat = tr.seat
    if tr.option.id.startswith("module:"):
        book[seat] = {}
        return None
    if tr.option.id not in ("sale:money", "sale:sp", "purchase") or \
            module_now(tr, seat) != "trade" or asked(tr)[1] != "trade":
        return None
    counts = book.setdefault(seat, {})
    counts[tr.option.id] = counts.get(tr.option.id, 0) + 1
    times = 1 if levels(tr.before.table, seat)[MODULE_INDEX["trade"]] == 1 else 2
    sales = counts.get("sale:money", 0) + counts.get("sale:sp", 0)
    if counts.get("purchase", 0) > times or sales > 2 * times or \
            max(counts.get("sale:money", 0), counts.get("sale:sp", 0)) > times:
        return f"Trade level {times}: {counts}"
    return None


def _fate_rolled(state: Any) -> list[int]:
    out = []
    for who, oid in reversed(state.history):
        if who >= 0:
            break
        if oid.startswith("fate_die:"):
            out.append(int(oid[9:]))
    return out


@rule("Perform a hunt: Choose the value of one die and determine how many food markers you "
      "receive by cross-referencing the die value with the chosen territory type's column in "
      "the hunting table (Mushroom valley: 1 more per adjacent valley)")
def perform_a_hunt_hunting_table(tr: Transition) -> str | None:
    found = seat_events(tr, "hunt")
    if not found or tr.option is None or not tr.option.id.startswith("use:") \
            or tr.before is None:
        return None
    _, value, ideas = _source(tr.option.id)
    where = previous_answer(tr)
    if not where.startswith("territory:"):
        return None
    x = TERRITORY_INDEX[where[10:]]
    b = tr.before.table
    valleys = sum(1 for r, s in enumerate(b.recess_site) if s >= 0 and
                  SITE_TYPE[s] == "mushroom_valley" and x in RECESS_TERRITORIES[r])
    want = HUNTING[terrain(x)][value - 1] + valleys
    if found[0].data["food"] != want:
        return f"a hunt with a {value} in {terrain(x)} gave {found[0].data['food']}, not {want}"
    rolled = _fate_rolled(tr.before)
    if rolled and ideas != min(dist(d, value) for d in rolled):
        return f"choosing a {value} from {rolled} cost {ideas} ideas"
    if same_phase(tr) and tr.before.table.supply[tr.seat] >= want:
        got = tr.after.table.food[tr.seat] - b.food[tr.seat]
        if got < want:
            return f"the hunt put {got} food on the food space, not {want}"
    return None


@rule("Perform a hunt: Choose a territory where you have at least one tribe and no hunting "
      "token ... take a hunting token from the display and place it in the territory")
def perform_a_hunt_hunting_token(tr: Transition) -> str | None:
    if tr.before is None or tr.after.table.era != tr.before.table.era:
        return None
    b, a = tr.before.table, tr.after.table
    new = [x for x in range(TERRITORIES) if a.hunted[x] and not b.hunted[x]]
    if not new:
        return None
    if b.hunting_supply - a.hunting_supply != len(new):
        return f"{len(new)} hunting tokens placed, display {b.hunting_supply}->{a.hunting_supply}"
    hunters = {tr.seat} | ({VICI} if solo(b) else set())
    for x in new:
        if not any(x in territories_of(b, s) or x in territories_of(a, s) for s in hunters):
            return f"a hunt in {C.territories[x].id} without a tribe there"
    return None


@rule("Make a lucky find: Choose a type of land territory where you have at least one tribe ... "
      "place a marker from your supply there (the storage space of the announced type, in the "
      "row the die value shows)")
def make_a_lucky_find(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or not tr.option.id.startswith("row:") \
            or asked(tr)[1] != "find_die" or not same_phase(tr):
        return None
    where = previous_answer(tr)
    if not where.startswith("terrain:"):
        return None
    seat, row = tr.seat, int(tr.option.id.split(":")[1])
    land = LAND_TYPES.index(where[8:])
    b, a = tr.before.table, tr.after.table
    if where[8:] not in {terrain(x) for x in territories_of(b, seat)}:
        return f"a lucky find in {where[8:]} without a tribe there"
    got = [m for m in range(18) if a.storage[seat * 18 + m] > b.storage[seat * 18 + m]]
    want = [m for m in range(18) if MATERIAL_TERRAIN[m] == land and
            K.materials[C.materials[m]].row == row]
    if got != want:
        return f"lucky find in {where[8:]}, row {row}: stored {got}, not {want}"
    rolled = _fate_rolled(tr.before)
    values = K.materials[C.materials[want[0]]].lucky_find
    cost = int(tr.option.id.partition("=")[2])
    if rolled and cost != min(dist(d, v) for d in rolled for v in values):
        return f"row {row} from {rolled} cost {cost} ideas"
    return None


# ---------------------------------------------------------------- tribes on the continent

def _changed_encampments(b: Any, a: Any) -> list[int]:
    return [e for e in range(len(a.enc_seat)) if a.enc_seat[e] != b.enc_seat[e] or
            a.enc_strong[e] != b.enc_strong[e]]


@rule("Perform 1 migration / procreation: Either place it upright on a free encampment or "
      "displace another tribe ... into the wilderness (retaining its state) ... your tribe "
      "seizes the vacated encampment but must be laid down on it")
def migration_and_procreation_displacement(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    kinds = {e.kind for e in tr.new_events}
    if not kinds & {"migrate", "procreate", "vici_action"}:
        return None
    if (kinds & {"migrate", "procreate"} and "vici_action" in kinds) or not same_phase(tr):
        return None  # the human's and V.I.C.I's moves in one step: not told apart
    for e in _changed_encampments(b, a):
        old, new = b.enc_seat[e], a.enc_seat[e]
        if new < 0 or new == old:
            continue
        x = C.encampment_territory[e]
        if old == -1 and not a.enc_strong[e] and len(_changed_encampments(b, a)) == 1:
            return f"a tribe placed on a free encampment ({C.encampments[e].id}) lying down"
        if old >= 0:
            if a.enc_strong[e]:
                return f"a displacing tribe stands upright on {C.encampments[e].id}"
            grown = (a.wild_strong if b.enc_strong[e] else a.wild_weak)[x * 4 + old] - \
                (b.wild_strong if b.enc_strong[e] else b.wild_weak)[x * 4 + old]
            if grown < 1:
                return f"the displaced tribe of player {old + 1} did not go to the wilderness " \
                    f"of {C.territories[x].id} in its state"
    return None


@rule("Fire encampments: If your tribe settles there, you immediately receive the success "
      "points depicted on it")
def fire_encampments_success_points(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    gained: dict[int, int] = {}
    for e in _changed_encampments(b, a):
        if FIRE_SP[e] and a.enc_seat[e] >= 0 and a.enc_seat[e] != b.enc_seat[e]:
            gained[a.enc_seat[e]] = gained.get(a.enc_seat[e], 0) + FIRE_SP[e]
    for seat, sp in gained.items():
        if a.score[seat] - b.score[seat] < sp:
            return f"player {seat + 1} settled on fire encampments worth {sp} and scored " \
                f"{a.score[seat] - b.score[seat]}"
    return None


@rule("Developing a territory: Whenever a tribe is the first to settle in a territory ... flip "
      "its material tile face up and place one of your markers from supply as a raw material")
def developing_a_territory(tr: Transition) -> str | None:
    """V.I.C.I, with no storage, places no raw material (RECONSTRUCTED.md)."""
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    for x in range(TERRITORIES):
        if a.developed[x] and not b.developed[x]:
            if a.material_tile[x] < 0:
                return f"{C.territories[x].id} developed, its material tile face down"
            settlers = [s for s in range(a.players) if any(tribes_at(a, s, x))]
            if not settlers and not seat_events(tr, "vici_action"):
                return f"{C.territories[x].id} developed without a tribe"
            humans = [s for s in settlers if s in civs(a)]
            if humans and not any(a.raw[x * 4 + s] > b.raw[x * 4 + s] or (a.supply[s] == 0 and
                                  b.supply[s] == 0) for s in humans) and len(settlers) == 1:
                return f"the first settler of {C.territories[x].id} placed no raw material"
        elif b.developed[x] and not a.developed[x]:
            return f"{C.territories[x].id} is no longer developed"
    return None


@rule("Perform 1 procreation: Take a new tribe from your supply and place it onto any "
      "encampment there")
def procreation_new_tribe_from_supply(tr: Transition) -> str | None:
    found = seat_events(tr, "procreate")
    if len(found) != 1 or tr.before is None or not same_phase(tr):
        return None
    seat = found[0].seat
    if any(e.kind in ("migrate",) for e in tr.new_events):
        return None
    b, a = tr.before.table, tr.after.table
    grown = sum(tribe_counts(a, seat)) - sum(tribe_counts(b, seat))
    if grown != 1 or b.tribes[seat] - a.tribes[seat] != 1:
        return f"a procreation added {grown} tribes"
    x = place_territory(a, seat, found[0].data["at"])
    if not any(tribes_at(b, seat, x)) and any(tribe_counts(b, seat)):
        return f"procreation in {C.territories[x].id} without a tribe there"
    return None


@rule("Perform 1 migration: Move one of your strong (upright) tribes ... Weak tribes can never "
      "migrate; Migration within the same territory is not possible")
def migration_strong_tribes_only(tr: Transition) -> str | None:
    found = seat_events(tr, "migrate")
    if len(found) != 1 or tr.before is None or not same_phase(tr):
        return None
    seat = found[0].seat
    b, a = tr.before.table, tr.after.table
    if sum(tribe_counts(a, seat)) != sum(tribe_counts(b, seat)):
        return "a migration changed the number of tribes"
    if strength(a, seat) > strength(b, seat):
        return "a migration strengthened a tribe"
    if not any(tribes_at(a, seat, place_territory(a, seat, found[0].data["to"]))):
        return "the migrating tribe is not in its destination"
    return None


# ---------------------------------------------------------------- buildings and sites

@rule("Build a farm: a land territory where you have at least one tribe and no farm ... "
      "immediately gain an idea marker; no farms adjacent to a face-up Volcano")
def build_a_farm(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    for x in range(TERRITORIES):
        owner = a.farm[x]
        if owner < 0 or b.farm[x] == owner:
            continue
        if x in WATER:
            return f"a farm on Water {C.territories[x].id}"
        if not any(tribes_at(b, owner, x)):
            return f"player {owner + 1} built a farm in {C.territories[x].id} without a tribe"
        if same_phase(tr) and b.supply[owner] and a.ideas[owner] - b.ideas[owner] < 1 \
                and module_now(tr, owner) == "building":
            return "a farm built without its idea marker"
    return None


@rule("The Sites, Volcano: You cannot build farms adjacent to a Volcano; existing farms in "
      "adjacent territories are returned to their consoles when a Volcano is revealed")
def the_sites_volcano_no_farms(tr: Transition) -> str | None:
    a = tr.after.table
    for r, s in enumerate(a.recess_site):
        if s >= 0 and SITE_TYPE[s] == "volcano":
            for x in RECESS_TERRITORIES[r]:
                if a.farm[x] >= 0:
                    return f"a farm in {C.territories[x].id} next to a face-up Volcano"
    return None


@rule("Module: Exploration - reveal all face-down sites adjacent to it, gaining the success "
      "points in each site's top left corner")
def exploration_site_points(tr: Transition) -> str | None:
    found = seat_events(tr, "site")
    if not found or tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    per: dict[int, int] = {}
    for e in found:
        site = SITE_INDEX[e.data["site"]]
        if site not in a.recess_site:
            return f"site {e.data['site']} is not face up after its reveal"
        per[e.seat] = per.get(e.seat, 0) + C.sites[site].sp
    for seat, sp in per.items():
        if a.score[seat] - b.score[seat] < sp:
            return f"player {seat + 1} revealed sites worth {sp} and scored " \
                f"{a.score[seat] - b.score[seat]}"
    return None


# ---------------------------------------------------------------- research, dice

@rule("Gain 1 research card: Gain the top card from one of the 5 face-up or 5 face-down research "
      "stacks ... Whenever you take the last card of a face-up stack, immediately reveal the "
      "top card of the corresponding face-down stack")
def research_gain_top_face_up_card(tr: Transition) -> str | None:
    if tr.option is None or tr.before is None or not tr.option.id.startswith("take:") \
            or asked(tr)[1] != "gain_card":
        return None
    card = CARD_INDEX[tr.option.id[5:]]
    b, a = tr.before.table, tr.after.table
    deck = CARD_DECK[card]
    ups = [c for c in b.face_up if CARD_DECK[c] == deck]
    if not ups or ups[-1] != card:
        return f"{tr.option.id[5:]} is not the top face-up card of its deck"
    if card not in hand(a, tr.seat) and not any(i[4] == card and i[3] == 0 for i in a.installed):
        return f"{tr.option.id[5:]} did not go to player {tr.seat + 1}'s hand"
    if len(ups) == 1 and any(CARD_DECK[c] == deck for c in b.down + b.bottom) \
            and not any(CARD_DECK[c] == deck for c in a.face_up):
        return f"the last face-up card of deck {'ABCDE'[deck]} taken, none revealed"
    return None


def _die_offer(state: Any) -> str | None:
    d = state.decision
    if d is None or not any(o.id.startswith("die:") and o.id.count(":") == 1 for o in d.options):
        return None
    t = state.table
    activation = bool(t.pending[-1][3])
    display = t.activation_display if activation else t.fate_display
    ids = [o.id for o in d.options if o.id.startswith("die:")]
    if display:
        return None if ids == ["die:display"] else f"dice from others offered: {ids}"

    def count(s: int) -> int:
        if not activation:
            return int(t.fate[s])
        if solo(t) and s == VICI:
            return int(t.vici_dice)
        return sum(t.dice[s * 6:s * 6 + 6]) + t.used_dice[s]
    most = max(count(s) for s in range(t.players))
    want = [f"die:player={s + 1}" for s in range(t.players) if count(s) == most and s != d.seat]
    return None if sorted(ids) == sorted(want) else f"dice offered from {ids}, not {want}"


@rule("Module: Achievement - Take any activation/fate die from the dice display ...; If no dice "
      "of your chosen type remain in the display, take one from the civilization with the most "
      "of that type ... not if you already uniquely have the most (also checked with the "
      "display emptied)")
def achievement_dice_from_the_display_first(tr: Transition) -> str | None:
    """Ties for the most: the taker chooses (RECONSTRUCTED.md); V.I.C.I's dice count in its
    play area."""
    wrong = _die_offer(tr.after)
    d = tr.after.decision
    if wrong or d is None or not any(o.id == "die:display" for o in d.options):
        return wrong
    staged = tr.after.clone()  # what-if: the display of that type already empty
    t = staged.table
    if t.pending[-1][3]:
        t.activation_display = 0
    else:
        t.fate_display = 0
    staged.invalidate()
    if staged.decision is None or staged.decision.kind != d.kind:
        return None
    wrong = _die_offer(staged)
    return f"with the display empty: {wrong}" if wrong else None


def _favor_cost(state: Any) -> tuple[int, list[int], str | None]:
    """(seat's Favor space, rolled fate dice, what is wrong) at a favor test's idea question."""
    d = state.decision
    t = state.table
    seat = d.seat
    cost = next(int(o.id[6:]) for o in d.options if o.id.startswith("ideas:"))
    favor = t.favor[seat]
    if favor == 5:
        return favor, [], "a favor test on the rightmost Favor space was not passed at once"
    rolled = [oid for who, oid in state.history[-t.fate[seat]:] if who < 0]
    if len(rolled) != t.fate[seat] or not all(r.startswith("fate_die:") for r in rolled):
        return favor, [], f"the favor test rolled {rolled} with {t.fate[seat]} fate dice"
    dice = [int(r[9:]) for r in rolled]
    want = min(dist(x, v) for x in dice for v in range(6 - favor, 7))
    if cost != want or cost == 0 or cost > t.ideas[seat]:
        return favor, dice, f"Favor space {favor + 1}, rolled {dice}: {cost} ideas to pass, " \
            f"not {want}"
    return favor, dice, None


@rule("Take a favor test: roll all your pink fate dice once ... Leftmost space: passed only if "
      "you roll a 6 ...; Second space: 5 or 6; Third space: 4, 5 or 6, and so on; Rightmost "
      "space: automatically passed. You may change the value of your fate dice with idea "
      "markers (also checked with the disc further right)")
def take_a_favor_test(tr: Transition) -> str | None:
    d = tr.after.decision
    if d is None or not any(o.id.startswith("ideas:") for o in d.options):
        return None
    favor, dice, wrong = _favor_cost(tr.after)
    if wrong or not dice or tr.before is None or tr.option is None:
        return wrong
    staged_favor = 5 - max(dice)  # what-if: a disc where even the best die just fails
    if not 1 <= staged_favor <= 4 or staged_favor == favor:
        return None
    seat = d.seat
    staged = tr.before.clone()
    staged.table.favor[seat] = staged_favor
    staged.table.ideas[seat] += 6
    staged.invalidate()
    try:
        staged.apply(tr.option.id)
    except Exception:
        return None
    sd = staged.decision
    if sd is None or sd.seat != seat or not any(o.id.startswith("ideas:") for o in sd.options):
        return None
    _f, _d, wrong = _favor_cost(staged)
    return f"with the Favor disc on space {staged_favor + 1}: {wrong}" if wrong else None
