"""The pending steps of Civolution: small immutable records on the table's `pending` stack.

Each record is a NamedTuple whose first field is its kind code (and, for a civilization's step,
whose second is its seat), so a step is saved as a flat list of ints and loads back into the
same record (`table.step_from_data`). Build a record by keyword with its own code first:
`Feed(S_FEED, seat=seat, place=0, strong=0, handled=0)`. Which steps ask a question and which run by
themselves, and the function that handles each, is the one table in `machine.py`.

Kind codes are saved with every step: never renumber or reuse one.
"""

from __future__ import annotations

from typing import NamedTuple

from ingenium.games.civolution.masks import Mask

# -- kind codes (saved with every step: never renumber) ----------------------------------------
S_PHASE, S_NEW_GOAL, S_EXTRA_FIND, S_TURN, S_ACTIVATION = 0, 1, 2, 3, 4
S_REROLL_RESET, S_RESET_PLACE, S_EFFECTS, S_CHOICE, S_REPEAT = 5, 6, 7, 8, 9
S_TARGET, S_FEED, S_REFILL, S_CONTINUE, S_AUTO = 10, 11, 13, 14, 15  # 12: unused (reserved)
S_HUNT_DIE, S_FIND_DIE, S_TRADE, S_ACTIVITIES, S_INCOME_ORDER, S_MIGRATE_TO = 16, 17, 18, 19, 20, 21
S_EXPLORE_FROM, S_FAVOR_TEST_IDEAS, S_HOLY_ROCK_IDEAS, S_PLACE_NEW_TRIBES = 22, 23, 24, 25
S_BOAT_STORAGE, S_BUILD_WHERE = 26, 27
S_INSTALL_CARD, S_CARD_COLUMN, S_CARD_STAGE, S_BUILDING_SPECIAL = 28, 29, 30, 31
S_PAY_CARD, S_PAY_GOAL, S_BUILD_PROJECTS, S_DEUS_EX_MACHINA = 32, 33, 34, 35


class Phase(NamedTuple):
    """Run phase `phase` of the current era (How to Play: the 8 phases)."""

    kind: int
    phase: int


class NewGoal(NamedTuple):
    """Phase 2: `seat` may take a goal chip from the display."""

    kind: int
    seat: int
    chip_slot: int  # -1 while choosing the chip; then the slot, choosing the goal area space


class ExtraFind(NamedTuple):
    """Phase 3: `seat` picks a land territory with a tribe, then a storage space of its type."""

    kind: int
    seat: int
    terrain: int  # -1 while choosing the territory type


class Turn(NamedTuple):
    """Phase 4: `seat` activates a module or does a Reset."""

    kind: int
    seat: int


class Activation(NamedTuple):
    """Activating a module: the die standing for value `need` (first, then second)."""

    kind: int
    seat: int
    module: int
    which: int  # 1: first die, 2: second die
    first: int  # the first die's source (-1 before): 0-5 die space, 6-11 planning, 12 focus


class RerollReset(NamedTuple):
    """Reset B: for each die still on a space, leave it or take it (space by space)."""

    kind: int
    seat: int
    space: int  # dice space (0-5) asked about now
    taken: int  # dice taken from spaces so far


class ResetPlace(NamedTuple):
    """Reset C: the reset marker goes on the idea or the food space."""

    kind: int
    seat: int


class Effects(NamedTuple):
    """Carry out effect list `effects` (interpreter.LISTS id) from entry `at` for `seat`;
    `asked`: the supply question before entry `at` was already asked (supply.py)."""

    kind: int
    seat: int
    effects: int
    at: int
    asked: int = 0


class Choice(NamedTuple):
    """An OR: `seat` picks one side of Choose effect `effects` (interpreter.CHOOSES id)."""

    kind: int
    seat: int
    effects: int
    at: int  # unused (0): keeps the record's shape
    must: int  # 1: negative effects must be carried out (no skip)


class Repeat(NamedTuple):
    """An action done up to `left` more times (migrations, hunts ...): one more or done."""

    kind: int
    seat: int
    action: int  # interpreter ACTION_* code
    left: int
    arg: int  # per action: the territory already used, the tribe in transit ...


class Target(NamedTuple):
    """A one-question action: `seat` picks a target (territory, encampment, track ...)."""

    kind: int
    seat: int
    action: int
    arg: int
    left: int


