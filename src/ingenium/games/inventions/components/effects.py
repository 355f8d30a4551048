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
ingenium.engine.effect_terms.EffectError: effect {'gain': 'glory'}: \
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

Unknown heads, unknown modifiers and unknown values are rejected with `EffectError`
(`ingenium.engine.effect_terms` holds the parsing helpers the games share).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ingenium.engine.components import Parsed
from ingenium.engine.effect_terms import (
    EffectError,
    Raw,
    Vocabulary,
    need,
    optional_term,
    term,
    whole,
)
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

def _gain(raw: Raw) -> Gain:
    what = term(Resource, raw, "gain")
    specialty = optional_term(Specialty, raw, "specialty")
    side = optional_term(AspirationSide, raw, "side")
    per = optional_term(Per, raw, "per")
    need(raw, (specialty is not None) == (what is Resource.SPECIALIST),
         "specialty is required for, and only for, a specialist")
    need(raw, (side is not None) == (what is Resource.ASPIRATION),
         "side is required for, and only for, an aspiration")
    need(raw, per is None or what in (Resource.IP, Resource.INFLUENCE),
         "per applies only to ip or influence")
    return Gain(what, whole(raw, "amount", 1, 1, 20), specialty, side, per)


def _score(raw: Raw) -> Score:
    need(raw, "ip" in raw, "a score needs ip")
    counter = term(Counted, raw, "score")
    tile = optional_term(TileKind, raw, "tile")
    specialty = optional_term(Specialty, raw, "specialty")
    region = whole(raw, "region", None, 1, NUM_REGIONS)
    era_min = whole(raw, "era_min", None, 1, NUM_ERAS)
    era_max = whole(raw, "era_max", None, 1, NUM_ERAS)
    need(raw, (region is not None) == (counter in REGION_COUNTERS),
         "region is required for, and only for, a per-region counter")
    need(raw, (tile is not None) == (counter is Counted.PROGRESS_TILE),
         "tile is required for, and only for, progress_tile (use tile = 'any' for all)")
    need(raw, specialty is None or counter in SPECIALTY_COUNTERS,
         "specialty filters only invention or specialist")
    need(raw, (era_min is None and era_max is None) or counter in INVENTION_COUNTERS,
         "era_min/era_max filter only invention")
    need(raw, era_min is None or era_max is None or era_min <= era_max, "era_min > era_max")
    return Score(counter, whole(raw, "ip", 0, 1, 20), tile, specialty, region, era_min,
                 era_max, whole(raw, "limit", None, 1, 30))


VOCABULARY: Vocabulary[Effect] = Vocabulary({
    "gain": _gain,
    "action": lambda raw: TakeAction(term(Action, raw, "action")),
    "chain": lambda raw: Chain(term(Action, raw, "chain")),
    "place_citizen": lambda raw: PlaceCitizen(term(Where, raw, "place_citizen")),
    "bring_home": lambda raw: BringHome(term(Where, raw, "bring_home")),
    "build": lambda raw: Build(term(BuildCount, raw, "build"),
                               whole(raw, "influence_cost", 0, 0, 10)),
    "build_discount": lambda raw: BuildDiscount(whole(raw, "build_discount", 0, 1, 5)),
    "turn_order": lambda raw: ChangeTurnOrder(term(TurnOrder, raw, "turn_order")),
    "score": _score,
}, {
    "gain": frozenset({"amount", "specialty", "side", "per"}),
    "build": frozenset({"influence_cost"}),
    "score": frozenset({"ip", "tile", "specialty", "region", "era_min", "era_max", "limit"}),
}, "{ gain = 'ip', amount = 3 }")
HEADS = VOCABULARY.heads
parse_effect = VOCABULARY.parse
parse_effects = VOCABULARY.parse_list


def parse_action(raw: object) -> Action:
    """Parse a named action ('invent'); raise EffectError otherwise."""
    if isinstance(raw, str) and raw in Action._value2member_map_:
        return Action(raw)
    allowed = ", ".join(a.value for a in Action)
    raise EffectError(f"action {raw!r} must be one of {allowed}")


def _actions(raw: object) -> tuple[Action, ...]:
    if not isinstance(raw, list):
        raise EffectError(f"actions {raw!r} must be a list of action names")
    return tuple(parse_action(a) for a in raw)


# Record fields read through the vocabulary (see `ingenium.engine.components.record`).
Effects = Annotated[tuple[Effect, ...], Parsed(parse_effects)]
ActionTerm = Annotated[Action, Parsed(parse_action)]
OptionalAction = Annotated[Action | None, Parsed(
    lambda raw: None if raw is None else parse_action(raw))]
Actions = Annotated[tuple[Action, ...], Parsed(_actions)]


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
