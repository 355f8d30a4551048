"""Reading data/*.toml into the frozen records of `records.py`, then validating them.

Every record is read strictly: unknown fields, wrongly typed values, effect terms outside the
vocabulary and a missing `source` (or `why`, when reconstructed) raise ComponentError naming the
file and the record; `validation.validate` then checks every count against the rulebook.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from dataclasses import replace
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from ingenium.games.civolution.components import rulebook as rb
from ingenium.games.civolution.components.effects import (
    Ability,
    CostSpace,
    Effect,
    EffectError,
    Have,
    Requirement,
    parse_ability,
    parse_cost_space,
    parse_effects,
    parse_requirement,
)
from ingenium.games.civolution.components.icons import (
    DECK_LETTER,
    Category,
    Deck,
    EventMode,
    Feature,
    Material,
    ModuleKind,
    SiteType,
    Terrain,
    Track,
)
from ingenium.games.civolution.components.records import (
    AttributeChip,
    ComponentError,
    Components,
    Console,
    ContinentTile,
    Counts,
    Encampment,
    EraScoring,
    EventCard,
    EventTier,
    FavorSpace,
    GoalChip,
    HuntingColumn,
    IncomeChip,
    MaterialRecord,
    Module,
    Phase,
    Placement,
    PlayerCountSetup,
    ProgressTrack,
    Provenance,
    Recess,
    ResearchCard,
    ResetSpace,
    ScoringCategory,
    ScoringTile,
    SettlementSlot,
    Site,
    Stage,
    StageTile,
    StartingChipCard,
    StartingMarkerCard,
    Territory,
    TerritoryTokens,
    TrackBonus,
    WeatherSpace,
)
from ingenium.games.civolution.components.validation import validate

SOURCES = ("rulebook", "reconstructed")
FACTS = ("", "H", "M", "L")
DataDir = Traversable | Path
_T = TypeVar("_T")


class _Rec:
    """One TOML record being read: typed getters, unknown keys rejected, provenance checked."""

    def __init__(self, raw: object, where: str, keys: str) -> None:
        if not isinstance(raw, dict):
            raise ComponentError(f"{where}: expected a table, found {raw!r}")
        label = " ".join(str(raw[k]) for k in ("id", "name") if isinstance(raw.get(k), str))
        where = f"{where} ({label})" if label else where
        allowed = set(keys.split()) | {"source", "why", "facts"}
        unknown = set(raw) - allowed
        if unknown:
            raise ComponentError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        self.raw: dict[str, Any] = raw
        self.where = where
        source, why, facts = raw.get("source"), raw.get("why", ""), raw.get("facts", "")
        if source not in SOURCES:
            raise ComponentError(f"{where}: source must be one of {SOURCES}, not {source!r}")
        if not isinstance(why, str) or (source == "reconstructed" and not why):
            raise ComponentError(f"{where}: a reconstructed record needs a short `why`")
        if facts not in FACTS:
            raise ComponentError(f"{where}: facts must be one of H, M, L, not {facts!r}")
        self.origin = Provenance(source, why, facts)

    def _get(self, key: str, kind: type[_T], default: _T | None = None) -> _T:
        value = self.raw.get(key, default)
        if value is None:
            raise ComponentError(f"{self.where}: missing field {key!r}")
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ComponentError(f"{self.where}: {key} must be {kind.__name__}, not {value!r}")
        return value

    def text(self, key: str, default: str | None = None) -> str:
        return self._get(key, str, default)

    def num(self, key: str, default: int | None = None) -> int:
        return self._get(key, int, default)

    def flag(self, key: str, default: bool | None = False) -> bool:
        return self._get(key, bool, default)

    def items(self, key: str, default: list[Any] | None = None) -> list[Any]:
        return self._get(key, list, default)

    def ints(self, key: str) -> tuple[int, ...]:
        values = self.items(key)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise ComponentError(f"{self.where}: {key} must list whole numbers, not {values!r}")
        return tuple(values)

    def enum(self, cls: Callable[[str], _T], key: str, value: object = None) -> _T:
        value = self.raw.get(key) if value is None else value
        try:
            return cls(str(value))
        except ValueError:
            raise ComponentError(f"{self.where}: {key} {value!r} is not known") from None

    def _vocabulary(self, parse: Callable[[Any], _T], key: str, value: object) -> _T:
        try:
            return parse(value)
        except EffectError as error:
            raise ComponentError(f"{self.where}: {key}: {error}") from None

    def effects(self, key: str, default: list[Any] | None = None) -> tuple[Effect, ...]:
        return self._vocabulary(parse_effects, key, self.items(key, default))

    def ability(self, key: str) -> Ability | None:
        if key not in self.raw:
            return None
        return self._vocabulary(parse_ability, key, self.raw[key])

    def requirements(self, key: str) -> tuple[Requirement, ...]:
        return tuple(self._vocabulary(parse_requirement, key, r) for r in self.items(key))

    def costs(self, key: str) -> tuple[CostSpace, ...]:
        return tuple(self._vocabulary(parse_cost_space, key, c) for c in self.items(key))


def _read(directory: DataDir, name: str) -> dict[str, Any]:
    try:
        text = directory.joinpath(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ComponentError(f"{name}: data file missing") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ComponentError(f"{name}: not valid TOML: {error}") from None


def _table(data: dict[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise ComponentError(f"{where}: missing array of tables [[{key}]]")
    return value


def _all(data: dict[str, Any], key: str, file: str,
         make: Callable[[object, str], _T]) -> list[_T]:
    return [make(raw, f"{file} {key} #{i + 1}") for i, raw in enumerate(_table(data, key, file))]


def _index(records: Iterable[_T], key: Callable[[_T], Any], what: str) -> MappingProxyType[Any, _T]:
    by_id: dict[Any, _T] = {}
    for record in records:
        if key(record) in by_id:
            raise ComponentError(f"duplicate {what} id {key(record)!r}")
        by_id[key(record)] = record
    return MappingProxyType(by_id)


def _counts(raw: object, where: str, keys: Iterable[str]) -> Counts:
    names = list(keys)
    rec = _Rec(raw, where, " ".join(names))
    return Counts(MappingProxyType({k: rec.num(k) for k in names}), rec.origin)


# ---------------------------------------------------------------- box and boards

def _player_count(raw: object, where: str, players: int) -> PlayerCountSetup:
    keys = ("activation_dice_display fate_dice_display goal_display_spaces blocked_goal_spaces "
            "blocked_phase_spaces reset_spaces blocked_encampments")
    r = _Rec(raw, where, keys)
    return PlayerCountSetup(
        players, r.num("activation_dice_display"), r.num("fate_dice_display"),
        r.num("goal_display_spaces"), r.num("blocked_goal_spaces"),
        r.num("blocked_phase_spaces"), r.num("reset_spaces"), r.num("blocked_encampments"),
        r.origin)


def _phase(raw: object, where: str) -> Phase:
    r = _Rec(raw, where, "number name")
    return Phase(r.num("number"), r.text("name"), r.origin)


def _weather(raw: object, where: str) -> WeatherSpace:
    r = _Rec(raw, where, "id name effects positive returns_to start")
    return WeatherSpace(0, r.text("id"), r.text("name"), r.effects("effects"), r.flag("positive"),
                        r.text("returns_to", ""), r.flag("start"), r.origin)


def _favor(raw: object, where: str) -> FavorSpace:
    r = _Rec(raw, where, "pass_from statue_sp")
    return FavorSpace(0, r.num("pass_from"), r.num("statue_sp"), r.origin)


def _bonus(raw: object, where: str) -> TrackBonus:
    if not isinstance(raw, dict) or set(raw) != {"at", "effects"}:
        raise ComponentError(f"{where}: a track bonus is {{ at = N, effects = [...] }}")
    r = _Rec({**raw, "source": "rulebook"}, where, "at effects")
    return TrackBonus(r.num("at"), r.effects("effects"))


def _track(raw: object, where: str) -> ProgressTrack:
    r = _Rec(raw, where, "id name deck upgrade_die bonuses")
    where = r.where
    bonuses = tuple(_bonus(b, f"{where} bonus #{i + 1}") for i, b in enumerate(r.items("bonuses")))
    return ProgressTrack(r.enum(Track, "id"), r.text("name"), r.enum(Deck, "deck"),
                         r.num("upgrade_die"), rb.TRACK_TOP, rb.SP_BEYOND_TOP, bonuses, r.origin)


def _category(raw: object, where: str) -> ScoringCategory:
    r = _Rec(raw, where, "id name unit final_points tile_points")
    category = r.enum(Category, "id")
    return ScoringCategory(category, list(Category).index(category) + 1, r.text("name"),
                           r.text("unit"), r.num("final_points"), r.num("tile_points"), r.origin)


def _hunting(raw: object, where: str) -> HuntingColumn:
    r = _Rec(raw, where, "terrain food")
    return HuntingColumn(r.enum(Terrain, "terrain"), r.ints("food"), r.origin)


def _scoring_tile(raw: object, where: str) -> ScoringTile:
    r = _Rec(raw, where, "category")
    category = r.enum(Category, "category")
    return ScoringTile(category.value, category, r.origin)


# ---------------------------------------------------------------- console

def _material(raw: object, where: str) -> MaterialRecord:
    r = _Rec(raw, where, "id name terrain row start")
    row = r.num("row")
    dice = tuple(v for v in range(1, 7) if (v + 1) // 2 == row)
    return MaterialRecord(r.enum(Material, "id"), r.text("name"), r.enum(Terrain, "terrain"),
                          row, row, dice, r.flag("start"), r.origin)


def _module(raw: object, where: str) -> Module:
    r = _Rec(raw, where, "id name kind feature dice levels")
    where = r.where
    dice = r.ints("dice") if "dice" in r.raw else None
    if dice is not None and len(dice) != 2:
        raise ComponentError(f"{where}: dice lists the two values, not {list(dice)}")
    feature = r.enum(Feature, "feature") if "feature" in r.raw else None
    levels = tuple(r._vocabulary(parse_effects, f"level {i + 1}", level)
                   for i, level in enumerate(r.items("levels")))
    pair = (dice[0], dice[1]) if dice is not None else None
    return Module(r.text("id"), r.text("name"), r.enum(ModuleKind, "kind"), feature, pair, levels,
                  r.origin)


def _settlement(raw: object, where: str) -> SettlementSlot:
    r = _Rec(raw, where, "number cost diamonds")
    cost = tuple(r.enum(Material, "cost", m) for m in r.items("cost"))
    return SettlementSlot(r.num("number"), cost, r.num("diamonds"), r.origin)


def _stage(raw: object, where: str) -> Stage:
    r = _Rec(raw, where, "number columns sp completion needs_tile")
    return Stage(r.num("number"), r.num("columns"), r.num("sp"), r.effects("completion", []),
                 r.flag("needs_tile"), r.origin)


def _stage_tile(raw: object, where: str) -> StageTile:
    r = _Rec(raw, where, "stage")
    return StageTile("", r.num("stage"), r.origin)


def _console(raw: object) -> Console:
    keys = ("dice_spaces reset_columns goal_area_spaces partition_columns start_chip_column "
            "start_chip_stage food_per_diamond money_per_diamond food_money_diamonds")
    r = _Rec(raw, "console.toml console", keys + " storage_diamonds cost_spaces innate_activity")
    return Console(
        r.num("dice_spaces"), r.num("reset_columns"), r.num("goal_area_spaces"),
        r.num("partition_columns"), r.num("start_chip_column"), r.num("start_chip_stage"),
        r.num("food_per_diamond"), r.num("money_per_diamond"), r.num("food_money_diamonds"),
        r.ints("storage_diamonds"), r.num("cost_spaces"), r.effects("innate_activity"),
        r.origin)


# ---------------------------------------------------------------- cards and chips

def _card(deck: Deck) -> Callable[[object, str], ResearchCard]:
    def make(raw: object, where: str) -> ResearchCard:
        r = _Rec(raw, where, "id name costs bonus ability special")
        card_id, where = r.text("id"), r.where
        letter, number = card_id[:1], card_id[1:]
        if letter != DECK_LETTER[deck] or not number.isdigit():
            raise ComponentError(f"{where}: a {deck} card is numbered {DECK_LETTER[deck]}1-"
                                 f"{DECK_LETTER[deck]}{rb.CARDS_PER_DECK}")
        costs: list[CostSpace | None] = list(r.costs("costs"))
        if len(costs) > rb.COST_SPACES:
            raise ComponentError(f"{where}: at most {rb.COST_SPACES} cost spaces")
        costs += [None] * (rb.COST_SPACES - len(costs))
        return ResearchCard(card_id, deck, int(number), r.text("name"), tuple(costs),
                            r.effects("bonus", []), r.ability("ability"),
                            r.effects("special", []), r.origin)
    return make


def _goal(raw: object, where: str) -> GoalChip:
    r = _Rec(raw, where, "id requirement")
    return GoalChip(r.text("id"), r.requirements("requirement"), r.origin)


def _income(raw: object, where: str) -> IncomeChip:
    r = _Rec(raw, where, "id effects")
    return IncomeChip(r.text("id"), r.effects("effects"), r.origin)


def _attribute(raw: object, where: str) -> AttributeChip:
    r = _Rec(raw, where, "id feature amount ability")
    ability = r.ability("ability")
    if ability is None:
        raise ComponentError(f"{r.where}: an attribute chip gives a benefit (ability)")
    return AttributeChip(r.text("id"), r.enum(Feature, "feature"), r.num("amount"), ability,
                         r.origin)


def _start_chip(raw: object, where: str) -> StartingChipCard:
    r = _Rec(raw, where, "id number module income")
    return StartingChipCard(r.text("id"), r.num("number"), r.text("module"), r.effects("income"),
                            r.origin)


def _start_markers(raw: object, where: str) -> StartingMarkerCard:
    r = _Rec(raw, where, "id number markers")
    return StartingMarkerCard(r.text("id"), r.num("number"), r.effects("markers"), r.origin)


def _tier(r: _Rec, raw: object, i: int) -> EventTier:
    if not isinstance(raw, dict) or set(raw) != {"at", "bonus"}:
        raise ComponentError(f"{r.where}: tier #{i + 1} is {{ at = N, bonus = [...] }}")
    at = raw["at"]
    if not isinstance(at, int) or isinstance(at, bool) or at < 1:
        raise ComponentError(f"{r.where}: tier #{i + 1}: at must be a whole number >= 1")
    return EventTier(at, r._vocabulary(parse_effects, f"tier #{i + 1}", raw["bonus"]))


def _event(raw: object, where: str) -> EventCard:
    r = _Rec(raw, where, "id name weather count mode tiers")
    event_id = r.text("id")
    count = r._vocabulary(parse_requirement, "count", r.raw.get("count"))
    if not isinstance(count, Have):
        raise ComponentError(f"{r.where}: an event counts something: count = {{ have = ... }}")
    tiers = tuple(_tier(r, t, i) for i, t in enumerate(r.items("tiers")))
    number = int(event_id[1:]) if event_id[:1] == "F" and event_id[1:].isdigit() else 0
    return EventCard(event_id, number, r.text("name"), r.num("weather"), count,
                     r.enum(EventMode, "mode"), tiers, r.origin)


def _site(raw: object, where: str) -> Site:
    r = _Rec(raw, where, "type name sp statue_cost")
    cost = tuple(r.enum(Material, "statue_cost", m) for m in r.items("statue_cost", []))
    return Site("", r.enum(SiteType, "type"), r.text("name"), r.num("sp"), r.origin, cost)


# ---------------------------------------------------------------- continent

def _encampment(raw: object, where: str, eid: str) -> Encampment:
    if not isinstance(raw, dict) or set(raw) - {"fire_sp", "free_from"}:
        raise ComponentError(f"{where}: an encampment is {{}}, {{ fire_sp = N }} or "
                             f"{{ free_from = 3 | 4 }}, not {raw!r}")
    r = _Rec({**raw, "source": "rulebook"}, where, "fire_sp free_from")
    return Encampment(eid, r.num("fire_sp", 0), r.num("free_from", rb.MIN_PLAYERS))


def _territory(raw: object, where: str, tile: str, position: int) -> Territory:
    r = _Rec({**raw, "source": "rulebook"} if isinstance(raw, dict) else raw, where,
             "terrain start building_ground encampments statue_cost")
    tid = f"{tile}{position}"
    camps = tuple(_encampment(e, f"{where} ({tid}) encampment #{i + 1}", f"{tid}.{i + 1}")
                  for i, e in enumerate(r.items("encampments", [])))
    cost = tuple(r.enum(Material, "statue_cost", m) for m in r.items("statue_cost", []))
    return Territory(tid, tile, position, r.enum(Terrain, "terrain"), r.flag("start"),
                     r.flag("building_ground"), camps, cost)


def _recess(raw: object, where: str, tile: str, number: int) -> Recess:
    r = _Rec({**raw, "source": "rulebook"} if isinstance(raw, dict) else raw, where, "adjacent")
    return Recess(f"{tile}.{number}", tuple(f"{tile}{p}" for p in r.ints("adjacent")))


def _tile(raw: object, where: str) -> ContinentTile:
    r = _Rec(raw, where, "id back cells shape mountain_part territory recess")
    tid, where = r.text("id"), r.where
    shape = tuple(str(row) for row in r.items("shape"))
    territories = tuple(_territory(t, f"{where} territory #{i + 1}", tid, i + 1)
                        for i, t in enumerate(r.items("territory")))
    recesses = tuple(_recess(x, f"{where} recess #{i + 1}", tid, i + 1)
                     for i, x in enumerate(r.items("recess", [])))
    return ContinentTile(tid, r.text("back", ""), r.num("cells"), shape, territories, recesses,
                         r.flag("mountain_part"), r.origin)


def _placement(raw: object, where: str) -> Placement:
    r = _Rec({**raw, "source": "rulebook"} if isinstance(raw, dict) else raw, where,
             "tile col row rotation")
    return Placement(r.text("tile"), r.num("col"), r.num("row"), r.num("rotation"))


def _tokens(raw: object) -> TerritoryTokens:
    keys = [t.value for t in Terrain if t is not Terrain.WATER]
    r = _Rec(raw, "continent.toml territory_tokens", " ".join(keys))
    return TerritoryTokens(MappingProxyType({Terrain(k): r.num(k, 0) for k in keys}), r.origin)


# ---------------------------------------------------------------- everything

def default_directory() -> Traversable:
    """The packaged components/data/ folder."""
    return resources.files("ingenium.games.civolution.components").joinpath("data")


def parse(directory: DataDir | None = None) -> Components:
    """Read and parse every data file of `directory` (default: the packaged data)."""
    d = default_directory() if directory is None else directory
    box, boards, console = _read(d, "box.toml"), _read(d, "boards.toml"), _read(d, "console.toml")
    chips, starting = _read(d, "chips.toml"), _read(d, "starting.toml")
    events, sites, continent = _read(d, "events.toml"), _read(d, "sites.toml"), _read(d,
                                                                                "continent.toml")
    research = {deck: _read(d, f"research_{deck.value}.toml") for deck in Deck}
    counts = box.get("player_count", {})
    sites_list = _all(sites, "site", "sites.toml", _site)
    site_ids = [f"{s.type.value}_{sum(o.type == s.type for o in sites_list[:i]) + 1}"
                for i, s in enumerate(sites_list)]
    stage_tiles = _all(console, "stage_tile", "console.toml", _stage_tile)
    stage_ids = [f"stage{t.stage}_{sum(o.stage == t.stage for o in stage_tiles[:i]) + 1}"
                 for i, t in enumerate(stage_tiles)]
    first = continent.get("first_play", {})
    first_rec = _Rec(first, "continent.toml first_play", "placements")
    return Components(
        inventory=_counts(box.get("inventory"), "box.toml inventory", rb.INVENTORY),
        kit=_counts(box.get("kit"), "box.toml kit", rb.PER_COLOR),
        player_counts=MappingProxyType({
            int(n): _player_count(raw, f"box.toml player_count.{n}", int(n))
            for n, raw in counts.items()}),
        phases=tuple(_all(boards, "phase", "boards.toml", _phase)),
        reset_spaces=_renumbered(_all(boards, "reset_space", "boards.toml", _reset)),
        weather=_renumbered(_all(boards, "weather", "boards.toml", _weather)),
        favor=_renumbered(_all(boards, "favor", "boards.toml", _favor)),
        tracks=_index(_all(boards, "track", "boards.toml", _track), lambda t: t.id, "track"),
        categories=_index(_all(boards, "category", "boards.toml", _category), lambda c: c.id,
                          "category"),
        era_scoring=_era_scoring(boards.get("era_scoring")),
        hunting=_index(_all(boards, "hunting", "boards.toml", _hunting), lambda h: h.terrain,
                       "hunting column"),
        materials=_index(_all(console, "material", "console.toml", _material), lambda m: m.id,
                         "material"),
        console=_console(console.get("console")),
        modules=_index(_all(console, "module", "console.toml", _module), lambda m: m.id,
                       "module"),
        settlements=tuple(_all(console, "settlement", "console.toml", _settlement)),
        stages=tuple(_all(console, "stage", "console.toml", _stage)),
        stage_tiles=_index((replace(t, id=i) for t, i in zip(stage_tiles, stage_ids, strict=True)),
                           lambda t: t.id, "stage tile"),
        scoring_tiles=_index(_all(boards, "scoring_tile", "boards.toml", _scoring_tile),
                             lambda t: t.id, "scoring tile"),
        research=_index((c for deck in Deck for c in _all(
            research[deck], "card", f"research_{deck.value}.toml", _card(deck))),
            lambda c: c.id, "research card"),
        goal_chips=_index(_all(chips, "goal_chip", "chips.toml", _goal), lambda g: g.id,
                          "goal chip"),
        income_chips=_index(_all(chips, "income_chip", "chips.toml", _income), lambda g: g.id,
                            "income chip"),
        attribute_chips=_index(_all(chips, "attribute_chip", "chips.toml", _attribute),
                               lambda g: g.id, "attribute chip"),
        starting_chip_cards=_index(_all(starting, "starting_chip_card", "starting.toml",
                                        _start_chip), lambda s: s.id, "starting chip card"),
        starting_marker_cards=_index(_all(starting, "starting_marker_card", "starting.toml",
                                          _start_markers), lambda s: s.id,
                                     "starting marker card"),
        events=_index(_all(events, "event", "events.toml", _event), lambda e: e.id, "event"),
        sites=_index((replace(s, id=i) for s, i in zip(sites_list, site_ids, strict=True)),
                     lambda s: s.id, "site"),
        tiles=_index(_all(continent, "tile", "continent.toml", _tile), lambda t: t.id, "tile"),
        first_play=tuple(_placement(p, f"continent.toml first_play placement #{i + 1}")
                         for i, p in enumerate(first_rec.items("placements"))),
        territory_tokens=_tokens(continent.get("territory_tokens")),
        origin_of_first_play=first_rec.origin,
    )


def _reset(raw: object, where: str) -> ResetSpace:
    r = _Rec(raw, where, "min_players")
    return ResetSpace(0, r.num("min_players"), r.origin)


def _era_scoring(raw: object) -> EraScoring:
    r = _Rec(raw, "boards.toml era_scoring", "points")
    return EraScoring(r.ints("points"), r.origin)


_R = TypeVar("_R", ResetSpace, WeatherSpace, FavorSpace)


def _renumbered(items: list[_R]) -> tuple[_R, ...]:
    return tuple(replace(x, index=i) for i, x in enumerate(items))


def load(directory: DataDir | None = None) -> Components:
    """Parse the data files, then check them against the rulebook (raises ComponentError)."""

    components = parse(directory)
    validate(components)
    return components
