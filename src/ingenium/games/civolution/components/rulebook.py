"""What the rulebook itself fixes about the components, transcribed once to check the data files.

Every constant names the rulebook section it comes from (Civolution rulebook: Components, Setup,
How to Play, the phases, The Modules, The Sites). `validation.py` compares the loaded data with
these, so a typo or a lost card in a TOML file fails at load time.
"""

from __future__ import annotations

from collections.abc import Mapping

from ingenium.games.civolution.components.icons import Count, Deck, SiteType, Terrain

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # Setup: "setup for 2 to 4 civilizations" (solo: rules/solo/)
COLORS = 4  # Components: "80 tribes (20 in each of 4 colors)"

# Components: the box inventory, exactly as listed.
INVENTORY: Mapping[str, int] = {
    "game_boards": 2,  # progress board, sequence board
    "consoles": 4,
    "frame_pieces": 4,
    "adhesive_strip_sheets": 1,
    "research_cards": 160,
    "event_cards": 20,
    "starting_marker_cards": 12,
    "starting_chip_cards": 10,
    "goal_chips": 65,
    "income_chips": 25,
    "attribute_chips": 12,
    "solo_cards": 22,  # 7 display cards, 15 action cards (Solo Mode: components/solo.py)
    "hundred_point_tokens": 12,
    "stage_tiles": 8,
    "scoring_tiles": 9,
    "bags": 3,
    "activation_dice": 29,
    "fate_dice": 9,
    "phase_indicators": 1,
    "weather_indicators": 1,
    "tribes": 80,
    "settlements": 16,
    "markers": 200,
    "farms": 12,
    "boats": 8,
    "discs": 28,
    "module_tiles": 60,
    "continent_tiles": 8,
    "material_tiles": 18,
    "sites": 24,
    "territory_tokens": 16,
    "starting_monoliths": 1,
}

# Components, "(20 in each of 4 colors)" etc., and Setup steps 1-8 for each civilization.
PER_COLOR: Mapping[str, int] = {
    "consoles": 1,
    "tribes": 20,
    "settlements": 4,
    "markers": 50,  # Important additional notes: "Your marker supply is limited to 50"
    "farms": 3,
    "boats": 2,
    "discs": 7,  # step 6: score track, Favor of Agera track, 5 progress tracks
    "module_tiles": 15,  # step 1: "a set of 15 module tiles"
    "activation_dice": 6,  # step 2
    "fate_dice": 1,  # step 3
    "stage_tiles": 2,  # step 4: a stage-4 tile and a stage-5 tile
}
SOLO_DISPLAY_CARDS, SOLO_ACTION_CARDS = 7, 15  # Components: 22 cards for the solo mode

# Components: research cards, 5 decks of 32, listed in this order (lettered A-E by us).
RESEARCH_DECKS: tuple[Deck, ...] = tuple(Deck)
CARDS_PER_DECK = 32
STARTING_NUMBERS = tuple(range(1, 7))  # Option A: "starting marker cards (1 to 6)"
STARTING_MARKER_NUMBERED = 6  # "Shuffle the 6 numbered starting marker cards"
STARTING_MARKER_CARDS_OPTION_B = 3  # Option B: "give each civilization 3"
COST_SPACES = 5  # Install 1 research card: "how many of the 5 cost spaces"
FEATURE_HOLD_AMOUNTS = (1, 2, 3)  # "having at least 3/2/1 feature markers of a type"
ATTRIBUTE_HOLD_AMOUNTS = (3, 4)  # Attribute chips: "as many ... as shown (3 or 4)"

# Setup: the 9 scoring tiles: 4 to the era scoring area, 3 to the final area, 2 to the box.
ERAS = 4  # How to Play: "played over 4 eras"
ERA_SCORING_TILES, FINAL_SCORING_TILES = 4, 3
EVENT_STACK = 4  # Setup: "place 4 of them face down as a face-down event stack"

# How to Play: the 8 phases of an era.
PHASES = ("New cards", "New goals", "Extra find", "Action phase", "Site phase",
          "Feeding phase", "Event phase", "Income phase")

# How to Play, The 9 scoring categories (board order).
CATEGORIES = ("Technology", "Prestige", "Knowledge", "Construction", "Culture", "Evolution",
              "Prosperity", "Population", "Expansion")

