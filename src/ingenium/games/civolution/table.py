"""The Civolution table as flat plain data (see engine.table.FlatTable).

Every list is flat and indexed by small ints from `components.catalog()` (tuple position = id):
P = 4 seats, T = 22 territories, E = 68 encampments, R = 24 site recesses, M = 18 materials,
F = 6 features, D = 5 decks, K = 22 modules (console order), G = 25 Building grounds (0 = the
island, 1 + recess for a revealed Building-ground site).

Indexing (seat-major): `x[seat * N + i]`. Face-down stacks and bags are unordered lists (a draw is
a recorded chance node, see engine/chance.py); cards put back to the bottom are known and
ordered (`bottom`), drawn only when the deck's unordered part is empty.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Annotated, NamedTuple, Self

from pydantic import BeforeValidator, PlainValidator, TypeAdapter, ValidationError

from ingenium.engine import FlatTable
from ingenium.games.civolution import steps
from ingenium.games.civolution.board import ENCAMPMENTS, TERRITORIES
from ingenium.games.civolution.masks import Mask
from ingenium.games.civolution.seat_rows import (
    COLUMNS,
    DICE_SPACES,
    FEATURES,
    GOAL_AREA,
    MATERIALS,
    RESET_COLUMNS,
    TRACKS,
    P,
    boat_index,
    boats_of,
    by_place,
    column_at,
    column_types,
    dice_spaces,
    feature_at,
    features,
    goal_space_at,
    goal_spaces,
    level_at,
    levels,
    on_place,
    planned,
    reset_column_at,
    reset_columns,
    settlement_at,
    settlements_built,
    space_at,
    stage_tile_at,
    stage_tiles,
    storage_at,
    stored,
    track_at,
    tracks,
)

# Where a seat's entries lie in the lists (their sizes, an entry's index, a seat's row) is
# seat_rows.py, compiled in the accelerated build; those names are re-exported from here
# (`__all__` lists only them: nothing star-imports this module)
__all__ = ["COLUMNS", "DICE_SPACES", "FEATURES", "GOAL_AREA", "MATERIALS", "RESET_COLUMNS",
           "TRACKS", "P", "boat_index", "boats_of", "by_place", "column_at", "column_types",
           "dice_spaces", "feature_at", "features", "goal_space_at", "goal_spaces", "level_at",
           "levels", "on_place", "planned", "reset_column_at", "reset_columns", "settlement_at",
           "settlements_built", "space_at", "stage_tile_at", "stage_tiles", "storage_at",
           "stored", "track_at", "tracks"]

DECKS = 5
ISLAND = 0  # Building ground 0: the island in the large Water territory

# encampment occupants
FREE = -1
BLOCKED = -2  # covered by a territory token's blocking side (Setup, 2-3 players)

# display slots
EMPTY = -1
COVERED = -2  # a goal chip display space covered by a 100-point token's blocking side

# partition column types (the kind of card or chip bound to a column)
COL_EMPTY = -1
COL_GOAL = DECKS  # 0-4: the research decks
COL_ATTRIBUTE = DECKS + 1
# installed items: what a partition entry holds
ITEM_CARD, ITEM_GOAL, ITEM_INCOME, ITEM_ATTRIBUTE, ITEM_START_CHIP = range(5)

# era phases (How to Play); FINAL and OVER follow the fourth era
NEW_CARDS, NEW_GOALS, EXTRA_FIND, ACTION, SITE, FEEDING, EVENT, INCOME = range(1, 9)
FINAL, OVER = 9, 10




class Installed(NamedTuple):
    """A card or chip in a seat's stage partition (saved as its five numbers)."""

    seat: int
    column: int
    stage: int
    kind: int  # ITEM_CARD, ITEM_GOAL, ITEM_INCOME, ITEM_ATTRIBUTE, ITEM_START_CHIP
    item: int  # the card, chip or starting chip card of that kind


