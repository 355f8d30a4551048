"""The frozen records of Legendary Inventors' components (inventor cards in teams, invention
cards, bonus token kinds and the age bags) and the counts the rules summary fixes (Basics,
Gameplay, Bonus Tokens, Scoring)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

from ingenium.engine.components import Parsed, Source

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


def levels(mapping: object) -> tuple[int, ...]:
    """Knowledge levels written by type name ({ chemistry = 2 }) as a level per type."""
    if not isinstance(mapping, dict):
        raise ValueError(f"levels are a table such as {{ chemistry = 2 }}, not {mapping!r}")
    unknown = set(mapping) - set(TYPES)
    if unknown:
        raise ValueError(f"unknown knowledge types {sorted(unknown)}")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in mapping.values()):
        raise ValueError(f"levels are whole numbers, not {mapping!r}")
    return tuple(int(mapping.get(t, 0)) for t in TYPES)


Levels = Annotated[tuple[int, ...], Parsed(levels)]


def slug(name: str) -> str:
    """Readable id fragment: 'Ada Lovelace' -> 'ada-lovelace'."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass(frozen=True, slots=True)
class Inventor:
    """One inventor card: starting knowledge and the goal scored at the end."""

    name: str
    slug: str
    start: Levels  # level per type
    goal: Levels  # level per type required (0 = no requirement)
    goal_vp: int
    source: Source


@dataclass(frozen=True, slots=True)
class Team:
    """Four inventors of one time period."""

    name: str
    inventors: tuple[Inventor, ...]
    source: Source


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
    source: Source

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
    to_level: int = 0
    vp: int = 0
    cubes: int = 0  # extra cubes placed (Chocolate)


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
