"""Setup (rulebook, "Setup"): the main board 1-15, Wealth and Progress tiles 16-17 and the
Society boards A-J, drawing every random element from the state's chance source; the Stone Age
follows as pending steps (`stone_age.py`). With 2 players, the 2-Player Rules' Setup: Chronos
in the random turn order with his supply (1, 4; `chronos.py`, which starts him in the Stone Age:
2-3) and the tiles of Setup 5-6 (data: `box.toml`, `[player_count.2]`)."""

from __future__ import annotations

from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import chronos
from ingenium.games.inventions.rules.key_concepts import (
    name_of,
    slide_display,
    take_stack_top,
    turn_up_stack_top,
    who,
)
from ingenium.games.inventions.table import (
    ASIDE,
    CHRONOS,
    LOC_HAND,
    LOC_LEFT,
    LOC_OUT,
    LOC_REGION,
    LOC_STACK,
    M_CK,
    M_DECK,
    M_EUREKA,
    M_PRIVATE,
    ON_BOARD,
    H,
    InvTable,
    IState,
    P,
    R,
    T,
    chronos_of,
    colours,
    diplomat_at,
    type_at,
)


def setup(state: IState) -> InvTable:
    """Main board 1-15, Wealth and Progress tiles 16-17, Society boards A-J."""
    players = state.players
    t = InvTable(players=players)
    state.table = t
    if chronos_of(t) >= 0:  # 2-Player Setup 1: the turn order at random, Chronos in it
        t.order = state.deal("turn_order", colours(t))
        chronos.setup_supply(t)
        t.chronos_era_space = CHRONOS  # Setup 4: his Era marker on the next starting space
    else:
        first = state.draw("first_player", range(players))
        t.order = [(first + i) % players for i in range(players)]
    t.ip, t.influence = [0] * players, [1] * players
    t.era_space = list(range(players))
    _regions(state, t)
    _milestones(state, t)
    _ideas(state, t)
    _society(state, t)
    state.log(None, "setup", "Turn order: " + ", ".join(name_of(t, s) for s in t.order),
              {"order": list(t.order)})
    t.pending = [steps.StoneAgeEnd(steps.S_STONE_END, 0),
                 *(steps.ChronosStoneAge(steps.S_CHRONOS_STONE, s) if s == chronos_of(t)
                   else steps.StoneAgeRegion(steps.S_STONE, s) for s in t.order)]
    return t


def _regions(state: IState, t: InvTable) -> None:
    counts = catalog.C.player_counts[t.players].values
    t.sage = [1] * R
    t.knowledge = state.deal("knowledge_tile", range(R))
    t.knowledge_ip_side = [0] * R
    t.specialist_tile = state.deal("specialist_tile", range(R))
    t.wealth_letter = state.deal("wealth_stack", range(catalog.NUM_WEALTH))
    t.wealth_left = [counts["wealth_a_to_d"] if letter < 4 else counts["wealth_e_to_g"]
                     for letter in t.wealth_letter]
    t.card, t.invented = [-1] * R, [0] * R
    t.presenter, t.presenter_count = [-1] * R, [0] * R
    t.inventor, t.innovator = [-1] * R, [-1] * R
    t.influence_spaces = [-1] * (R * catalog.INFLUENCE_SPACES)
    t.on_map = [0] * (R * P)
    t.progress_supply = [counts["progress_copies"]] * catalog.NUM_PROGRESS


def _milestones(state: IState, t: InvTable) -> None:
    t.milestone_loc = [M_DECK] * catalog.NUM_MILESTONES
    deck = {letter: [m for m in range(catalog.NUM_MILESTONES) if catalog.M_LETTER[m] == letter]
            for letter in range(6)}
    deck[0] = state.deal("milestone_a", deck[0])
    deck[1] = state.deal("milestone_b", deck[1])
    t.common = deck[0]
    t.private = deck[1]
    t.eureka = deck[2]
    t.milestone_decks = deck[3] + deck[4] + deck[5]
    for m in t.common:
        t.milestone_loc[m] = M_CK
    for slot, m in enumerate(t.private):
        t.milestone_loc[m] = M_PRIVATE + slot
    for m in t.eureka:
        t.milestone_loc[m] = M_EUREKA
    t.diplomats = [0] * (catalog.NUM_MILESTONES * P)


