"""Checking the parsed components against the rulebook: counts, names, and that every card, chip
and requirement can be installed or met at all. Each failure raises ComponentError naming the
record (or the group whose count is broken).
"""

from __future__ import annotations

from collections import Counter

from ingenium.engine.components import check_all, expect, fail
from ingenium.games.civolution.components import continent as geo
from ingenium.games.civolution.components import rulebook as rb
from ingenium.games.civolution.components.effects import (
    Activity,
    Advance,
    Choose,
    Effect,
    FlipStageTile,
    Gain,
    Have,
    IncomeAction,
    Install,
    Lose,
    Pay,
    RemoveTribe,
    Requirement,
    Upgrade,
    walk,
)
from ingenium.games.civolution.components.icons import (
    LAND,
    MATERIAL_ROW,
    MATERIAL_TERRAIN,
    Category,
    Count,
    Deck,
    EventMode,
    Feature,
    Installable,
    Material,
    ModuleKind,
    Resource,
    SiteType,
    Terrain,
    Track,
    TrackTarget,
)
from ingenium.games.civolution.components.records import Components, Module

KNOWN_CARDS = {"C16": "Theocracy"}  # facts (M): the one card whose number and name are known


# ---------------------------------------------------------------- box

def _check_box(c: Components) -> None:
    expect(dict(c.inventory.values), dict(rb.INVENTORY), "box inventory (Components)")
    expect(dict(c.kit.values), dict(rb.PER_COLOR), "pieces of one colour")
    inv, kit = c.inventory.values, c.kit.values
    for key in ("consoles", "tribes", "settlements", "markers", "farms", "boats", "discs",
                "module_tiles", "stage_tiles"):
        expect(kit[key] * rb.COLORS, inv[key], f"{key} in {rb.COLORS} colours")
    expect(sorted(c.player_counts), list(range(rb.MIN_PLAYERS, rb.MAX_PLAYERS + 1)),
           "player counts with a setup")
    top = c.player_counts[rb.MAX_PLAYERS]
    expect(kit["activation_dice"] * rb.COLORS + top.activation_dice_display,
           inv["activation_dice"], "activation dice (6 each + the 4-player display)")
    expect(kit["fate_dice"] * rb.COLORS + top.fate_dice_display, inv["fate_dice"],
           "fate dice (1 each + the 4-player display)")
    display = {n.goal_display_spaces + n.blocked_goal_spaces for n in c.player_counts.values()}
    if len(display) != 1:
        fail(f"goal chip display: the same spaces with every player count, not {display}")
    for n, setup in c.player_counts.items():
        expect(setup.activation_dice_display, rb.DICE_DISPLAY[n], f"{n}p activation dice")
        expect(setup.fate_dice_display, rb.DICE_DISPLAY[n], f"{n}p fate dice")
        expect(setup.blocked_encampments, rb.BLOCKED_ENCAMPMENTS[n], f"{n}p blocked encampments")
        expect(setup.blocked_goal_spaces, rb.BLOCKED_GOAL_SPACES[n], f"{n}p covered goal spaces")
        expect(setup.blocked_phase_spaces, rb.BLOCKED_PHASE_SPACES[n],
               f"{n}p covered phase-sequence spaces")
        free = sum(s.min_players <= n for s in c.reset_spaces)
        expect(setup.reset_spaces, free, f"{n}p free reset spaces")
        expect(len(c.reset_spaces) - free, setup.blocked_phase_spaces,
               f"{n}p covered reset spaces")
        if setup.blocked_goal_spaces + setup.blocked_phase_spaces > inv["hundred_point_tokens"]:
            fail(f"{n}p: more blocking tokens than 100-point tokens")


# ---------------------------------------------------------------- boards

def _branch_kinds(effects: tuple[Effect, ...]) -> set[type]:
    return {type(e) for e in walk(effects)}


