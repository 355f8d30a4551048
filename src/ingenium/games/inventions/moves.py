"""The other actions: Call Specialists, Gain Influence, Travel, Eureka, Send and Call Diplomat,
and placing a new citizen (The Actions; Iconography)."""

from __future__ import annotations

from ingenium.engine import Option
from ingenium.games.inventions import catalog as K
from ingenium.games.inventions import decisions as D
from ingenium.games.inventions import queries as Q
from ingenium.games.inventions.board import (
    IState,
    add_influence,
    add_ip,
    discard_milestone,
    place_citizen,
    push_effects,
    return_scholars,
    who,
)
from ingenium.games.inventions.interpreter import effect_possible, run_chain, start_action
from ingenium.games.inventions.table import (
    HOME_GAIN_INFLUENCE,
    M_CK,
    M_PRIVATE,
    S_ERA_SPACE,
    S_GI_CHAIN,
    S_GI_PLACE,
    S_GI_TOKEN,
    S_HOME_COUNT,
    S_KNOWLEDGE_FLIP,
    S_SAGE,
    S_SEND_TO,
    S_SPECIALTY,
    InvTable,
)

P, R, T = K.MAX_SEATS, K.NUM_REGIONS, K.NUM_TOKENS


# -- bringing citizens home (Call Specialists 2, Gain Influence 2, the icon) ----------------------
def home_region_options(t: InvTable, seat: int) -> list[Option]:
    """Regions holding your citizens on the map."""
    return [D.HOME_REGION[r] for r in Q.map_regions(t, seat)]


def answer_home_region(state: IState, step: tuple[int, ...], r: int) -> None:
    """Then how many."""
    t = state.table
    t.pending.pop()
    t.pending.append((S_HOME_COUNT, step[1], r, step[2]))


def home_count_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """1 or more of your citizens in that region."""
    return list(D.HOME_COUNT[:t.on_map[step[2] * P + step[1]]])


def region_specialty(t: InvTable, r: int) -> int:
    """The region's idea/invention type, else the display's rightmost card's, else -1 (chosen)."""
    if t.card[r] >= 0:
        return K.IDEA_TYPE[t.card[r]]
    for card in reversed(t.display):
        if card >= 0:
            return K.IDEA_TYPE[card]
    return -1


def bring_home(state: IState, seat: int, r: int, count: int, mode: int) -> None:
    """Citizens leave the map to the Home space of one specialty area (or choose it)."""
    t = state.table
    kind = region_specialty(t, r)
    if kind < 0:
        t.pending.append((S_SPECIALTY, seat, r, count, mode))
        return
    bring_home_as(state, seat, r, count, kind)


def bring_home_as(state: IState, seat: int, r: int, count: int, kind: int) -> None:
    """Move them home as specialists of `kind`."""
    t = state.table
    t.on_map[r * P + seat] -= count
    t.home[seat * 3 + kind] += count
    state.log(seat, "home", f"{who(seat)} brings {count} citizen(s) home from "
              f"{K.region_name(r)} as {K.SPECIALIST_NAMES[kind]}s")


def answer_home_count(state: IState, step: tuple[int, ...], index: int) -> None:
    """Bring that many home."""
    state.table.pending.pop()
    bring_home(state, step[1], step[2], index + 1, step[3])


def answer_specialty(state: IState, step: tuple[int, ...], kind: int) -> None:
    """The rare case: no card in the region or the display; all go to the chosen specialty."""
    state.table.pending.pop()
    bring_home_as(state, step[1], step[2], step[3], kind)


def call_chain_options(t: InvTable, seat: int) -> list[Option]:
    """Call Specialists 3: an invention's chain, never the same one twice a turn."""
    if t.chain_left <= 0:
        return []
    cards = Q.call_chain_cards(t, seat)
    return [*(D.CALL_CHAIN[i] for i in cards), D.SKIP] if cards else []


def answer_call_chain(state: IState, seat: int, block: str, idea: int) -> None:
    """Place a Chain Action token on the card and perform its action."""
    t = state.table
    t.pending.pop()
    if block == "call_chain":
        t.chain_left -= 1
        t.called.append(idea)
        start_action(state, seat, K.ACTION_INDEX[K.IDEAS[idea].chain],
                     f"chains {K.IDEAS[idea].name}")


# -- Gain Influence -------------------------------------------------------------------------------
def gi_region_options(t: InvTable, seat: int) -> list[Option]:
    """1. No token of yours there, a strict majority of citizens, enough for a token."""
    return [D.GI_REGION[r] for r in Q.gain_influence_regions(t, seat)]


def answer_gi_region(state: IState, seat: int, r: int) -> None:
    """Then the token."""
    t = state.table
    t.pending.pop()
    t.pending.append((S_GI_TOKEN, seat, r))


def gi_token_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """Any token on your Society board whose citizen number you have in the region."""
    seat, r = step[1], step[2]
    mine = t.on_map[r * P + seat]
    return [D.GI_TOKEN[k] for k in Q.board_tokens(t, seat) if K.TOKEN_CITIZENS[k] <= mine]


