"""Reading data/*.toml into the frozen records of `records.py` with the engine's component reader
(`ingenium.engine.components`): unknown fields, wrongly typed values, effect terms outside the
vocabulary and a missing `source` (or `why`, when reconstructed) raise ComponentError naming the
file, the record and the field. Rulebook counts are checked by `validation.validate`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from types import MappingProxyType
from typing import Any, TypeVar

from ingenium.engine.components import counts, index, read_toml, record, records, table
from ingenium.games.inventions.components import rulebook
from ingenium.games.inventions.components.records import (
    ActionSpec,
    AspirationTiles,
    ChronosSpace,
    Components,
    Counts,
    Era,
    EraMarkerSpace,
    Forum,
    Idea,
    InfluenceSpace,
    InfluenceToken,
    KnowledgeTile,
    Milestone,
    PrivateGoal,
    ProgressHex,
    ProgressTile,
    Region,
    SpecialistTile,
    WealthTile,
    slug,
)

_T = TypeVar("_T")
_KIT_KEYS = ["colors", *rulebook.PER_COLOR, *rulebook.PER_PLAYER]
_DISPLAYS = ["common_knowledge", "private", "idea_display", "turn_order",
             "progress_stacks_per_type"]


def _read(name: str) -> dict[str, Any]:
    return read_toml(resources.files("ingenium.games.inventions.components").joinpath("data"), name)


def _counts(raw: object, where: str, keys: list[str]) -> Counts:
    values = counts(raw, where, keys)
    assert isinstance(raw, dict)
    return Counts(values, raw["source"], raw.get("why", ""))


def _plain(cls: type[_T]) -> Callable[[object, str], _T]:
    """A record whose fields are exactly its file's keys."""
    return lambda raw, where: record(cls, raw, where)


def _raw(raw: object) -> Mapping[str, Any]:
    return raw if isinstance(raw, dict) else {}


def _marker(raw: object, where: str) -> EraMarkerSpace:
    r = _raw(raw)
    return record(EraMarkerSpace, raw, where, id=f"era{r.get('era')}_{r.get('slot')}")


def _milestone(raw: object, where: str) -> Milestone:
    return record(Milestone, raw, where, id=slug(str(_raw(raw).get("name", ""))))


def _idea(raw: object, where: str) -> Idea:
    r = _raw(raw)
    milestone = r.get("milestone")
    return record(Idea, raw, where, id=slug(str(r.get("name", ""))),
                  defaults={"milestone": None, "invent_exhaust": [], "innovate_chain": None,
                            "invent_ip": 0},
                  computed={"milestone": slug(milestone) if isinstance(milestone, str)
                            else milestone} if milestone is not None else None)


def _progress(raw: object, where: str) -> ProgressTile:
    r = _raw(raw)
    return record(ProgressTile, raw, where, id=f"{r.get('type')}_{r.get('number')}",
                  defaults={"effects": [], "on": None, "pair": []})


def _hex(raw: object, where: str) -> ProgressHex:
    r = _raw(raw)
    return record(ProgressHex, raw, where, id=f"{r.get('q')},{r.get('r')}",
                  defaults={"economy_token": False})


def _chronos(board: dict[str, Any]) -> tuple[ChronosSpace, ...]:
    spaces = table(board.get("era_track", {}), "chronos_space", "board.toml")
    return tuple(record(ChronosSpace, raw, f"board.toml chronos_space #{i + 1}", index=i)
                 for i, raw in enumerate(spaces))


def load() -> Components:
    """Read and parse every data file (no count checks: see `validate`)."""
    box, board, tiles = _read("box.toml"), _read("board.toml"), _read("tiles.toml")
    society, cards, goals = _read("society.toml"), _read("ideas.toml"), _read("goals.toml")
    milestones = _read("milestones.toml")
    return Components(
        inventory=_counts(box.get("inventory"), "box.toml inventory", list(rulebook.INVENTORY)),
        player_counts=MappingProxyType({
            int(n): _counts(raw, f"box.toml player_count.{n}",
                            ["wealth_a_to_d", "wealth_e_to_g", "progress_copies"])
            for n, raw in box.get("player_count", {}).items()}),
        kit=_counts(society.get("kit"), "society.toml kit", _KIT_KEYS),
        society_board=_counts(society.get("society_board"), "society.toml society_board",
                              list(rulebook.SOCIETY_BOARD)),
        eras=index(records(board, "era", "board.toml", _plain(Era)), lambda e: e.number, "era"),
        chronos_track=_chronos(board),
        era_marker_spaces=index(records(board, "era_marker_space", "board.toml", _marker),
                                lambda s: s.id, "era marker space"),
        regions=index(records(board, "region", "board.toml", _plain(Region)),
                      lambda r: r.number, "region"),
        actions=index(records(board, "action", "board.toml", _plain(ActionSpec)),
                      lambda a: a.id, "action"),
        forums=index(records(board, "forum", "board.toml", _plain(Forum)),
                     lambda f: f.number, "forum"),
        influence_track=tuple(records(board.get("influence_track", {}), "influence_space",
                                      "board.toml", _plain(InfluenceSpace))),
        displays=_counts(board.get("displays"), "board.toml displays", _DISPLAYS),
        milestones=index(records(milestones, "milestone", "milestones.toml", _milestone),
                         lambda m: m.id, "milestone"),
        ideas=index(records(cards, "idea", "ideas.toml", _idea), lambda c: c.id, "idea"),
        specialist_tiles=index(records(tiles, "specialist_tile", "tiles.toml",
                                       _plain(SpecialistTile)), lambda t: t.id, "specialist tile"),
        knowledge_tiles=index(records(tiles, "knowledge_tile", "tiles.toml",
                                      _plain(KnowledgeTile)), lambda t: t.id, "knowledge tile"),
        progress_tiles=index(records(tiles, "progress_tile", "tiles.toml", _progress),
                             lambda t: t.id, "progress tile"),
        wealth_tiles=index(records(tiles, "wealth_tile", "tiles.toml", _plain(WealthTile)),
                           lambda t: t.letter, "wealth tile"),
        aspiration_tiles=record(AspirationTiles, tiles.get("aspiration_tiles"),
                                "tiles.toml aspiration_tiles"),
        influence_tokens=index(records(society, "influence_token", "society.toml",
                                       _plain(InfluenceToken)), lambda t: t.id, "influence token"),
        progress_map=index(records(society, "progress_hex", "society.toml", _hex),
                           lambda h: h.id, "progress hex"),
        private_goals=index(records(goals, "private_goal", "goals.toml", _plain(PrivateGoal)),
                            lambda g: g.id, "private goal"),
    )