class HuntDie(NamedTuple):
    """Perform a hunt: the fate dice are rolled; `seat` picks the value used in `territory`."""

    kind: int
    seat: int
    territory: int
    rolled: Mask  # the values the fate dice show: v-1 for value v (materials.shown)


class FindDie(NamedTuple):
    """Make a lucky find: the fate dice are rolled; `seat` picks the storage row of `terrain`
    (an index of board.LAND_TERRAINS)."""

    kind: int
    seat: int
    terrain: int
    rolled: Mask  # the values the fate dice show: v-1 for value v (materials.shown)


class Trade(NamedTuple):
    """Module: Trade: up to `times` Sales for money, `times` for SP and `times` Purchases; one
    more or done (`left` questions at most)."""

    kind: int
    seat: int
    left: int
    times: int
    sold_for_money: int
    sold_for_sp: int
    purchased: int


class Activities(NamedTuple):
    """Perform up to `left` more activities (`different`: 1 when each must be another one)."""

    kind: int
    seat: int
    left: int
    different: int
    used: Mask  # the activity indices performed so far (with `different`)


class IncomeOrder(NamedTuple):
    """Income phase A: `seat` says which of its income chips' actions comes next."""

    kind: int
    seat: int
    chips: int  # the seat's income chips at the phase's start (chips gained later wait)
    done: Mask  # the chips (by position) whose action was carried out


class MigrateTo(NamedTuple):
    """Perform a migration: where the tribe leaving `source` (a place: tribes.place_of) goes,
    first the territory (or a boat, or crossing through), then the encampment in it."""

    kind: int
    seat: int
    source: int
    left: int  # migrations left after this one (crossing through uses one)
    territory: int  # the territory chosen, its encampment asked next; -1 before


class ExploreFrom(NamedTuple):
    """Module: Exploration: `seat` picks a territory of its own to reveal the face-down sites
    around; then `sp` points, and `extra` more face-down sites anywhere."""

    kind: int
    seat: int
    extra: int
    sp: int


class FavorTestIdeas(NamedTuple):
    """A favor test failed by the dice: `seat` may return `cost` idea markers to pass it
    (`test`: the test's index in rules.improvements.FAVOR_TESTS)."""

    kind: int
    seat: int
    test: int
    cost: int


class HolyRockIdeas(NamedTuple):
    """The Holy rock's favor test failed by the dice: `seat` may return `cost` idea markers to
    pass it, then procreate in `territory`."""

    kind: int
    seat: int
    territory: int
    cost: int


class PlaceNewTribes(NamedTuple):
    """Place `tribes` new tribes (lying down when `weak` is 1) in one territory of your own."""

    kind: int
    seat: int
    tribes: int
    weak: int


class BoatStorage(NamedTuple):
    """Transport from a boat: `seat` picks the storage space for a material of a territory
    next to `boat` (`anywhere`: 1 when the boat's materials may come from any such territory)."""

    kind: int
    seat: int
    boat: int
    anywhere: int


class BuildWhere(NamedTuple):
    """Module: Building: where `seat` builds `project` (0 farm, 1 boat, 2 statue, 3
    settlement); a statue or settlement asks the Building ground first (`ground`: -1), then
    the statue's material or the settlement slot."""

    kind: int
    seat: int
    project: int
    ground: int


class InstallCard(NamedTuple):
    """Install 1 research card: `seat` picks a card of deck `deck` (an index of board.DECKS)
    from its hand (`special`: 1 when the module's level-III special bonus follows)."""

    kind: int
    seat: int
    deck: int
    special: int


class CardColumn(NamedTuple):
    """Install 1 research card: the column that takes `card`."""

    kind: int
    seat: int
    card: int
    special: int


class CardStage(NamedTuple):
    """Install 1 research card: the stage whose costs `card` pays in `column` (the lowest free
    one, or a higher one assumed)."""

    kind: int
    seat: int
    card: int
    column: int
    special: int


class BuildingSpecial(NamedTuple):
    """Building III's special bonus: ignore one of `card`'s active cost spaces at `stage`, or
    install another building card after it."""

    kind: int
    seat: int
    card: int
    column: int
    stage: int