def answer_gi_token(state: IState, step: tuple[int, ...], k: int) -> None:
    """2. That many citizens return home; 3. then the token is placed (S_GI_PLACE)."""
    t = state.table
    t.pending.pop()
    seat, r = step[1], step[2]
    t.pending.append((S_GI_PLACE, seat, r, k))
    bring_home(state, seat, r, K.TOKEN_CITIZENS[k], HOME_GAIN_INFLUENCE)


def gi_place(state: IState, step: tuple[int, ...]) -> None:
    """3. Leftmost empty Influence space, its IP; influence = your face-up tokens; 4. chain."""
    t = state.table
    t.pending.pop()
    _, seat, r, k = step
    space = Q.leftmost_space(t, r)
    t.influence_spaces[r * K.INFLUENCE_SPACES + space] = seat
    t.token_region[seat * T + k] = r
    t.token_up[seat * T + k] = 1
    state.log(seat, "influence_token", f"{who(seat)} places the {K.INFLUENCE_TOKENS[k].name} "
              f"token in {K.region_name(r)}", {"region": r + 1, "token": K.INFLUENCE_TOKENS[k].id})
    add_ip(state, seat, K.INFLUENCE_IP[r][space], "Influence space")
    up = sum(1 for j in range(T) if t.token_region[seat * T + j] >= 0 and t.token_up[seat * T + j])
    add_influence(state, seat, up, "Gain Influence")
    t.pending.append((S_GI_CHAIN, seat))


def flippable(t: InvTable, seat: int) -> list[int]:
    """Regions holding one of your face-up tokens whose chain can be done."""
    out = []
    for k in range(T):
        r = t.token_region[seat * T + k]
        if r >= 0 and t.token_up[seat * T + k] and all(
                effect_possible(t, seat, e) for e in K.TOKEN_EFFECTS[k]):
            out.append(r)
    return sorted(out)


def gi_chain_options(t: InvTable, seat: int) -> list[Option]:
    """4. The Chain Action on one of your face-up Influence tokens, from any region."""
    if t.chain_left <= 0:
        return []
    regions = flippable(t, seat)
    return [*(D.FLIP[r] for r in regions), D.SKIP] if regions else []


def answer_gi_chain(state: IState, seat: int, block: str, r: int) -> None:
    """Flip the token face down for good and perform its chain."""
    t = state.table
    t.pending.pop()
    if block != "flip":
        return
    k = next(j for j in range(T) if t.token_region[seat * T + j] == r)
    t.token_up[seat * T + k] = 0
    t.chain_left -= 1
    run_chain(state, seat, K.TOKEN_EFFECTS[k], f"flips the {K.INFLUENCE_TOKENS[k].name} token")


# -- Travel ---------------------------------------------------------------------------------------
def travel_options(t: InvTable, seat: int) -> list[Option]:
    """2. One of your map citizens to an adjacent region (blue ropes, incl. 4 <-> 6)."""
    return [D.TRAVEL[a * R + b] for a in Q.map_regions(t, seat) for b in K.ADJACENT[a]]


def answer_travel(state: IState, seat: int, index: int) -> None:
    """Move; 3. a sage there offers the Knowledge tile (S_SAGE)."""
    t = state.table
    t.pending.pop()
    a, b = divmod(index, R)
    t.on_map[a * P + seat] -= 1
    t.on_map[b * P + seat] += 1
    state.log(seat, "travel", f"{who(seat)} travels from {K.region_name(a)} to "
              f"{K.region_name(b)}", {"from": a + 1, "to": b + 1})
    if t.sage[b]:
        t.pending.append((S_SAGE, seat, b))


def sage_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """The Knowledge tile's chain (front) or the 2-IP scoring (back); needs a token."""
    seat, r = step[1], step[2]
    if t.chain_left <= 0 or not t.sage[r]:
        return []
    if t.knowledge_ip_side[r]:
        return [D.SAGE_SCORE, D.SKIP]
    if all(effect_possible(t, seat, e) for e in K.KNOWLEDGE_EFFECTS[t.knowledge[r]]):
        return [D.SAGE_CHAIN, D.SKIP]
    return []


def answer_sage(state: IState, step: tuple[int, ...], block: str) -> None:
    """Either way, the sage moves to your academy (at once: it cannot be met twice); a
    Knowledge tile's chain is performed first, then the tile flips (S_KNOWLEDGE_FLIP)."""
    t = state.table
    t.pending.pop()
    if block == "skip":
        return
    seat, r = step[1], step[2]
    t.chain_left -= 1
    t.sage[r] = 0
    t.sages_held[seat] += 1
    if block == "sage_score":
        flipped = sum(t.knowledge_ip_side)
        add_ip(state, seat, 2 * flipped, "Knowledge tiles")
        t.knowledge_ip_side = [0] * R
        return
    t.pending.append((S_KNOWLEDGE_FLIP, seat, r))
    run_chain(state, seat, K.KNOWLEDGE_EFFECTS[t.knowledge[r]], "uses a Knowledge tile")


