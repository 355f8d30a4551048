"""The frozen records of Legendary Inventors' components (inventor cards in teams, invention
cards, bonus token kinds and the age bags) and the counts the rules summary fixes (Basics,
Gameplay, Bonus Tokens, Scoring)."""

from __future__ import annotations

import re
from dataclasses import dataclass

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
