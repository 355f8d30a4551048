"""The effect vocabulary of Inventions: Evolution of Ideas, as frozen data (run by
`rules/iconography.py`), in the words of `terms.py`.

Every benefit, chain action and scoring condition printed on a component is written in the data
files as a small TOML table with exactly one *head* key, taken from the rulebook's Iconography and
its named actions (rulebook, "Iconography" and "The Actions"):

>>> parse_effect({"gain": "influence", "amount": 1})
Gain(what=<Resource.INFLUENCE: 'influence'>, amount=1, specialty=None, side=None, per=None)
>>> describe(parse_effect({"chain": "present_idea"}))
'chain: present an idea'
>>> parse_effect({"gain": "glory"})
Traceback (most recent call last):
...
ingenium.games.inventions.components.effects.EffectError: effect {'gain': 'glory'}: \
gain must be one of \
ip, influence, scholar, specialist, economy_token, aspiration

Heads (modifiers in brackets):

* `gain` [amount, specialty, side, per]: gain IP; influence (max 10); a scholar (academy
  limit); a new specialist of the shown type; an Economy token; an Aspiration tile on a side.
* `action`: perform this named action now (no pillar, no Chain Action token).
* `chain`: a Chain Action: spend one prepared token to perform the named action.
* `place_citizen`: place a new citizen in any map region of the world.
* `bring_home`: bring citizens home from a region as specialists.
* `build` [influence_cost]: build Progress tiles equal to your era − 1.
* `build_discount`: build this Progress tile with a discount of N citizens.
* `turn_order`: change position in turn order (at the next Era Change).
* `score` [ip, tile, specialty, region, era_min, era_max, limit]: end-game IP per counted
  thing (Wealth tiles, Private Goal cards).

Unknown heads, unknown modifiers and unknown values are rejected with `EffectError`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from ingenium.engine.errors import IngeniumError
from ingenium.games.inventions.components.terms import (
    ACTION_NAMES,
    INVENTION_COUNTERS,
    NUM_ERAS,
    NUM_REGIONS,
    REGION_COUNTERS,
    SPECIALIST_NAMES,
    SPECIALTY_COUNTERS,
    Action,
    AspirationSide,
    BuildCount,
    Counted,
    Per,
    Resource,
    Specialty,
    TileKind,
    TurnOrder,
    Where,
)


class EffectError(IngeniumError, ValueError):
    """An effect table that is not in the vocabulary."""


@dataclass(frozen=True, slots=True)
class Gain:
    """Gain `amount` of a resource (times `per`, if given)."""

    what: Resource
    amount: int = 1
    specialty: Specialty | None = None  # for a specialist
    side: AspirationSide | None = None  # for an Aspiration tile
    per: Per | None = None


@dataclass(frozen=True, slots=True)
class TakeAction:
    """Perform a named action at once, without a pillar or a Chain Action token."""

    action: Action


@dataclass(frozen=True, slots=True)
class Chain:
    """A Chain Action: spend one prepared Chain Action token to perform the action."""

    action: Action


@dataclass(frozen=True, slots=True)
class PlaceCitizen:
    """Place a new citizen from your supply on the map."""

    where: Where


@dataclass(frozen=True, slots=True)
class BringHome:
    """Bring your citizens home from one map region as specialists of its idea's type."""

    where: Where


@dataclass(frozen=True, slots=True)
class Build:
    """Build Progress tiles (era − 1 of them), paying `influence_cost` influence first."""

    count: BuildCount
    influence_cost: int = 0


@dataclass(frozen=True, slots=True)
class BuildDiscount:
    """Build the tile placed here with a discount of `citizens` citizens."""

    citizens: int


@dataclass(frozen=True, slots=True)
class ChangeTurnOrder:
    """Change position in turn order during the next Era Change."""

    how: TurnOrder


@dataclass(frozen=True, slots=True)
class Score:
    """At final scoring, `ip` IP per counted thing (at most `limit` things, if given)."""

    counter: Counted
    ip: int
    tile: TileKind | None = None
    specialty: Specialty | None = None
    region: int | None = None
    era_min: int | None = None
    era_max: int | None = None
    limit: int | None = None


Effect = (
    Gain | TakeAction | Chain | PlaceCitizen | BringHome | Build | BuildDiscount
    | ChangeTurnOrder | Score
)

