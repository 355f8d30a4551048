"""Frozen records for every Civolution component; `loading.py` reads them from data/*.toml with
the engine's component reader, which checks each field against its type here (`Effects` and the
other annotated types run the effect vocabulary).

Every record keeps its provenance: `source` is "rulebook" when the rulebook states every field,
"reconstructed" otherwise, with `why` naming what was reconstructed and why; `facts` is the
confidence (H, M, L) of the public component facts a record follows, or "" where none exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from ingenium.engine.components import ComponentError as ComponentError
from ingenium.engine.components import Parsed, Source, nested
from ingenium.engine.effect_terms import EffectError
from ingenium.games.civolution.components import rulebook as rb
from ingenium.games.civolution.components.effects import (
    Ability,
    CostSpace,
    Effect,
    Have,
    Requirement,
    parse_ability,
    parse_cost_space,
    parse_effects,
    parse_requirement,
)
from ingenium.games.civolution.components.icons import (
    Category,
    Deck,
    EventMode,
    Feature,
    Material,
    ModuleKind,
    SiteType,
    Terrain,
    Track,
)


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a record's content comes from."""

    source: Source
    why: str = ""
    facts: Literal["", "H", "M", "L"] = ""


# ---------------------------------------------------------------- fields read by the vocabulary

def _list(raw: object) -> list[object]:
    if not isinstance(raw, list):
        raise EffectError(f"{raw!r} must be a list")
    return raw


def _costs(raw: object) -> tuple[CostSpace | None, ...]:
    costs: list[CostSpace | None] = [parse_cost_space(c) for c in _list(raw)]
    if len(costs) > rb.COST_SPACES:
        raise EffectError(f"at most {rb.COST_SPACES} cost spaces")
    return tuple(costs + [None] * (rb.COST_SPACES - len(costs)))


def _levels(raw: object) -> tuple[tuple[Effect, ...], ...]:
    levels = []
    for i, level in enumerate(_list(raw)):
        try:
            levels.append(parse_effects(level))
        except EffectError as error:
            raise EffectError(f"level {i + 1}: {error}") from None
    return tuple(levels)


def _counted(raw: object) -> Have:
    count = parse_requirement(raw)
    if not isinstance(count, Have):
        raise EffectError("an event counts something: count = { have = ... }")
    return count


Effects = Annotated[tuple[Effect, ...], Parsed(parse_effects)]
Levels = Annotated[tuple[tuple[Effect, ...], ...], Parsed(_levels)]
AbilityTerm = Annotated[Ability, Parsed(parse_ability)]
OptionalAbility = Annotated[Ability | None, Parsed(
    lambda raw: None if raw is None else parse_ability(raw))]
Requirements = Annotated[tuple[Requirement, ...], Parsed(
    lambda raw: tuple(parse_requirement(r) for r in _list(raw)))]
CostSpaces = Annotated[tuple[CostSpace | None, ...], Parsed(_costs)]
Counted = Annotated[Have, Parsed(_counted)]


@dataclass(frozen=True, slots=True)
class Counts:
    """A table of counts: the box inventory, the kit of one colour."""

    values: Mapping[str, int]
    origin: Provenance


@dataclass(frozen=True, slots=True)
class PlayerCountSetup:
    """What Setup changes with the number of civilizations."""

    players: int
    activation_dice_display: int
    fate_dice_display: int
    goal_display_spaces: int  # free goal-chip display spaces
    blocked_goal_spaces: int  # covered with 100-point tokens' blocking side
    blocked_phase_spaces: int
    reset_spaces: int  # free reset spaces before the reset end space
    blocked_encampments: int
    origin: Provenance


# ---------------------------------------------------------------- boards

@dataclass(frozen=True, slots=True)
class Phase:
    """One of the 8 phases of an era."""

    number: int
    name: str
    origin: Provenance


@dataclass(frozen=True, slots=True)
class ResetSpace:
    """A reset space of the phase sequence; covered (blocked) below `min_players`."""

    index: int
    min_players: int
    origin: Provenance


@dataclass(frozen=True, slots=True)
class WeatherSpace:
    """A space of the weather gauge, hottest first; `effects` are resolved in seating order."""

    index: int
    id: str
    name: str
    effects: Effects
    positive: bool  # positive effects may be forgone, negative ones must be carried out
    returns_to: str  # beyond a white line: the indicator goes back to this space ("" if not)
    start: bool
    origin: Provenance


@dataclass(frozen=True, slots=True)
class FavorSpace:
    """A space of the Favor of Agera track, leftmost first."""

    index: int
    pass_from: int  # lowest fate-die value that passes; 0 = passed without rolling
    statue_sp: int  # printed above the disc: SP per statue in each Income phase
    origin: Provenance


@dataclass(frozen=True, slots=True)
class TrackBonus:
    """A bonus threshold of a progress track: entering space `at` grants `effects`."""

    at: int
    effects: Effects


