"""Effects written back in the rulebook's words, for labels, logs and the terminal board.

>>> from ingenium.games.civolution.components.effects import parse_effect
>>> describe(parse_effect({"favor_test": [{"migrate": 2}], "fail": [{"migrate": 1}]}))
'take a favor test: if passed, perform up to 2 migrations; if not, perform 1 migration'
"""

from __future__ import annotations

from ingenium.games.civolution.components.effects import (
    Ability,
    Activity,
    ActivityAbility,
    Advance,
    Build,
    Choose,
    DrawSecretly,
    Effect,
    Explore,
    FavorTest,
    FlipStageTile,
    Gain,
    Have,
    Hunt,
    InAnyOrder,
    IncomeAction,
    Install,
    Lose,
    LuckyFind,
    Migrate,
    MoveFeature,
    Pay,
    PlaceTribes,
    Planning,
    PointBonus,
    Procreate,
    Produce,
    RemoveTribe,
    Requirement,
    Strengthen,
    Trade,
    Transport,
    Triggered,
    Upgrade,
)
from ingenium.games.civolution.components.icons import (
    Count,
    Installable,
    Project,
    Resource,
    TrackTarget,
)
from ingenium.games.civolution.components.records import EventCard


def _times(n: int, one: str, many: str) -> str:
    return one if n == 1 else f"up to {n} {many}"


def _kind_of(effect: Gain | Pay) -> str:
    if effect.material is not None:
        return f" ({effect.material.value})"
    if effect.terrain is not None:
        return f" ({effect.terrain.value})"
    if effect.feature is not None:
        return f" ({effect.feature.value})"
    return ""


_MARKERS = {Resource.IDEA: "idea marker", Resource.FOCUS: "focus marker",
            Resource.FOOD: "food marker", Resource.MONEY: "money marker",
            Resource.MATERIAL: "stored material", Resource.FEATURE: "feature marker",
            Resource.FATE_DIE: "fate die", Resource.ACTIVATION_DIE: "activation die",
            Resource.RESEARCH_CARD: "research card", Resource.GOAL_CHIP: "goal chip",
            Resource.INCOME_CHIP: "income chip"}


def _amount(n: int, what: Resource) -> str:
    if what is Resource.SP:
        return f"{n} SP"
    noun = _MARKERS[what]
    plural = noun.replace("die", "dice") if noun.endswith("die") else noun + "s"
    return f"{n} {noun if n == 1 else plural}"


def _list(effects: tuple[Effect, ...]) -> str:
    return ", ".join(describe(e) for e in effects)


def describe(effect: Effect) -> str:
    """Short English text for an effect, in the rulebook's words.

    >>> from ingenium.games.civolution.components.effects import parse_effect
    >>> describe(parse_effect({"choose": [[{"hunt": 1}], [{"strengthen": 3}]]}))
    'perform a hunt OR strengthen up to 3 weak tribes'
    """
    match effect:
        case Gain(what=what, amount=n):
            return f"gain {_amount(n, what)}{_kind_of(effect)}"
        case Pay(what=what, amount=n):
            return f"pay {_amount(n, what)}{_kind_of(effect)}"
        case Lose(what=what, amount=n):
            return f"return {_amount(n, what)} to supply"
        case Advance(track=TrackTarget.FAVOR, steps=n):
            return f"advance {n} on the Favor of Agera track"
        case Advance(track=TrackTarget.ANY, steps=n):
            return f"advance a disc {n} on a progress track of your choice"
        case Advance(track=track, steps=n):
            return f"advance {n} on {track.value.capitalize()}"
        case Migrate(count=n):
            return "perform " + _times(n, "1 migration", "migrations")
        case Procreate(count=n):
            return "perform " + _times(n, "1 procreation", "procreations")
        case Strengthen(count=n):
            return "strengthen " + _times(n, "1 weak tribe", "weak tribes")
        case Produce(count=n):
            return f"produce {n} raw material{'s' if n > 1 else ''}"
        case Transport(count=None, boats_anywhere=anywhere):
            return "transport all raw materials" + (" (from boats to any space)" * anywhere)
        case Transport(count=n):
            return "transport " + _times(n or 1, "1 raw material", "raw materials")
        case Hunt(count=n):
            return "perform a hunt" if n == 1 else f"perform up to {n} consecutive hunts"
        case Explore(extra=extra, sp=sp):
            text = "explore new sites"
            text += f", reveal {extra} more site anywhere" if extra else ""
            return text + (f", gain {sp} SP" if sp else "")
        case LuckyFind(count=n):
            return "make a lucky find" if n == 1 else f"make {n} consecutive lucky finds"
        case Build(project=project, count=n, same=same):
            noun = "building project" if project is Project.ANY else project.value
            text = f"complete {_times(n, '1 ' + noun, noun + 's')}"
            return text + (" of the same type" if same else "")
        case Install(what=installable, special=special):
            return f"install 1 {installable.value.replace('_', ' ')}" + (
                " card" if installable is not Installable.GOAL_CHIP else "") + (
                " including the special bonus" if special else "")
        case DrawSecretly(draw=n, keep=k):
            return f"draw {n} face-down research cards, keep {k}"
        case Planning(markers=n):
            return f"place {n} planning markers on one dice space"
        case MoveFeature(count=n):
            return "move " + _times(n, "1 feature marker", "feature markers")
        case IncomeAction(count=n):
            return "perform " + _times(n, "the action of 1 income chip", "income-chip actions")
        case Activity(count=n, different=different):
            return "perform " + _times(n, "1 activity", "different activities" if different
                                       else "activities")
        case Trade(times=n):
            return "perform the Sale and the Purchase" + (f" up to {n} times each" if n > 1
                                                          else " up to once each")
        case Upgrade(die=None):
            return "upgrade 1 main module"
        case Upgrade(die=die):
            return f"upgrade 1 main module showing a {die}"
        case FlipStageTile(count=n):
            return f"flip {n} stage tile{'s' if n > 1 else ''} to active"
        case PlaceTribes(count=n, weak=weak):
            return f"place up to {n} {'weak ' if weak else ''}tribes on free encampments " \
                   "in one of your territories"
        case RemoveTribe(count=n):
            return f"remove {n} of your tribes"
        case FavorTest(passed=passed, failed=failed):
            text = f"take a favor test: if passed, {_list(passed)}"
            return text + (f"; if not, {_list(failed)}" if failed else "")
        case Choose(options=options):
            return " OR ".join(_list(o) for o in options)
        case InAnyOrder(parts=parts):
            return " and ".join(_list(p) for p in parts) + " (in any order)"