def _check_weather(c: Components) -> None:
    ids = [w.id for w in c.weather]
    if len(set(ids)) != len(ids):
        fail("weather gauge: duplicate space ids")
    starts = [w.id for w in c.weather if w.start]
    expect(starts, [rb.WEATHER_START], "weather gauge start (Setup: Mild)")
    for line in rb.WEATHER_LINES:
        if line not in ids:
            fail(f"weather gauge: no {line!r} space before its white line")
    ends = {c.weather[0].id, c.weather[-1].id}
    if (c.weather[0].returns_to, c.weather[-1].returns_to) != rb.WEATHER_LINES:
        fail("weather gauge: a space beyond each white line, returning to Hot and to Cold")
    for w in c.weather:
        where = f"weather space {w.id}"
        if w.returns_to and (w.returns_to not in rb.WEATHER_LINES or w.id not in ends):
            fail(f"{where}: only the spaces beyond the white lines return to Hot or Cold")
        kinds = _branch_kinds(w.effects) - {Choose}
        allowed = {IncomeAction, Activity} if w.positive else {Lose, RemoveTribe}
        if not w.effects or not kinds <= allowed:
            fail(f"{where}: effects must be {'positive' if w.positive else 'negative'} ones "
                 "of Phase 7 A")


def _check_favor(c: Components) -> None:
    spaces = c.favor
    if len(spaces) < 3:
        fail("Favor of Agera track: too few spaces")
    expected = [6 - i for i in range(len(spaces) - 1)] + [rb.FAVOR_RIGHTMOST_AUTOMATIC]
    expect([s.pass_from for s in spaces], expected, "favor test thresholds (6, 5-6, 4-6 ...)")
    statues = [s.statue_sp for s in spaces]
    if statues != sorted(statues) or statues[0] < 1:
        fail("Favor of Agera track: statue SP must rise from at least 1")


def _bonus_kind(effects: tuple[Effect, ...], die: int) -> str:
    match effects:
        case (Upgrade(die=d),) if d == die:
            return "upgrade"
        case (Choose(options=((Advance(track=TrackTarget.FAVOR, steps=1),),
                              (IncomeAction(count=1),))),):
            return "favor_or_income"
        case (Choose(options=((FlipStageTile(count=1),),
                              (Gain(what=Resource.SP, amount=3),))),):
            return "stage_tile_or_3_sp"
        case (Gain(what=Resource.SP, amount=3),):
            return "3_sp"
    return "?"


def _check_tracks(c: Components) -> None:
    expect(sorted(c.tracks), sorted(Track), "progress tracks")
    expect(sorted(t.deck for t in c.tracks.values()), sorted(Deck), "decks of the track colours")
    main = [m for m in c.modules.values() if m.kind is ModuleKind.MAIN]
    for track in c.tracks.values():
        where = f"progress track {track.name}"
        expect(track.name, rb.CATEGORIES[list(Track).index(track.id)], f"{where}: name")
        spaces = [b.at for b in track.bonuses]
        if spaces != sorted(set(spaces)) or not all(1 <= s <= track.top for s in spaces):
            fail(f"{where}: bonus thresholds must rise within spaces 1-{track.top}")
        for bonus in track.bonuses:
            if _bonus_kind(bonus.effects, track.upgrade_die) not in rb.TRACK_BONUS_KINDS:
                fail(f"{where}: the bonus at {bonus.at} is none of the rulebook's track bonuses")
        choices = [m.name for m in main if m.dice and track.upgrade_die in m.dice]
        if len(choices) != rb.UPGRADE_CHOICES:
            fail(f"{where}: 'Upgrade 1 of {rb.UPGRADE_CHOICES} possible modules' finds "
                 f"{len(choices)} showing a {track.upgrade_die}: {choices}")


