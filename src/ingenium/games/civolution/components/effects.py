"""The one effect vocabulary of Civolution: the rulebook's actions, icons and resources as data.

Everything a component does — a module level, a research card's instant bonus, special bonus and
activity, an income chip, a weather space, an event's bonus, a track bonus — is a list of small
TOML tables, each with exactly one *head* key naming a rulebook action ("Perform 1 migration",
"Take a favor test", "Gain 1 income chip"). One interpreter (in the rules) reads them.

>>> parse_effect({"gain": "idea", "amount": 3})
Gain(what=<Resource.IDEA: 'idea'>, amount=3, material=None, terrain=None, feature=None)
>>> parse_effect({"favor_test": [{"migrate": 2}], "fail": [{"migrate": 1}]})
FavorTest(passed=(Migrate(count=2),), failed=(Migrate(count=1),))
>>> parse_effect({"gain": "glory"})
Traceback (most recent call last):
...
ingenium.games.civolution.components.effects.EffectError: effect {'gain': 'glory'}: gain must \
be one of sp, idea, focus, food, money, material, feature, fate_die, activation_die, \
research_card, goal_chip, income_chip

Heads (modifiers in brackets). Every gain and action may be forgone ("you can perform all shown
actions"; instant bonuses may be forgone); `pay` is a cost that must be paid before what follows
it; `lose` and `remove_tribe` are the weather's negative effects and must be carried out.

* `gain` [amount, material, terrain, feature]: gain points, markers (idea, focus, food, money, a
  stored material, a feature marker), a die, or take a research card / goal chip / income chip.
* `pay` [amount, material, terrain, feature]: return markers to your supply first.
* `lose` [amount]: return food markers (negative weather).
* `advance` [steps]: advance a disc on a progress track (a named one or `any`) or on `favor`.
* `migrate`, `procreate`, `strengthen`, `produce`, `hunt`, `lucky_find`, `move_feature`,
  `income_action`, `planning`, `flip_stage_tile`, `remove_tribe`: do it (up to) N times.
* `transport` [boats_anywhere]: transport up to N raw materials, or `"all"`.
* `explore` [extra, sp]: explore new sites; reveal `extra` more anywhere; gain `sp` more.
* `build` [count, same]: complete building projects (farm, boat, statue, settlement, any).
* `install` [special]: install a research card of a deck, or a goal chip.
* `draw_secretly` [keep]: draw N cards from the face-down stacks, keep some, the rest go back.
* `activity` [different]: perform up to N activities.
* `trade`: perform the Sale and the Purchase up to N times each.
* `upgrade` [die]: upgrade a main module (one showing that die value, if given).
* `place_tribes` [weak]: place up to N new tribes on free encampments in one of your territories.
* `favor_test` [fail]: take a favor test; the listed effects if passed, `fail` ones if not.
* `choose`: exactly one of several effect lists (the rulebook's "OR" and the slash).
* `in_any_order`: all of several effect lists, in the order you choose ("B before or after A").

Requirements (cost spaces, goal chips, attribute chips, events) are `pay` tables or `have`
tables: `have` [amount, terrain, feature, track, deck] — at least `amount` of a count.
`effect_text.describe` writes any effect back in the rulebook's words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from ingenium.engine.errors import IngeniumError
from ingenium.games.civolution.components.icons import (
    PAYABLE,
    TERRAIN_COUNTS,
    Count,
    Deck,
    Feature,
    Installable,
    Material,
    Project,
    Resource,
    Terrain,
    Track,
    TrackTarget,
    Trigger,
)


class EffectError(IngeniumError, ValueError):
    """An effect table outside the vocabulary."""


# ---------------------------------------------------------------- effect records

@dataclass(frozen=True, slots=True)
class Gain:
    """Gain `amount` of a resource (a stored material / feature marker of the given kind)."""

    what: Resource
    amount: int = 1
    material: Material | None = None
    terrain: Terrain | None = None
    feature: Feature | None = None


@dataclass(frozen=True, slots=True)
class Pay:
    """Return `amount` markers to your supply (a cost; also a requirement)."""

    what: Resource
    amount: int = 1
    material: Material | None = None
    terrain: Terrain | None = None
    feature: Feature | None = None


@dataclass(frozen=True, slots=True)
class Lose:
    """Return `amount` markers to supply; must be carried out (negative weather)."""

    what: Resource
    amount: int = 1


@dataclass(frozen=True, slots=True)
class Advance:
    """Advance a disc `steps` steps on a progress track or the Favor of Agera track."""

    track: TrackTarget
    steps: int = 1


@dataclass(frozen=True, slots=True)
class Migrate:
    """Perform up to `count` migrations (same or different tribes)."""

    count: int


@dataclass(frozen=True, slots=True)
class Procreate:
    """Perform up to `count` procreations."""

    count: int


@dataclass(frozen=True, slots=True)
class Strengthen:
    """Strengthen up to `count` of your weak tribes."""

    count: int


@dataclass(frozen=True, slots=True)
class Produce:
    """Produce a total of `count` raw materials."""

    count: int


@dataclass(frozen=True, slots=True)
class Transport:
    """Transport up to `count` raw materials to storage (None: all of them)."""

    count: int | None
    boats_anywhere: bool = False  # Transport III: from boats onto any storage space


@dataclass(frozen=True, slots=True)
class Hunt:
    """Perform up to `count` consecutive hunts, in different territories."""

    count: int


@dataclass(frozen=True, slots=True)
class Explore:
    """Explore new sites; reveal `extra` more face-down sites anywhere; gain `sp` more."""

    extra: int = 0
    sp: int = 0


@dataclass(frozen=True, slots=True)
class LuckyFind:
    """Make up to `count` consecutive lucky finds."""

    count: int


@dataclass(frozen=True, slots=True)
class Build:
    """Complete up to `count` building projects (`same`: all of the same type)."""

    project: Project
    count: int = 1
    same: bool = False


@dataclass(frozen=True, slots=True)
class Install:
    """Install a research card of a deck from your hand, or a goal chip from your goal area."""

    what: Installable
    special: bool = False  # "including the special bonus" (level III)


@dataclass(frozen=True, slots=True)
class DrawSecretly:
    """Draw `draw` face-down research cards, keep `keep`, the rest go to the stack bottoms."""

    draw: int
    keep: int = 1


@dataclass(frozen=True, slots=True)
class Planning:
    """Place `markers` planning markers from supply onto one dice space."""

    markers: int


@dataclass(frozen=True, slots=True)
class MoveFeature:
    """Move up to `count` of your feature markers to any feature spaces."""

    count: int


@dataclass(frozen=True, slots=True)
class IncomeAction:
    """Perform the action of an installed income chip up to `count` times (or 1 SP each)."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class Activity:
    """Perform up to `count` activities (`different`: no activity twice)."""

    count: int = 1
    different: bool = False


