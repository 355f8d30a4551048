"""Reading data/*.toml into the frozen records of `records.py` with the engine's component reader
(`ingenium.engine.components`), then validating them.

Unknown fields, wrongly typed values, effect terms outside the vocabulary and a missing `source`
(or `why`, when reconstructed) raise ComponentError naming the file, the record and the field;
`validation.validate` then checks every count against the rulebook.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, replace
from importlib import resources
from importlib.abc import Traversable
from types import MappingProxyType
from typing import Any, TypeVar

from ingenium.engine.components import (
    ComponentError,
    DataDir,
    check_provenance,
    counts,
    index,
    labelled,
    read_toml,
    record,
    records,
)
from ingenium.games.civolution.components import rulebook as rb
from ingenium.games.civolution.components.icons import DECK_LETTER, Category, Deck, Terrain
from ingenium.games.civolution.components.records import (
    AttributeChip,
    Components,
    Console,
    ContinentTile,
    Counts,
    Encampment,
    EraScoring,
    EventCard,
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
    WeatherSpace,
)
from ingenium.games.civolution.components.validation import validate

__all__ = ["DataDir", "default_directory", "load", "parse", "with_origin"]

_R = TypeVar("_R")
PROVENANCE = ("source", "why", "facts")


def _origin(raw: object, where: str) -> Provenance:
    if not isinstance(raw, dict):
        return record(Provenance, raw, where)
    check_provenance(raw, labelled(where, raw))
    kept = {k: v for k, v in raw.items() if k in PROVENANCE}
    return record(Provenance, kept, labelled(where, raw))


def with_origin(cls: type[_R], raw: object, where: str, /,
                defaults: Mapping[str, Any] | None = None,
                computed: Mapping[str, Any] | None = None, **derived: Any) -> _R:
    """A record whose provenance (source, why, facts) goes into its `origin` field."""
    if not isinstance(raw, dict):
        return record(cls, raw, where)
    body = {k: v for k, v in raw.items() if k not in PROVENANCE}
    origin = asdict(_origin(raw, where))
    return record(cls, body, labelled(where, raw), defaults, computed, origin=origin, **derived)


def _plain(cls: type[_R]) -> Callable[[object, str], _R]:
    """A record whose fields are its file's keys and its provenance."""
    return lambda raw, where: with_origin(cls, raw, where)


def _counts(raw: object, where: str, keys: list[str]) -> Counts:
    return Counts(counts(raw, where, keys), _origin(raw, where))


def _get(raw: object, key: str) -> Any:
    return raw.get(key) if isinstance(raw, dict) else None


def _list(raw: object, key: str, where: str) -> list[Any]:
    value = raw.get(key, []) if isinstance(raw, dict) else []
    if not isinstance(value, list):
        raise ComponentError(f"{labelled(where, raw)}: {key} must be list, not {value!r}")
    return value


# ---------------------------------------------------------------- box and boards

def _player_count(raw: object, where: str, players: int) -> PlayerCountSetup:
    return with_origin(PlayerCountSetup, raw, where, players=players)


def _weather(raw: object, where: str) -> WeatherSpace:
    return with_origin(WeatherSpace, raw, where, index=0,
                       defaults={"positive": False, "returns_to": "", "start": False})


def _track(raw: object, where: str) -> ProgressTrack:
    return with_origin(ProgressTrack, raw, where, top=rb.TRACK_TOP, sp_beyond_top=rb.SP_BEYOND_TOP)


def _category(raw: object, where: str) -> ScoringCategory:
    ids, found = [c.value for c in Category], _get(raw, "id")
    number = ids.index(found) + 1 if found in ids else 0  # the order the board prints them
    return with_origin(ScoringCategory, raw, where, number=number)


def _scoring_tile(raw: object, where: str) -> ScoringTile:
    return with_origin(ScoringTile, raw, where, id=str(_get(raw, "category")))


# ---------------------------------------------------------------- console

