"""What always holds on the boards and consoles: the score track, progress tracks and Favor,
module levels, stage tiles, boats, Building grounds, developed territories, the goal area and
the stage partition (columns, stages, what may be installed, attribute chips)."""

from __future__ import annotations

from ingenium.games.civolution.table import Installed
from tests.properties.civolution.common import (
    ACTION,
    DECK_OF_MODULE,
    GROUNDS,
    TERRITORIES,
    VICI,
    WATER,
    C,
    K,
    Transition,
    civs,
    feats,
    hand,
    levels,
    memo,
    rule,
    seat_events,
    solo,
    staged_after,
)

CARD_DECK = tuple("ABCDE".index(c.id[0]) for c in C.cards)
CARD_INDEX = {c.id: i for i, c in enumerate(C.cards)}
SITE_TYPE = tuple(s.type.value for s in C.sites)
STAGE_COLUMNS = tuple(s.columns for s in K.stages)  # columns reaching each stage: 4/6/8/9/9
ITEM_CARD, ITEM_GOAL, ITEM_INCOME, ITEM_ATTRIBUTE, ITEM_START = range(5)
ATTRIBUTE_INDEX = {a: i for i, a in enumerate(K.attribute_chips)}
FEATURE_IDS = tuple(f.value for f in __import__(
    "ingenium.games.civolution.board", fromlist=["FEATURES"]).FEATURES)


def bottom(column: int) -> int:
    """The lowest stage a column (0-based) has: the stage partition widens upwards."""
    return next(n + 1 for n, cols in enumerate(STAGE_COLUMNS) if cols > column)


def col_kind(item: tuple[int, int, int, int, int]) -> int:
    """The column type an installed item binds: its deck (0-4), goal chips 5, attribute 6;
    income chips (and the starting chip card) are wild: -1."""
    kind = item[3]
    if kind == ITEM_CARD:
        return CARD_DECK[item[4]]
    return {ITEM_GOAL: 5, ITEM_ATTRIBUTE: 6}.get(kind, -1)


# ---------------------------------------------------------------- tracks and discs

@rule("Whenever you gain success points, advance your disc on the score track (it never goes "
      "back)")