def _check_boards(c: Components) -> None:
    expect([p.name for p in c.phases], list(rb.PHASES), "phases (How to Play)")
    expect([p.number for p in c.phases], list(range(1, 9)), "phase numbers")
    _check_weather(c)
    _check_favor(c)
    _check_tracks(c)
    expect([k.name for k in c.categories.values()], list(rb.CATEGORIES), "scoring categories")
    for cat in c.categories.values():
        if not 1 <= cat.final_points < cat.tile_points:
            fail(f"category {cat.name}: a scoring tile raises the final points")
    expect(len(c.era_scoring.points), rb.ERA_SCORING_TILES, "era scoring spaces")
    expect(sorted(t.category for t in c.scoring_tiles.values()), sorted(Category),
           "scoring tiles (one per category)")
    expect(len(c.scoring_tiles), rb.ERA_SCORING_TILES + rb.FINAL_SCORING_TILES + 2,
           "scoring tiles (4 + 3 + 2 to the box)")
    expect(sorted(c.hunting), sorted(Terrain), "hunting table columns")
    for column in c.hunting.values():
        if len(column.food) != 6 or min(column.food) < 0 or list(column.food) != sorted(
                column.food):
            fail(f"hunting table {column.terrain}: 6 values, rising with the die")


# ---------------------------------------------------------------- console

def _installs(module: Module) -> list[Install]:
    return [e for level in module.levels for e in walk(level) if isinstance(e, Install)]


def _check_modules(c: Components) -> None:
    kinds = Counter(m.kind for m in c.modules.values())
    expect(dict(kinds), {"main": len(rb.MAIN_MODULES), "feature": rb.FEATURE_MODULES,
                         "sleep": rb.SLEEP_MODULES}, "modules by kind (The Modules)")
    main = [m for m in c.modules.values() if m.kind is ModuleKind.MAIN]
    expect(sorted(m.name for m in main), sorted(rb.MAIN_MODULES), "main modules")
    expect(len(main) * rb.COLORS, c.inventory.values["module_tiles"], "module tiles")
    expect(sorted(m.feature for m in c.modules.values() if m.feature), sorted(Feature),
           "feature modules (one per feature)")
    pairs = [tuple(sorted(m.dice)) for m in c.modules.values() if m.dice]
    if len(set(pairs)) != len(pairs):
        fail("modules: two modules ask the same pair of die values")
    for m in c.modules.values():
        where = f"module {m.name}"
        levels = rb.MAIN_LEVELS if m.kind is ModuleKind.MAIN else 1
        expect(len(m.levels), levels, f"{where}: levels")
        if any(not level for level in m.levels):
            fail(f"{where}: every level does something")
        if (m.dice is None) != (m.kind is ModuleKind.SLEEP) or (
                m.dice and not all(1 <= v <= 6 for v in m.dice)):
            fail(f"{where}: two die values 1-6 (the Sleep module: any two dice)")
        if m.kind is ModuleKind.FEATURE and (m.dice is None or m.levels != (
                (Gain(Resource.FEATURE, feature=m.feature),),)):
            fail(f"{where}: a feature module places a marker on its own feature space")
    for deck in Deck:
        module = c.modules.get(rb.INSTALL_MODULE[deck])
        if module is None:
            fail(f"research cards of the {deck} deck: no module installs them")
        per_level = [[i for i in walk(level) if isinstance(i, Install) and i.what == deck.value]
                     for level in module.levels]
        if not all(per_level):
            fail(f"module {module.name}: installs a {deck} card at every level")
        special = any(i.special for i in per_level[-1])
        if not special or any(i.special for lv in per_level[:-1] for i in lv):
            fail(f"module {module.name}: only level III installs with the special bonus")
    for m in c.modules.values():
        for i in _installs(m):
            if i.what != Installable.GOAL_CHIP and rb.INSTALL_MODULE[Deck(i.what)] != m.id:
                fail(f"module {m.name}: installs {i.what} cards, which another module does")


