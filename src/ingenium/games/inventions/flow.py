"""Setup, the Stone Age, rounds and turns, the Era Change and the end (Setup; Stone Age;
Playing a Round; Next Round; Era Change; End of the Game)."""

from __future__ import annotations

from ingenium.engine import Option
from ingenium.games.inventions import catalog as K
from ingenium.games.inventions import decisions as D
from ingenium.games.inventions import queries as Q
from ingenium.games.inventions.board import (
    IState,
    add_influence,
    place_citizen,
    push_effects,
    slide_display,
    take_stack_top,
    turn_up_stack_top,
    who,
)
from ingenium.games.inventions.interpreter import start_action, use_economy
from ingenium.games.inventions.table import (
    AS_PRESENTER,
    ASIDE,
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
    PLAY,
    S_ASPIRE,
    S_BUILD,
    S_END_ACTIONS,
    S_ERA_CHANGE,
    S_FINAL,
    S_MAIN,
    S_NEXT,
    S_OVERFLOW,
    S_PAY,
    S_POST,
    S_REFILL,
    S_STONE,
    S_STONE_END,
    S_STONE_TAIL,
    S_TURN,
    InvTable,
)

P, R, H, T = K.MAX_SEATS, K.NUM_REGIONS, K.NUM_HEXES, K.NUM_TOKENS
# Step 2 A, as written: "Each player with an Epoch pillar (or Season pillar) on the Action space
# you chose gains 1 influence" (the issue says the same: each player whose pillar is there).
SEASON_PILLARS_INFLUENCE = True


# -- Setup ----------------------------------------------------------------------------------------
def setup(state: IState) -> InvTable:
    """Main board 1-15, Wealth and Progress tiles 16-17, Society boards A-J."""
    players = state.players
    t = InvTable(players=players)
    state.table = t
    first = state.draw("first_player", range(players))
    t.order = [(first + i) % players for i in range(players)]
    t.ip, t.influence = [0] * players, [1] * players
    t.era_space = list(range(players))
    _regions(state, t)
    _milestones(state, t)
    _ideas(state, t)
    _society(state, t)
    state.log(None, "setup", "Turn order: " + ", ".join(who(s) for s in t.order),
              {"order": list(t.order)})
    t.pending = [(S_STONE_END, 0), *((S_STONE, s) for s in t.order)]
    return t


def _regions(state: IState, t: InvTable) -> None:
    counts = K.C.player_counts[t.players].values
    t.sage = [1] * R
    t.knowledge = state.deal("knowledge_tile", range(R))
    t.knowledge_ip_side = [0] * R
    t.specialist_tile = state.deal("specialist_tile", range(R))
    t.wealth_letter = state.deal("wealth_stack", range(K.NUM_WEALTH))
    t.wealth_left = [counts["wealth_a_to_d"] if letter < 4 else counts["wealth_e_to_g"]
                     for letter in t.wealth_letter]
    t.card, t.invented = [-1] * R, [0] * R
    t.presenter, t.presenter_count = [-1] * R, [0] * R
    t.inventor, t.innovator = [-1] * R, [-1] * R
    t.influence_spaces = [-1] * (R * K.INFLUENCE_SPACES)
    t.on_map = [0] * (R * P)
    t.progress_supply = [counts["progress_copies"]] * K.NUM_PROGRESS


