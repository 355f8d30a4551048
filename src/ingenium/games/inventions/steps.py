"""The pending steps of Inventions: small immutable records on the table's `pending` stack.

Each record is a NamedTuple whose first field is its kind code and whose second is the seat the
step belongs to (0 for the table's own steps), so a step is saved as a flat list of ints and
loads back into the same record (`table.step_from_data`). Which steps ask a question and which
run by themselves, and the function that handles each, is the one table in `machine.py`.

Build a record with its own kind code first: `Pay(S_PAY, seat, dest, ...)`. The conservation
invariants (`invariants.py`) check that every pending record carries the code of its type.
"""

from __future__ import annotations

from typing import Final, NamedTuple

# -- kind codes (saved with every step: never renumber; Final: the compiled rules read them as
# literals) -------------------------------------------------------------------------------------
S_STONE: Final = 1
S_STONE_TAIL: Final = 2
S_STONE_END: Final = 3
S_TURN: Final = 4
S_MAIN: Final = 5
S_POST: Final = 6
S_END_ACTIONS: Final = 7
S_REFILL: Final = 8
S_OVERFLOW: Final = 9
S_ASPIRE: Final = 10
S_BUILD: Final = 11
S_BUILD_HEX: Final = 12
S_NEXT: Final = 13
S_PAY: Final = 14
S_EFFECT: Final = 15
S_AFTER: Final = 16
S_TECH: Final = 17
S_FREE: Final = 18
S_CHAIN: Final = 19
S_PLACE: Final = 20
S_PRESENT: Final = 21
S_PRESENT_REGION: Final = 22  # 23 is unused
S_INVENT: Final = 24
S_INNOVATE: Final = 25
S_INNOVATE_DONE: Final = 26
S_SHARE: Final = 27
S_REWARD: Final = 28
S_REPLACE: Final = 29
S_HOME_REGION: Final = 30
S_HOME_COUNT: Final = 31
S_SPECIALTY: Final = 32
S_CALL_CHAIN: Final = 33
S_GI_REGION: Final = 34
S_GI_TOKEN: Final = 35
S_GI_PLACE: Final = 36
S_GI_CHAIN: Final = 37
S_TRAVEL: Final = 38
S_SAGE: Final = 39
S_EUREKA: Final = 40
S_ERA_SPACE: Final = 41
S_SEND: Final = 42
S_SEND_TO: Final = 43
S_RECALL: Final = 44
S_ERA_CHANGE: Final = 45
S_TURN_ORDER: Final = 46
S_DISCARD_HAND: Final = 47
S_FINAL: Final = 48
S_SAGE_RETURN: Final = 49
S_KNOWLEDGE_FLIP: Final = 50
S_CHRONOS_STONE: Final = 51
S_CHRONOS_TURN: Final = 52  # 2-Player Rules

# Pay.dest: where placed citizens go, a region and role (see `dest`; TO_EXHAUST: nowhere, all
# exhausted)
TO_EXHAUST: Final = 0
AS_PRESENTER: Final = 1
AS_INVENTOR: Final = 2
AS_INNOVATOR: Final = 3
ROLES: Final = 4


def dest(region: int, role: int) -> int:
    """Pay.dest for citizens placed on a region's card in a role (AS_*)."""
    return region * ROLES + role

# HomeRegion.mode and friends: why citizens come home from the map
HOME_CALL: Final = 0
HOME_EFFECT: Final = 1
HOME_GAIN_INFLUENCE: Final = 2


class SeatStep(NamedTuple):
    """The shape of a step whose only argument is its seat."""
    kind: int
    seat: int


class RegionStep(NamedTuple):
    """The shape of a step about one region (0-6)."""
    kind: int
    seat: int
    region: int


class ActionStep(NamedTuple):
    """The shape of a step about one action (an index into catalog.ACTIONS)."""
    kind: int
    seat: int
    action: int