def _check_console(c: Components) -> None:
    k = c.console
    expect((k.dice_spaces, k.reset_columns, k.goal_area_spaces, k.cost_spaces),
           (rb.DICE_SPACES, rb.RESET_COLUMNS, rb.GOAL_AREA_SPACES, rb.COST_SPACES),
           "console: dice spaces, reset columns, goal area, cost spaces")
    expect(sorted(c.materials), sorted(Material), "materials")
    expect(len(c.materials), c.inventory.values["material_tiles"], "material tiles")
    expect(len(c.materials), rb.STORAGE_SPACES, "storage spaces")
    for m in c.materials.values():
        where = f"material {m.name}"
        expect((m.terrain, m.row), (MATERIAL_TERRAIN[m.id], MATERIAL_ROW[m.id]), where)
        expect(m.money, m.row, f"{where}: sale price = its row (Wood 1, Oil 3)")
    starts = sorted((m.id.value, m.terrain) for m in c.materials.values() if m.start)
    expect(starts, sorted(zip(rb.START_MATERIALS, rb.START_TERRAINS, strict=True)),
           "starting material tiles")
    _check_modules(c)
    expect([s.number for s in c.settlements], list(range(1, c.kit.values["settlements"] + 1)),
           "settlement recesses")
    for s in c.settlements:
        if s.diamonds not in rb.SETTLEMENT_DIAMONDS or not s.cost:
            fail(f"settlement {s.number}: a cost, and 1, 2 or 3 diamonds")
    stages = c.stages
    expect([s.number for s in stages], list(range(1, rb.SCORING_STAGES + 1)), "stages")
    columns = [s.columns for s in stages]
    if columns != sorted(columns) or columns[-1] != k.partition_columns:
        fail("stage partition: columns must widen up to the partition's width")
    for stage in stages:
        bonus = {1: (Gain(Resource.INCOME_CHIP),), 2: (FlipStageTile(1),)}.get(stage.number, ())
        expect(stage.completion, bonus, f"stage {stage.number} completion bonus")
        expect(stage.needs_tile, stage.number in rb.STAGE_TILE_STAGES,
               f"stage {stage.number} stage tile")
    if [s.sp for s in stages] != sorted(s.sp for s in stages):
        fail("stage partition: points must not fall from stage to stage")
    if k.start_chip_stage not in rb.STAGE_TILE_STAGES or not (
            k.start_chip_column == k.partition_columns == stages[k.start_chip_stage - 1].columns):
        fail("starting chip card: the last column, in a stage with a stage tile")
    expect(Counter(t.stage for t in c.stage_tiles.values()),
           Counter({4: rb.COLORS, 5: rb.COLORS}), "stage tiles (4 of stage 4, 4 of stage 5)")


# ---------------------------------------------------------------- requirements

def _limit(c: Components, req: Have) -> int:
    if req.terrain is not None and req.count in (Count.TERRITORIES, Count.FARMS):
        territories = sum(t.terrain == req.terrain for tile in c.tiles.values()
                          for t in tile.territories)
        if req.count is Count.FARMS:
            return 0 if req.terrain is Terrain.WATER else min(territories,
                                                              c.kit.values["farms"])
        return territories
    if req.count is Count.FAVOR:
        return len(c.favor) - 1
    if req.count in (Count.FARMS, Count.BOATS, Count.SETTLEMENTS):
        return c.kit.values[req.count.value]
    return rb.MAXIMA[req.count]


def _check_requirement(c: Components, req: Requirement, where: str) -> None:
    if isinstance(req, Pay):
        return  # the parser bounds what is paid; every material and feature can be stored
    limit = _limit(c, req)
    if req.amount > limit:
        fail(f"{where}: have {req.amount} {req.count} can never be met (at most {limit})")


# ---------------------------------------------------------------- cards and chips