def knowledge_flip(state: IState, step: tuple[int, ...]) -> None:
    """Travel 3: after its chain action, the Knowledge tile shows its 2-IP side."""
    t = state.table
    t.pending.pop()
    t.knowledge_ip_side[step[2]] = 1


# -- Eureka ---------------------------------------------------------------------------------------
def eureka_options(t: InvTable, seat: int) -> list[Option]:
    """Only Milestones of the Eureka display from a later era than yours."""
    return [D.EUREKA[m] for m in Q.eureka_choices(t, seat)]


def answer_eureka(state: IState, seat: int, new: int) -> None:
    """1. The bottom Common Knowledge tile is discarded, your old Milestone inserted (or
    discarded); 2. the new one is yours with a diplomat; 3. the Era marker (S_ERA_SPACE)."""
    t = state.table
    t.pending.pop()
    old, limit = t.private[seat], K.M_ERA[new]
    if t.common:
        discard_milestone(state, t.common.pop(), seat, limit)
    at = next((i for i, m in enumerate(t.common) if K.M_LETTER[m] <= K.M_LETTER[old]), -1)
    if at < 0 and t.common:  # earlier than even the bottommost: discarded
        discard_milestone(state, old, seat, limit)
    else:
        t.common.insert(max(at, 0), old)
        t.milestone_loc[old] = M_CK
    t.eureka.remove(new)
    t.private[seat] = new
    t.milestone_loc[new] = M_PRIVATE + seat
    if t.supply[seat] > 0:
        t.supply[seat] -= 1
        t.diplomats[new * P + seat] = 1
    state.log(seat, "eureka", f"Eureka! {who(seat)} takes {K.MILESTONES[new].name}",
              {"milestone": K.MILESTONES[new].id})
    t.pending.append((S_ERA_SPACE, seat, K.M_ERA[new]))


def era_space_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """3. An unoccupied space of the new era."""
    taken = set(t.era_space[:t.players])
    return [D.ERA_SPACE[i] for i, era in enumerate(K.ERA_SPACE_ERA)
            if era == step[2] and i not in taken]


def answer_era_space(state: IState, seat: int, i: int) -> None:
    """Take its benefit, unless it is the turn-order action (at Era Changes)."""
    t = state.table
    t.pending.pop()
    t.era_space[seat] = i
    push_effects(t, seat, K.ERA_SPACE_EFFECTS[i])


# -- Send Diplomat / Call Diplomat ----------------------------------------------------------------
def send_options(t: InvTable, seat: int) -> list[Option]:
    """1. Any available specialist or scholar."""
    out = [D.SEND_CITIZEN[k] for k in range(3) if t.home[seat * 3 + k] > 0]
    return [*out, D.SEND_CITIZEN[3]] if t.academy[seat] > 0 else out


def answer_send(state: IState, seat: int, k: int) -> None:
    """Then the Milestone."""
    t = state.table
    t.pending.pop()
    t.pending.append((S_SEND_TO, seat, k))


def send_to_options(t: InvTable, seat: int) -> list[Option]:
    """A Milestone on the board with a free space and none of your citizens."""
    return [D.SEND_TO[m] for m in Q.diplomat_targets(t, seat)]


def answer_send_to(state: IState, step: tuple[int, ...], m: int) -> None:
    """A more advanced owner gains 1 influence; 2. take the Milestone's benefit."""
    t = state.table
    t.pending.pop()
    seat, k = step[1], step[2]
    if k < 3:
        t.home[seat * 3 + k] -= 1
    else:
        t.academy[seat] -= 1
    t.diplomats[m * P + seat] = 1
    state.log(seat, "diplomat", f"{who(seat)} sends a diplomat to {K.MILESTONES[m].name}",
              {"milestone": K.MILESTONES[m].id})
    owner = t.milestone_loc[m] - M_PRIVATE
    if 0 <= owner < t.players and owner != seat and K.M_ERA[m] > Q.era_of(t, seat):
        add_influence(state, owner, 1, "a diplomat came to learn")
    push_effects(t, seat, K.M_EFFECTS[m])


def recall_options(t: InvTable, seat: int) -> list[Option]:
    """1. A Milestone with one of your citizens."""
    return [D.RECALL[m] for m in Q.diplomat_milestones(t, seat)]


def answer_recall(state: IState, seat: int, m: int) -> None:
    """Home as a scholar (academy limit), 2. the Milestone's benefit one last time."""
    t = state.table
    t.pending.pop()
    t.diplomats[m * P + seat] = 0
    state.log(seat, "diplomat", f"{who(seat)} calls the diplomat home from "
              f"{K.MILESTONES[m].name}", {"milestone": K.MILESTONES[m].id})
    return_scholars(state, seat, 1, Q.era_of(t, seat))
    push_effects(t, seat, K.M_EFFECTS[m])


def place_options(t: InvTable, seat: int) -> list[Option]:
    """Place a new citizen in any map region."""
    return list(D.PLACE) if t.supply[seat] > 0 else []


def answer_place(state: IState, seat: int, r: int) -> None:
    """The citizen leaves the supply for the region."""
    state.table.pending.pop()
    place_citizen(state, seat, r)

