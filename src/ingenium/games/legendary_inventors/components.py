"""Legendary Inventors components, loaded once from data/*.toml into frozen records.

Counts are checked on load against the summary and the facts (5 teams of 4 inventors, 8
inventions per age for up to 5 players, 2 tokens per invention), so a bad edit fails at import.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

TYPES = ("physics", "chemistry", "mechanics", "mathematics")
NUM_TYPES = len(TYPES)
AGES = (1, 2, 3)
MAX_LEVEL = 4
INVENTORS_PER_TEAM = 4
TOKENS_PER_INVENTION = 2
MAX_PLAYERS = 5
EXTRA_INVENTIONS = 3  # players + 3 inventions in play per age (facts, H)
CLASSIFICATIONS = 6  # 0 weapons .. 5 energy
CLASS_NAMES = ("weapons", "transport", "communication", "leisure", "time", "energy")


def slug(name: str) -> str:
    """Readable id fragment: 'Ada Lovelace' -> 'ada-lovelace'."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass(frozen=True, slots=True)
class Inventor:
    """One inventor card: starting knowledge and the goal scored at the end."""

    name: str
    slug: str
    start: tuple[int, ...]  # level per type
    goal: tuple[int, ...]  # level per type required (0 = no requirement)
    goal_vp: int
    source: str


@dataclass(frozen=True, slots=True)
class Team:
    """Four inventors of one time period."""

    name: str
    inventors: tuple[Inventor, ...]
    source: str


@dataclass(frozen=True, slots=True)
class Invention:
    """One invention card: squares needed per type, age (= its VP) and classification."""

    id: int
    name: str
    slug: str
    age: int
    vp: int
    classification: int
    need: tuple[int, ...]
    source: str

    @property
    def squares(self) -> int:
        """Total knowledge squares on the card."""
        return sum(self.need)


@dataclass(frozen=True, slots=True)
class TokenKind:
    """One kind of bonus token; every token's back is a '1'."""

    id: int
    key: str
    label: str
    effect: str
    to_level: int
    vp: int


@dataclass(frozen=True, slots=True)
class Components:
    """Everything printed, as frozen records indexed by id."""

    teams: tuple[Team, ...]
    inventions: tuple[Invention, ...]
    token_kinds: tuple[TokenKind, ...]
    bags: dict[int, tuple[int, ...]]  # age -> token kind ids, one entry per token

    def token(self, key: str) -> TokenKind:
        """Token kind by key ('coffee')."""
        for kind in self.token_kinds:
            if kind.key == key:
                return kind
        raise KeyError(key)


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


def validate(c: Components) -> None:
    """Raise ValueError if the component counts break the rules' needs."""
    if len(c.teams) != MAX_PLAYERS:
        raise ValueError(f"need {MAX_PLAYERS} teams, found {len(c.teams)}")
    for team in c.teams:
        if len(team.inventors) != INVENTORS_PER_TEAM:
            raise ValueError(f"team {team.name} must have {INVENTORS_PER_TEAM} inventors")
        for person in team.inventors:
            if sum(person.start) != 2:
                raise ValueError(f"{person.name} must start with 2 knowledge")
            if max(person.goal) > MAX_LEVEL:
                raise ValueError(f"{person.name} goal above level {MAX_LEVEL}")
        covered = [max(i.start[t] for i in team.inventors) for t in range(NUM_TYPES)]
        if min(covered) == 0:
            raise ValueError(f"team {team.name} does not start with every knowledge type")
    for age in AGES:
        deck = [i for i in c.inventions if i.age == age]
        if len(deck) < MAX_PLAYERS + EXTRA_INVENTIONS:
            raise ValueError(f"age {age} has {len(deck)} inventions, 5 players need 8")
        if len(c.bags[age]) < TOKENS_PER_INVENTION * (MAX_PLAYERS + EXTRA_INVENTIONS):
            raise ValueError(f"age {age} token bag too small")
    for inv in c.inventions:
        if not 0 <= inv.classification < CLASSIFICATIONS or len(inv.need) != NUM_TYPES:
            raise ValueError(f"invention {inv.name} is malformed")


@cache
def components() -> Components:
    """The validated components (loaded once)."""
    kinds, bags = _load_tokens()
    loaded = Components(_load_teams(), _load_inventions(), kinds, bags)
    validate(loaded)
    return loaded