class HeldCard(NamedTuple):
    """A research card a seat holds: in its hand, seen only by it (`secret`), or being looked
    at before it is kept or put back (`looking`)."""

    seat: int
    card: int


class DealtMarkerCard(NamedTuple):
    """Option B: a starting marker card (of setup.ALL_MARKER_CARDS) dealt to a seat."""

    seat: int
    card: int


class CoveredGoal(NamedTuple):
    """A goal chip covered by another one on a seat's goal area space."""

    seat: int
    space: int
    chip: int


def _old_held_card(raw: object) -> object:
    """Saves before `HeldCard` held seat * 1000 + card."""
    return HeldCard(*divmod(raw, 1000)) if isinstance(raw, int) else raw


def _old_marker_card(raw: object) -> object:
    """Saves before `DealtMarkerCard` held seat * 100 + card."""
    return DealtMarkerCard(*divmod(raw, 100)) if isinstance(raw, int) else raw


def _old_covered_goal(raw: object) -> object:
    """Saves before `CoveredGoal` held (seat * GOAL_AREA + space) * 100 + chip."""
    if not isinstance(raw, int):
        return raw
    place, chip = divmod(raw, 100)
    return CoveredGoal(*divmod(place, GOAL_AREA), chip)


SavedHeldCard = Annotated[HeldCard, BeforeValidator(_old_held_card)]
SavedMarkerCard = Annotated[DealtMarkerCard, BeforeValidator(_old_marker_card)]
SavedCoveredGoal = Annotated[CoveredGoal, BeforeValidator(_old_covered_goal)]


# -- pending steps, read back from a save into their records ----------------------------------
OLD_ASKED = 1 << 12  # saves before explicit step fields flagged an Effects step's `at` so
# Saves before the Modules' questions had records of their own asked them as generic `Target`
# and `Repeat` steps with their fields packed into one `arg`, under these action codes:
OLD_MIGRATE_TO, OLD_ACTIVITY, OLD_INCOME_ORDER, OLD_HUNT_DIE, OLD_FIND_DIE, OLD_TRADE = (
    21, 31, 32, 44, 46, 47)
OLD_FAVOR_IDEAS, OLD_PLACE_TRIBES, OLD_EXPLORE, OLD_HOLY_ROCK_IDEAS = 8, 25, 50, 93
OLD_BOAT_STORAGE, OLD_BUILD_WHERE, OLD_BUILD = 42, 61, 60
OLD_REMOVE = 24  # still asks where; its Deus ex machina question held place * 2 + strong
# ... and the research card chain and its payment (old codes; the payment's arg packed
# (context * 8 + payment) * 8 + requirement, a card's context its card, column, stage, ignored
# space + 1 and special flag, a goal chip's its goal area space * 16 + column):
OLD_INSTALL_CARD, OLD_CARD_COLUMN, OLD_CARD_STAGE, OLD_BUILDING_SPECIAL, OLD_PAY = (
    70, 71, 72, 74, 76)
# Saves before `Auto` had named fields held one `arg`: for these parts (their codes in
# machine.AUTOS) the territory or recess * P + seat, or the seat; for the others 0.
OLD_AUTO_GLACIER, OLD_AUTO_RESET_COLUMNS_REFILL, OLD_AUTO_RAW_MATERIAL = 5, 8, 9
OLD_DIFFERENT = 1 << 40  # an activity's `different` flag, above its mask of used activities
OLD_ENCAMPMENT = 1 << 10  # a migration's territory chosen: 1 << 10 + source * 32 + territory
# Saves before `Feed` named its group's place and side held one `slot`: an encampment; then from
# OLD_FEED_WILD a territory * 2 + side; then from OLD_FEED_BOATS a boat * 2 + side.
OLD_FEED_WILD = ENCAMPMENTS
OLD_FEED_BOATS = ENCAMPMENTS + 2 * TERRITORIES


@cache
def _ints() -> TypeAdapter[tuple[int, ...]]:
    """The validator of a saved step's numbers (built on first load, not at import)."""
    return TypeAdapter(tuple[int, ...])