@dataclass(frozen=True, slots=True)
class Trade:
    """Perform the Sale and the Purchase actions up to `times` each, in any order."""

    times: int = 1


@dataclass(frozen=True, slots=True)
class Upgrade:
    """Upgrade 1 main module (one showing die value `die`, if given) to its next level."""

    die: int | None = None


@dataclass(frozen=True, slots=True)
class FlipStageTile:
    """Flip `count` of your inactive stage tiles to their active side."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class PlaceTribes:
    """Place up to `count` new tribes on free encampments in one territory where you have one."""

    count: int
    weak: bool = False


@dataclass(frozen=True, slots=True)
class RemoveTribe:
    """Remove `count` of your tribes from anywhere on the continent (negative weather)."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class FavorTest:
    """Take a favor test: `passed` if you pass, otherwise `failed`."""

    passed: tuple[Effect, ...]
    failed: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Choose:
    """Exactly one of the options (the rulebook's "OR"; a slash on the weather gauge)."""

    options: tuple[tuple[Effect, ...], ...]


@dataclass(frozen=True, slots=True)
class InAnyOrder:
    """Every part, in the order the civilization chooses."""

    parts: tuple[tuple[Effect, ...], ...]


Effect = (
    Gain | Pay | Lose | Advance | Migrate | Procreate | Strengthen | Produce | Transport | Hunt
    | Explore | LuckyFind | Build | Install | DrawSecretly | Planning | MoveFeature
    | IncomeAction | Activity | Trade | Upgrade | FlipStageTile | PlaceTribes | RemoveTribe
    | FavorTest | Choose | InAnyOrder
)


