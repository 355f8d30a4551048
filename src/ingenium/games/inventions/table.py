"""The Inventions table as flat data (see engine.table.FlatTable), and its pending-step kinds.

Indexing (P = 4 colour slots, whatever the player count; R = 7 regions; H = 19 hexes):
home[seat * 3 + type], exhausted[seat * 3 + type], on_map[region * P + seat],
diplomats[milestone * P + seat], influence_spaces[region * 4 + i] (a seat or -1),
token_region[seat * 5 + token] (a region, ON_BOARD or ASIDE), token_up[seat * 5 + token],
season[seat * 2 + i], tiles[seat * 4 + i] (tile codes, see catalog), tiles_new[seat * 4 + i],
progress_map[seat * H + hex], flipped[seat * H + hex], hex_token[seat * H + hex],
eco_used[seat * H + hex], goals[seat * 3 + deck].
Idea locations: idea_loc[idea] is one of the LOC_* codes (HAND + seat, LEFT + seat).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ingenium.engine import FlatTable

# phases
SETUP, PLAY, OVER = 0, 1, 2

# idea/invention card locations
LOC_OUT = -1  # removed from the game (or never used)
LOC_STACK = 0
LOC_DISPLAY = 1
LOC_REGION = 2
LOC_HAND = 10  # + seat: to the right of the Society board (ideas)
LOC_LEFT = 20  # + seat: to the left of the Society board (inventions)

# milestone locations
M_DECK, M_CK, M_DISCARD, M_EUREKA, M_PRIVATE = 0, 1, 2, 3, 10  # M_PRIVATE + display slot

# Influence-token places besides a region number
ON_BOARD, ASIDE = -1, -2

# payment destinations (S_PAY): dest = region * 4 + role; the placed citizens join the card
TO_EXHAUST, AS_PRESENTER, AS_INVENTOR, AS_INNOVATOR = 0, 1, 2, 3

# pending step kinds; every step is a tuple (kind, seat, args...)
S_STONE = 1  # (S_STONE, seat): Stone Age i: choose a region
S_STONE_TAIL = 2  # (S_STONE_TAIL, seat, region): Stone Age iv-v (automatic)
S_STONE_END = 3  # (S_STONE_END, 0): discard ideas without specialists, Era 1 begins
S_TURN = 4  # (S_TURN, seat): step 1, then the main action (automatic)
S_MAIN = 5  # (S_MAIN, seat): choose the main action
S_POST = 6  # (S_POST, seat): Economy tiles before the end of step 2
S_END_ACTIONS = 7  # (S_END_ACTIONS, seat): refill ideas, return Chain Action tokens
S_REFILL = 8  # (S_REFILL, seat): take one idea from the display or stack
S_OVERFLOW = 9  # (S_OVERFLOW, seat, started): choose which new Aspiration tiles to keep
S_ASPIRE = 10  # (S_ASPIRE, seat): step 3, one Aspiration tile at a time
S_BUILD = 11  # (S_BUILD, seat, left, first, influence_cost): step 4 / build effect: a tile
S_BUILD_HEX = 12  # (S_BUILD_HEX, seat, slot, left): the hex for the chosen tile
S_NEXT = 13  # (S_NEXT, seat): the turn is over: next player, round, era (automatic)
S_PAY = 14  # (S_PAY, seat, dest, place_type, place_n, ex_e, ex_c, ex_t, ex_any)
S_EFFECT = 15  # (S_EFFECT, seat, effect): run one benefit (automatic or a question)
S_AFTER = 16  # (S_AFTER, seat, action): culture tiles, then the Technology tile offer
S_TECH = 17  # (S_TECH, seat, action): chain the paired action of a Technology tile?
S_FREE = 18  # (S_FREE, seat, action): perform a free action (Specialist tile) or skip
S_CHAIN = 19  # (S_CHAIN, seat, action, source, arg): perform a Chain Action or skip
S_PLACE = 20  # (S_PLACE, seat): place a new citizen in any map region
S_PRESENT = 21  # (S_PRESENT, seat): which idea
S_PRESENT_REGION = 22  # (S_PRESENT_REGION, seat, idea)
S_PRESENT_DONE = 23  # (S_PRESENT_DONE, seat, region): the Specialist tile's benefit
S_INVENT = 24  # (S_INVENT, seat)
S_INNOVATE = 25  # (S_INNOVATE, seat)
S_INNOVATE_DONE = 26  # (S_INNOVATE_DONE, seat, region): new specialist, card chain
S_SHARE = 27  # (S_SHARE, seat)
S_REWARD = 28  # (S_REWARD, seat, region): Wealth tile, wild Aspiration or nothing
S_REPLACE = 29  # (S_REPLACE, seat, tile code): which Aspiration tile to replace
S_HOME_REGION = 30  # (S_HOME_REGION, seat, mode): Call Specialists / bring home: region
S_HOME_COUNT = 31  # (S_HOME_COUNT, seat, region, mode): how many citizens
S_SPECIALTY = 32  # (S_SPECIALTY, seat, region, count, mode): their specialty (no card)
S_CALL_CHAIN = 33  # (S_CALL_CHAIN, seat): an invention's chain
S_GI_REGION = 34  # (S_GI_REGION, seat)
S_GI_TOKEN = 35  # (S_GI_TOKEN, seat, region)
S_GI_PLACE = 36  # (S_GI_PLACE, seat, region, token): after citizens went home
S_GI_CHAIN = 37  # (S_GI_CHAIN, seat): flip a face-up token for its chain
S_TRAVEL = 38  # (S_TRAVEL, seat)
S_SAGE = 39  # (S_SAGE, seat, region)
S_EUREKA = 40  # (S_EUREKA, seat)
S_ERA_SPACE = 41  # (S_ERA_SPACE, seat, era)
S_SEND = 42  # (S_SEND, seat): which citizen
S_SEND_TO = 43  # (S_SEND_TO, seat, citizen kind)
S_RECALL = 44  # (S_RECALL, seat)
S_ERA_CHANGE = 45  # (S_ERA_CHANGE, 0, stage)
S_TURN_ORDER = 46  # (S_TURN_ORDER, seat)
S_DISCARD_HAND = 47  # (S_DISCARD_HAND, seat, owed): Era Change 6, in turn order
S_FINAL = 48  # (S_FINAL, 0)
S_SAGE_RETURN = 49  # (S_SAGE_RETURN, seat): Era Change 4: return a sage to an empty space
S_KNOWLEDGE_FLIP = 50  # (S_KNOWLEDGE_FLIP, seat, region): Travel 3: flip after its chain action

# sources of a Chain Action (S_CHAIN)
CH_INNOVATE, CH_MILESTONE, CH_KNOWLEDGE = 0, 1, 2

# modes of bringing citizens home
HOME_CALL, HOME_EFFECT, HOME_GAIN_INFLUENCE = 0, 1, 2


@dataclass
class InvTable(FlatTable):
    """Everything on the table; lists are flat and hold only immutable values."""

    players: int = 0
    phase: int = SETUP
    chronos: int = 0  # index into the Era track (catalog.TRACK)
    current: int = -1
    order: list[int] = field(default_factory=list)  # turn order, first first
    ip: list[int] = field(default_factory=list)
    influence: list[int] = field(default_factory=list)
    era_space: list[int] = field(default_factory=list)
    supply: list[int] = field(default_factory=list)
    academy: list[int] = field(default_factory=list)
    home: list[int] = field(default_factory=list)
    exhausted: list[int] = field(default_factory=list)
    sages_held: list[int] = field(default_factory=list)
    on_map: list[int] = field(default_factory=list)
    diplomats: list[int] = field(default_factory=list)
    # regions
    card: list[int] = field(default_factory=list)
    invented: list[int] = field(default_factory=list)
    specialist_tile: list[int] = field(default_factory=list)
    presenter: list[int] = field(default_factory=list)
    presenter_count: list[int] = field(default_factory=list)
    inventor: list[int] = field(default_factory=list)
    innovator: list[int] = field(default_factory=list)
    wealth_letter: list[int] = field(default_factory=list)
    wealth_left: list[int] = field(default_factory=list)
    sage: list[int] = field(default_factory=list)
    knowledge: list[int] = field(default_factory=list)
    knowledge_ip_side: list[int] = field(default_factory=list)
    influence_spaces: list[int] = field(default_factory=list)
    token_region: list[int] = field(default_factory=list)
    token_up: list[int] = field(default_factory=list)
    # milestones
    milestone_loc: list[int] = field(default_factory=list)
    common: list[int] = field(default_factory=list)  # Common Knowledge, top first
    eureka: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    private: list[int] = field(default_factory=list)  # per colour slot; -1 empty
    milestone_decks: list[int] = field(default_factory=list)  # D, E, F still to reveal
    # ideas
    idea_loc: list[int] = field(default_factory=list)
    stack: list[int] = field(default_factory=list)  # the face-up Idea stack, top last
    display: list[int] = field(default_factory=list)  # 3 slots, rightmost last; -1 empty
    # pillars (Action-space index or -1)
    epoch: list[int] = field(default_factory=list)
    season: list[int] = field(default_factory=list)
    # tiles
    progress_supply: list[int] = field(default_factory=list)
    tiles: list[int] = field(default_factory=list)
    tiles_new: list[int] = field(default_factory=list)
    progress_map: list[int] = field(default_factory=list)
    flipped: list[int] = field(default_factory=list)
    hex_token: list[int] = field(default_factory=list)
    eco_home: list[int] = field(default_factory=list)
    eco_used: list[int] = field(default_factory=list)
    goals: list[int] = field(default_factory=list)
    # the current turn
    chain_left: int = 0
    owed_ideas: int = 0
    tech_used: int = 0
    called: list[int] = field(default_factory=list)  # inventions chained by Call Specialists
    overflow: list[int] = field(default_factory=list)  # Aspiration sides beyond the display
    pending: list[tuple[int, ...]] = field(default_factory=list)