_E = TypeVar("_E", bound=StrEnum)
Raw = Mapping[str, object]


def _enum(cls: type[_E], raw: Raw, key: str) -> _E:
    value = raw[key]
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        return cls(value)
    except ValueError:
        allowed = ", ".join(m.value for m in cls)
        raise EffectError(f"effect {dict(raw)}: {key} must be one of {allowed}") from None


def _opt_enum(cls: type[_E], raw: Raw, key: str) -> _E | None:
    return _enum(cls, raw, key) if key in raw else None


def _int(raw: Raw, key: str, default: int | None, low: int, high: int) -> int | None:
    if key not in raw:
        return default
    value = raw[key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise EffectError(f"effect {dict(raw)}: {key} must be a whole number {low}..{high}")
    return value


def _req_int(raw: Raw, key: str, default: int, low: int, high: int) -> int:
    value = _int(raw, key, default, low, high)
    return default if value is None else value


def _need(raw: Raw, condition: bool, message: str) -> None:
    if not condition:
        raise EffectError(f"effect {dict(raw)}: {message}")


def _gain(raw: Raw) -> Gain:
    what = _enum(Resource, raw, "gain")
    specialty = _opt_enum(Specialty, raw, "specialty")
    side = _opt_enum(AspirationSide, raw, "side")
    per = _opt_enum(Per, raw, "per")
    _need(raw, (specialty is not None) == (what is Resource.SPECIALIST),
          "specialty is required for, and only for, a specialist")
    _need(raw, (side is not None) == (what is Resource.ASPIRATION),
          "side is required for, and only for, an aspiration")
    _need(raw, per is None or what in (Resource.IP, Resource.INFLUENCE),
          "per applies only to ip or influence")
    return Gain(what, _req_int(raw, "amount", 1, 1, 20), specialty, side, per)


def _build(raw: Raw) -> Build:
    return Build(_enum(BuildCount, raw, "build"), _req_int(raw, "influence_cost", 0, 0, 10))


def _build_discount(raw: Raw) -> BuildDiscount:
    return BuildDiscount(_req_int(raw, "build_discount", 0, 1, 5))


def _score(raw: Raw) -> Score:
    counter = _enum(Counted, raw, "score")
    tile = _opt_enum(TileKind, raw, "tile")
    specialty = _opt_enum(Specialty, raw, "specialty")
    region = _int(raw, "region", None, 1, NUM_REGIONS)
    era_min = _int(raw, "era_min", None, 1, NUM_ERAS)
    era_max = _int(raw, "era_max", None, 1, NUM_ERAS)
    _need(raw, (region is not None) == (counter in REGION_COUNTERS),
          "region is required for, and only for, a per-region counter")
    _need(raw, (tile is not None) == (counter is Counted.PROGRESS_TILE),
          "tile is required for, and only for, progress_tile (use tile = 'any' for all)")
    _need(raw, specialty is None or counter in SPECIALTY_COUNTERS,
          "specialty filters only invention or specialist")
    _need(raw, (era_min is None and era_max is None) or counter in INVENTION_COUNTERS,
          "era_min/era_max filter only invention")
    _need(raw, era_min is None or era_max is None or era_min <= era_max, "era_min > era_max")
    limit = _int(raw, "limit", None, 1, 30)
    return Score(counter, _req_int(raw, "ip", 0, 1, 20), tile, specialty, region,
                 era_min, era_max, limit)


_PARSERS: Mapping[str, Callable[[Raw], Effect]] = {
    "gain": _gain,
    "action": lambda raw: TakeAction(_enum(Action, raw, "action")),
    "chain": lambda raw: Chain(_enum(Action, raw, "chain")),
    "place_citizen": lambda raw: PlaceCitizen(_enum(Where, raw, "place_citizen")),
    "bring_home": lambda raw: BringHome(_enum(Where, raw, "bring_home")),
    "build": _build,
    "build_discount": _build_discount,
    "turn_order": lambda raw: ChangeTurnOrder(_enum(TurnOrder, raw, "turn_order")),
    "score": _score,
}

_MODIFIERS: Mapping[str, frozenset[str]] = {
    "gain": frozenset({"amount", "specialty", "side", "per"}),
    "build": frozenset({"influence_cost"}),
    "score": frozenset({"ip", "tile", "specialty", "region", "era_min", "era_max", "limit"}),
}

HEADS = tuple(_PARSERS)


def parse_effect(raw: object) -> Effect:
    """Parse one effect table; raise EffectError on anything outside the vocabulary."""
    if not isinstance(raw, Mapping) or not all(isinstance(k, str) for k in raw):
        raise EffectError(f"effect {raw!r} must be a table such as {{ gain = 'ip', amount = 3 }}")
    heads = [key for key in raw if key in _PARSERS]
    if len(heads) != 1:
        raise EffectError(f"effect {dict(raw)} needs exactly one of: {', '.join(HEADS)}")
    head = heads[0]
    unknown = set(raw) - {head} - _MODIFIERS.get(head, frozenset())
    if unknown:
        raise EffectError(f"effect {dict(raw)}: unknown term(s) {', '.join(sorted(unknown))}")
    if head == "score" and "ip" not in raw:
        raise EffectError(f"effect {dict(raw)}: a score needs ip")
    return _PARSERS[head](raw)


def parse_effects(raw: object) -> tuple[Effect, ...]:
    """Parse a list of effect tables (an empty list is allowed)."""
    if not isinstance(raw, list):
        raise EffectError(f"effects {raw!r} must be a list of tables")
    return tuple(parse_effect(item) for item in raw)


def parse_action(raw: object) -> Action:
    """Parse a named action ('invent'); raise EffectError otherwise."""
    try:
        if not isinstance(raw, str):
            raise ValueError(raw)
        return Action(raw)
    except ValueError:
        allowed = ", ".join(a.value for a in Action)
        raise EffectError(f"action {raw!r} must be one of {allowed}") from None


def _describe_gain(gain: Gain) -> str:
    match gain:
        case Gain(what=Resource.SPECIALIST, specialty=Specialty() as specialty):
            name = SPECIALIST_NAMES[specialty]
            text = f"gain {'an' if name[0] in 'aeiou' else 'a'} {name}"
        case Gain(what=Resource.ASPIRATION, side=AspirationSide() as side):
            article = "an" if side.value[0] in "aeiou" else "a"
            text = f"gain {article} {side.value} Aspiration tile"
        case Gain(what=Resource.SCHOLAR, amount=n):
            text = "gain a scholar" if n == 1 else f"gain {n} scholars"
        case Gain(what=Resource.ECONOMY_TOKEN):
            text = "gain an Economy token"
        case Gain(what=Resource.IP, amount=n):
            text = f"gain {n} IP"
        case _:
            text = f"gain {gain.amount} {gain.what.value}"
    if gain.per is not None:
        text += f" per {gain.per.value.replace('_', ' ')}"
    return text


def _describe_score(score: Score) -> str:
    what = score.counter.value.replace("_", " ")
    filters = [f.value for f in (score.tile, score.specialty) if f is not None]
    if score.region is not None:
        filters.append(f"region {score.region}")
    if score.era_min is not None or score.era_max is not None:
        filters.append(f"era {score.era_min or 1}-{score.era_max or NUM_ERAS}")
    text = f"{score.ip} IP per {what}" + (f" ({', '.join(filters)})" if filters else "")
    return text + (f", at most {score.limit}" if score.limit else "")


def describe(effect: Effect) -> str:
    """Short English text for an effect, in the rulebook's words.

    >>> describe(parse_effect({"gain": "specialist", "specialty": "culture"}))
    'gain an artisan'
    """
    match effect:
        case Gain():
            return _describe_gain(effect)
        case TakeAction(action=action):
            return ACTION_NAMES[action].lower()
        case Chain(action=action):
            return f"chain: {ACTION_NAMES[action].lower()}"
        case PlaceCitizen():
            return "place a new citizen in any map region"
        case BringHome():
            return "bring citizens home from a region as specialists"
        case Build(influence_cost=cost):
            return "build Progress tiles equal to your era − 1" + (
                f" for {cost} influence" if cost else "")
        case BuildDiscount(citizens=n):
            return f"build this tile with a discount of {n} citizens"
        case ChangeTurnOrder():
            return "change position in turn order"
        case Score():
            return _describe_score(effect)
