"""Reading data/*.toml into the frozen records of `records.py`."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from ingenium.games.legendary_inventors.components.records import (
    TYPES,
    Components,
    Invention,
    Inventor,
    Team,
    TokenKind,
    slug,
)


def _levels(mapping: dict[str, int]) -> tuple[int, ...]:
    unknown = set(mapping) - set(TYPES)
    if unknown:
        raise ValueError(f"unknown knowledge types {sorted(unknown)}")
    return tuple(int(mapping.get(t, 0)) for t in TYPES)


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _load_teams() -> tuple[Team, ...]:
    teams = []
    for record in _read("inventors.toml")["team"]:
        inventors = tuple(
            Inventor(i["name"], slug(i["name"]), _levels(i["start"]), _levels(i["goal"]),
                     int(i["goal_vp"]), i["source"])
            for i in record["inventors"])
        teams.append(Team(record["name"], inventors, record["source"]))
    return tuple(teams)


def _load_inventions() -> tuple[Invention, ...]:
    return tuple(
        Invention(index, r["name"], slug(r["name"]), int(r["age"]), int(r["age"]),
                  int(r["classification"]), tuple(int(n) for n in r["need"]), r["source"])
        for index, r in enumerate(_read("inventions.toml")["invention"]))


def _load_tokens() -> tuple[tuple[TokenKind, ...], dict[int, tuple[int, ...]]]:
    data = _read("tokens.toml")
    kinds = tuple(
        TokenKind(index, key, v["label"], v["effect"], int(v.get("to_level", 0)),
                  int(v.get("vp", 0)))
        for index, (key, v) in enumerate(data["kinds"].items()))
    by_key = {k.key: k.id for k in kinds}
    bags = {int(age): tuple(by_key[key] for key, n in counts.items() for _ in range(int(n)))
            for age, counts in data["bags"].items()}
    return kinds, bags


def load() -> Components:
    """Read and parse every data file (counts are checked by `validation.validate`)."""
    kinds, bags = _load_tokens()
    return Components(_load_teams(), _load_inventions(), kinds, bags)
