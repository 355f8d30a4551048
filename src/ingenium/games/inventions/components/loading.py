"""Reading data/*.toml into the frozen records of `records.py` (no rulebook counts: see
`validation.validate`). Every record is read strictly: unknown fields, wrongly typed values,
effect terms outside the vocabulary and a missing `source` (or `why`, when reconstructed) raise
ComponentError naming the file and the record.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from types import MappingProxyType
from typing import Any, TypeVar

from ingenium.games.inventions.components import rulebook
from ingenium.games.inventions.components.effects import (
    Effect,
    EffectError,
    parse_action,
    parse_effects,
)
from ingenium.games.inventions.components.records import (
    ActionSpec,
    AspirationTiles,
    ChronosSpace,
    ComponentError,
    Components,
    Counts,
    Era,
    EraChange,
    EraMarkerSpace,
    Forum,
    GoalType,
    Idea,
    InfluenceSpace,
    InfluenceToken,
    KnowledgeTile,
    Milestone,
    Pillar,
    PrivateGoal,
    ProgressHex,
    ProgressTile,
    Region,
    SpecialistTile,
    WealthTile,
    slug,
)
from ingenium.games.inventions.components.terms import Action, Specialty

SOURCES = ("rulebook", "reconstructed")
_T = TypeVar("_T")


class _Rec:
    """One TOML record being read: typed getters, unknown keys rejected, provenance checked."""

    def __init__(self, raw: object, where: str, keys: str) -> None:
        if not isinstance(raw, dict):
            raise ComponentError(f"{where}: expected a table, found {raw!r}")
        allowed = set(keys.split()) | {"source", "why"}
        unknown = set(raw) - allowed
        if unknown:
            raise ComponentError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        self.raw: dict[str, Any] = raw
        self.where = where
        self.source = self.text("source")
        self.why = self.raw.get("why", "")
        if self.source not in SOURCES:
            raise ComponentError(f"{where}: source must be one of {SOURCES}, not {self.source!r}")
        if self.source == "reconstructed" and not (isinstance(self.why, str) and self.why):
            raise ComponentError(f"{where}: a reconstructed record needs a short `why`")

    def _get(self, key: str, kind: type[_T], default: _T | None = None) -> _T:
        value = self.raw.get(key, default)
        if value is None:
            raise ComponentError(f"{self.where}: missing field {key!r}")
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ComponentError(f"{self.where}: {key} must be {kind.__name__}, not {value!r}")
        return value

    def text(self, key: str) -> str:
        return self._get(key, str)

    def num(self, key: str, default: int | None = None) -> int:
        return self._get(key, int, default)

    def flag(self, key: str, default: bool | None = None) -> bool:
        return self._get(key, bool, default)

    def items(self, key: str, default: list[Any] | None = None) -> list[Any]:
        return self._get(key, list, default)

    def ints(self, key: str) -> tuple[int, ...]:
        values = self.items(key)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise ComponentError(f"{self.where}: {key} must list whole numbers, not {values!r}")
        return tuple(values)

    def effects(self, key: str, default: list[Any] | None = None) -> tuple[Effect, ...]:
        try:
            return parse_effects(self.items(key, default))
        except EffectError as error:
            raise ComponentError(f"{self.where}: {error}") from None

    def action(self, key: str) -> Action:
        try:
            return parse_action(self.raw.get(key))
        except EffectError as error:
            raise ComponentError(f"{self.where}: {key}: {error}") from None

    def specialty(self, value: object) -> Specialty:
        try:
            return Specialty(str(value))
        except ValueError:
            raise ComponentError(f"{self.where}: {value!r} is not a specialty") from None


def _read(name: str) -> dict[str, Any]:
    data = resources.files("ingenium.games.inventions.components").joinpath("data")
    text = data.joinpath(name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _table(data: dict[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise ComponentError(f"{where}: missing array of tables [[{key}]]")
    return value


def _index(records: Iterable[_T], key: Callable[[_T], Any], what: str) -> Mapping[Any, _T]:
    by_id: dict[Any, _T] = {}
    for record in records:
        if key(record) in by_id:
            raise ComponentError(f"duplicate {what} id {key(record)!r}")
        by_id[key(record)] = record
    return MappingProxyType(by_id)


def _counts(raw: object, where: str, keys: str) -> Counts:
    rec = _Rec(raw, where, keys)
    return Counts(MappingProxyType({k: rec.num(k) for k in keys.split()}), rec.source, rec.why)


# ---------------------------------------------------------------- loading: board.toml

_INVENTORY_KEYS = " ".join(rulebook.INVENTORY)
_KIT_KEYS = " ".join(["colors", *rulebook.PER_COLOR, *rulebook.PER_PLAYER])


def _era(raw: object, i: int) -> Era:
    r = _Rec(raw, f"board.toml era #{i + 1}", "number name began rounds era_change")
    return Era(r.num("number"), r.text("name"), r.text("began"), r.num("rounds"),
               EraChange(r.text("era_change")), r.source, r.why)


def _chronos(raw: object, i: int) -> ChronosSpace:
    r = _Rec(raw, f"board.toml chronos_space #{i + 1}", "era round pillar")
    return ChronosSpace(i, r.num("era"), r.num("round"), Pillar(r.text("pillar")), r.source, r.why)


def _marker(raw: object, i: int) -> EraMarkerSpace:
    r = _Rec(raw, f"board.toml era_marker_space #{i + 1}", "era slot effects")
    era, slot = r.num("era"), r.num("slot")
    return EraMarkerSpace(f"era{era}_{slot}", era, slot, r.effects("effects"), r.source, r.why)


def _region(raw: object, i: int) -> Region:
    r = _Rec(raw, f"board.toml region #{i + 1}", "number name adjacent influence_ip")
    return Region(r.num("number"), r.text("name"), r.ints("adjacent"), r.ints("influence_ip"),
                  r.source, r.why)


def _action(raw: object, i: int) -> ActionSpec:
    r = _Rec(raw, f"board.toml action #{i + 1}", "id name chain_granting grants")
    return ActionSpec(r.action("id"), r.text("name"), r.flag("chain_granting"),
                      r.effects("grants"), r.source, r.why)


def _forum(raw: object, i: int) -> Forum:
    r = _Rec(raw, f"board.toml forum #{i + 1}", "number actions")
    actions = tuple(parse_action(a) for a in r.items("actions"))
    return Forum(r.num("number"), actions, r.source, r.why)


def _influence(raw: object, i: int) -> InfluenceSpace:
    r = _Rec(raw, f"board.toml influence_space #{i + 1}",
             "value era_change chain_tokens final_ip")
    return InfluenceSpace(r.num("value"), r.num("era_change"), r.num("chain_tokens"),
                          r.num("final_ip"), r.source, r.why)


# ---------------------------------------------------------------- loading: cards and tiles

def _milestone(raw: object, i: int) -> Milestone:
    r = _Rec(raw, f"milestones.toml milestone #{i + 1}", "deck era name diplomat_spaces effects")
    name = r.text("name")
    return Milestone(slug(name), r.text("deck"), r.num("era"), name, r.num("diplomat_spaces"),
                     r.effects("effects"), r.source, r.why)


def _idea(raw: object, i: int) -> Idea:
    r = _Rec(raw, f"ideas.toml idea #{i + 1}",
             "era name type milestone invent_exhaust innovate_chain chain invent_ip")
    name = r.text("name")
    milestone = r.raw.get("milestone")
    if milestone is not None and not isinstance(milestone, str):
        raise ComponentError(f"{r.where}: milestone must be a name")
    return Idea(
        slug(name), r.num("era"), name, r.specialty(r.raw.get("type")),
        slug(milestone) if milestone else None,
        tuple(r.specialty(s) for s in r.items("invent_exhaust", [])),
        r.action("innovate_chain") if "innovate_chain" in r.raw else None,
        r.action("chain"), r.num("invent_ip", 0), r.source, r.why)


def _specialist(raw: object, i: int) -> SpecialistTile:
    r = _Rec(raw, f"tiles.toml specialist_tile #{i + 1}", "id benefit specialists setup_idea")
    return SpecialistTile(r.text("id"), r.effects("benefit"), r.num("specialists"),
                          r.flag("setup_idea"), r.source, r.why)


def _knowledge(raw: object, i: int) -> KnowledgeTile:
    r = _Rec(raw, f"tiles.toml knowledge_tile #{i + 1}", "id chain back")
    return KnowledgeTile(r.text("id"), r.effects("chain"), r.effects("back"), r.source, r.why)


def _progress(raw: object, i: int) -> ProgressTile:
    r = _Rec(raw, f"tiles.toml progress_tile #{i + 1}", "type number copies effects on pair")
    kind, number = r.specialty(r.raw.get("type")), r.num("number")
    on = r.action("on") if "on" in r.raw else None
    pair = tuple(parse_action(a) for a in r.items("pair", []))
    return ProgressTile(f"{kind}_{number}", kind, number, r.num("copies"),
                        r.effects("effects", []), on, pair, r.source, r.why)


def _wealth(raw: object, i: int) -> WealthTile:
    r = _Rec(raw, f"tiles.toml wealth_tile #{i + 1}", "letter copies effects")
    return WealthTile(r.text("letter"), r.num("copies"), r.effects("effects"), r.source, r.why)


def _token(raw: object, i: int) -> InfluenceToken:
    r = _Rec(raw, f"society.toml influence_token #{i + 1}", "id name citizens chain")
    return InfluenceToken(r.text("id"), r.text("name"), r.num("citizens"), r.effects("chain"),
                          r.source, r.why)


def _hex(raw: object, i: int) -> ProgressHex:
    r = _Rec(raw, f"society.toml progress_hex #{i + 1}", "q r effects economy_token")
    q, rr = r.num("q"), r.num("r")
    return ProgressHex(f"{q},{rr}", q, rr, r.effects("effects"), r.flag("economy_token", False),
                       r.source, r.why)


def _goal(raw: object, i: int) -> PrivateGoal:
    r = _Rec(raw, f"goals.toml private_goal #{i + 1}", "type id name effects")
    return PrivateGoal(r.text("id"), GoalType(r.text("type")), r.text("name"),
                       r.effects("effects"), r.source, r.why)


def _all(data: dict[str, Any], key: str, file: str, make: Callable[[object, int], _T]) -> list[_T]:
    try:
        return [make(raw, i) for i, raw in enumerate(_table(data, key, file))]
    except (ValueError, KeyError) as error:
        if isinstance(error, ComponentError):
            raise
        raise ComponentError(f"{file} [[{key}]]: {error}") from None


def load() -> Components:
    """Read and parse every data file (no count checks: see `validate`)."""
    box, board, tiles = _read("box.toml"), _read("board.toml"), _read("tiles.toml")
    society, cards, goals = _read("society.toml"), _read("ideas.toml"), _read("goals.toml")
    milestones = _read("milestones.toml")
    aspiration = _Rec(tiles.get("aspiration_tiles"), "tiles.toml aspiration_tiles",
                      "per_player sides")
    player_counts = box.get("player_count", {})
    return Components(
        inventory=_counts(box.get("inventory"), "box.toml inventory", _INVENTORY_KEYS),
        player_counts=MappingProxyType({
            int(n): _counts(raw, f"box.toml player_count.{n}",
                            "wealth_a_to_d wealth_e_to_g progress_copies")
            for n, raw in player_counts.items()}),
        kit=_counts(society.get("kit"), "society.toml kit", _KIT_KEYS),
        society_board=_counts(society.get("society_board"), "society.toml society_board",
                              " ".join(rulebook.SOCIETY_BOARD)),
        eras=_index(_all(board, "era", "board.toml", _era), lambda e: e.number, "era"),
        chronos_track=tuple(_all(board.get("era_track", {}), "chronos_space", "board.toml",
                                 _chronos)),
        era_marker_spaces=_index(_all(board, "era_marker_space", "board.toml", _marker),
                                 lambda s: s.id, "era marker space"),
        regions=_index(_all(board, "region", "board.toml", _region),
                       lambda r: r.number, "region"),
        actions=_index(_all(board, "action", "board.toml", _action), lambda a: a.id, "action"),
        forums=_index(_all(board, "forum", "board.toml", _forum), lambda f: f.number, "forum"),
        influence_track=tuple(_all(board.get("influence_track", {}), "influence_space",
                                   "board.toml", _influence)),
        displays=_counts(board.get("displays"), "board.toml displays",
                         "common_knowledge private idea_display turn_order "
                         "progress_stacks_per_type"),
        milestones=_index(_all(milestones, "milestone", "milestones.toml", _milestone),
                          lambda m: m.id, "milestone"),
        ideas=_index(_all(cards, "idea", "ideas.toml", _idea), lambda c: c.id, "idea"),
        specialist_tiles=_index(_all(tiles, "specialist_tile", "tiles.toml", _specialist),
                                lambda t: t.id, "specialist tile"),
        knowledge_tiles=_index(_all(tiles, "knowledge_tile", "tiles.toml", _knowledge),
                               lambda t: t.id, "knowledge tile"),
        progress_tiles=_index(_all(tiles, "progress_tile", "tiles.toml", _progress),
                              lambda t: t.id, "progress tile"),
        wealth_tiles=_index(_all(tiles, "wealth_tile", "tiles.toml", _wealth),
                            lambda t: t.letter, "wealth tile"),
        aspiration_tiles=AspirationTiles(
            aspiration.num("per_player"), tuple(str(s) for s in aspiration.items("sides")),
            aspiration.source, aspiration.why),
        influence_tokens=_index(_all(society, "influence_token", "society.toml", _token),
                                lambda t: t.id, "influence token"),
        progress_map=_index(_all(society, "progress_hex", "society.toml", _hex),
                            lambda h: h.id, "progress hex"),
        private_goals=_index(_all(goals, "private_goal", "goals.toml", _goal),
                             lambda g: g.id, "private goal"),
    )