def _milestones(state: IState, t: InvTable) -> None:
    t.milestone_loc = [M_DECK] * K.NUM_MILESTONES
    deck = {letter: [m for m in range(K.NUM_MILESTONES) if K.M_LETTER[m] == letter]
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
    t.diplomats = [0] * (K.NUM_MILESTONES * P)


def _ideas(state: IState, t: InvTable) -> None:
    t.idea_loc = [LOC_OUT] * K.NUM_IDEAS
    by_era = {era: [i for i in range(K.NUM_IDEAS) if K.IDEA_ERA[i] == era] for era in range(1, 7)}
    a_ideas = [i for i in by_era[2] if K.M_LETTER[K.IDEA_MILESTONE[i]] == 0]
    for r in range(R):
        if K.SPECIALIST_TILES[t.specialist_tile[r]].setup_idea and a_ideas:
            idea = state.draw("idea_era2_a", a_ideas)
            a_ideas.remove(idea)
            t.card[r] = idea
            t.idea_loc[idea] = LOC_REGION
    for seat in range(t.players):
        b_idea = next(i for i in by_era[2] if K.IDEA_MILESTONE[i] == t.private[seat])
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
        idea = take_stack_top(state)
        t.idea_loc[idea] = LOC_HAND + seat
    t.display = [-1, -1, -1]
    slide_display(state)


def _society(state: IState, t: InvTable) -> None:
    players = state.players
    kit = K.C.kit.values
    t.academy = [kit["start_scholars"]] * players
    t.home = [kit["start_specialists_per_specialty"]] * (players * 3)
    t.exhausted = [0] * (players * 3)
    t.supply = [K.CITIZENS - kit["start_scholars"] - 3 - kit["start_diplomats"]] * players
    t.sages_held = [0] * players
    for seat in range(players):
        t.diplomats[t.private[seat] * P + seat] = 1
    t.token_region = [ASIDE if k == K.PLUS_ONE_TOKEN else ON_BOARD
                      for _ in range(players) for k in range(T)]
    t.token_up = [1] * (players * T)
    t.epoch, t.season = [-1] * players, [-1] * (players * 2)
    t.tiles, t.tiles_new = [K.EMPTY] * (players * 4), [0] * (players * 4)
    t.progress_map, t.flipped = [0] * (players * H), [0] * (players * H)
    t.hex_token = [1 if K.HEX_TOKEN[h] else 0 for _ in range(players) for h in range(H)]
    t.eco_home = [kit["start_economy_tokens_home"]] * players
    t.eco_used = [0] * (players * H)
    t.goals = []
    for seat in range(players):
        for deck in K.GOALS_BY_TYPE:
            taken = set(t.goals)
            pick = state.draw("private_goal", [g for g in deck if g not in taken], (seat,))
            t.goals.append(pick)
        names = ", ".join(K.GOALS[g].name for g in t.goals[-3:])
        state.log(seat, "goals", f"{who(seat)}'s Private Goals: {names}",
                  {"goals": [K.GOALS[g].id for g in t.goals[-3:]]}, visible_to=(seat,))


# -- Stone Age ------------------------------------------------------------------------------------
def stone_options(t: InvTable, seat: int) -> list[Option]:
    """i. A region with an Idea card (and no specialists yet) whose tile you can pay."""
    out = []
    for r in range(R):
        idea = t.card[r]
        if idea >= 0 and t.presenter[r] < 0:
            need = Q.SPECIALIST_TILE_N[t.specialist_tile[r]]
            if t.home[seat * 3 + K.IDEA_TYPE[idea]] + t.academy[seat] >= need:
                out.append(D.STONE[r])
    return out


def answer_stone(state: IState, seat: int, r: int) -> None:
    """ii. specialists on the Specialist tile; iii. its benefit; then iv-v (S_STONE_TAIL)."""
    t = state.table
    t.pending.pop()
    idea, n = t.card[r], Q.SPECIALIST_TILE_N[t.specialist_tile[r]]
    t.presenter[r] = seat
    state.log(seat, "stone_age", f"{who(seat)} starts in {K.region_name(r)} with "
              f"{K.IDEAS[idea].name}", {"region": r + 1, "idea": K.IDEAS[idea].id})
    t.pending.append((S_STONE_TAIL, seat, r))
    push_effects(t, seat, K.SPECIALIST_EFFECTS[t.specialist_tile[r]])
    t.pending.append((S_PAY, seat, r * 4 + AS_PRESENTER, K.IDEA_TYPE[idea], n, 0, 0, 0, 0))


def stone_tail(state: IState, step: tuple[int, ...]) -> None:
    """iv. The +1 Influence token on the leftmost space (no IP); v. a citizen in the region;
    an idea presented with the Specialist tile's free action is replaced at once (Present an
    Idea 3: the Stone Age has no step 2 to wait for)."""
    t = state.table
    t.pending.pop()
    seat, r = step[1], step[2]
    space = Q.leftmost_space(t, r)
    t.influence_spaces[r * K.INFLUENCE_SPACES + space] = seat
    t.token_region[seat * T + K.PLUS_ONE_TOKEN] = r
    state.log(seat, "influence_token", f"{who(seat)} places the +1 Influence token in "
              f"{K.region_name(r)}", {"region": r + 1})
    place_citizen(state, seat, r)
    if t.owed_ideas:
        t.pending.append((S_REFILL, seat))


def stone_end(state: IState) -> None:
    """Discard all Idea cards with no specialists on their Specialist tile; Era 1 begins."""
    t = state.table
    t.pending.pop()
    for r in range(R):
        if t.card[r] >= 0 and t.presenter[r] < 0:
            t.idea_loc[t.card[r]] = LOC_OUT
            t.card[r] = -1
    t.phase = PLAY
    start_round(state)


# -- Rounds and turns -----------------------------------------------------------------------------
def start_round(state: IState) -> None:
    """Playing a Round: each player takes a turn in turn order."""
    t = state.table
    state.log(None, "round", f"Era {K.TRACK_ERA[t.chronos]}, round {K.TRACK[t.chronos].round}",
              {"era": K.TRACK_ERA[t.chronos], "round": K.TRACK[t.chronos].round})
    t.pending.append((S_NEXT, 0))
    for seat in reversed(t.order):
        t.pending.append((S_TURN, seat))


def start_turn(state: IState, step: tuple[int, ...]) -> None:
    """Step 1: prepare Chain Action tokens by influence; then steps 2-4 as pending steps."""
    t = state.table
    t.pending.pop()
    seat = step[1]
    t.current = seat
    t.chain_left = K.CHAIN_TOKENS[t.influence[seat]]
    t.owed_ideas = t.tech_used = 0
    t.called = []
    t.tiles_new[seat * 4:seat * 4 + 4] = [0, 0, 0, 0]
    t.pending.extend([(S_BUILD, seat, -1, 1, -1), (S_ASPIRE, seat), (S_OVERFLOW, seat, 0),
                      (S_END_ACTIONS, seat), (S_POST, seat), (S_MAIN, seat)])


def answer_main(state: IState, seat: int, block: str, index: int) -> None:
    """Step 2: play a Season pillar or move the Epoch pillar; Epoch pillars there gain 1
    influence; then the action (or, if none is possible, +1 influence)."""
    t = state.table
    if block == "economy":
        use_economy(state, seat, index)
        return
    t.pending.pop()
    if K.TRACK_EPOCH[t.chronos]:
        t.epoch[seat] = index
    else:
        slot = 0 if t.season[seat * 2] < 0 else 1
        t.season[seat * 2 + slot] = index
    for other in range(t.players):
        if other != seat and (t.epoch[other] == index or (SEASON_PILLARS_INFLUENCE and index in (
                t.season[other * 2], t.season[other * 2 + 1]))):
            add_influence(state, other, 1, "a main action on their pillar's space")
    if block == "idle":
        state.log(seat, "idle", f"{who(seat)} cannot take any main action")
        add_influence(state, seat, 1, "no main action possible")
        return
    start_action(state, seat, K.ACTION_INDEX[K.SPACES[index]], "main action")


def post_options(t: InvTable, seat: int) -> list[Option]:
    """Economy tiles may still be used before the end of step 2."""
    eco = D.economy_options(t, seat)
    return [*eco, D.DONE] if eco else []


def end_actions(state: IState, step: tuple[int, ...]) -> None:
    """End of step 2: return Chain Action tokens; refill one idea per presented idea."""
    t = state.table
    t.pending.pop()
    t.chain_left = 0
    if t.owed_ideas:
        t.pending.append((S_REFILL, step[1]))


def answer_refill(state: IState, seat: int, index: int) -> None:
    """Present an Idea 3: a card from the display (or the stack's top) to your board."""
    t = state.table
    if index == 3:
        idea = take_stack_top(state)
    else:
        idea = t.display[index]
        t.display[index] = -1
    t.idea_loc[idea] = LOC_HAND + seat
    state.log(seat, "idea", f"{who(seat)} takes the idea {K.IDEAS[idea].name}",
              {"idea": K.IDEAS[idea].id})
    slide_display(state)
    t.owed_ideas -= 1
    if t.owed_ideas <= 0 or _nothing_left(t):
        t.pending.pop()


def _nothing_left(t: InvTable) -> bool:
    """No idea left anywhere to take."""
    return not t.stack and all(c < 0 for c in t.display)


def next_round(state: IState) -> None:
    """Next Round: Chronos advances; a new era brings the Era Change (or the end)."""
    t = state.table
    t.pending.pop()
    before = K.TRACK_ERA[t.chronos]
    t.chronos += 1
    if K.TRACK_NONE[t.chronos]:
        t.pending.append((S_FINAL, 0))
    elif K.TRACK_ERA[t.chronos] != before:
        state.log(None, "era", f"Era {K.TRACK_ERA[t.chronos]} begins: Era Change")
        t.pending.append((S_ERA_CHANGE, 0, 1))
    else:
        start_round(state)