# Setup: dice display by player count (2: 3 and 3, 3: 4 and 4, 4: 5 and 5).
DICE_DISPLAY: Mapping[int, int] = {2: 3, 3: 4, 4: 5}
# Setup: encampments covered with blocking tokens (2 players: 10; 3 players: 4).
BLOCKED_ENCAMPMENTS: Mapping[int, int] = {2: 10, 3: 4, 4: 0}
# Setup: goal chip display spaces covered (3 players: one; 2 players: two).
BLOCKED_GOAL_SPACES: Mapping[int, int] = {2: 2, 3: 1, 4: 0}
# Setup: phase-sequence spaces covered (3 players: "both of the yellow spaces"; 2: two more).
BLOCKED_PHASE_SPACES: Mapping[int, int] = {2: 4, 3: 2, 4: 0}

# Setup, the continent: "18 land territories (3 each of the 6 types ...) and 4 Water".
LAND_PER_TYPE = 3
WATER_TERRITORIES = 4
START_TERRAINS = (Terrain.FOREST, Terrain.GRASSLAND)  # setup step 7
START_MATERIALS = ("wood", "papyrus")  # Setup: Wood in the Forest, Papyrus in the Grassland
MOUNTAIN_PART_TILES = 3  # Components: "3 have a mountain part"
FIRST_PLAY_TILES = ("a", "b", "c")  # Setup: "use the tiles marked A, B, and C on their backs"
GOAL_CHIPS_PER_STAGE = 2  # Install 1 goal chip: "two fit side by side per stage"
BOAT_SEATS = 2  # Migrating onto boats: "has 2 seats"
BUILDINGS_PER_GROUND = 2  # Building grounds: "no more than two of your buildings"
SETTLEMENTS_PER_GROUND = 1  # "... only one of them may be a settlement"
ISLAND_BUILDING_GROUNDS = 1  # "one Building ground in the large Water territory"
STATUE_COST_TYPES = (2, 3)  # Build a statue: "Two or three types of stored materials"

# The Sites: 24 sites of 9 types; the counts the rulebook gives.
SITES = 24
SITE_TYPES: tuple[SiteType, ...] = tuple(SiteType)  # "There are 9 types"
SITE_COUNTS: Mapping[SiteType, int] = {
    SiteType.BUILDING_GROUND: 6,  # Building grounds: "six more are found among the sites"
    SiteType.HIDDEN_GROTTO: 2, SiteType.HOLY_ROCK: 2, SiteType.CAVE: 3,
    SiteType.MUSHROOM_VALLEY: 2, SiteType.VOLCANO: 2,
}

# The Modules: "15 main modules, 6 feature modules, and 1 Sleep module".
MAIN_MODULES = ("Migration", "Procreation", "Production", "Transport", "Sustenance",
                "Exploration", "Building", "Planning", "Research", "Achievement", "Insight",
                "Mutation", "Invention", "Trade", "Activity")
FEATURE_MODULES = 6
SLEEP_MODULES = 1
MAIN_LEVELS = 3  # "Each has three levels"
UPGRADE_CHOICES = 5  # Track bonuses: "Upgrade 1 of 5 possible modules"
INSTALL_MODULE: Mapping[Deck, str] = {  # Install 1 research card: "specified by the module"
    Deck.ACHIEVEMENT: "achievement", Deck.BUILDING: "building", Deck.INSIGHT: "insight",
    Deck.MUTATION: "mutation", Deck.INVENTION: "invention",
}
SPECIAL_BONUS_DECKS = (Deck.ACHIEVEMENT, Deck.INSIGHT, Deck.MUTATION, Deck.INVENTION)

# The progress tracks: "You can't advance beyond space 12 ... 2 success points".
TRACK_TOP = 12
SP_BEYOND_TOP = 2
# Track bonuses: the four kinds the rulebook lists.
TRACK_BONUS_KINDS = ("upgrade", "favor_or_income", "stage_tile_or_3_sp", "3_sp")

# Take a favor test: "Leftmost space: ... a 6; Second space: 5 or 6; ...; Rightmost space:
# automatically passed". The count of spaces is not given (facts: 6).
FAVOR_RIGHTMOST_AUTOMATIC = 0