def _ideas(state: IState, t: InvTable) -> None:
    t.idea_loc = [LOC_OUT] * catalog.NUM_IDEAS
    by_era = {era: [i for i in range(catalog.NUM_IDEAS) if catalog.IDEA_ERA[i] == era]
              for era in range(1, 7)}
    a_ideas = [i for i in by_era[2] if catalog.M_LETTER[catalog.IDEA_MILESTONE[i]] == 0]
    for r in range(R):
        if catalog.SPECIALIST_TILES[t.specialist_tile[r]].setup_idea and a_ideas:
            idea = state.draw("idea_era2_a", a_ideas)
            a_ideas.remove(idea)
            t.card[r] = idea
            t.idea_loc[idea] = LOC_REGION
    for seat in range(t.players):
        b_idea = next(i for i in by_era[2] if catalog.IDEA_MILESTONE[i] == t.private[seat])
        t.idea_loc[b_idea] = LOC_HAND + seat
    prehistoric = by_era[1]
    for seat in range(t.players):
        for card in state.deal("prehistoric", prehistoric, 2):
            prehistoric.remove(card)
            t.idea_loc[card] = LOC_LEFT + seat
    t.stack = []  # era 6 at the bottom, era 3 on top; unordered within an era until turned up
    for era in (6, 5, 4, 3):
        t.stack.extend(by_era[era])
    for idea in t.stack:
        t.idea_loc[idea] = LOC_STACK
    turn_up_stack_top(state)
    for seat in t.order:
        if seat == chronos_of(t):
            continue  # 2-Player Setup 1: he takes his ideas from the Idea display
        idea = take_stack_top(state)
        t.idea_loc[idea] = LOC_HAND + seat
    t.display = [-1, -1, -1]
    slide_display(state)


def _society(state: IState, t: InvTable) -> None:
    players = state.players
    kit = catalog.C.kit.values
    t.academy = [kit["start_scholars"]] * players
    t.home = [kit["start_specialists_per_specialty"]] * type_at(players, 0)
    t.exhausted = [0] * (players * 3)
    t.supply = [catalog.CITIZENS - kit["start_scholars"] - 3 - kit["start_diplomats"]] * players
    t.sages_held = [0] * players
    for seat in range(players):
        t.diplomats[diplomat_at(t.private[seat], seat)] = 1
    t.token_region = [ASIDE if k == catalog.PLUS_ONE_TOKEN else ON_BOARD
                      for _ in range(players) for k in range(T)]
    t.token_up = [1] * (players * T)
    t.epoch, t.season = [-1] * players, [-1] * (players * 2)
    t.tiles, t.tiles_new = [catalog.EMPTY] * (players * 4), [0] * (players * 4)
    t.progress_map, t.flipped = [0] * (players * H), [0] * (players * H)
    t.hex_token = [1 if catalog.HEX_TOKEN[h] else 0 for _ in range(players) for h in range(H)]
    t.eco_home = [kit["start_economy_tokens_home"]] * players
    t.eco_used = [0] * (players * H)
    t.goals = []
    for seat in range(players):
        for deck in catalog.GOALS_BY_TYPE:
            taken = set(t.goals)
            pick = state.draw("private_goal", [g for g in deck if g not in taken], (seat,))
            t.goals.append(pick)
        names = ", ".join(catalog.GOALS[g].name for g in t.goals[-3:])
        state.log(seat, "goals", f"{who(seat)}'s Private Goals: {names}",
                  {"goals": [catalog.GOALS[g].id for g in t.goals[-3:]]}, visible_to=(seat,))