def step_from_data(raw: object) -> steps.Step:
    """The record a saved step (a list of ints, kind first) stands for; ValueError if none.
    A save from before `Effects.asked` (its flag packed into `at`), from before `Auto`,
    `Continue` and `Feed` had named fields, or from before the Modules' questions had their
    own records (`_unpacked`), is migrated here.

    >>> step_from_data([7, 1, 30, 4098]).asked
    1
    """
    try:
        values = _ints().validate_python(raw)
    except ValidationError:
        raise ValueError(f"pending step {raw!r} is not a list of whole numbers") from None
    record = steps.STEP_TYPES.get(values[0]) if values else None
    if record is steps.Effects and len(values) == len(steps.Effects._fields) - 1:
        kind, seat, effects, at = values
        values = (kind, seat, effects, at % OLD_ASKED, int(at >= OLD_ASKED))
    if record is steps.Auto and len(values) == 3:
        return _old_auto(values[1], values[2])
    if record is steps.Feed and len(values) == len(steps.Feed._fields) - 1:
        return _old_feed(values[1], values[2], values[3])
    if record is steps.Continue and len(values) == 2:  # `asked` was seat + P
        return steps.Continue(steps.S_CONTINUE, seat=values[1] % P, asked=int(values[1] >= P))
    if record is None or len(values) != len(record._fields):
        raise ValueError(f"pending step {list(values)} is not a known step")
    if record is steps.Target or record is steps.Repeat:
        return _unpacked(record._make(values))
    return record._make(values)


