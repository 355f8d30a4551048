"""V.I.C.I's components (rulebook: Solo Mode) read from data/solo.toml, strictly.

Kept apart from `loading.parse` so the 2-4 player game does not depend on them: `load_solo()`
reads and validates the file on first use and raises ComponentError naming the record for an
unknown action term, a broken count or a missing `why`. Action terms are V.I.C.I's own small
vocabulary (the facts' notation), parsed once into `ViciAction`s.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Annotated, Any

from pydantic import Field

from ingenium.engine.components import Parsed, labelled, read_toml, records
from ingenium.games.civolution.components import rulebook as rb
from ingenium.games.civolution.components.icons import Terrain, Track
from ingenium.games.civolution.components.loading import (
    DataDir,
    default_directory,
    with_origin,
)
from ingenium.games.civolution.components.records import ComponentError, Provenance

ERAS = 4
DIE = (1, 2, 3, 4, 5, 6)
LEVELS = ("beginner", "moderate", "medium", "advanced", "expert")


class Act(StrEnum):
    """What one action term does (facts: ADV, RM, FATE, ACT, VP, STAT, REV, FAV, HUNT, PROSP,
    EVO, MIG, PROC, PROV and "category xn")."""

    ADVANCE = "advance"  # ADV(track, n)
    REMOVE = "remove"  # RM(track): the top face-up research card of that track's colour
    FATE = "fate"
    ACTIVATION = "activation"
    POINTS = "points"
    STATUE = "statue"
    REVEAL = "reveal"
    FAVOR = "favor"
    HUNT = "hunt"
    PROSPERITY = "prosperity"
    EVOLUTION = "evolution"
    MIGRATE = "migrate"
    PROCREATE = "procreate"
    PROVIDE = "provide"
    CATEGORY = "category"  # an era's scoring category x n


class Era(StrEnum):
    """Which era's scoring category a `category` term means (cards 11-15)."""

    CURRENT = "current"
    NEXT = "next"
    FOURTH = "fourth"
    FINAL = "final"  # each of the 3 final-scoring categories


_TAKES_TRACK = {Act.ADVANCE, Act.REMOVE}
_TAKES_AMOUNT = {Act.ADVANCE, Act.POINTS, Act.PROSPERITY, Act.EVOLUTION}
TERRITORY_ACTS = (Act.PROCREATE, Act.MIGRATE, Act.PROVIDE, Act.REVEAL, Act.HUNT)


@dataclass(frozen=True, slots=True)
class ViciAction:
    """One parsed action term: `advance technology 2`, `points 3`, `category next 2` ..."""

    act: Act
    amount: int = 1
    track: Track | None = None
    era: Era | None = None


@dataclass(frozen=True, slots=True)
class RollResult:
    """One row of a half: the action-roll values it covers (all six when there is no roll)."""

    rolls: tuple[int, ...]
    actions: tuple[ViciAction, ...]
    last_era: tuple[ViciAction, ...] = ()  # card 13: what it does in era 4 instead


@dataclass(frozen=True, slots=True)
class ActionCard:
    number: int
    blue: int
    red: int
    normal: Annotated[tuple[RollResult, ...], Parsed(_half)]  # the blue half
    advanced: Annotated[tuple[RollResult, ...], Parsed(_half)]  # the red half
    origin: Provenance

    @property
    def rolled(self) -> bool:
        """Cards 1-10 act by an action roll; 11-15 have one row for every value."""
        return len(self.normal) > 1


@dataclass(frozen=True, slots=True)
class DisplayCard:
    number: int
    name: str
    governs: Annotated[str, Parsed(_governs)]
    territory: Annotated[tuple[str, ...], _priorities("territory", TERRITORY_TERMS)]
    encampment: Annotated[tuple[str, ...], _priorities("encampment", ENCAMPMENT_TERMS)]
    origin: Provenance


@dataclass(frozen=True, slots=True)
class Level:
    id: str
    advanced_from_era: Annotated[int, Field(ge=0, le=ERAS)]  # 0 = never
    origin: Provenance

    def advanced_in(self, era: int) -> bool:
        """Whether the level uses the advanced (red) half in `era` (facts: difficulty)."""
        return self.advanced_from_era != 0 and era >= self.advanced_from_era


@dataclass(frozen=True, slots=True)
class ViciArea:
    discs: int
    tribes: int
    unused_tribes: int
    markers: int
    evolution_start: int
    prosperity_start: int
    activation_dice: int
    fate_dice: int
    attribute_chip_at: tuple[int, ...]
    income_chip_at: tuple[int, ...]
    reset_blue: int
    reset_red: int
    territory_ring: tuple[Terrain, ...]
    origin: Provenance


@dataclass(frozen=True, slots=True)
class SoloComponents:
    area: ViciArea
    levels: tuple[Level, ...]
    display: tuple[DisplayCard, ...]
    actions: tuple[ActionCard, ...]

    def level(self, name: str) -> Level:
        for level in self.levels:
            if level.id == name:
                return level
        raise ComponentError(f"unknown V.I.C.I level {name!r}: one of {', '.join(LEVELS)}")

    def card(self, number: int) -> ActionCard:
        return self.actions[number - 1]