def _check_research(c: Components) -> None:
    for deck in rb.RESEARCH_DECKS:
        numbers = sorted(r.number for r in c.research.values() if r.deck == deck)
        expected = list(range(1, rb.CARDS_PER_DECK + 1))
        if numbers != expected:
            missing = sorted(set(expected) - set(numbers))
            fail(f"research cards: the {deck} deck has {len(numbers)} cards (missing "
                 f"{missing}), the rulebook {rb.CARDS_PER_DECK} numbered 1-{rb.CARDS_PER_DECK}")
    expect(len(c.research), c.inventory.values["research_cards"], "research cards")
    names = Counter(r.name for r in c.research.values())
    twice = sorted(n for n, k in names.items() if k > 1)
    if twice:
        fail(f"research cards: names printed twice: {twice}")
    for cid, name in KNOWN_CARDS.items():
        expect(c.research[cid].name if cid in c.research else None, name, f"research card {cid}")
    for card in c.research.values():
        where = f"research card {card.id} {card.name}"
        filled = [s is not None for s in card.costs]
        if not filled[0] or filled != sorted(filled, reverse=True):
            fail(f"{where}: cost spaces fill from the left, the first one at least")
        for i, space in enumerate(card.costs):
            if space is None:
                continue
            for req in (space.need, space.alt):
                if isinstance(req, Have) and req.count is Count.FEATURES and (
                        req.amount not in rb.FEATURE_HOLD_AMOUNTS):
                    fail(f"{where}: cost space {i + 1} holds 1, 2 or 3 feature markers")
                if req is not None:
                    _check_requirement(c, req, f"{where}: cost space {i + 1}")
        if bool(card.special) != (card.deck in rb.SPECIAL_BONUS_DECKS):
            fail(f"{where}: only Achievement, Insight, Mutation and Invention cards have a "
                 "special bonus (Building III has its own)")


def _check_chips(c: Components) -> None:
    inv = c.inventory.values
    expect(len(c.goal_chips), inv["goal_chips"], "goal chips")
    expect(len(c.income_chips), inv["income_chips"], "income chips")
    expect(len(c.attribute_chips), inv["attribute_chips"], "attribute chips")
    for goal in c.goal_chips.values():
        if not goal.requirement:
            fail(f"goal chip {goal.id}: a requirement to install it")
        for req in goal.requirement:
            _check_requirement(c, req, f"goal chip {goal.id}")
    for income in c.income_chips.values():
        if not income.effects:
            fail(f"income chip {income.id}: an action")
    for chip in c.attribute_chips.values():
        if chip.amount not in rb.ATTRIBUTE_HOLD_AMOUNTS:
            fail(f"attribute chip {chip.id}: holds 3 or 4 feature markers, not {chip.amount}")
    expect(len(c.starting_chip_cards), inv["starting_chip_cards"], "starting chip cards")
    numbers = sorted(s.number for s in c.starting_chip_cards.values())
    expect(numbers, list(range(1, len(numbers) + 1)), "starting chip card numbers")
    main = {m.id for m in c.modules.values() if m.kind is ModuleKind.MAIN}
    for card in c.starting_chip_cards.values():
        if card.module not in main or not card.income:
            fail(f"starting chip card {card.id}: a main module to upgrade and an income")
    markers = c.starting_marker_cards
    expect(len(markers), inv["starting_marker_cards"], "starting marker cards")
    expect(len(markers), rb.STARTING_MARKER_CARDS_OPTION_B * rb.MAX_PLAYERS,
           "starting marker cards (Option B: 3 each)")
    expect(sorted(m.number for m in markers.values() if m.number),
           list(rb.STARTING_NUMBERS), "numbered starting marker cards (1-6)")
    console_spaces = {Resource.IDEA, Resource.FOCUS, Resource.FOOD, Resource.MONEY,
                      Resource.MATERIAL, Resource.FEATURE}
    for marker_card in markers.values():
        if not marker_card.markers or not all(isinstance(e, Gain) and e.what in console_spaces
                                              for e in marker_card.markers):
            fail(f"starting marker card {marker_card.id}: markers onto console spaces only")