@dataclass(frozen=True, slots=True)
class ProgressTrack:
    """A progress track, spaces 0 to `top`, with its bonus thresholds."""

    id: Track
    name: str
    deck: Deck  # the research deck of the track's colour
    upgrade_die: int  # the value shown on its upgrade thresholds
    top: int
    sp_beyond_top: int
    bonuses: Annotated[tuple[TrackBonus, ...], nested(TrackBonus)]
    origin: Provenance


@dataclass(frozen=True, slots=True)
class ScoringCategory:
    """A scoring category with its final-scoring point space and its scoring tile's value."""

    id: Category
    number: int
    name: str
    unit: str
    final_points: int  # per unit, printed on the final scoring area
    tile_points: int  # per unit when its scoring tile lies point side up on it
    origin: Provenance


@dataclass(frozen=True, slots=True)
class EraScoring:
    """The era scoring area: points per unit on its spaces for eras 1-4."""

    points: tuple[int, ...]
    origin: Provenance


@dataclass(frozen=True, slots=True)
class HuntingColumn:
    """A column of the hunting table: food for fate-die values 1-6 in one territory type."""

    terrain: Terrain
    food: tuple[int, ...]
    origin: Provenance


# ---------------------------------------------------------------- console

@dataclass(frozen=True, slots=True)
class MaterialRecord:
    """A material: its storage space (terrain column, row) and sale price in money."""

    id: Material
    name: str
    terrain: Terrain
    row: int
    money: int
    lucky_find: tuple[int, ...]  # fate-die values leading to this row
    start: bool  # the face-up starting material tile of its starting territory
    origin: Provenance


@dataclass(frozen=True, slots=True)
class Module:
    """A console module: its two activation-die values (None: any two) and levels I-III."""

    id: str
    name: str
    kind: ModuleKind
    feature: Feature | None
    dice: tuple[int, int] | None
    levels: Levels  # one level for feature and Sleep modules
    origin: Provenance


@dataclass(frozen=True, slots=True)
class SettlementSlot:
    """A settlement recess on the console: its building cost and the diamonds it reveals."""

    number: int
    cost: tuple[Material, ...]
    diamonds: int
    origin: Provenance


@dataclass(frozen=True, slots=True)
class Stage:
    """A stage of the stage partition: usable columns, points, completion bonus, stage tile."""

    number: int
    columns: int  # columns 1..columns reach this stage
    sp: int  # per card and chip installed in it
    completion: Effects
    needs_tile: bool  # scores only if its stage tile is active
    origin: Provenance


@dataclass(frozen=True, slots=True)
class Console:
    """A civilization's console: spaces, storage diamonds, prosperity limits, innate activity."""

    dice_spaces: int
    reset_columns: int
    goal_area_spaces: int
    partition_columns: int
    start_chip_column: int
    start_chip_stage: int
    food_per_diamond: int
    money_per_diamond: int
    food_money_diamonds: int  # at most this many active diamonds from food and money
    storage_diamonds: tuple[int, ...]  # between rows 1-2 and rows 2-3 of a terrain column
    cost_spaces: int
    innate_activity: Effects
    origin: Provenance


# ---------------------------------------------------------------- cards and chips

@dataclass(frozen=True, slots=True)
class ResearchCard:
    """A research card: cost spaces (None: empty), instant bonus, ability, special bonus."""

    id: str  # "C16"
    deck: Deck
    number: int
    name: str
    costs: CostSpaces  # always 5 long
    bonus: Effects  # instant bonus (light bottom part)
    ability: OptionalAbility  # top third, active once installed
    special: Effects  # special bonus when installed by a level-III module
    origin: Provenance

    @property
    def starting(self) -> bool:
        """Cards 1-6 of each deck are the Option A starting cards."""
        return self.number <= 6


@dataclass(frozen=True, slots=True)
class GoalChip:
    """A goal chip and the requirement that installs it."""

    id: str
    requirement: Requirements
    origin: Provenance


@dataclass(frozen=True, slots=True)
class IncomeChip:
    """An income chip and its action."""

    id: str
    effects: Effects
    origin: Provenance


@dataclass(frozen=True, slots=True)
class AttributeChip:
    """An attribute chip: `amount` markers of a feature to hold (one returned), its benefit."""

    id: str
    feature: Feature
    amount: int
    ability: AbilityTerm
    origin: Provenance


@dataclass(frozen=True, slots=True)
class StartingChipCard:
    """A starting chip card: a goal chip space, the first upgraded module, the first income."""

    id: str
    number: int
    module: str
    income: Effects  # the top third: the first income chip
    origin: Provenance


@dataclass(frozen=True, slots=True)
class StartingMarkerCard:
    """A starting marker card (numbered 1-6 for Option A, 0 for the Option B extras)."""

    id: str
    number: int
    markers: Effects  # gains onto console spaces
    origin: Provenance


