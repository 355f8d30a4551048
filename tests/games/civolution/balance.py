"""The balance scale of RECONSTRUCTED.md as code: what an effect, a requirement, an ability is
worth in units (1 unit = 1 SP), so tests can check the reconstructed components against it."""

from __future__ import annotations

from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import MATERIAL_ROW, Resource, TrackTarget

FAVOR_PASS = 0.4  # a typical chance to pass a favor test (one die, some Favor, an idea marker)
USES = 3  # an activity or a trigger pays off about three times after its card is installed
COLUMN = 4  # cards and chips in a point-bonus card's column at the end

RESOURCE = {
    Resource.SP: 1.0, Resource.IDEA: 0.5, Resource.FOCUS: 1.0, Resource.FOOD: 1.0,
    Resource.MONEY: 1.0, Resource.MATERIAL: 2.5, Resource.FEATURE: 3.0,
    Resource.FATE_DIE: 4.0, Resource.ACTIVATION_DIE: 5.0, Resource.RESEARCH_CARD: 3.0,
    Resource.GOAL_CHIP: 2.0, Resource.INCOME_CHIP: 8.0,
}


def _material(e: fx.Gain | fx.Pay) -> float:
    if e.what is Resource.MATERIAL and e.material is not None:
        return 1.5 + 0.5 * MATERIAL_ROW[e.material]
    return RESOURCE[e.what]


def units(effects: tuple[fx.Effect, ...]) -> float:
    """Units of an effect list (costs count negative)."""
    return sum(unit(e) for e in effects)


def unit(e: fx.Effect) -> float:
    """Units of one effect."""
    match e:
        case fx.Gain(amount=n):
            return n * _material(e)
        case fx.Pay(amount=n):
            return -n * _material(e)
        case fx.Lose(amount=n):
            return -float(n)
        case fx.Advance(track=TrackTarget.FAVOR, steps=n):
            return 3.0 * n
        case fx.Advance(steps=n):
            return 2.0 * n
        case fx.Migrate(count=n) | fx.Hunt(count=n):
            return 2.0 * n
        case fx.Procreate(count=n):
            return 3.0 * n
        case fx.Strengthen(count=n) | fx.Produce(count=n):
            return 1.0 * n
        case fx.Transport(count=None):
            return 4.0
        case fx.Transport(count=n):
            return float(n or 0)
        case fx.Explore(extra=extra, sp=sp):
            return 2.0 + 1.5 * extra + sp
        case fx.LuckyFind(count=n):
            return 2.5 * n
        case fx.Build(count=n):
            return 4.0 * n
        case fx.Install():
            return 4.0
        case fx.DrawSecretly(draw=d, keep=k):
            return k * (3.0 + 0.5 * (d - k))
        case fx.Planning(markers=n):
            return 1.5 * n
        case fx.MoveFeature(count=n):
            return 1.5 * n
        case fx.IncomeAction(count=n):
            return 3.0 * n
        case fx.Activity(count=n):
            return 2.0 * n
        case fx.Trade(times=n):
            return 3.0 * n
        case fx.Upgrade():
            return 5.0
        case fx.FlipStageTile(count=n):
            return 6.0 * n
        case fx.PlaceTribes(count=n, weak=weak):
            return (2.5 if weak else 3.0) * n
        case fx.RemoveTribe(count=n):
            return -3.0 * n
        case fx.FavorTest(passed=p, failed=f):
            return FAVOR_PASS * units(p) + (1 - FAVOR_PASS) * units(f)
        case fx.Choose(options=options):
            return max(units(o) for o in options)
        case fx.InAnyOrder(parts=parts):
            return sum(units(p) for p in parts)
    raise AssertionError(e)


def ability_units(ability: fx.Ability | None) -> float:
    """Units an ability earns over the rest of a game."""
    match ability:
        case fx.ActivityAbility(effects=effects) | fx.Triggered(effects=effects):
            return USES * units(effects)
        case fx.PointBonus(sp=sp):
            return float(COLUMN * sp)
    return 0.0


def requirement_units(req: fx.Requirement) -> float:
    """Units a requirement costs: what is returned, or a quarter of what is only held."""
    if isinstance(req, fx.Pay):
        return -unit(req)
    return 0.75 * req.amount if req.count.value == "features" else 0.5 * req.amount
