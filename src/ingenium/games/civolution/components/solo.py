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
from typing import Any

from ingenium.games.civolution.components import rulebook as rb
from ingenium.games.civolution.components.icons import Terrain, Track
from ingenium.games.civolution.components.loading import (
    DataDir,
    _read,
    _Rec,
    _table,
    default_directory,
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
    normal: tuple[RollResult, ...]  # the blue half
    advanced: tuple[RollResult, ...]  # the red half
    origin: Provenance

    @property
    def rolled(self) -> bool:
        """Cards 1-10 act by an action roll; 11-15 have one row for every value."""
        return len(self.normal) > 1


@dataclass(frozen=True, slots=True)
class DisplayCard:
    number: int
    name: str
    governs: str
    territory: tuple[str, ...]
    encampment: tuple[str, ...]
    origin: Provenance


@dataclass(frozen=True, slots=True)
class Level:
    id: str
    advanced_from_era: int  # 0 = never
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


def _half(r: _Rec, key: str) -> tuple[RollResult, ...]:
    rows: list[RollResult] = []
    for i, raw in enumerate(r.items(key)):
        if not isinstance(raw, dict) or set(raw) - {"roll", "do", "last_era"}:
            raise ComponentError(f"{r.where}: {key} row {i + 1} must hold roll, do, last_era")
        terms: list[Any] = raw.get("do", [])
        rolls = tuple(raw.get("roll", DIE))
        last: list[Any] = raw.get("last_era", [])
        rows.append(RollResult(rolls, tuple(parse_action(t, f"{r.where} {key}") for t in terms),
                               tuple(parse_action(t, f"{r.where} {key}") for t in last)))
    covered = sorted(v for row in rows for v in row.rolls)
    if covered != list(DIE) or not all(row.actions for row in rows):
        raise ComponentError(f"{r.where}: {key} must cover the rolls 1-6 once, each with actions")
    return tuple(rows)


def _action_card(raw: object, where: str) -> ActionCard:
    r = _Rec(raw, where, "number blue red normal advanced")
    card = ActionCard(r.num("number"), r.num("blue"), r.num("red"), _half(r, "normal"),
                      _half(r, "advanced"), r.origin)
    if len(card.normal) != len(card.advanced):
        raise ComponentError(f"{r.where}: both halves must use the same action roll")
    return card


def _terms(r: _Rec, key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
    values = tuple(str(v) for v in r.items(key))
    bad = [v for v in values if v not in allowed]
    if bad:
        raise ComponentError(f"{r.where}: unknown {key} priority {bad[0]!r}")
    return values


def _display_card(raw: object, where: str) -> DisplayCard:
    r = _Rec(raw, where, "number name governs territory encampment")
    governs = r.text("governs")
    if governs not in GOVERNS:
        raise ComponentError(f"{r.where}: governs {governs!r} is not known")
    return DisplayCard(r.num("number"), r.text("name"), governs,
                       _terms(r, "territory", TERRITORY_TERMS),
                       _terms(r, "encampment", ENCAMPMENT_TERMS), r.origin)


def _level(raw: object, where: str) -> Level:
    r = _Rec(raw, where, "id advanced_from_era")
    level = Level(r.text("id"), r.num("advanced_from_era"), r.origin)
    if not 0 <= level.advanced_from_era <= ERAS:
        raise ComponentError(f"{r.where}: advanced_from_era must be 0 (never) to {ERAS}")
    return level


def _area(raw: object) -> ViciArea:
    names = ("discs tribes unused_tribes markers evolution_start prosperity_start "
             "activation_dice fate_dice reset_blue reset_red")
    r = _Rec(raw, "solo.toml [vici]", names + " attribute_chip_at income_chip_at territory_ring")
    nums = {name: r.num(name) for name in names.split()}
    ring = tuple(r.enum(Terrain, "territory_ring", t) for t in r.items("territory_ring"))
    return ViciArea(**nums, attribute_chip_at=r.ints("attribute_chip_at"),
                    income_chip_at=r.ints("income_chip_at"), territory_ring=ring,
                    origin=r.origin)


def _numbered(items: list[Any], what: str, count: int) -> None:
    numbers = [x.number for x in items]
    if numbers != list(range(1, count + 1)):
        raise ComponentError(f"solo.toml: {what} must be numbered 1-{count} in order, "
                             f"found {numbers}")


def parse_solo(directory: DataDir | None = None) -> SoloComponents:
    """Read solo.toml of `directory` (default: the packaged data) and check its counts."""
    data = _read(default_directory() if directory is None else directory, "solo.toml")
    cards = [_action_card(x, f"solo.toml action_card #{i + 1}")
             for i, x in enumerate(_table(data, "action_card", "solo.toml"))]
    display = [_display_card(x, f"solo.toml display_card #{i + 1}")
               for i, x in enumerate(_table(data, "display_card", "solo.toml"))]
    levels = [_level(x, f"solo.toml level #{i + 1}")
              for i, x in enumerate(_table(data, "level", "solo.toml"))]
    _numbered(cards, "the action cards", rb.SOLO_ACTION_CARDS)
    _numbered(display, "the display cards", rb.SOLO_DISPLAY_CARDS)
    if tuple(lv.id for lv in levels) != LEVELS:
        raise ComponentError(f"solo.toml: the levels must be {', '.join(LEVELS)} in order")
    if len(cards) + len(display) != rb.INVENTORY["solo_cards"]:
        raise ComponentError("solo.toml: the solo cards do not add up to the box's 22")
    area = _area(data.get("vici"))
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