@dataclass(frozen=True, slots=True)
class Have:
    """A requirement that is held, not paid: at least `amount` of a count."""

    count: Count
    amount: int
    terrain: Terrain | None = None
    feature: Feature | None = None
    track: Track | None = None
    deck: Deck | None = None


Requirement = Pay | Have


@dataclass(frozen=True, slots=True)
class CostSpace:
    """One of a research card's 5 cost spaces: a requirement, its alternative, its points."""

    need: Requirement
    alt: Requirement | None = None
    sp: int = 0


@dataclass(frozen=True, slots=True)
class ActivityAbility:
    """A new activity (the activity icon): what one use of it does, costs first."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class PointBonus:
    """Final scoring B: `sp` per card and income chip in this card's column (itself included)."""

    sp: int


@dataclass(frozen=True, slots=True)
class Triggered:
    """Whenever `on` happens to this civilization, it gains `effects`."""

    on: Trigger
    effects: tuple[Effect, ...]


Ability = ActivityAbility | PointBonus | Triggered


# ---------------------------------------------------------------- parsing

_E = TypeVar("_E", bound=StrEnum)
Raw = Mapping[str, object]
MAX_AMOUNT = 20


def _fail(raw: object, message: str) -> EffectError:
    shown = dict(raw) if isinstance(raw, Mapping) else raw
    return EffectError(f"effect {shown}: {message}")


def _enum(cls: type[_E], raw: Raw, key: str) -> _E:
    value = raw[key]
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        return cls(value)
    except ValueError:
        allowed = ", ".join(m.value for m in cls)
        raise _fail(raw, f"{key} must be one of {allowed}") from None


def _opt(cls: type[_E], raw: Raw, key: str) -> _E | None:
    return _enum(cls, raw, key) if key in raw else None


def _int(raw: Raw, key: str, default: int, low: int = 1, high: int = MAX_AMOUNT) -> int:
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(raw, f"{key} must be a whole number {low}..{high}")
    return value


