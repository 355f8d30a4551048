"""What the rulebook itself fixes about the components, transcribed once to check the data files.

Every constant names the rulebook section it comes from
(/work/shared/rules/inventions-evolution-of-ideas.txt). `components.validate()` compares the
loaded data with these, so a typo or a lost card in a TOML file fails at load time.
"""

from __future__ import annotations

from collections.abc import Mapping

from ingenium.games.inventions.components.terms import Action

MAX_PLAYERS = 4  # "in each of the 4 player colors"

# Components: the box inventory, exactly as listed.
INVENTORY: Mapping[str, int] = {
    "main_board": 1,
    "society_boards": 4,
    "rulebook": 1,
    "player_aids": 4,
    "action_aid_cards": 2,
    "chronos_meeple": 1,
    "economy_tokens": 12,
    "sage_meeples": 7,
    "knowledge_tiles": 7,
    "specialist_tiles": 7,
    "milestone_tiles": 21,
    "milestone_decks": 6,
    "idea_cards": 48,
    "idea_decks": 6,
    "private_goal_cards": 21,
    "private_goal_decks": 3,
    "aspiration_tiles": 16,
    "technology_progress_tiles": 21,
    "culture_progress_tiles": 21,
    "economy_progress_tiles": 21,
    "wealth_tiles": 25,
    "solo_rulebook": 1,
    "solo_cards": 5,
    "solo_scoring_card": 1,
    "solo_player_board": 1,
}

# Components: "... in each of the 4 player colors".
PER_COLOR: Mapping[str, int] = {
    "epoch_pillars": 1,
    "season_pillars": 2,
    "citizens": 30,
    "chain_action_tokens": 3,
    "influence_markers": 1,
    "scoring_markers": 1,
    "turn_order_markers": 1,
    "era_markers": 1,
    "influence_tokens": 5,
}

# Society Board Setup (and its steps A-J).
PER_PLAYER: Mapping[str, int] = {
    "economy_tokens": 3,
    "aspiration_tiles": 4,
    "private_goal_cards": 3,  # B: 1 random card of each type
    "private_goals_scored": 2,  # Final Scoring 3: any 2
    "start_scholars": 2,  # A
    "start_specialists_per_specialty": 1,  # A
    "start_diplomats": 1,  # A
    "start_economy_tokens_home": 1,  # D
    "start_economy_tokens_on_map": 2,  # D
    "b_ideas": 1,  # E
    "era3_ideas": 1,  # F
    "era1_inventions": 2,  # G
}

# Setup, step 4 / Society Board Setup, C: the Influence tokens.
INFLUENCE_TOKENS = ("Present an Idea", "Invent", "Innovate", "Share", "+1 Influence")

# Setup 16-17 and 2-Player Rules, Setup 5-6: tiles in play by player count.
WEALTH_IN_PLAY_A_TO_D: Mapping[int, int] = {2: 3, 3: 3, 4: 4}  # 2p: Chronos counts as a player
WEALTH_IN_PLAY_E_TO_G: Mapping[int, int] = {2: 2, 3: 2, 4: 3}
PROGRESS_COPIES_IN_PLAY: Mapping[int, int] = {2: 2, 3: 2, 4: 3}
WEALTH_COPIES: Mapping[str, int] = {"A": 4, "B": 4, "C": 4, "D": 4, "E": 3, "F": 3, "G": 3}
PROGRESS_TYPES = ("economy", "culture", "technology")
PROGRESS_NUMBERS = tuple(range(1, 8))
PROGRESS_COPIES = 3

# A Glimpse of Time, Milestones: decks A-F with their eras and names (Inventions list).
MILESTONE_DECKS: Mapping[str, tuple[int, tuple[str, ...]]] = {
    "A": (1, ("Stone & Bone Tools", "Control of Fire", "Transport", "Origin of Language")),
    "B": (2, ("Agriculture", "Cotton", "Mining", "Copper Smelting")),
    "C": (3, ("Iron", "Mathematics", "Sailing")),
    "D": (4, ("Paper", "Greek Fire", "Crane")),
    "E": (5, ("Electricity", "Telegraph", "Vaccination", "Internal Combustion")),
    "F": (6, ("Solar Cell", "Computer", "AI")),
}

# How to Play: the six eras, their names and rounds (Era 6 is final scoring only).
ERAS: Mapping[int, tuple[str, int]] = {
    1: ("Stone Age", 1),
    2: ("Neolithic", 3),
    3: ("Metal Age", 3),
    4: ("Classical/Middle Age", 3),
    5: ("Modern Age", 3),
    6: ("Computer Age", 0),
}