# Phase 7 A: the weather gauge starts on "Mild"; "Hot" and "Cold" sit before the white lines.
WEATHER_START = "mild"
WEATHER_LINES = ("hot", "cold")

# Console (Setup, The Modules, Do a Reset, the stage partition).
DICE_SPACES = 6  # setup step 2: values 1 through 6
RESET_COLUMNS = 4  # setup step 8: "the top of each of its 4 reset columns"
GOAL_AREA_SPACES = 3  # Phase 2: "If all 3 goal area spaces are occupied"
STORAGE_SPACES = 18  # Trade III: "any of your 18 storage spaces"
STORAGE_PER_TERRAIN = 3  # Phase 3: "any of the 3 storage spaces ... that matches"
STAGE_COMPLETION_BONUS = (1, 2)  # "Stages 1 and 2 each have a completion bonus"
SCORING_STAGES = 5  # "stages 6+ are worth no success points"
STAGE_TILE_STAGES = (4, 5)
RESET_ALLOWED_DICE = 3  # Do a Reset: "3 or fewer activation dice on your dice spaces"
SETTLEMENT_DIAMONDS = (1, 2, 3)  # "Removing a settlement reveals 1, 2, or 3 diamonds"

# Sale: "Wood gives 1, Oil gives 3"; Purchase: 2 money if face up, 4 if not; 2 SP per sale.
SALE_SP = 2
PURCHASE_FACE_UP, PURCHASE_FACE_DOWN = 2, 4

# Setup and the additional notes: fixed numbers the rules need (no data file holds them).
RESEARCH_STACKS = 5  # Setting up the research display: 5 face-down + 5 face-up stacks
INCOME_CHIP_DISPLAY = 3  # Setup: "each of the 3 spaces of the income chip display"
ATTRIBUTE_CHIP_DISPLAY = 3  # Setup: "each of the 3 spaces of the attribute chip display"
START_TRIBES_PER_TERRITORY = 1  # step 7: one tribe in each starting territory
START_RAW_MATERIALS_PER_TERRITORY = 1  # step 8: one marker in each starting territory
START_MARKERS_PER_BOAT = 1  # step 8: "one marker in the notch of each of its two boats"
START_RESET_MARKERS = 1  # step 8: "one at the top of each of its 4 reset columns"
SCORE_TRACK_LAP = 100  # "Whenever you complete a lap ... take a 100-point token"
MARKER_SUPPLY = 50  # "Your marker supply is limited to 50 pieces"
FOOD_PER_WILDERNESS_TRIBE, FOOD_PER_ENCAMPED_TRIBE = 2, 1  # Phase 6 A
SP_PER_STRONG_TRIBE = 1  # Phase 6 B
MYSTIC_OAK_SP: Mapping[Terrain, int] = {  # Phase 5 C
    Terrain.WATER: 2, Terrain.SWAMP: 2, Terrain.DESERT: 2,
    Terrain.FOREST: 1, Terrain.GRASSLAND: 1, Terrain.HILLS: 1, Terrain.MOUNTAINS: 1,
}

# Most a civilization can ever hold of a count; a requirement above it can never be met.
MAXIMA: Mapping[Count, int] = {
    Count.TRIBES: 20, Count.STRONG_TRIBES: 20, Count.TRIBES_IN_TERRITORY: 20,
    Count.TERRITORIES: LAND_PER_TYPE * 6 + WATER_TERRITORIES, Count.FARMS: 3, Count.BOATS: 2,
    Count.FULL_BOATS: 2, Count.SETTLEMENTS: 4, Count.STATUES: 20, Count.BUILDINGS: 20,
    Count.FEATURES: 50, Count.FEATURE_TYPES: 6, Count.FOOD: 50, Count.MONEY: 50,
    Count.IDEAS: 50, Count.MATERIALS: 50, Count.TRACK: TRACK_TOP, Count.FAVOR: 5,
    Count.FATE_DICE: 9, Count.ACTIVATION_DICE: 29 - 3 * 6, Count.RESEARCH_CARDS: 40,
    Count.INCOME_CHIPS: 25, Count.GOAL_CHIPS: 65, Count.FIRE_ENCAMPMENTS: 18,
    Count.PROSPERITY: 40,
}