def _unpacked(step: steps.Step) -> steps.Step:
    """A generic step of an old save whose action has its own record now, in that record."""
    if isinstance(step, steps.Target):
        seat, arg = step.seat, step.arg
        if step.action == OLD_HUNT_DIE:
            return steps.HuntDie(steps.S_HUNT_DIE, seat=seat, territory=arg // 64, rolled=arg % 64)
        if step.action == OLD_FIND_DIE:
            return steps.FindDie(steps.S_FIND_DIE, seat=seat, terrain=arg // 64, rolled=arg % 64)
        if step.action == OLD_INCOME_ORDER:
            return steps.IncomeOrder(steps.S_INCOME_ORDER, seat=seat, chips=arg >> 20,
                                     done=arg % (1 << 20))
        if step.action == OLD_MIGRATE_TO and arg >= OLD_ENCAMPMENT:
            source, territory = divmod(arg - OLD_ENCAMPMENT, 32)
            return steps.MigrateTo(steps.S_MIGRATE_TO, seat=seat, source=source, left=0,
                                   territory=territory)
        if step.action == OLD_MIGRATE_TO:
            return steps.MigrateTo(steps.S_MIGRATE_TO, seat=seat, source=arg % 128,
                                   left=arg // 128, territory=-1)
        if step.action == OLD_EXPLORE:
            return steps.ExploreFrom(steps.S_EXPLORE_FROM, seat=seat, extra=arg // 16,
                                     sp=arg % 16)
        if step.action == OLD_FAVOR_IDEAS:
            return steps.FavorTestIdeas(steps.S_FAVOR_TEST_IDEAS, seat=seat, test=arg // 8,
                                        cost=arg % 8)
        if step.action == OLD_HOLY_ROCK_IDEAS:
            return steps.HolyRockIdeas(steps.S_HOLY_ROCK_IDEAS, seat=seat, territory=arg // 8,
                                       cost=arg % 8)
        if step.action == OLD_BOAT_STORAGE:
            return steps.BoatStorage(steps.S_BOAT_STORAGE, seat=seat, boat=arg // 2,
                                     anywhere=arg % 2)
        if step.action == OLD_BUILD_WHERE and arg >= 4:  # a statue's or settlement's ground
            return steps.BuildWhere(steps.S_BUILD_WHERE, seat=seat, project=2 + (arg - 4) % 2,
                                    ground=(arg - 4) // 2)
        if step.action == OLD_BUILD_WHERE:
            return steps.BuildWhere(steps.S_BUILD_WHERE, seat=seat, project=arg, ground=-1)
        if step.action == OLD_REMOVE and arg >= 0:
            return steps.DeusExMachina(steps.S_DEUS_EX_MACHINA, seat=seat, place=arg // 2,
                                       strong=arg % 2)
        if step.action in _OLD_INSTALL_CHAIN:
            return _OLD_INSTALL_CHAIN[step.action](seat, arg)
        if step.action == OLD_PLACE_TRIBES:
            return steps.PlaceNewTribes(steps.S_PLACE_NEW_TRIBES, seat=seat, tribes=arg // 2,
                                        weak=arg % 2)
    if isinstance(step, steps.Repeat):
        seat, arg, left = step.seat, step.arg, step.left
        if step.action == OLD_TRADE:
            return steps.Trade(steps.S_TRADE, seat=seat, left=left, times=arg >> 12,
                               sold_for_money=arg & 15, sold_for_sp=arg >> 4 & 15,
                               purchased=arg >> 8 & 15)
        if step.action == OLD_BUILD:  # arg -1: any project; -2: the same, not yet chosen
            return steps.BuildProjects(steps.S_BUILD_PROJECTS, seat=seat, left=left,
                                       same=int(arg != -1), project=max(arg, -1))
        if step.action == OLD_ACTIVITY:
            return steps.Activities(steps.S_ACTIVITIES, seat=seat, left=left,
                                    different=int(arg >= 0),
                                    used=max(arg, 0) % OLD_DIFFERENT)
    return step


def _old_feed(seat: int, slot: int, handled: int) -> steps.Feed:
    """A `Feed` step of a save that held its group as one `slot`. Place codes (tribes.py):
    an encampment, then ENCAMPMENTS + territory, then ENCAMPMENTS + TERRITORIES + boat."""
    if slot < OLD_FEED_WILD:
        place, strong = slot, 0
    elif slot < OLD_FEED_BOATS:
        territory, strong = divmod(slot - OLD_FEED_WILD, 2)
        place = ENCAMPMENTS + territory
    else:
        boat, strong = divmod(slot - OLD_FEED_BOATS, 2)
        place = ENCAMPMENTS + TERRITORIES + boat
    return steps.Feed(steps.S_FEED, seat=seat, place=place, strong=strong, handled=handled)


def _old_auto(what: int, arg: int) -> steps.Auto:
    if what in (OLD_AUTO_GLACIER, OLD_AUTO_RAW_MATERIAL):
        place, seat = divmod(arg, P)
        return steps.Auto(steps.S_AUTO, what=what, seat=seat, place=place)
    if what == OLD_AUTO_RESET_COLUMNS_REFILL:
        return steps.Auto(steps.S_AUTO, what=what, seat=arg)
    return steps.Auto(steps.S_AUTO, what=what)


def _old_pay(seat: int, arg: int) -> steps.Step:
    rest, requirement = divmod(arg, 8)
    context, payment = divmod(rest, 8)
    if payment == 1:  # a goal chip
        return steps.PayGoal(steps.S_PAY_GOAL, seat=seat, space=context // 16,
                             column=context % 16, requirement=requirement)
    rest, special = divmod(context, 2)
    rest, ignored = divmod(rest, 8)
    rest, stage = divmod(rest, 16)
    card, column = divmod(rest, 16)
    return steps.PayCard(steps.S_PAY_CARD, seat=seat, card=card, column=column, stage=stage,
                         ignored=ignored - 1, special=special, requirement=requirement)


_OLD_INSTALL_CHAIN: dict[int, Callable[[int, int], steps.Step]] = {
    OLD_INSTALL_CARD: lambda seat, arg: steps.InstallCard(
        steps.S_INSTALL_CARD, seat=seat, deck=arg // 2, special=arg % 2),
    OLD_CARD_COLUMN: lambda seat, arg: steps.CardColumn(
        steps.S_CARD_COLUMN, seat=seat, card=arg // 2, special=arg % 2),
    OLD_CARD_STAGE: lambda seat, arg: steps.CardStage(
        steps.S_CARD_STAGE, seat=seat, card=arg // 32, column=arg % 16, special=arg // 16 % 2),
    OLD_BUILDING_SPECIAL: lambda seat, arg: steps.BuildingSpecial(
        steps.S_BUILDING_SPECIAL, seat=seat, card=arg // 128, column=arg // 8 % 16,
        stage=arg % 8),
    OLD_PAY: _old_pay,
}


PendingStep = Annotated[steps.Step, PlainValidator(step_from_data)]


@dataclass
class CivTable(FlatTable):
    """Everything on the table. Flow state first, then boards, continent and consoles."""

    players: int = 0
    variant: str = ""
    era: int = 1
    phase: int = NEW_CARDS
    current: int = 0  # the seat whose turn it is in the Action phase
    starting: int = 0  # the holder of the starting monolith
    reset_space: int = 0  # the phase indicator's reset space (index among free ones)
    end_triggered: int = 0  # the indicator reached the reset end space this Action phase
    final_round_left: int = -1  # turns left in the final action round (-1: not begun)
    round_turns: int = 0  # turns taken in the current action round
    pending: list[PendingStep] = field(default_factory=list)  # steps.py records; top last

    # -- sequence board and progress board
    weather: int = 3  # weather gauge space, hottest first (Mild)
    event_stack: list[int] = field(default_factory=list)  # face down, unordered
    event_up: int = -1  # the face-up event card
    era_tiles: list[int] = field(default_factory=list)  # category per era scoring space; -1 done
    final_tiles: list[int] = field(default_factory=list)  # categories with a point-side tile
    hundred_supply: int = 12
    goal_bag: list[int] = field(default_factory=list)  # unordered
    goal_display: list[int] = field(default_factory=list)  # chip, EMPTY or COVERED
    income_bag: list[int] = field(default_factory=list)
    income_display: list[int] = field(default_factory=list)
    attribute_bag: list[int] = field(default_factory=list)
    attribute_display: list[int] = field(default_factory=list)
    activation_display: int = 0
    fate_display: int = 0
    hunting_supply: int = 0  # hunting tokens in the display

    # -- research display
    down: list[int] = field(default_factory=list)  # face-down cards, unordered
    bottom: list[int] = field(default_factory=list)  # known cards under the stacks, in order
    face_up: list[int] = field(default_factory=list)  # revealed cards, later on top
    hand: list[SavedHeldCard] = field(default_factory=list)
    looking: list[SavedHeldCard] = field(default_factory=list)  # drawn secretly, not yet kept
    secret: list[SavedHeldCard] = field(default_factory=list)  # hand cards only their holder saw
    bottom_seat: list[int] = field(default_factory=list)  # who put each bottom card there

    # -- continent
    layout: list[tuple[int, int, int, int]] = field(default_factory=list)  # tile, col, row, rot
    enc_seat: list[int] = field(default_factory=list)  # per encampment: seat, FREE, BLOCKED
    enc_strong: list[int] = field(default_factory=list)  # 1 upright, 0 lying
    wild_strong: list[int] = field(default_factory=list)  # [territory * P + seat]
    wild_weak: list[int] = field(default_factory=list)
    raw: list[int] = field(default_factory=list)  # raw materials [territory * P + seat]
    developed: list[int] = field(default_factory=list)  # per territory
    material_tile: list[int] = field(default_factory=list)  # face-up material, -1 face down
    material_pool: list[int] = field(default_factory=list)  # face-down material tiles
    hunted: list[int] = field(default_factory=list)  # hunting token in a territory
    farm: list[int] = field(default_factory=list)  # seat or -1 per territory
    recess_site: list[int] = field(default_factory=list)  # revealed site, -1 face down
    site_pool: list[int] = field(default_factory=list)  # face-down sites, unordered
    statues: list[int] = field(default_factory=list)  # [ground * P + seat]
    settled: list[int] = field(default_factory=list)  # settlements [ground * P + seat]
    boat_at: list[int] = field(default_factory=list)  # [seat * 2 + boat]: territory or -1
    boat_strong: list[int] = field(default_factory=list)
    boat_weak: list[int] = field(default_factory=list)
    boat_notch: list[int] = field(default_factory=list)  # the marker in the boat's notch
    transit: list[int] = field(default_factory=list)  # per seat: territory crossed through
    transit_path: list[Mask] = field(default_factory=list)  # per seat: the territories
    # the migrating tribe has left or crossed (no going back in one migration)

    # -- consoles
    score: list[int] = field(default_factory=list)
    hundreds: list[int] = field(default_factory=list)  # 100-point tokens taken
    favor: list[int] = field(default_factory=list)
    track: list[int] = field(default_factory=list)  # [seat * 5 + track]
    supply: list[int] = field(default_factory=list)  # markers left of 50
    tribes: list[int] = field(default_factory=list)  # tribes left in supply of 20
    dice: list[int] = field(default_factory=list)  # activation dice on spaces [seat * 6 + v-1]
    used_dice: list[int] = field(default_factory=list)  # below the console
    planning: list[int] = field(default_factory=list)  # [seat * 6 + v-1]
    fate: list[int] = field(default_factory=list)  # fate dice per seat
    focus: list[int] = field(default_factory=list)
    ideas: list[int] = field(default_factory=list)
    food: list[int] = field(default_factory=list)
    money: list[int] = field(default_factory=list)
    feature: list[int] = field(default_factory=list)  # [seat * 6 + feature]
    storage: list[int] = field(default_factory=list)  # [seat * 18 + material]
    level: list[int] = field(default_factory=list)  # [seat * 22 + module]: 1-3
    upgraded_now: list[int] = field(default_factory=list)  # module upgraded this activation
    settlement_built: list[int] = field(default_factory=list)  # [seat * 4 + slot]
    farms_left: list[int] = field(default_factory=list)
    reset_marker: list[int] = field(default_factory=list)  # [seat * 4 + column]
    stage_tile: list[int] = field(default_factory=list)  # [seat * 2 + k]: 1 active
    goal_area: list[int] = field(default_factory=list)  # [seat * 3 + space]: chip or -1
    goal_under: list[SavedCoveredGoal] = field(default_factory=list)
    column_type: list[int] = field(default_factory=list)  # [seat * 9 + column]
    installed: list[Installed] = field(default_factory=list)  # goal chips: two per stage
    start_marker: list[int] = field(default_factory=list)  # starting marker card per seat
    # Option B (variant "advanced"), until revealed: the starting marker cards dealt and each
    # seat's secret pick (-1 before): hidden
    marker_offer: list[SavedMarkerCard] = field(default_factory=list)
    marker_pick: list[int] = field(default_factory=list)

    def deck_down(self, deck_cards: frozenset[int]) -> list[int]:
        """The unordered face-down cards of one deck."""
        return [c for c in self.down if c in deck_cards]

    def clone(self) -> Self:
        """FlatTable's independent copy, the class's list fields named once (`list_fields`)
        rather than found by type: a search clones the table for every world it samples."""
        kind = self.__class__
        new = object.__new__(kind)
        values = self.__dict__.copy()
        for name in _LIST_FIELDS.get(kind) or list_fields(kind):
            values[name] = values[name].copy()
        new.__dict__ = values
        return new


_LIST_FIELDS: dict[type[CivTable], tuple[str, ...]] = {}  # a table class -> its list fields


def list_fields(kind: type[CivTable]) -> tuple[str, ...]:
    """The fields of a table class (CivTable, the solo table) that hold a list, remembered
    (every other field holds an int or a str)."""
    names = _LIST_FIELDS[kind] = tuple(f.name for f in fields(kind)
                                       if f.default_factory is list)
    return names