# A Glimpse of Time, Inventions: name -> required Milestone (None: Era 1 has no idea side).
INVENTIONS: Mapping[int, Mapping[str, str | None]] = {
    1: dict.fromkeys(("Boats", "Cloth", "Projectile", "Star Map", "Flute", "Bread", "Trade",
                      "Domestication: Dog", "Ceramics & Pottery")),
    2: {"Domestication: Horse": "Transport", "Seawall": "Stone & Bone Tools",
        "Wheel": "Transport", "Fermentation": "Control of Fire",
        "Tanned Leather": "Stone & Bone Tools", "Irrigation": "Agriculture", "Silk": "Cotton",
        "Proto-City": "Mining", "Plumbing": "Copper Smelting"},
    3: {"Coins": "Copper Smelting", "Writing": "Origin of Language", "Glass": "Control of Fire",
        "Lighthouse": "Sailing", "Musical Notation": "Origin of Language", "Steel": "Iron"},
    4: {"Mariner's Compass": "Mathematics", "Catapult": "Crane", "Eyeglasses": "Mathematics",
        "Caravel": "Sailing", "Printing Press": "Paper", "Windmill": "Crane"},
    5: {"Steamboat": "Iron", "Dynamite": "Greek Fire", "Calculator": "Mathematics",
        "Automobile": "Internal Combustion", "Telephone": "Telegraph",
        "Light Bulb": "Electricity", "Aircraft": "Internal Combustion",
        "Television": "Telegraph", "Microscope": "Vaccination",
        "Locomotive": "Internal Combustion", "Penicillin": "Vaccination",
        "High-Density Battery": "Electricity"},
    6: {"Satellite": "Solar Cell", "Machine Learning": "Computer", "Quantum Computing": "AI",
        "Solar Sail": "Solar Cell", "Internet": "Computer", "Reusable Rocket": "AI"},
}

# The Actions: the ten actions; those that say "This action allows you to take a Chain Action".
ACTIONS = tuple(Action)
CHAIN_GRANTING = frozenset(
    {Action.INNOVATE, Action.CALL_SPECIALISTS, Action.GAIN_INFLUENCE, Action.TRAVEL})
FORUMS = 5  # B. Assembly: "divided into 5 forums; each forum comprises 2 different Action spaces"
ACTIONS_PER_FORUM = 2

# Iconography, Specialist Tiles: the seven benefits (as effect tables).
SPECIALIST_BENEFITS = (
    {"action": "present_idea"}, {"action": "invent"}, {"action": "share_invention"},
    {"gain": "ip", "amount": 3}, {"gain": "influence", "amount": 1}, {"gain": "scholar"},
    {"place_citizen": "any_region"},
)
SPECIALISTS_PER_TILE = (1, 2)  # Stone Age ii: "place 1 or 2 of your specialists"
SETUP_REGIONS_WITHOUT_IDEA = 2  # Setup 14: "except the two regions"

# Iconography, Knowledge Tiles (each requires an available Chain Action token).
KNOWLEDGE_FRONTS = (
    {"action": "present_idea"}, {"action": "invent"}, {"action": "share_invention"},
    {"action": "innovate"}, {"action": "call_specialists"}, {"action": "gain_influence"},
    {"place_citizen": "any_region"},
)
KNOWLEDGE_BACK = {"gain": "ip", "amount": 2, "per": "knowledge_tile_ip_side"}

# Influence track (E. Influence, Era Change 2, Final Scoring 1).
INFLUENCE_MIN, INFLUENCE_MAX, INFLUENCE_START = 0, 10, 1
CHAIN_TOKENS_RANGE = (1, 3)  # "a number of Chain Action tokens (1 to 3)"
FINAL_INFLUENCE_IP = (1, 5, 10)


def era_change_adjustment(influence: int) -> int:
    """Era Change, step 2: 0 -> +1, 1-3 -> 0, 4-7 -> -1, 8-10 -> -2."""
    if influence == 0:
        return 1
    if influence <= 3:
        return 0
    return -1 if influence <= 7 else -2


# Step 4: Build Progress: the influence paid by tiles in the 4-space tiles display.
TILES_DISPLAY_SPACES = 4
BUILD_INFLUENCE_COST: Mapping[int, int] = {4: 0, 3: 1, 2: 2, 1: 3}
SOCIETY_BOARD: Mapping[str, int] = {
    "tiles_display_spaces": TILES_DISPLAY_SPACES,
    **{f"build_influence_with_{n}_tile{'s' if n > 1 else ''}": cost
       for n, cost in BUILD_INFLUENCE_COST.items()},
    "progress_build_specialists": 1,  # Step 4, 3.b.ii: base cost 1 specialist
    "wealth_build_specialists": 2,  # ... a Wealth tile 2
    "extra_per_adjacent_tile": 1,  # 3.b.iii
    "discount_per_matching_invention": 1,  # 3.b.iv
    "technology_tile_influence": 1,  # I. Technology tile: "it costs you 1 influence"
    "specialty_areas": 3,  # economy, culture, technology
}

# Displays on the main board.
COMMON_KNOWLEDGE_SPACES = 4  # Setup 9: one Deck-A tile on each space
PRIVATE_DISPLAYS = 4  # Setup 10: one Deck-B tile on each of the 4 Player displays
IDEA_DISPLAY_CARDS = 3  # Society Board Setup F
REGIONS = 7  # Key Concepts and the 2-player migration path 1-7
REGIONS_LINKED_ACROSS_PACIFIC = (4, 6)  # Travel note: "between regions 4 and 6"
REGIONS_ACROSS_PACIFIC = ("Asia", "North America")  # Setup note and Travel note
REGION_NAMES = ("Africa", "Asia", "North America")  # the only region names the rulebook gives