def _check_events(c: Components) -> None:
    expect(len(c.events), c.inventory.values["event_cards"], "event cards")
    expect(sorted(e.number for e in c.events.values()),
           list(range(1, len(c.events) + 1)), "event numbers F1-F20")
    for event in c.events.values():
        where = f"event {event.id} {event.name}"
        if abs(event.weather) not in (1, 2):
            fail(f"{where}: the weather moves 1 or 2 steps")
        if not event.tiers or (event.mode is not EventMode.TIERS and len(event.tiers) != 1):
            fail(f"{where}: mode most / each (one tier) or tiers")
        for tier in event.tiers:
            _check_requirement(c, Have(event.count.count, tier.at, event.count.terrain,
                                       event.count.feature, event.count.track,
                                       event.count.deck), where)
            if not tier.bonus:
                fail(f"{where}: every tier grants a bonus")


# ---------------------------------------------------------------- sites and continent

def _check_sites(c: Components) -> None:
    expect(len(c.sites), c.inventory.values["sites"], "sites")
    types = Counter(s.type for s in c.sites.values())
    expect(sorted(types), sorted(rb.SITE_TYPES), "site types (The Sites: 9)")
    for kind, count in rb.SITE_COUNTS.items():
        expect(types[kind], count, f"{kind} sites")
    for s in c.sites.values():
        if s.sp < 1:
            fail(f"site {s.id}: success points in its top left corner")
        _check_statue_cost(f"site {s.id}", s.statue_cost, s.type is SiteType.BUILDING_GROUND)


def _check_statue_cost(where: str, cost: tuple[object, ...], ground: bool) -> None:
    """Build a statue: "Two or three types of stored materials are specified" on a Building
    ground; anything else has no statue cost."""
    if not ground:
        if cost:
            fail(f"{where}: only a Building ground has a statue cost")
        return
    if len(cost) not in rb.STATUE_COST_TYPES or len(set(cost)) != len(cost):
        fail(f"{where}: a Building ground's statue cost is 2 or 3 different materials, "
             f"not {list(cost)}")


def _check_shape(tile_id: str, shape: tuple[str, ...], cells: int, positions: int) -> None:
    if len(shape) != geo.SUB * cells or any(len(row) != geo.SUB for row in shape):
        fail(f"continent tile {tile_id}: shape is {geo.SUB} wide, {geo.SUB * cells} tall")
    marks = {str(p) for p in range(1, positions + 1)}
    if {m for row in shape for m in row} != marks:
        fail(f"continent tile {tile_id}: shape marks each territory 1-{positions}, only them")
    for mark in marks:
        spots = {(x, y) for y, row in enumerate(shape) for x, m in enumerate(row) if m == mark}
        seen, todo = set(), [min(spots)]
        while todo:
            x, y = todo.pop()
            if (x, y) in seen:
                continue
            seen.add((x, y))
            todo += [q for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if q in spots]
        if seen != spots:
            fail(f"continent tile {tile_id}: territory {mark} is in pieces")