@dataclass(frozen=True, slots=True)
class EventTier:
    """Reach `at` of the event's count: gain `bonus`."""

    at: Annotated[int, Field(ge=1)]
    bonus: Effects


@dataclass(frozen=True, slots=True)
class EventCard:
    """An event card: the weather trend and the event (requirement and bonus)."""

    id: str  # "F7"
    number: int
    name: str
    weather: int  # signed steps: + hotter, - colder
    count: Counted  # what is counted (amount unused: 1)
    mode: EventMode
    tiers: Annotated[tuple[EventTier, ...], nested(EventTier)]
    origin: Provenance


@dataclass(frozen=True, slots=True)
class Site:
    """A site: its type and the SP in its top left corner."""

    id: str
    type: SiteType
    name: str
    sp: int
    origin: Provenance
    statue_cost: tuple[Material, ...] = ()  # a Building ground's statue materials (one is used)


@dataclass(frozen=True, slots=True)
class ScoringTile:
    """A scoring tile (icon side / point side) for one category."""

    id: str
    category: Category
    origin: Provenance


@dataclass(frozen=True, slots=True)
class StageTile:
    """A stage tile (inactive / active side) for stage 4 or 5."""

    id: str
    stage: int
    origin: Provenance


# ---------------------------------------------------------------- continent

@dataclass(frozen=True, slots=True)
class Encampment:
    """An encampment: fire SP (0 for an ordinary one); free only from `free_from` players."""

    id: str  # "b2.1"
    fire_sp: int
    free_from: int  # 2: always free; 3: covered with 2 players; 4: covered with 2 or 3


@dataclass(frozen=True, slots=True)
class Territory:
    """A territory of a continent tile; id = tile letter + position from the top ("b2")."""

    id: str
    tile: str
    position: int
    terrain: Terrain
    start: bool  # the Forest / Grassland starting territory ("Start" material space)
    building_ground: bool  # the island Building ground of the large Water territory
    encampments: tuple[Encampment, ...]
    statue_cost: tuple[Material, ...] = ()  # the island ground's statue materials

    @property
    def land(self) -> bool:
        """Land territories have encampments, a material tile space and a fire encampment."""
        return self.terrain is not Terrain.WATER


@dataclass(frozen=True, slots=True)
class Recess:
    """An octagonal site recess and the territories it touches (all on its own tile)."""

    id: str  # "b.1"
    adjacent: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ContinentTile:
    """A continent tile: 1 x 1 (tile a) or 1 x 2 cells, with its sub-cell shape upright."""

    id: str  # "a".."h"
    back: str  # letter on the back for the first play ("A", "B", "C") or ""
    cells: int
    shape: tuple[str, ...]  # rows of territory positions, 3 sub-cells per cell side
    territories: tuple[Territory, ...]
    recesses: tuple[Recess, ...]
    mountain_part: bool
    origin: Provenance


@dataclass(frozen=True, slots=True)
class Placement:
    """A continent tile in the 5 x 3 frame: anchor cell (top left) and clockwise rotation."""

    tile: str
    col: int
    row: int
    rotation: int  # 0, 90, 180, 270


@dataclass(frozen=True, slots=True)
class TerritoryTokens:
    """The 16 territory tokens (hunting / blocking side), by the territory type on the back."""

    by_terrain: Mapping[Terrain, int]
    origin: Provenance


# ---------------------------------------------------------------- everything

@dataclass(frozen=True, slots=True)
class Components:
    """Every printed component of the game, as frozen records indexed by id."""

    inventory: Counts
    kit: Counts
    player_counts: Mapping[int, PlayerCountSetup]
    phases: tuple[Phase, ...]
    reset_spaces: tuple[ResetSpace, ...]
    weather: tuple[WeatherSpace, ...]
    favor: tuple[FavorSpace, ...]
    tracks: Mapping[Track, ProgressTrack]
    categories: Mapping[Category, ScoringCategory]
    era_scoring: EraScoring
    hunting: Mapping[Terrain, HuntingColumn]
    materials: Mapping[Material, MaterialRecord]
    console: Console
    modules: Mapping[str, Module]
    settlements: tuple[SettlementSlot, ...]
    stages: tuple[Stage, ...]
    stage_tiles: Mapping[str, StageTile]
    scoring_tiles: Mapping[str, ScoringTile]
    research: Mapping[str, ResearchCard]
    goal_chips: Mapping[str, GoalChip]
    income_chips: Mapping[str, IncomeChip]
    attribute_chips: Mapping[str, AttributeChip]
    starting_chip_cards: Mapping[str, StartingChipCard]
    starting_marker_cards: Mapping[str, StartingMarkerCard]
    events: Mapping[str, EventCard]
    sites: Mapping[str, Site]
    tiles: Mapping[str, ContinentTile]
    first_play: tuple[Placement, ...]
    territory_tokens: TerritoryTokens
    origin_of_first_play: Provenance