# -- Stone Age ----------------------------------------------------------------------------------
class StoneAgeRegion(SeatStep):
    """Stone Age i: choose a region with an Idea card."""
    __slots__ = ()


class StoneAgeFinish(RegionStep):
    """Stone Age iv-v, after the specialists are paid: the +1 Influence token and a citizen."""
    __slots__ = ()


class StoneAgeEnd(SeatStep):
    """After the Stone Age: ideas without specialists are discarded, Era 1 begins."""
    __slots__ = ()


# -- Playing a Round ----------------------------------------------------------------------------
class Turn(SeatStep):
    """Taking Your Turn, step 1 (Chain Action tokens); it queues steps 2-4."""
    __slots__ = ()


class MainAction(SeatStep):
    """Step 2: choose the main action (Key Concepts B-C)."""
    __slots__ = ()


class EconomyBeforeEnd(SeatStep):
    """Economy tiles may still be used before the end of step 2."""
    __slots__ = ()


class EndOfActions(SeatStep):
    """The end of step 2: Chain Action tokens return, presented ideas are replaced."""
    __slots__ = ()


class RefillIdeas(SeatStep):
    """Present an Idea 3: take an idea from the Idea display or the stack."""
    __slots__ = ()


class KeepAspirations(NamedTuple):
    """Aspiration Tiles, at the end of the turn: choose which new tiles to keep.

    `started` 0: not yet gathered (the step gathers them by itself), 1: asking."""
    kind: int
    seat: int
    started: int


class AspirationsBecomeProgress(SeatStep):
    """Step 3: each Aspiration tile becomes a Progress tile, one at a time."""
    __slots__ = ()


class BuildProgress(NamedTuple):
    """Step 4 or a build benefit: which tile to build (`left` tiles may still be built).

    `left` < 0: step 4 not yet priced (the step works out era - 1 and the influence cost);
    `first`: the one-time `influence_cost` is paid with the first tile."""
    kind: int
    seat: int
    left: int
    first: int
    influence_cost: int


class BuildHex(NamedTuple):
    """Step 4, 3: the hex of the Progress map for the tile in space `slot`."""
    kind: int
    seat: int
    slot: int
    left: int


class NextRound(SeatStep):
    """Next Round: Chronos advances; the Era Change or the end may follow."""
    __slots__ = ()


# -- citizens, benefits and performing actions ----------------------------------------------------
class Pay(NamedTuple):
    """Key Concepts F-H: pay with one available citizen at a time.

    First `place_n` specialists of type `place_type` (or scholars) move to `dest` (a region
    and role, see `dest`); then the `exhaust_*` specialists of each type are exhausted, and
    `exhaust_any` of any type."""
    kind: int
    seat: int
    dest: int
    place_type: int
    place_n: int
    exhaust_economy: int
    exhaust_culture: int
    exhaust_technology: int
    exhaust_any: int

    def exhaust_by_type(self) -> list[int]:
        """Specialists still to exhaust per type (economy, culture, technology)."""
        return [self.exhaust_economy, self.exhaust_culture, self.exhaust_technology]

    def region_and_role(self) -> tuple[int, int]:
        """The Region display and the role (AS_*) the placed citizens take there."""
        region, role = divmod(self.dest, ROLES)
        return region, role


class Benefit(NamedTuple):
    """Iconography: one printed benefit (an index into catalog.EFFECTS)."""
    kind: int
    seat: int
    effect: int


class AfterAction(ActionStep):
    """I. after an action: Culture tiles on it trigger, then the Technology tile offer."""
    __slots__ = ()


class TechnologyTile(ActionStep):
    """I. Technology tile: chain the paired action of `action`?"""
    __slots__ = ()


class FreeAction(ActionStep):
    """A Specialist tile's free action: take it or skip it."""
    __slots__ = ()


class ChainAction(ActionStep):
    """D. Chain Action: perform `action` with a prepared token, or skip it."""
    __slots__ = ()