def _flag(raw: Raw, key: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise _fail(raw, f"{key} must be true or false")
    return value


def _need(raw: Raw, condition: bool, message: str) -> None:
    if not condition:
        raise _fail(raw, message)


def _kinds(raw: Raw, what: Resource) -> tuple[Material | None, Terrain | None, Feature | None]:
    material, terrain = _opt(Material, raw, "material"), _opt(Terrain, raw, "terrain")
    feature = _opt(Feature, raw, "feature")
    _need(raw, (material is None and terrain is None) or what is Resource.MATERIAL,
          "material and terrain qualify only a stored material")
    _need(raw, material is None or terrain is None, "give a material or a terrain, not both")
    _need(raw, terrain is not Terrain.WATER, "Water territories have no materials")
    _need(raw, feature is None or what is Resource.FEATURE, "feature qualifies only a feature")
    return material, terrain, feature


def _gain(raw: Raw) -> Gain:
    what = _enum(Resource, raw, "gain")
    return Gain(what, _int(raw, "amount", 1, 1, 30), *_kinds(raw, what))


def _pay(raw: Raw) -> Pay:
    what = _enum(Resource, raw, "pay")
    _need(raw, what in PAYABLE, f"only {', '.join(sorted(PAYABLE))} can be paid")
    return Pay(what, _int(raw, "amount", 1), *_kinds(raw, what))


def _lose(raw: Raw) -> Lose:
    what = _enum(Resource, raw, "lose")
    _need(raw, what is Resource.FOOD, "only food markers are lost")
    return Lose(what, _int(raw, "amount", 1))


def _count(key: str, high: int = 6) -> Callable[[Raw], int]:
    return lambda raw: _int(raw, key, 1, 1, high)


def _transport(raw: Raw) -> Transport:
    anywhere = _flag(raw, "boats_anywhere")
    if raw["transport"] == "all":
        return Transport(None, anywhere)
    return Transport(_int(raw, "transport", 1, 1, 12), anywhere)


def _explore(raw: Raw) -> Explore:
    _need(raw, raw["explore"] == 1, "explore = 1 (one exploration)")
    return Explore(_int(raw, "extra", 0, 0, 3), _int(raw, "sp", 0, 0, 10))


def _draw(raw: Raw) -> DrawSecretly:
    draw = _int(raw, "draw_secretly", 2, 2, 6)
    keep = _int(raw, "keep", 1, 1, 5)
    _need(raw, keep < draw, "keep fewer cards than are drawn")
    return DrawSecretly(draw, keep)


def _upgrade(raw: Raw) -> Upgrade:
    _need(raw, raw["upgrade"] == "main", "upgrade = 'main' (only main modules are upgraded)")
    return Upgrade(_int(raw, "die", 1, 1, 6) if "die" in raw else None)


def _favor_test(raw: Raw) -> FavorTest:
    passed = parse_effects(raw["favor_test"])
    _need(raw, bool(passed), "a favor test gates at least one effect")
    return FavorTest(passed, parse_effects(raw.get("fail", [])))


def _branches(raw: Raw, key: str) -> tuple[tuple[Effect, ...], ...]:
    value = raw[key]
    _need(raw, isinstance(value, list) and len(value) >= 2, f"{key} lists 2 or more effect lists")
    assert isinstance(value, list)
    branches = tuple(parse_effects(v) for v in value)
    _need(raw, all(branches), f"{key}: no empty branch")
    return branches


_PARSERS: Mapping[str, Callable[[Raw], Effect]] = {
    "gain": _gain,
    "pay": _pay,
    "lose": _lose,
    "advance": lambda raw: Advance(_enum(TrackTarget, raw, "advance"), _int(raw, "steps", 1, 1, 3)),
    "migrate": lambda raw: Migrate(_count("migrate")(raw)),
    "procreate": lambda raw: Procreate(_count("procreate")(raw)),
    "strengthen": lambda raw: Strengthen(_count("strengthen")(raw)),
    "produce": lambda raw: Produce(_count("produce")(raw)),
    "transport": _transport,
    "hunt": lambda raw: Hunt(_count("hunt", 3)(raw)),
    "explore": _explore,
    "lucky_find": lambda raw: LuckyFind(_count("lucky_find", 3)(raw)),
    "build": lambda raw: Build(_enum(Project, raw, "build"), _int(raw, "count", 1, 1, 3),
                               _flag(raw, "same")),
    "install": lambda raw: Install(_enum(Installable, raw, "install"), _flag(raw, "special")),
    "draw_secretly": _draw,
    "planning": lambda raw: Planning(_count("planning", 4)(raw)),
    "move_feature": lambda raw: MoveFeature(_count("move_feature", 3)(raw)),
    "income_action": lambda raw: IncomeAction(_count("income_action", 3)(raw)),
    "activity": lambda raw: Activity(_count("activity", 3)(raw), _flag(raw, "different")),
    "trade": lambda raw: Trade(_count("trade", 3)(raw)),
    "upgrade": _upgrade,
    "flip_stage_tile": lambda raw: FlipStageTile(_count("flip_stage_tile", 2)(raw)),
    "place_tribes": lambda raw: PlaceTribes(_count("place_tribes", 4)(raw), _flag(raw, "weak")),
    "remove_tribe": lambda raw: RemoveTribe(_count("remove_tribe", 2)(raw)),
    "favor_test": _favor_test,
    "choose": lambda raw: Choose(_branches(raw, "choose")),
    "in_any_order": lambda raw: InAnyOrder(_branches(raw, "in_any_order")),
}

_QUALIFIERS = frozenset({"amount", "material", "terrain", "feature"})
_MODIFIERS: Mapping[str, frozenset[str]] = {
    "gain": _QUALIFIERS,
    "pay": _QUALIFIERS,
    "lose": frozenset({"amount"}),
    "advance": frozenset({"steps"}),
    "transport": frozenset({"boats_anywhere"}),
    "explore": frozenset({"extra", "sp"}),
    "build": frozenset({"count", "same"}),
    "install": frozenset({"special"}),
    "draw_secretly": frozenset({"keep"}),
    "activity": frozenset({"different"}),
    "upgrade": frozenset({"die"}),
    "place_tribes": frozenset({"weak"}),
    "favor_test": frozenset({"fail"}),
}

HEADS = tuple(_PARSERS)


def _head(raw: object, heads: Mapping[str, object], example: str) -> str:
    if not isinstance(raw, Mapping) or not all(isinstance(k, str) for k in raw):
        raise EffectError(f"effect {raw!r} must be a table such as {example}")
    found = [str(key) for key in raw if key in heads]
    if len(found) != 1:
        raise _fail(raw, f"needs exactly one of: {', '.join(heads)}")
    return found[0]


def parse_effect(raw: object) -> Effect:
    """Parse one effect table; raise EffectError on anything outside the vocabulary."""
    head = _head(raw, _PARSERS, "{ gain = 'food', amount = 2 }")
    assert isinstance(raw, Mapping)
    unknown = set(raw) - {head} - _MODIFIERS.get(head, frozenset())
    if unknown:
        raise _fail(raw, f"unknown term(s) {', '.join(sorted(unknown))}")
    return _PARSERS[head](raw)


def parse_effects(raw: object) -> tuple[Effect, ...]:
    """Parse a list of effect tables (an empty list is allowed)."""
    if not isinstance(raw, list):
        raise EffectError(f"effects {raw!r} must be a list of tables")
    return tuple(parse_effect(item) for item in raw)


_HAVE_FILTERS = ("terrain", "feature", "track", "deck")


def _have(raw: Raw) -> Have:
    unknown = set(raw) - {"have", "amount", *_HAVE_FILTERS}
    _need(raw, not unknown, f"unknown term(s) {', '.join(sorted(unknown))}")
    count = _enum(Count, raw, "have")
    terrain, feature = _opt(Terrain, raw, "terrain"), _opt(Feature, raw, "feature")
    track, deck = _opt(Track, raw, "track"), _opt(Deck, raw, "deck")
    _need(raw, terrain is None or count in TERRAIN_COUNTS, f"{count} takes no terrain")
    _need(raw, feature is None or count is Count.FEATURES, "feature filters only features")
    _need(raw, (track is not None) == (count is Count.TRACK), "track is required by, and only "
          "by, a track count")
    _need(raw, deck is None or count is Count.RESEARCH_CARDS, "deck filters only research_cards")
    return Have(count, _int(raw, "amount", 1, 1, 30), terrain, feature, track, deck)


def parse_requirement(raw: object) -> Requirement:
    """Parse a requirement: a `pay` table (returned) or a `have` table (held)."""
    head = _head(raw, {"pay": None, "have": None}, "{ have = 'features', feature = 'calm' }")
    assert isinstance(raw, Mapping)
    if head == "have":
        return _have(raw)
    effect = parse_effect(raw)
    assert isinstance(effect, Pay)
    return effect


def parse_cost_space(raw: object) -> CostSpace:
    """Parse a cost space: a requirement, optionally `alt` (another requirement) and `sp`."""
    if not isinstance(raw, Mapping):
        raise EffectError(f"cost space {raw!r} must be a table")
    need = {k: v for k, v in raw.items() if k not in ("alt", "sp")}
    alt = parse_requirement(raw["alt"]) if "alt" in raw else None
    return CostSpace(parse_requirement(need), alt, _int(raw, "sp", 0, 0, 10))


def parse_ability(raw: object) -> Ability:
    """Parse an ability: `{ activity = [...] }`, `{ point_bonus = N }` or `{ on, effects }`."""
    heads = {"activity": None, "point_bonus": None, "on": None}
    head = _head(raw, heads, "{ on = 'hunt', effects = [{ gain = 'food' }] }")
    assert isinstance(raw, Mapping)
    allowed = {head, "effects"} if head == "on" else {head}
    unknown = set(raw) - allowed
    _need(raw, not unknown, f"unknown term(s) {', '.join(sorted(unknown))}")
    if head == "point_bonus":
        return PointBonus(_int(raw, "point_bonus", 1, 1, 5))
    if head == "activity":
        effects = parse_effects(raw["activity"])
        _need(raw, bool(effects) and not all(isinstance(e, Pay) for e in effects),
              "an activity does something beyond its cost")
        return ActivityAbility(effects)
    effects = parse_effects(raw.get("effects"))
    _need(raw, bool(effects), "a triggered ability needs effects")
    return Triggered(_enum(Trigger, raw, "on"), effects)


# ---------------------------------------------------------------- reading effects

def walk(effects: tuple[Effect, ...]) -> Iterator[Effect]:
    """Every effect, nested ones included (favor-test branches, choices, parts)."""
    for effect in effects:
        yield effect
        match effect:
            case FavorTest(passed=passed, failed=failed):
                yield from walk(passed)
                yield from walk(failed)
            case Choose(options=branches) | InAnyOrder(parts=branches):
                for branch in branches:
                    yield from walk(branch)
            case _:
                pass