def _material(raw: object, where: str) -> MaterialRecord:
    row = _get(raw, "row")
    dice = [v for v in range(1, 7) if isinstance(row, int) and (v + 1) // 2 == row]
    return with_origin(MaterialRecord, raw, where, money=row, lucky_find=dice,
                       defaults={"start": False})


def _module(raw: object, where: str) -> Module:
    return with_origin(Module, raw, where, defaults={"feature": None, "dice": None})


def _stage(raw: object, where: str) -> Stage:
    return with_origin(Stage, raw, where, defaults={"completion": [], "needs_tile": False})


_N = TypeVar("_N", Site, StageTile)


def _numbered_ids(items: list[_N], prefix: Callable[[_N], str]) -> list[_N]:
    """Records numbered within their kind, in file order: cave_1, cave_2 ..., stage4_1 ..."""
    seen: dict[str, int] = {}
    out = []
    for item in items:
        seen[prefix(item)] = seen.get(prefix(item), 0) + 1
        out.append(replace(item, id=f"{prefix(item)}_{seen[prefix(item)]}"))
    return out


# ---------------------------------------------------------------- cards and chips

def _card(deck: Deck) -> Callable[[object, str], ResearchCard]:
    def make(raw: object, where: str) -> ResearchCard:
        card_id = _get(raw, "id")
        letter, number = (card_id[:1], card_id[1:]) if isinstance(card_id, str) else ("", "")
        if isinstance(card_id, str) and (letter != DECK_LETTER[deck] or not number.isdigit()):
            raise ComponentError(f"{labelled(where, raw)}: a {deck} card is numbered "
                                 f"{DECK_LETTER[deck]}1-{DECK_LETTER[deck]}{rb.CARDS_PER_DECK}")
        return with_origin(ResearchCard, raw, where, deck=deck.value,
                           number=int(number) if number.isdigit() else 0,
                           defaults={"bonus": [], "ability": None, "special": []})
    return make


def _event(raw: object, where: str) -> EventCard:
    event_id = _get(raw, "id")
    number = int(event_id[1:]) if (isinstance(event_id, str) and event_id[:1] == "F"
                                   and event_id[1:].isdigit()) else 0
    return with_origin(EventCard, raw, where, number=number)


def _site(raw: object, where: str) -> Site:
    return with_origin(Site, raw, where, id="", defaults={"statue_cost": []})


# ---------------------------------------------------------------- continent

def _territory(raw: object, where: str, tile: str, position: int) -> Territory:
    tid = f"{tile}{position}"
    territory = record(Territory, raw, where, defaults={"start": False, "building_ground": False},
                       computed={"encampments": []}, id=tid, tile=tile, position=position)
    camps = _list(raw, "encampments", where)
    return replace(territory, encampments=tuple(
        record(Encampment, e, f"{where} ({tid}) encampment #{i + 1}", id=f"{tid}.{i + 1}",
               defaults={"fire_sp": 0, "free_from": rb.MIN_PLAYERS})
        for i, e in enumerate(camps)))


def _recess(raw: object, where: str, tile: str, number: int) -> Recess:
    adjacent = _get(raw, "adjacent")
    computed = {"adjacent": [f"{tile}{p}" for p in adjacent]} if isinstance(adjacent, list) and all(
        isinstance(p, int) and not isinstance(p, bool) for p in adjacent) else None
    return record(Recess, raw, where, computed=computed, id=f"{tile}.{number}")


def _tile(raw: object, where: str) -> ContinentTile:
    parts = {k: v for k, v in raw.items() if k not in ("territory", "recess")} if isinstance(
        raw, dict) else raw
    tile = with_origin(ContinentTile, parts, where, defaults={"back": "", "mountain_part": False},
                       territories=[], recesses=[])
    where = f"{where} ({tile.id})"
    return replace(
        tile,
        territories=tuple(_territory(t, f"{where} territory #{i + 1}", tile.id, i + 1)
                          for i, t in enumerate(_list(raw, "territory", where))),
        recesses=tuple(_recess(x, f"{where} recess #{i + 1}", tile.id, i + 1)
                       for i, x in enumerate(_list(raw, "recess", where))))


def _tokens(raw: object) -> TerritoryTokens:
    keys = [t.value for t in Terrain if t is not Terrain.WATER]
    where = "continent.toml territory_tokens"
    full = {**dict.fromkeys(keys, 0), **raw} if isinstance(raw, dict) else raw
    return TerritoryTokens(MappingProxyType({Terrain(k): v for k, v in counts(
        full, where, keys).items()}), _origin(raw, where))


# ---------------------------------------------------------------- everything

def default_directory() -> Traversable:
    """The packaged components/data/ folder."""
    return resources.files("ingenium.games.civolution.components").joinpath("data")


def parse(directory: DataDir | None = None) -> Components:
    """Read and parse every data file of `directory` (default: the packaged data)."""
    d = default_directory() if directory is None else directory
    read = read_toml
    box, boards, console = read(d, "box.toml"), read(d, "boards.toml"), read(d, "console.toml")
    chips, starting = read(d, "chips.toml"), read(d, "starting.toml")
    events, sites = read(d, "events.toml"), read(d, "sites.toml")
    continent = read(d, "continent.toml")
    research = {deck: read(d, f"research_{deck.value}.toml") for deck in Deck}
    first = continent.get("first_play", {})
    placements = _list(first, "placements", "continent.toml first_play")
    return Components(
        inventory=_counts(box.get("inventory"), "box.toml inventory", list(rb.INVENTORY)),
        kit=_counts(box.get("kit"), "box.toml kit", list(rb.PER_COLOR)),
        player_counts=MappingProxyType({
            int(n): _player_count(raw, f"box.toml player_count.{n}", int(n))
            for n, raw in box.get("player_count", {}).items()}),
        phases=tuple(records(boards, "phase", "boards.toml", _plain(Phase))),
        reset_spaces=_renumbered(records(boards, "reset_space", "boards.toml", _reset)),
        weather=_renumbered(records(boards, "weather", "boards.toml", _weather)),
        favor=_renumbered(records(boards, "favor", "boards.toml", _favor)),
        tracks=index(records(boards, "track", "boards.toml", _track), lambda t: t.id, "track"),
        categories=index(records(boards, "category", "boards.toml", _category), lambda c: c.id,
                         "category"),
        era_scoring=with_origin(EraScoring, boards.get("era_scoring"), "boards.toml era_scoring"),
        hunting=index(records(boards, "hunting", "boards.toml", _plain(HuntingColumn)),
                      lambda h: h.terrain, "hunting column"),
        materials=index(records(console, "material", "console.toml", _material), lambda m: m.id,
                        "material"),
        console=with_origin(Console, console.get("console"), "console.toml console"),
        modules=index(records(console, "module", "console.toml", _module), lambda m: m.id,
                      "module"),
        settlements=tuple(records(console, "settlement", "console.toml", _plain(SettlementSlot))),
        stages=tuple(records(console, "stage", "console.toml", _stage)),
        stage_tiles=index(_numbered_ids(
            records(console, "stage_tile", "console.toml", _stage_tile),
            lambda t: f"stage{t.stage}"), lambda t: t.id, "stage tile"),
        scoring_tiles=index(records(boards, "scoring_tile", "boards.toml", _scoring_tile),
                            lambda t: t.id, "scoring tile"),
        research=index((c for deck in Deck for c in records(
            research[deck], "card", f"research_{deck.value}.toml", _card(deck))),
            lambda c: c.id, "research card"),
        goal_chips=index(records(chips, "goal_chip", "chips.toml", _plain(GoalChip)),
                         lambda g: g.id, "goal chip"),
        income_chips=index(records(chips, "income_chip", "chips.toml", _plain(IncomeChip)),
                           lambda g: g.id, "income chip"),
        attribute_chips=index(records(chips, "attribute_chip", "chips.toml",
                                      _plain(AttributeChip)), lambda g: g.id, "attribute chip"),
        starting_chip_cards=index(records(starting, "starting_chip_card", "starting.toml",
                                          _plain(StartingChipCard)), lambda s: s.id,
                                  "starting chip card"),
        starting_marker_cards=index(records(starting, "starting_marker_card", "starting.toml",
                                            _plain(StartingMarkerCard)), lambda s: s.id,
                                    "starting marker card"),
        events=index(records(events, "event", "events.toml", _event), lambda e: e.id, "event"),
        sites=index(_numbered_ids(records(sites, "site", "sites.toml", _site),
                                  lambda s: s.type.value), lambda s: s.id,
                    "site"),
        tiles=index(records(continent, "tile", "continent.toml", _tile), lambda t: t.id, "tile"),
        first_play=tuple(record(Placement, p, f"continent.toml first_play placement #{i + 1}")
                         for i, p in enumerate(placements)),
        territory_tokens=_tokens(continent.get("territory_tokens")),
        origin_of_first_play=_origin({k: v for k, v in first.items() if k != "placements"},
                                     "continent.toml first_play"),
    )


def _reset(raw: object, where: str) -> ResetSpace:
    return with_origin(ResetSpace, raw, where, index=0)


def _favor(raw: object, where: str) -> FavorSpace:
    return with_origin(FavorSpace, raw, where, index=0)


def _stage_tile(raw: object, where: str) -> StageTile:
    return with_origin(StageTile, raw, where, id="")


_S = TypeVar("_S", ResetSpace, WeatherSpace, FavorSpace)


def _renumbered(items: list[_S]) -> tuple[_S, ...]:
    return tuple(replace(x, index=i) for i, x in enumerate(items))


def load(directory: DataDir | None = None) -> Components:
    """Parse the data files, then check them against the rulebook (raises ComponentError)."""
    components = parse(directory)
    validate(components)
    return components
