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
ingenium.engine.effect_terms.EffectError: effect {'gain': 'glory'}: gain must \
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

from ingenium.engine.effect_terms import (
    EffectError,
    Raw,
    Vocabulary,
    flag,
    head,
    need,
    optional_term,
    term,
    whole,
)
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

MAX_AMOUNT = 20


def _int(raw: Raw, key: str, default: int, low: int = 1, high: int = MAX_AMOUNT) -> int:
    return whole(raw, key, default, low, high)


def _kinds(raw: Raw, what: Resource) -> tuple[Material | None, Terrain | None, Feature | None]:
    material = optional_term(Material, raw, "material")
    terrain = optional_term(Terrain, raw, "terrain")
    feature = optional_term(Feature, raw, "feature")
    need(raw, (material is None and terrain is None) or what is Resource.MATERIAL,
         "material and terrain qualify only a stored material")
    need(raw, material is None or terrain is None, "give a material or a terrain, not both")
    need(raw, terrain is not Terrain.WATER, "Water territories have no materials")
    need(raw, feature is None or what is Resource.FEATURE, "feature qualifies only a feature")
    return material, terrain, feature


def _gain(raw: Raw) -> Gain:
    what = term(Resource, raw, "gain")
    return Gain(what, _int(raw, "amount", 1, 1, 30), *_kinds(raw, what))


def _pay(raw: Raw) -> Pay:
    what = term(Resource, raw, "pay")
    need(raw, what in PAYABLE, f"only {', '.join(sorted(PAYABLE))} can be paid")
    return Pay(what, _int(raw, "amount", 1), *_kinds(raw, what))


def _lose(raw: Raw) -> Lose:
    what = term(Resource, raw, "lose")
    need(raw, what is Resource.FOOD, "only food markers are lost")
    return Lose(what, _int(raw, "amount", 1))


def _count(key: str, high: int = 6) -> Callable[[Raw], int]:
    return lambda raw: _int(raw, key, 1, 1, high)


def _transport(raw: Raw) -> Transport:
    anywhere = flag(raw, "boats_anywhere")
    if raw["transport"] == "all":
        return Transport(None, anywhere)
    return Transport(_int(raw, "transport", 1, 1, 12), anywhere)


def _explore(raw: Raw) -> Explore:
    need(raw, raw["explore"] == 1, "explore = 1 (one exploration)")
    return Explore(_int(raw, "extra", 0, 0, 3), _int(raw, "sp", 0, 0, 10))


def _draw(raw: Raw) -> DrawSecretly:
    draw = _int(raw, "draw_secretly", 2, 2, 6)
    keep = _int(raw, "keep", 1, 1, 5)
    need(raw, keep < draw, "keep fewer cards than are drawn")
    return DrawSecretly(draw, keep)


def _upgrade(raw: Raw) -> Upgrade:
    need(raw, raw["upgrade"] == "main", "upgrade = 'main' (only main modules are upgraded)")
    return Upgrade(_int(raw, "die", 1, 1, 6) if "die" in raw else None)


def _favor_test(raw: Raw) -> FavorTest:
    passed = parse_effects(raw["favor_test"])
    need(raw, bool(passed), "a favor test gates at least one effect")
    return FavorTest(passed, parse_effects(raw.get("fail", [])))


def _branches(raw: Raw, key: str) -> tuple[tuple[Effect, ...], ...]:
    value = raw[key]
    need(raw, isinstance(value, list) and len(value) >= 2, f"{key} lists 2 or more effect lists")
    assert isinstance(value, list)
    branches = tuple(parse_effects(v) for v in value)
    need(raw, all(branches), f"{key}: no empty branch")
    return branches