class PlaceNewCitizen(SeatStep):
    """Iconography: place a new citizen in any map region."""
    __slots__ = ()


# -- the core actions -----------------------------------------------------------------------------
class PresentIdea(SeatStep):
    """Present an Idea 1: which idea."""
    __slots__ = ()


class PresentRegion(NamedTuple):
    """Present an Idea 1: which Region display for `idea`."""
    kind: int
    seat: int
    idea: int


class Invent(SeatStep):
    """Invent 1: which presented idea."""
    __slots__ = ()


class Innovate(SeatStep):
    """Innovate 1: which invention."""
    __slots__ = ()


class InnovateReward(RegionStep):
    """Innovate 2-3, once the citizen is placed: a new specialist and the card's Chain Action."""
    __slots__ = ()


class ShareInvention(SeatStep):
    """Share an Invention: which invention."""
    __slots__ = ()


class ShareReward(RegionStep):
    """Share an Invention 4: a Wealth tile of `region`, a wild Aspiration tile or nothing."""
    __slots__ = ()


class ReplaceAspiration(NamedTuple):
    """Share an Invention 4, full display: which Aspiration tile `tile` (a tile code) replaces."""
    kind: int
    seat: int
    tile: int


# -- Call Specialists, Gain Influence, Travel -------------------------------------------------
class HomeRegion(NamedTuple):
    """Bringing citizens home: from which region (`mode`: HOME_*)."""
    kind: int
    seat: int
    mode: int


class HomeCount(NamedTuple):
    """Bringing citizens home: how many from `region`."""
    kind: int
    seat: int
    region: int
    mode: int


class HomeSpecialty(NamedTuple):
    """Bringing citizens home with no card to say: the specialty the `citizens` take."""
    kind: int
    seat: int
    region: int
    citizens: int
    mode: int


class CallSpecialistsChain(SeatStep):
    """Call Specialists 3: chain an invention's action."""
    __slots__ = ()


class InfluenceRegion(SeatStep):
    """Gain Influence 1: which region."""
    __slots__ = ()


class ChooseInfluenceToken(RegionStep):
    """Gain Influence 1: which Influence token for `region`."""
    __slots__ = ()


class PlaceInfluenceToken(NamedTuple):
    """Gain Influence 3, once the citizens went home: place `token` in `region`."""
    kind: int
    seat: int
    region: int
    token: int


class InfluenceChain(SeatStep):
    """Gain Influence 4: flip a face-up Influence token for its Chain Action."""
    __slots__ = ()


class Travel(SeatStep):
    """Travel 2: which citizen travels where."""
    __slots__ = ()


class MeetSage(RegionStep):
    """Travel 3: the sage of `region` and its Knowledge tile."""
    __slots__ = ()


class FlipKnowledgeTile(RegionStep):
    """Travel 3, after its Chain Action: the Knowledge tile of `region` shows its IP side."""
    __slots__ = ()


# -- Eureka, Send Diplomat, Call Diplomat ---------------------------------------------------------
class Eureka(SeatStep):
    """Eureka 2: which Milestone of the Eureka display."""
    __slots__ = ()


class MoveEraMarker(NamedTuple):
    """Eureka 3: the Era marker moves to a free space of `era`."""
    kind: int
    seat: int
    era: int


class SendDiplomat(SeatStep):
    """Send Diplomat 1: which citizen (0-2: a specialist type, 3: a scholar)."""
    __slots__ = ()


class SendDiplomatTo(NamedTuple):
    """Send Diplomat 1: to which Milestone, sending `citizen`."""
    kind: int
    seat: int
    citizen: int


class CallDiplomat(SeatStep):
    """Call Diplomat 1: which diplomat comes home."""
    __slots__ = ()


# -- Era Change and the end -----------------------------------------------------------------------
class EraChangeStage(NamedTuple):
    """Era Change: step `stage` (1-6) of the procedure; 0: Chronos' alterations (2 players)."""
    kind: int
    seat: int
    stage: int