class PayCard(NamedTuple):
    """Paying `card`'s active cost spaces at `stage` (but the space `ignored`, -1: none) into
    `column`: `seat` says which source pays `requirement` (the index among those paid)."""

    kind: int
    seat: int
    card: int
    column: int
    stage: int
    ignored: int
    special: int  # 1: the card's special bonus follows its instant bonus
    requirement: int


class PayGoal(NamedTuple):
    """Paying the requirement of the goal chip on goal area `space`, for `column`: `seat` says
    which source pays `requirement`."""

    kind: int
    seat: int
    space: int
    column: int
    requirement: int


class BuildProjects(NamedTuple):
    """Module: Building: up to `left` more building projects (`same`: 1 when each must be the
    `project` of the first one; `project` is -1 until it is chosen)."""

    kind: int
    seat: int
    left: int
    same: int
    project: int


class DeusExMachina(NamedTuple):
    """A tribe of `seat` to be removed from `place` (a place: tribes.place_of; `strong`: 1 for
    an upright one): remove it, or save it for 1 Favor."""

    kind: int
    seat: int
    place: int
    strong: int


class Feed(NamedTuple):
    """Phase 6 A: `seat` decides, tribe by tribe, whether to pay food (feeding.py's groups)."""

    kind: int
    seat: int
    place: int  # the group's place (tribes.place_of's code): an encampment, wilderness, boat
    strong: int  # the group's side in a wilderness or on a boat: 0 lying, 1 upright
    handled: int  # tribes of the group already decided


class Auto(NamedTuple):
    """A phase's automatic part `what` (its code in machine.AUTOS), for `seat` and `place` (a
    territory, a site recess) where the part concerns one (-1: none)."""

    kind: int
    what: int
    seat: int = -1
    place: int = -1


class Refill(NamedTuple):
    """Refill the empty goal chip display spaces from the bag (after Phase 2, after a gain)."""

    kind: int


class Continue(NamedTuple):
    """Return to the action phase's turn order once `seat`'s turn steps are done (`asked`: 1
    once the turn's last chance to take an attribute chip was offered)."""

    kind: int
    seat: int
    asked: int = 0


# every record is one of these types
Step = (Phase | NewGoal | ExtraFind | Turn | Activation | RerollReset | ResetPlace | Effects
        | Choice | Repeat | Target | Feed | Refill | Continue | Auto | HuntDie | FindDie | Trade
        | Activities | IncomeOrder | MigrateTo | ExploreFrom | FavorTestIdeas | HolyRockIdeas
        | PlaceNewTribes | BoatStorage | BuildWhere | InstallCard | CardColumn | CardStage
        | BuildingSpecial | PayCard | PayGoal | BuildProjects | DeusExMachina)

STEP_TYPES: dict[int, type[Step]] = {
    S_PHASE: Phase, S_NEW_GOAL: NewGoal, S_EXTRA_FIND: ExtraFind, S_TURN: Turn,
    S_ACTIVATION: Activation, S_REROLL_RESET: RerollReset, S_RESET_PLACE: ResetPlace,
    S_EFFECTS: Effects, S_CHOICE: Choice, S_REPEAT: Repeat, S_TARGET: Target, S_FEED: Feed,
    S_REFILL: Refill, S_CONTINUE: Continue, S_AUTO: Auto, S_HUNT_DIE: HuntDie,
    S_FIND_DIE: FindDie, S_TRADE: Trade, S_ACTIVITIES: Activities, S_INCOME_ORDER: IncomeOrder,
    S_MIGRATE_TO: MigrateTo, S_EXPLORE_FROM: ExploreFrom, S_FAVOR_TEST_IDEAS: FavorTestIdeas,
    S_HOLY_ROCK_IDEAS: HolyRockIdeas, S_PLACE_NEW_TRIBES: PlaceNewTribes,
    S_BOAT_STORAGE: BoatStorage, S_BUILD_WHERE: BuildWhere, S_INSTALL_CARD: InstallCard,
    S_CARD_COLUMN: CardColumn, S_CARD_STAGE: CardStage, S_BUILDING_SPECIAL: BuildingSpecial,
    S_PAY_CARD: PayCard, S_PAY_GOAL: PayGoal, S_BUILD_PROJECTS: BuildProjects,
    S_DEUS_EX_MACHINA: DeusExMachina,
}
CODE_OF: dict[type[Step], int] = {cls: code for code, cls in STEP_TYPES.items()}