_NOUNS: dict[Count, tuple[str, str]] = {
    Count.TRIBES: ("tribe", "tribes"), Count.STRONG_TRIBES: ("strong tribe", "strong tribes"),
    Count.FARMS: ("farm", "farms"), Count.BOATS: ("boat", "boats"),
    Count.FULL_BOATS: ("boat with both seats taken", "boats with both seats taken"),
    Count.SETTLEMENTS: ("built settlement", "built settlements"),
    Count.STATUES: ("statue", "statues"),
    Count.BUILDINGS: ("statue or settlement", "statues and settlements"),
    Count.FEATURES: ("feature marker", "feature markers"),
    Count.FOOD: ("food marker", "food markers"), Count.MONEY: ("money marker", "money markers"),
    Count.IDEAS: ("idea marker", "idea markers"),
    Count.MATERIALS: ("stored material", "stored materials"),
    Count.FATE_DICE: ("fate die", "fate dice"),
    Count.ACTIVATION_DICE: ("activation die", "activation dice"),
    Count.RESEARCH_CARDS: ("installed research card", "installed research cards"),
    Count.INCOME_CHIPS: ("installed income chip", "installed income chips"),
    Count.GOAL_CHIPS: ("installed goal chip", "installed goal chips"),
    Count.PROSPERITY: ("active diamond", "active diamonds"),
}


def _n(n: int | None, nouns: tuple[str, str]) -> str:
    """'1 farm', '3 farms', or just 'farms' when counting for a majority (n is None)."""
    if n is None:
        return nouns[1]
    return f"{n} {nouns[0] if n == 1 else nouns[1]}"


def _counted(req: Have, n: int | None) -> str:
    """What a `have` counts, with its filters: '2 tribes in one forest territory'."""
    terrain = f"{req.terrain.value} " if req.terrain is not None else ""
    number = "" if n is None else f"{n} "
    match req.count:
        case Count.TRIBES_IN_TERRITORY:
            return f"{number}tribes in one {terrain}territory"
        case Count.TERRITORIES if n is None:
            return f"{terrain}territories with a tribe"
        case Count.TERRITORIES:
            return f"tribes in {number}{terrain}territor{'y' if n == 1 else 'ies'}"
        case Count.TRACK:
            track = (req.track or "").capitalize()
            return f"{track} on space {n}" if n is not None else f"progress on {track}"
        case Count.FAVOR:
            return f"Favor of Agera space {n}" if n is not None else "Favor of Agera"
        case Count.FEATURE_TYPES:
            return f"markers on {number}feature spaces"
        case Count.FIRE_ENCAMPMENTS:
            return f"tribes on {number}fire encampments"
    text = _n(n, _NOUNS[req.count])
    if req.feature is not None:
        text = text.replace("feature marker", f"{req.feature.value} marker")
    if req.deck is not None:
        text = text.replace("research card", f"{req.deck.value} card")
    if req.count is Count.TRIBES and not terrain:
        return text + " on the continent"
    return text + (f" in {terrain}territories" if terrain else "")


def describe_requirement(req: Requirement) -> str:
    """Short text for a requirement.

    >>> from ingenium.games.civolution.components.effects import parse_requirement
    >>> describe_requirement(parse_requirement({"have": "features", "feature": "calm"}))
    'have 1 calm marker'
    >>> describe_requirement(parse_requirement({"have": "farms", "terrain": "swamp"}))
    'have 1 farm in swamp territories'
    """
    if isinstance(req, Pay):
        return describe(req)
    return "have " + _counted(req, req.amount)


def describe_event(event: EventCard) -> str:
    """The event's requirement and bonus: 'most tribes in forest territories: gain 5 SP'."""
    if event.mode == "most":
        return f"most {_counted(event.count, None)}: {_list(event.tiers[0].bonus)}"
    return "; ".join(f"{_counted(event.count, t.at)}: {_list(t.bonus)}" for t in event.tiers)


def describe_ability(ability: Ability) -> str:
    """Short text for an ability."""
    match ability:
        case ActivityAbility(effects=effects):
            return f"activity: {_list(effects)}"
        case PointBonus(sp=sp):
            return f"point bonus: {sp} SP per card and income chip in this column"
        case Triggered(on=on, effects=effects):
            return f"whenever {on.value.replace('_', ' ')}: {_list(effects)}"