class AdjustTurnOrder(SeatStep):
    """Era Change 1: where the Turn Order marker moves."""
    __slots__ = ()


class ReturnSage(SeatStep):
    """Era Change 4: the empty sage space a sage returns to."""
    __slots__ = ()


class ReplaceOldIdeas(NamedTuple):
    """Era Change 6: previous-era ideas are discarded, `owed` new ones taken.

    `owed` < 0: not yet discarded (the step discards them by itself)."""
    kind: int
    seat: int
    owed: int


class FinalScoring(SeatStep):
    """Era 6: Final Scoring."""
    __slots__ = ()


# -- 2-Player Rules: Chronos (his slot as `seat`; they run by themselves) -------------------------
class ChronosStoneAge(SeatStep):
    """2-Player Setup 2-3: Chronos' Season pillar, starting idea, citizen and token."""
    __slots__ = ()


class ChronosTurn(SeatStep):
    """2-Player How to Play: Chronos moves along the migration path and acts."""
    __slots__ = ()


# every record is one of these types (the others derive from the three shapes)
Step = (
    SeatStep | RegionStep | ActionStep | KeepAspirations | BuildProgress | BuildHex | Pay
    | Benefit | PresentRegion | ReplaceAspiration | HomeRegion | HomeCount | HomeSpecialty
    | PlaceInfluenceToken | MoveEraMarker | SendDiplomatTo | EraChangeStage | ReplaceOldIdeas
)

STEP_TYPES: dict[int, type[Step]] = {
    S_STONE: StoneAgeRegion, S_STONE_TAIL: StoneAgeFinish, S_STONE_END: StoneAgeEnd,
    S_TURN: Turn, S_MAIN: MainAction, S_POST: EconomyBeforeEnd, S_END_ACTIONS: EndOfActions,
    S_REFILL: RefillIdeas, S_OVERFLOW: KeepAspirations, S_ASPIRE: AspirationsBecomeProgress,
    S_BUILD: BuildProgress, S_BUILD_HEX: BuildHex, S_NEXT: NextRound, S_PAY: Pay,
    S_EFFECT: Benefit, S_AFTER: AfterAction, S_TECH: TechnologyTile, S_FREE: FreeAction,
    S_CHAIN: ChainAction, S_PLACE: PlaceNewCitizen, S_PRESENT: PresentIdea,
    S_PRESENT_REGION: PresentRegion, S_INVENT: Invent, S_INNOVATE: Innovate,
    S_INNOVATE_DONE: InnovateReward, S_SHARE: ShareInvention, S_REWARD: ShareReward,
    S_REPLACE: ReplaceAspiration, S_HOME_REGION: HomeRegion, S_HOME_COUNT: HomeCount,
    S_SPECIALTY: HomeSpecialty, S_CALL_CHAIN: CallSpecialistsChain,
    S_GI_REGION: InfluenceRegion, S_GI_TOKEN: ChooseInfluenceToken,
    S_GI_PLACE: PlaceInfluenceToken, S_GI_CHAIN: InfluenceChain, S_TRAVEL: Travel,
    S_SAGE: MeetSage, S_KNOWLEDGE_FLIP: FlipKnowledgeTile, S_EUREKA: Eureka,
    S_ERA_SPACE: MoveEraMarker, S_SEND: SendDiplomat, S_SEND_TO: SendDiplomatTo,
    S_RECALL: CallDiplomat, S_ERA_CHANGE: EraChangeStage, S_TURN_ORDER: AdjustTurnOrder,
    S_SAGE_RETURN: ReturnSage, S_DISCARD_HAND: ReplaceOldIdeas, S_FINAL: FinalScoring,
    S_CHRONOS_STONE: ChronosStoneAge, S_CHRONOS_TURN: ChronosTurn,
}
