"""Frozen records for every Inventions component; `loading.py` reads them from data/*.toml with
the engine's component reader, which checks each field against its type here (`Effects` and
the action types run the effect vocabulary).

Every record keeps its provenance: `source` is "rulebook" when the rulebook states every field,
"reconstructed" otherwise, with `why` naming what was reconstructed and the reasoning.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from ingenium.engine.components import ComponentError as ComponentError
from ingenium.engine.components import Source
from ingenium.games.inventions.components.effects import (
    Actions,
    ActionTerm,
    Effects,
    OptionalAction,
)
from ingenium.games.inventions.components.terms import Action, Specialty


def slug(name: str) -> str:
    """Readable id: "Mariner's Compass" -> 'mariners_compass', 'A & B' -> 'a_b'."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


class Pillar(StrEnum):
    """What Chronos' Era-track space asks of the main action (Key Concepts C)."""

    EPOCH = "epoch"
    SEASON = "season"
    NONE = "none"  # Era 6: final scoring, no main actions


class EraChange(StrEnum):
    """The Era Change after an era's last round (Era Change; How to Play)."""

    PARTIAL = "partial"  # Era 1 -> 2: steps 1-2 only
    FULL = "full"  # Eras 2, 3, 4
    NONE = "none"  # Era 5 (final scoring follows) and Era 6


class GoalType(StrEnum):
    """The three Private Goal decks (reconstructed types)."""

    REGION = "region"
    INVENTION = "invention"
    SOCIETY = "society"


@dataclass(frozen=True, slots=True)
class Era:
    """One of the six eras (How to Play)."""

    number: int
    name: str
    began: str
    rounds: int
    era_change: EraChange
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class ChronosSpace:
    """A space of the Era track on which Chronos stands for one round."""

    index: int
    era: int
    round: int
    pillar: Pillar
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class EraMarkerSpace:
    """A space below the Era track for a society's Era marker, with its benefit."""

    id: str
    era: int
    slot: int
    effects: Effects
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class Region:
    """A map region with its Region display; `influence_ip` lists its Influence spaces."""

    number: int
    name: str
    adjacent: tuple[int, ...]  # blue ropes
    influence_ip: tuple[int, ...]  # left to right; leftmost is the highest
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """One of the ten actions, with what it grants outright."""

    id: ActionTerm
    name: str
    chain_granting: bool
    grants: Effects
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class Forum:
    """A forum of the Assembly: two Action spaces."""

    number: int
    actions: Actions
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class InfluenceSpace:
    """A space of the Influence track (0-10)."""

    value: int
    era_change: int
    chain_tokens: int
    final_ip: int
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class Milestone:
    """A Milestone tile: deck letter, era, name, diplomat spaces and Diplomat Action."""

    id: str
    deck: str
    era: int
    name: str
    diplomat_spaces: int
    effects: Effects
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class Idea:
    """An Idea/Invention card (Era 1: a Prehistoric Invention with no idea side)."""

    id: str
    era: int
    name: str
    type: Specialty
    milestone: str | None  # Milestone id needed to invent; None for Era 1
    invent_exhaust: tuple[Specialty, ...]  # extra specialists exhausted to invent
    innovate_chain: OptionalAction  # idea side; None for Era 1
    chain: ActionTerm  # invention side
    invent_ip: int  # IP for inventing (Era 6 only)
    source: Source
    why: str = ""

    @property
    def share_ip(self) -> int:
        """IP per presenter citizen when shared: the invention's era."""
        return self.era

    @property
    def has_idea_side(self) -> bool:
        """Era-1 cards are inventions only."""
        return self.era > 1


@dataclass(frozen=True, slots=True)
class SpecialistTile:
    """A Specialist tile: specialists needed to present here and the benefit gained."""

    id: str
    benefit: Effects
    specialists: int
    setup_idea: bool  # False: its region gets no A idea at setup
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class KnowledgeTile:
    """A Knowledge tile: Chain Action side and 2-IP side."""

    id: str
    chain: Effects
    back: Effects
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class ProgressTile:
    """An Economy (effects once per era), Culture (`on` + effects) or Technology (`pair`) tile."""

    id: str
    type: Specialty
    number: int
    copies: int
    effects: Effects
    on: OptionalAction
    pair: Actions
    source: Source
    why: str = ""

    @property
    def name(self) -> str:
        """How people call it: 'Economy tile 3'."""
        return f"{self.type.value.capitalize()} tile {self.number}"


@dataclass(frozen=True, slots=True)
class WealthTile:
    """A Wealth tile letter with its copies and end-game scoring."""

    letter: str
    copies: int
    effects: Effects
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class AspirationTiles:
    """The Aspiration tiles each player keeps, and their sides."""

    per_player: int
    sides: tuple[str, ...]
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class InfluenceToken:
    """A player's Influence token: citizens its Society-board space asks, and its chain."""

    id: str
    name: str
    citizens: int
    chain: Effects
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class ProgressHex:
    """A hex of the Society board's Progress map, in axial coordinates."""

    id: str
    q: int
    r: int
    effects: Effects
    economy_token: bool
    source: Source
    why: str = ""

    @property
    def name(self) -> str:
        """Where it lies on the map, as people say it: 'centre hex', 'outer hex at 4 o'clock'."""
        ring = max(abs(self.q), abs(self.r), abs(self.q + self.r))
        if ring == 0:
            return "centre hex"
        x, y = math.sqrt(3) * (self.q + self.r / 2), 1.5 * self.r  # pointy-top, y downwards
        hour = round(math.degrees(math.atan2(x, -y)) / 30) % 12 or 12
        return f"{'inner' if ring == 1 else 'outer'} hex at {hour} o'clock"

    def touches(self, other: ProgressHex) -> bool:
        """True if the two hexes share an edge."""
        dq, dr = other.q - self.q, other.r - self.r
        return (dq, dr) in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass(frozen=True, slots=True)
class PrivateGoal:
    """A Private Goal card."""

    id: str
    type: GoalType
    name: str
    effects: Effects
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class Counts:
    """A table of counts (box inventory, per-player kit, tiles in play for a player count)."""

    values: Mapping[str, int]
    source: Source
    why: str = ""


@dataclass(frozen=True, slots=True)
class Components:
    """Every printed component of the game, as frozen records indexed by id."""

    inventory: Counts
    player_counts: Mapping[int, Counts]
    kit: Counts
    society_board: Counts
    eras: Mapping[int, Era]
    chronos_track: tuple[ChronosSpace, ...]
    era_marker_spaces: Mapping[str, EraMarkerSpace]
    regions: Mapping[int, Region]
    actions: Mapping[Action, ActionSpec]
    forums: Mapping[int, Forum]
    influence_track: tuple[InfluenceSpace, ...]  # indexed by influence value
    displays: Counts
    milestones: Mapping[str, Milestone]
    ideas: Mapping[str, Idea]
    specialist_tiles: Mapping[str, SpecialistTile]
    knowledge_tiles: Mapping[str, KnowledgeTile]
    progress_tiles: Mapping[str, ProgressTile]
    wealth_tiles: Mapping[str, WealthTile]
    aspiration_tiles: AspirationTiles
    influence_tokens: Mapping[str, InfluenceToken]
    progress_map: Mapping[str, ProgressHex]
    private_goals: Mapping[str, PrivateGoal]

    def milestone_named(self, name: str) -> Milestone:
        """The Milestone with this rulebook name ('Copper Smelting')."""
        return self.milestones[slug(name)]

    def idea_named(self, name: str) -> Idea:
        """The Idea/Invention card with this rulebook name ('Domestication: Horse')."""
        return self.ideas[slug(name)]