def _check_territories(c: Components) -> None:
    territories = [t for tile in c.tiles.values() for t in tile.territories]
    kinds = Counter(t.terrain for t in territories)
    expect({t: kinds[t] for t in LAND}, dict.fromkeys(LAND, rb.LAND_PER_TYPE),
           "land territories by type")
    expect(kinds[Terrain.WATER], rb.WATER_TERRITORIES, "Water territories")
    expect(sum(t.land for t in territories), c.inventory.values["material_tiles"],
           "material tile spaces (one per land territory)")
    for t in territories:
        where = f"territory {t.id} ({t.terrain})"
        fires = [e for e in t.encampments if e.fire_sp > 0]
        if t.land and (len(fires) != 1 or len(t.encampments) < 2):
            fail(f"{where}: one fire encampment and others")
        if not t.land and t.encampments:
            fail(f"{where}: Water territories have no encampments")
        if any(e.free_from not in range(rb.MIN_PLAYERS, rb.MAX_PLAYERS + 1)
               for e in t.encampments):
            fail(f"{where}: free_from is a player count 2-4")
    starts = sorted(t.terrain for t in territories if t.start)
    expect(starts, sorted(rb.START_TERRAINS), "starting territories")
    for t in (t for t in territories if t.start):
        free = [e for e in t.encampments if e.fire_sp == 0 and e.free_from == rb.MIN_PLAYERS]
        if len(free) < rb.MAX_PLAYERS:
            fail(f"territory {t.id}: a starting territory needs a free encampment besides the "
                 f"fire for each of {rb.MAX_PLAYERS} civilizations")
    grounds = [t for t in territories if t.building_ground]
    if len(grounds) != rb.ISLAND_BUILDING_GROUNDS or grounds[0].land:
        fail("continent: one island Building ground, in a Water territory")
    for t in territories:
        _check_statue_cost(f"territory {t.id}", t.statue_cost, t.building_ground)
    camps = [(t.terrain, e) for t in territories for e in t.encampments]
    for n in range(rb.MIN_PLAYERS, rb.MAX_PLAYERS + 1):
        covered = sum(e.free_from > n for _, e in camps)
        expect(covered, rb.BLOCKED_ENCAMPMENTS[n], f"encampments covered with {n} players")
    tokens = c.territory_tokens.by_terrain
    expect(sum(tokens.values()), c.inventory.values["territory_tokens"], "territory tokens")
    for terrain in LAND:
        need = sum(t == terrain and e.free_from > rb.MIN_PLAYERS for t, e in camps)
        if tokens.get(terrain, 0) < need:
            fail(f"territory tokens: {need} {terrain} encampments to cover with 2 players, "
                 f"{tokens.get(terrain, 0)} {terrain} tokens")


def _check_continent(c: Components) -> None:
    expect(len(c.tiles), c.inventory.values["continent_tiles"], "continent tiles")
    expect(sorted(t.cells for t in c.tiles.values()), [1] + [2] * (len(c.tiles) - 1),
           "continent tile sizes (facts: one 1 x 1, the rest 1 x 2)")
    expect(sum(t.mountain_part for t in c.tiles.values()), rb.MOUNTAIN_PART_TILES,
           "tiles with a mountain part")
    for tile in c.tiles.values():
        _check_shape(tile.id, tile.shape, tile.cells, len(tile.territories))
        inner = geo.tile_adjacency(tile)
        for recess in tile.recesses:
            where = f"site recess {recess.id}"
            own = {t.id for t in tile.territories}
            if not recess.adjacent or not set(recess.adjacent) <= own:
                fail(f"{where}: touches territories of its own tile")
            for a in recess.adjacent:
                if any(b != a and b not in inner[a] for b in recess.adjacent):
                    fail(f"{where}: its territories do not meet there")
    _check_territories(c)
    expect(sum(len(t.recesses) for t in c.tiles.values()), len(c.sites), "site recesses")
    backs = sorted(t.id for t in c.tiles.values() if t.back)
    expect(backs, sorted(rb.FIRST_PLAY_TILES), "tiles marked A, B, C on their backs")
    for t in c.tiles.values():
        if t.back and t.back != t.id.upper():
            fail(f"continent tile {t.id}: back letter {t.back}")
    expect(sorted(p.tile for p in c.first_play), sorted(rb.FIRST_PLAY_TILES),
           "first-play layout tiles")
    shapes = geo.layout_shapes(c.tiles, c.first_play)
    if not shapes:
        fail("first-play layout: the other tiles cannot fill the frame around it")
    rest = [t for t in sorted(c.tiles) if t not in rb.FIRST_PLAY_TILES]
    geo.complete(c.tiles, c.first_play, shapes[0], rest, [False] * len(rest))
    if not geo.layout_shapes(c.tiles):
        fail("continent: the tiles cannot fill the frame")


# ---------------------------------------------------------------- everything

CHECKS = (_check_box, _check_console, _check_boards, _check_research, _check_chips,
          _check_events, _check_sites, _check_continent)


def validate(c: Components) -> None:
    """Raise ComponentError (a ValueError) if any count, name or requirement breaks the rules."""
    check_all(c, CHECKS)