def score_track_never_goes_back(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    for seat, (old, new) in enumerate(zip(tr.before.table.score, tr.after.table.score,
                                          strict=True)):
        if new < old:
            return f"player {seat + 1}'s score went from {old} to {new}"
    return None


@rule("Important additional notes: Whenever you complete a lap on the score track (onto or "
      "past space 0), take a 100-point token")
def score_track_100_point_tokens(tr: Transition) -> str | None:
    t = tr.after.table
    for seat in range(t.players):
        if t.hundreds[seat] != t.score[seat] // 100:
            return f"player {seat + 1}: {t.score[seat]} points, {t.hundreds[seat]} tokens"
    return None


@rule("The progress tracks: You can't advance beyond space 12 on any progress track (discs only "
      "advance)")
def progress_tracks_zero_to_twelve(tr: Transition) -> str | None:
    t = tr.after.table
    if min(t.track) < 0 or max(t.track) > 12:
        return f"progress track discs {t.track}"
    if tr.before is not None and any(n < o for o, n in zip(tr.before.table.track, t.track,
                                                           strict=True)):
        return "a progress track disc went back"
    return None


@rule("The progress tracks: if already on space 12, gain 2 success points for every additional "
      "step")
def progress_tracks_beyond_twelve_two_points(tr: Transition) -> str | None:
    if tr.option is None or not tr.option.id.startswith("track:") or tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    tracks = [x.value for x in __import__("ingenium.games.civolution.components.icons",
                                          fromlist=["Track"]).Track]
    name = tr.option.id[6:]
    if name not in tracks:
        return None
    i = tr.seat * 5 + tracks.index(name)
    if b.track[i] == 12 and a.score[tr.seat] - b.score[tr.seat] < 2:
        return f"a step beyond space 12 on {name} gave {a.score[tr.seat] - b.score[tr.seat]} SP"
    return None


@rule("Favor of Agera: six spaces, leftmost to rightmost (rightmost: forgo further steps); it "
      "goes back only by Deus ex machina")
def favor_of_agera_track(tr: Transition) -> str | None:
    t = tr.after.table
    if min(t.favor) < 0 or max(t.favor) > len(K.favor) - 1:
        return f"Favor discs {t.favor}"
    if tr.before is None:
        return None
    for seat, (old, new) in enumerate(zip(tr.before.table.favor, t.favor, strict=True)):
        if new < old and (old - new != 1 or tr.seat != seat or tr.option is None
                          or tr.option.id != "deus_ex_machina"):
            return f"player {seat + 1}'s Favor disc went back from {old} to {new}"
    return None


# ---------------------------------------------------------------- modules, stage tiles

@rule("Upgrade 1 main module: level I flips to level II; level II is removed to reveal level III "
      "(it cannot go beyond level III)")
def upgrade_one_main_module(tr: Transition) -> str | None:
    t = tr.after.table
    for seat in civs(t):
        lv = levels(t, seat)
        if min(lv) < 1 or max(lv) > 3:
            return f"player {seat + 1}'s module levels {lv}"
        if lv[0] != 1 or any(x != 1 for x in lv[1:7]):
            return "the Sleep or a feature module was upgraded"
    d = tr.after.decision
    if d is not None:
        for o in d.options:
            if o.id.startswith("upgrade:"):
                m = [x.id for x in C.modules].index(o.id[8:])
                if m < 7 or levels(t, d.seat)[m] >= 3:
                    return f"{o.id} offered at level {levels(t, d.seat)[m]}"
    if tr.before is None or tr.option is None:
        return None
    for seat in civs(t):
        old, new = levels(tr.before.table, seat), levels(t, seat)
        ups = [new[m] - old[m] for m in range(len(new))]
        if min(ups) < 0:
            return f"player {seat + 1}'s module went down a level"
        if tr.option.id.startswith("upgrade:") and seat == tr.seat:
            m = [x.id for x in C.modules].index(tr.option.id[8:])
            if ups[m] < 1 or old[m] == 3:
                return f"{tr.option.id} did not raise {tr.option.id[8:]} from {old[m]}"
    return None


@rule("Flip 1 stage tile to active: flip any one of your 2 inactive stage tiles to its active "
      "side (a tile never flips back)")
def stage_tiles_flip_to_active(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    for i, (old, new) in enumerate(zip(tr.before.table.stage_tile, tr.after.table.stage_tile,
                                       strict=True)):
        if new < old or new > 1:
            return f"stage tile {i % 2 + 4} of player {i // 2 + 1} went {old} -> {new}"
    return None


# ---------------------------------------------------------------- continent

@rule("Build a boat: a Water territory where you have no boat ... Each water territory holds a "
      "maximum of 1 boat per civilization; each boat has 2 seats")
def boats_in_water_one_per_civilization(tr: Transition) -> str | None:
    t = tr.after.table
    for seat in civs(t):
        at = t.boat_at[seat * 2:seat * 2 + 2]
        for b, x in enumerate(at):
            if x >= 0 and x not in WATER:
                return f"player {seat + 1}'s boat on land {C.territories[x].id}"
            if x < 0 and t.boat_strong[seat * 2 + b] + t.boat_weak[seat * 2 + b]:
                return f"tribes on player {seat + 1}'s unbuilt boat"
            if t.boat_strong[seat * 2 + b] + t.boat_weak[seat * 2 + b] > 2:
                return f"more than 2 tribes on player {seat + 1}'s boat"
        if at[0] >= 0 and at[0] == at[1]:
            return f"player {seat + 1} has two boats in {C.territories[at[0]].id}"
    return None


@rule("Building grounds: no more than two of your buildings on each Building ground, and only "
      "one of them may be a settlement; one in the large Water territory, six among the sites")
def building_grounds_limits(tr: Transition) -> str | None:
    t = tr.after.table
    for g in range(GROUNDS):
        for seat in range(t.players):
            st, se = t.statues[g * 4 + seat], t.settled[g * 4 + seat]
            if not st + se:
                continue
            if (st + se > 2 or se > 1) and not (solo(t) and seat == VICI):
                return f"player {seat + 1}: {st} statues, {se} settlements on ground {g}"
            if g and (t.recess_site[g - 1] < 0 or
                      SITE_TYPE[t.recess_site[g - 1]] != "building_ground"):
                return f"a building on ground {g}, which is no revealed Building ground"
    return None


@rule("Developing a territory: ... flip its material tile face up. Water territories have no "
      "material tile and are developed from the start")
def developed_territories_show_their_material_tile(tr: Transition) -> str | None:
    t = tr.after.table
    for x in range(TERRITORIES):
        if x in WATER:
            if not t.developed[x] or t.material_tile[x] >= 0:
                return f"Water territory {C.territories[x].id}: developed {t.developed[x]}"
        elif bool(t.developed[x]) != (t.material_tile[x] >= 0):
            return f"{C.territories[x].id}: developed {t.developed[x]}, tile {t.material_tile[x]}"
    return None


# ---------------------------------------------------------------- goal area, partition

@rule("Phase 2 / Gain 1 goal chip: goal chips face up in your goal area (3 spaces; a new chip "
      "may cover one)")
def goal_area_three_spaces(tr: Transition) -> str | None:
    t = tr.after.table
    for under in t.goal_under:
        at = under.seat * 3 + under.space
        if t.goal_area[at] < 0:
            return f"a covered goal chip under an empty goal area space {at}"
    if solo(t) and any(c >= 0 for c in t.goal_area[3:6]):
        return "V.I.C.I has goal chips"
    return None


@rule("The stage partition: Each column may only contain one type of card or chip ... (the "
      "exception is income chips, which are wild and may appear in any column)")
def stage_partition_one_type_per_column(tr: Transition) -> str | None:
    t = tr.after.table
    for seat in civs(t):
        for column in range(9):
            kinds = {col_kind(i) for i in t.installed if i[0] == seat and i[1] == column} - {-1}
            if len(kinds) > 1:
                return f"player {seat + 1}'s column {column + 1} holds types {kinds}"
            typed = t.column_type[seat * 9 + column]
            if kinds and typed != next(iter(kinds)):
                return f"player {seat + 1}'s column {column + 1} typed {typed}, holds {kinds}"
        types = [x for x in t.column_type[seat * 9:seat * 9 + 9] if x >= 0]
        if len(types) != len(set(types)):
            return f"player {seat + 1} has two columns of one type: {types}"
    if solo(t) and any(i[0] == VICI for i in t.installed):
        return "V.I.C.I has a stage partition"
    return None


@rule("The stage partition: Columns fill from bottom to top (goal chips are half a column's "
      "width: two fit side by side per stage; the bottom edge in full contact below)")
def stage_partition_fills_bottom_to_top(tr: Transition) -> str | None:
    t = tr.after.table
    for seat in civs(t):
        for column in range(9):
            items = [i for i in t.installed if i[0] == seat and i[1] == column]
            if not items:
                continue
            stages = sorted({i[2] for i in items})
            first = bottom(column)
            if stages != list(range(first, first + len(stages))):
                return f"player {seat + 1}'s column {column + 1} has stages {stages}"
            for stage in stages:
                here = [i for i in items if i[2] == stage]
                goals = sum(1 for i in here if i[3] == ITEM_GOAL)
                if (goals != len(here) and len(here) > 1) or goals > 2:
                    return f"player {seat + 1}'s column {column + 1}, stage {stage}: " \
                        f"{[i[3] for i in here]}"
                if stage != stages[-1] and goals == 1:
                    return f"player {seat + 1}'s column {column + 1}: a half stage below another"
    return None


@rule("Install 1 research card: Choose a research card from your hand of the type specified by "
      "the activated module ... If a column already holds this type, you must choose that "
      "column ... always the lowest free stage in the column")
def install_research_card(tr: Transition) -> str | None:
    found = seat_events(tr, "install")
    if not found or tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    for e in found:
        card = CARD_INDEX[e.data["card"]]
        seat = e.seat
        if card not in hand(b, seat) or card in hand(a, seat):
            return f"{e.data['card']} was not installed from player {seat + 1}'s hand"
        item = [i for i in a.installed if i[3] == ITEM_CARD and i[4] == card]
        if len(item) != 1 or item[0][0] != seat:
            return f"{e.data['card']} is not in player {seat + 1}'s stage partition"
        column, stage = item[0][1], item[0][2]
        there = [i for i in b.installed if i[0] == seat and i[1] == column]
        want = max((i[2] for i in there), default=bottom(column) - 1) + 1
        if stage != want and len(found) == 1:
            return f"{e.data['card']} in column {column + 1} at stage {stage}, lowest free {want}"
        deck = CARD_DECK[card]
        typed = b.column_type[seat * 9:seat * 9 + 9]
        if deck in typed and typed.index(deck) != column:
            return f"{e.data['card']} not in its deck's column {typed.index(deck) + 1}"
        if deck not in typed and typed[column] >= 0:
            return f"{e.data['card']} in column {column + 1} of another type"
    return None


@rule("The install modules (Invention, Mutation, Insight, Building, Achievement): install 1 "
      "card of the module's own type")
def install_research_card_of_the_module_type(tr: Transition) -> str | None:
    found = seat_events(tr, "install")
    if not found or tr.before is None or tr.before.table.phase != ACTION:
        return None
    module = memo(tr).get("module", {}).get(found[0].seat, "")
    if module not in DECK_OF_MODULE or tr.before.decision is None:
        return None
    deck = CARD_DECK[CARD_INDEX[found[0].data["card"]]]
    if tr.option is not None and tr.option.id.startswith("install:") and \
            deck != DECK_OF_MODULE[module]:
        return f"{module} installed a card of deck {'ABCDE'[deck]}"
    return None


@rule("Attribute chips: have at least as many feature markers of the depicted type on your "
      "console as shown (3 or 4) AND return one of those markers to your supply")
def attribute_chips_requirement(tr: Transition) -> str | None:
    found = seat_events(tr, "attribute")
    if not found or tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    for e in found:
        chip = K.attribute_chips[e.data["chip"]]
        f = FEATURE_IDS.index(chip.feature.value)
        if feats(b, e.seat)[f] < chip.amount:
            return f"attribute chip {chip.id} taken with {feats(b, e.seat)[f]} markers"
        if len(found) == 1 and feats(a, e.seat)[f] > feats(b, e.seat)[f] - 1 and \
                tr.after.table.phase == ACTION:
            return f"attribute chip {chip.id}: no {chip.feature.value} marker returned"
        if ATTRIBUTE_INDEX[e.data["chip"]] in a.attribute_display:
            return "the attribute chip taken is still on display"
    return None


@rule("Attribute chips: You can take and install one at any time during your own turn")
def attribute_chips_only_in_your_own_turn(tr: Transition) -> str | None:
    found = seat_events(tr, "attribute")
    if not found or tr.before is None:
        return None
    b = tr.before.table
    if b.phase != ACTION or found[0].seat != b.current or tr.seat != found[0].seat:
        return f"player {found[0].seat + 1} took an attribute chip outside their turn"
    return None


@rule("Install 1 goal chip: Choose a visible goal chip in your goal area whose requirement you "
      "can now fulfill ... Remove the goal chip from your goal area ... place it in the column")
def install_goal_chip(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    new = [i for i in a.installed if i[3] == ITEM_GOAL and i not in b.installed]
    for item in new:
        seat, chip = item[0], item[4]
        if chip not in b.goal_area[seat * 3:seat * 3 + 3]:
            return f"goal chip {chip} installed, not from player {seat + 1}'s goal area"
        if chip in a.goal_area:
            return f"goal chip {chip} installed and still in the goal area"
    if len(new) != 1 or any(i[0] == new[0][0] and i[3] == ITEM_GOAL for i in b.installed):
        return None
    seat, column, stage = new[0][:3]

    def one_goal_chip_there(t: object) -> bool:
        """What-if: a goal chip of the seat already alone in that column's stage."""
        if not t.goal_bag or t.column_type[seat * 9 + column] >= 0:
            return False
        fake = t.goal_bag.pop()
        t.installed.append(Installed(seat, column, stage, ITEM_GOAL, fake))
        t.column_type[seat * 9 + column] = 5
        return True
    staged = staged_after(tr, one_goal_chip_there)
    if staged is not None:
        mine = [i for i in staged.installed if i[0] == seat and i[3] == ITEM_GOAL
                and i[4] == new[0][4]]
        if mine and mine[0][1] == column and mine[0][2] != stage:
            return f"a goal chip went to stage {mine[0][2]}, not beside the one alone on " \
                f"stage {stage}"
    return None


SP_BONUS_AT = {b.at for tr_rec in K.tracks.values() for b in tr_rec.bonuses
               if len(b.effects) == 1 and type(b.effects[0]).__name__ == "Gain"
               and b.effects[0].what.value == "sp"}


@rule("The progress tracks: every bonus threshold you cross grants the track bonus to its "
      "right (\"Gain 3 success points\"); V.I.C.I has no console and takes no bonus")
def progress_tracks_threshold_bonus_points(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    for seat in civs(a):
        crossed = sum(1 for i in range(5) for at in SP_BONUS_AT
                      if b.track[seat * 5 + i] < at <= a.track[seat * 5 + i])
        if crossed and a.score[seat] - b.score[seat] < 3 * crossed:
            return f"player {seat + 1} crossed {crossed} 3-point thresholds and scored " \
                f"{a.score[seat] - b.score[seat]}"
    return None


TRACK_BONUSES = [[(b.at, b.effects) for b in rec.bonuses] for rec in K.tracks.values()]


@rule("The progress tracks: By advancing, you gain bonuses: every bonus threshold you cross "
      "grants the track bonus to its right (Upgrade 1 of 5 possible modules: the threshold "
      "shows the required value; Favor OR an income chip's action)")
def progress_tracks_threshold_bonus_questions(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, a = tr.before.table, tr.after.table
    crossed = [(seat, i, at, effects) for seat in civs(a) for i in range(5)
               for at, effects in TRACK_BONUSES[i]
               if b.track[seat * 5 + i] < at <= a.track[seat * 5 + i]]
    if len(crossed) != 1 or a.phase != b.phase:
        return None
    seat, i, at, effects = crossed[0]
    kind = type(effects[0]).__name__
    d = tr.after.decision
    if kind == "Upgrade":
        die = effects[0].die
        can = [m.id for n, m in enumerate(C.modules) if n >= 7 and levels(a, seat)[n] < 3
               and (die is None or die in (m.dice or ()))]
        if not can:
            return None
        offered = sorted(o.id[8:] for o in d.options if o.id.startswith("upgrade:")) \
            if d is not None and d.seat == seat else []
        if offered != sorted(can):
            return f"crossing {at} on track {i + 1}: upgrades offered {offered}, not {can}"
    elif kind == "Choose" and a.favor[seat] < len(K.favor) - 1 and \
            (d is None or d.seat != seat or d.kind != "choice"):
        return f"crossing {at} on track {i + 1}: no choice of its bonus"
    return None