_PARSERS: Mapping[str, Callable[[Raw], Effect]] = {
    "gain": _gain,
    "pay": _pay,
    "lose": _lose,
    "advance": lambda raw: Advance(term(TrackTarget, raw, "advance"), _int(raw, "steps", 1, 1, 3)),
    "migrate": lambda raw: Migrate(_count("migrate")(raw)),
    "procreate": lambda raw: Procreate(_count("procreate")(raw)),
    "strengthen": lambda raw: Strengthen(_count("strengthen")(raw)),
    "produce": lambda raw: Produce(_count("produce")(raw)),
    "transport": _transport,
    "hunt": lambda raw: Hunt(_count("hunt", 3)(raw)),
    "explore": _explore,
    "lucky_find": lambda raw: LuckyFind(_count("lucky_find", 3)(raw)),
    "build": lambda raw: Build(term(Project, raw, "build"), _int(raw, "count", 1, 1, 3),
                               flag(raw, "same")),
    "install": lambda raw: Install(term(Installable, raw, "install"), flag(raw, "special")),
    "draw_secretly": _draw,
    "planning": lambda raw: Planning(_count("planning", 4)(raw)),
    "move_feature": lambda raw: MoveFeature(_count("move_feature", 3)(raw)),
    "income_action": lambda raw: IncomeAction(_count("income_action", 3)(raw)),
    "activity": lambda raw: Activity(_count("activity", 3)(raw), flag(raw, "different")),
    "trade": lambda raw: Trade(_count("trade", 3)(raw)),
    "upgrade": _upgrade,
    "flip_stage_tile": lambda raw: FlipStageTile(_count("flip_stage_tile", 2)(raw)),
    "place_tribes": lambda raw: PlaceTribes(_count("place_tribes", 4)(raw), flag(raw, "weak")),
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

VOCABULARY: Vocabulary[Effect] = Vocabulary(_PARSERS, _MODIFIERS,
                                            "{ gain = 'food', amount = 2 }")
HEADS = VOCABULARY.heads
parse_effect = VOCABULARY.parse
parse_effects = VOCABULARY.parse_list


_HAVE_FILTERS = ("terrain", "feature", "track", "deck")


def _have(raw: Raw) -> Have:
    unknown = set(raw) - {"have", "amount", *_HAVE_FILTERS}
    need(raw, not unknown, f"unknown term(s) {', '.join(sorted(unknown))}")
    count = term(Count, raw, "have")
    terrain = optional_term(Terrain, raw, "terrain")
    feature = optional_term(Feature, raw, "feature")
    track, deck = optional_term(Track, raw, "track"), optional_term(Deck, raw, "deck")
    need(raw, terrain is None or count in TERRAIN_COUNTS, f"{count} takes no terrain")
    need(raw, feature is None or count is Count.FEATURES, "feature filters only features")
    need(raw, (track is not None) == (count is Count.TRACK), "track is required by, and only "
         "by, a track count")
    need(raw, deck is None or count is Count.RESEARCH_CARDS, "deck filters only research_cards")
    return Have(count, _int(raw, "amount", 1, 1, 30), terrain, feature, track, deck)


def parse_requirement(raw: object) -> Requirement:
    """Parse a requirement: a `pay` table (returned) or a `have` table (held)."""
    key = head(raw, {"pay": None, "have": None}, "{ have = 'features', feature = 'calm' }")
    assert isinstance(raw, Mapping)
    if key == "have":
        return _have(raw)
    effect = parse_effect(raw)
    assert isinstance(effect, Pay)
    return effect


def parse_cost_space(raw: object) -> CostSpace:
    """Parse a cost space: a requirement, optionally `alt` (another requirement) and `sp`."""
    if not isinstance(raw, Mapping):
        raise EffectError(f"cost space {raw!r} must be a table")
    needed = {k: v for k, v in raw.items() if k not in ("alt", "sp")}
    alt = parse_requirement(raw["alt"]) if "alt" in raw else None
    return CostSpace(parse_requirement(needed), alt, _int(raw, "sp", 0, 0, 10))


def parse_ability(raw: object) -> Ability:
    """Parse an ability: `{ activity = [...] }`, `{ point_bonus = N }` or `{ on, effects }`."""
    heads = {"activity": None, "point_bonus": None, "on": None}
    key = head(raw, heads, "{ on = 'hunt', effects = [{ gain = 'food' }] }")
    assert isinstance(raw, Mapping)
    allowed = {key, "effects"} if key == "on" else {key}
    unknown = set(raw) - allowed
    need(raw, not unknown, f"unknown term(s) {', '.join(sorted(unknown))}")
    if key == "point_bonus":
        return PointBonus(_int(raw, "point_bonus", 1, 1, 5))
    if key == "activity":
        effects = parse_effects(raw["activity"])
        need(raw, bool(effects) and not all(isinstance(e, Pay) for e in effects),
             "an activity does something beyond its cost")
        return ActivityAbility(effects)
    effects = parse_effects(raw.get("effects"))
    need(raw, bool(effects), "a triggered ability needs effects")
    return Triggered(term(Trigger, raw, "on"), effects)


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