GOVERNS = ("roll", "remove_chip", *(a.value for a in TERRITORY_ACTS))
TERRITORY_TERMS = ("own_tribe", "free_fire", "free_encampment", "fewest_own_tribes",
                   "most_own_tribes", "adjacent_own_strong", "no_own_tribe", "rival_tribe",
                   "no_provision", "hidden_site", "not_hunted")
ENCAMPMENT_TERMS = ("free_fire", "free", "rival")


def parse_action(term: object, where: str) -> ViciAction:
    """`advance technology 2` -> ViciAction(ADVANCE, 2, TECHNOLOGY); unknown terms fail."""
    words = str(term).split() if isinstance(term, str) else []
    try:
        act = Act(words[0])
        rest = words[1:]
        track = Track(rest.pop(0)) if act in _TAKES_TRACK else None
        era = Era(rest.pop(0)) if act is Act.CATEGORY else None
        amount = int(rest.pop(0)) if act in _TAKES_AMOUNT | {Act.CATEGORY} else 1
        if rest or amount < 1:
            raise ValueError
    except (ValueError, IndexError):
        raise ComponentError(f"{where}: unknown V.I.C.I action {term!r}") from None
    return ViciAction(act, amount, track, era)


def _half(raw: object) -> tuple[RollResult, ...]:
    """One half of an action card: rows of roll values and their actions, covering 1-6 once."""
    if not isinstance(raw, list):
        raise ComponentError(f"must list rows, not {raw!r}")
    rows: list[RollResult] = []
    for i, row in enumerate(raw):
        where = f"row {i + 1}"
        if not isinstance(row, dict) or set(row) - {"roll", "do", "last_era"}:
            raise ComponentError(f"{where} must hold roll, do, last_era")
        rolls = row.get("roll", DIE)
        if not isinstance(rolls, list | tuple) or not all(isinstance(v, int) for v in rolls):
            raise ComponentError(f"{where}: roll lists die values, not {rolls!r}")
        rows.append(RollResult(tuple(rolls),
                               tuple(parse_action(t, where) for t in row.get("do", [])),
                               tuple(parse_action(t, where) for t in row.get("last_era", []))))
    covered = sorted(v for row in rows for v in row.rolls)
    if covered != list(DIE) or not all(row.actions for row in rows):
        raise ComponentError("must cover the rolls 1-6 once, each with actions")
    return tuple(rows)


def _priorities(key: str, allowed: tuple[str, ...]) -> Parsed:
    def read(raw: object) -> tuple[str, ...]:
        values = raw if isinstance(raw, list) else [raw]
        bad = [v for v in values if v not in allowed]
        if bad:
            raise ComponentError(f"unknown {key} priority {bad[0]!r}")
        return tuple(values)
    return Parsed(read)


def _governs(raw: object) -> str:
    if raw not in GOVERNS:
        raise ComponentError(f"governs {raw!r} is not known")
    return str(raw)


def _action_card(raw: object, where: str) -> ActionCard:
    card = with_origin(ActionCard, raw, where)
    if len(card.normal) != len(card.advanced):
        raise ComponentError(f"{labelled(where, raw)}: both halves must use the same action roll")
    return card


def _numbered(items: list[Any], what: str, count: int) -> None:
    numbers = [x.number for x in items]
    if numbers != list(range(1, count + 1)):
        raise ComponentError(f"solo.toml: {what} must be numbered 1-{count} in order, "
                             f"found {numbers}")


def parse_solo(directory: DataDir | None = None) -> SoloComponents:
    """Read solo.toml of `directory` (default: the packaged data) and check its counts."""
    data = read_toml(default_directory() if directory is None else directory, "solo.toml")
    cards = records(data, "action_card", "solo.toml", _action_card)
    display = records(data, "display_card", "solo.toml",
                      lambda raw, where: with_origin(DisplayCard, raw, where))
    levels = records(data, "level", "solo.toml", lambda raw, where: with_origin(Level, raw, where))
    _numbered(cards, "the action cards", rb.SOLO_ACTION_CARDS)
    _numbered(display, "the display cards", rb.SOLO_DISPLAY_CARDS)
    if tuple(lv.id for lv in levels) != LEVELS:
        raise ComponentError(f"solo.toml: the levels must be {', '.join(LEVELS)} in order")
    if len(cards) + len(display) != rb.INVENTORY["solo_cards"]:
        raise ComponentError("solo.toml: the solo cards do not add up to the box's 22")
    area = with_origin(ViciArea, data.get("vici"), "solo.toml [vici]")
    kit = rb.PER_COLOR
    if (area.tribes + area.unused_tribes != kit["tribes"] or area.markers != kit["markers"]
            or area.discs != kit["discs"]):
        raise ComponentError("solo.toml [vici]: tribes, markers and discs must be one colour's kit")
    if sorted(area.territory_ring) != sorted(t for t in Terrain if t is not Terrain.WATER):
        raise ComponentError("solo.toml [vici]: territory_ring must hold each land type once")
    return SoloComponents(area, tuple(levels), tuple(display), tuple(cards))


@cache
def load_solo() -> SoloComponents:
    """The packaged solo components, read once."""
    return parse_solo()
