"""The actions on your citizens on the map (The Actions): Call Specialists, Gain Influence and
Travel, with bringing citizens home from a region (Call Specialists 2, Gain Influence 2 and its
icon), each able to lead to a Chain Action."""

from __future__ import annotations

from ingenium.engine import Option
from ingenium.games.inventions import options, steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.actions.perform import run_chain, start_action
from ingenium.games.inventions.rules.iconography import effect_possible
from ingenium.games.inventions.rules.key_concepts import add_influence, add_ip, who
from ingenium.games.inventions.table import (
    InvTable,
    IState,
    R,
    T,
    influence_at,
    map_at,
    token_at,
    tokens,
    type_at,
)


# -- bringing citizens home (Call Specialists 2, Gain Influence 2, the icon) ----------------------
def home_region_options(t: InvTable, step: steps.HomeRegion) -> list[Option]:
    """Regions holding your citizens on the map."""
    return [options.HOME_REGION[r] for r in conditions.map_regions(t, step.seat)]


def answer_home_region(state: IState, step: steps.HomeRegion, block: str, r: int) -> None:
    """Then how many."""
    t = state.table
    t.pending.pop()
    t.pending.append(steps.HomeCount(steps.S_HOME_COUNT, step.seat, r, step.mode))


def home_count_options(t: InvTable, step: steps.HomeCount) -> list[Option]:
    """1 or more of your citizens in that region."""
    return list(options.HOME_COUNT[:t.on_map[map_at(step.region, step.seat)]])


def region_specialty(t: InvTable, r: int) -> int:
    """The region's idea/invention type, else the display's rightmost card's, else -1 (chosen)."""
    if t.card[r] >= 0:
        return catalog.IDEA_TYPE[t.card[r]]
    for card in reversed(t.display):
        if card >= 0:
            return catalog.IDEA_TYPE[card]
    return -1


def bring_home(state: IState, seat: int, r: int, count: int, mode: int) -> None:
    """Citizens leave the map to the Home space of one specialty area (or choose it)."""
    t = state.table
    kind = region_specialty(t, r)
    if kind < 0:
        t.pending.append(steps.HomeSpecialty(steps.S_SPECIALTY, seat, r, count, mode))
        return
    bring_home_as(state, seat, r, count, kind)


def bring_home_as(state: IState, seat: int, r: int, count: int, kind: int) -> None:
    """Move them home as specialists of `kind`."""
    t = state.table
    t.on_map[map_at(r, seat)] -= count
    t.home[type_at(seat, kind)] += count
    if state.keeps_log:
        state.log(seat, "home", f"{who(seat)} brings {count} citizen(s) home from "
                  f"{catalog.region_name(r)} as {catalog.SPECIALIST_NAMES[kind]}s")


def answer_home_count(state: IState, step: steps.HomeCount, block: str, index: int) -> None:
    """Bring that many home."""
    state.table.pending.pop()
    bring_home(state, step.seat, step.region, index + 1, step.mode)


def specialty_options(t: InvTable, step: steps.HomeSpecialty) -> list[Option]:
    """Any of the three specialties."""
    return list(options.SPECIALTY)


def answer_specialty(state: IState, step: steps.HomeSpecialty, block: str, kind: int) -> None:
    """The rare case: no card in the region or the display; all go to the chosen specialty."""
    state.table.pending.pop()
    bring_home_as(state, step.seat, step.region, step.citizens, kind)


def call_chain_options(t: InvTable, seat: int) -> list[Option]:
    """Call Specialists 3: an invention's chain, never the same one twice a turn."""
    if t.chain_left <= 0:
        return []
    cards = conditions.call_chain_cards(t, seat)
    return [*(options.CALL_CHAIN[i] for i in cards), options.SKIP] if cards else []


def answer_call_chain(state: IState, step: steps.CallSpecialistsChain, block: str,
                      idea: int) -> None:
    """Place a Chain Action token on the card and perform its action."""
    t = state.table
    seat = step.seat
    t.pending.pop()
    if block == "call_chain":
        t.chain_left -= 1
        t.called.append(idea)
        start_action(state, seat, catalog.ACTION_INDEX[catalog.IDEAS[idea].chain],
                     f"chains {catalog.IDEAS[idea].name}")


# -- Gain Influence -------------------------------------------------------------------------------
def gi_region_options(t: InvTable, step: steps.InfluenceRegion) -> list[Option]:
    """1. No token of yours there, a strict majority of citizens, enough for a token."""
    return [options.GI_REGION[r] for r in conditions.gain_influence_regions(t, step.seat)]


def answer_gi_region(state: IState, step: steps.InfluenceRegion, block: str, r: int) -> None:
    """Then the token."""
    t = state.table
    t.pending.pop()
    t.pending.append(steps.ChooseInfluenceToken(steps.S_GI_TOKEN, step.seat, r))


def gi_token_options(t: InvTable, step: steps.ChooseInfluenceToken) -> list[Option]:
    """Any token on your Society board whose citizen number you have in the region."""
    seat, r = step.seat, step.region
    mine = t.on_map[map_at(r, seat)]
    return [options.GI_TOKEN[k] for k in conditions.board_tokens(t, seat)
            if catalog.TOKEN_CITIZENS[k] <= mine]


def answer_gi_token(state: IState, step: steps.ChooseInfluenceToken, block: str, k: int) -> None:
    """2. That many citizens return home; 3. then the token is placed (PlaceInfluenceToken)."""
    t = state.table
    t.pending.pop()
    seat, r = step.seat, step.region
    t.pending.append(steps.PlaceInfluenceToken(steps.S_GI_PLACE, seat, r, k))
    bring_home(state, seat, r, catalog.TOKEN_CITIZENS[k], steps.HOME_GAIN_INFLUENCE)


def gi_place(state: IState, step: steps.PlaceInfluenceToken) -> None:
    """3. Leftmost empty Influence space, its IP; influence = your face-up tokens; 4. chain."""
    t = state.table
    t.pending.pop()
    seat, r, k = step.seat, step.region, step.token
    space = conditions.leftmost_space(t, r)
    t.influence_spaces[influence_at(r, space)] = seat
    t.token_region[token_at(seat, k)] = r
    t.token_up[token_at(seat, k)] = 1
    token = catalog.INFLUENCE_TOKENS[k]
    if state.keeps_log:
        state.log(seat, "influence_token", f"{who(seat)} places the {token.name} "
                  f"token in {catalog.region_name(r)}", {"region": r + 1, "token": token.id})
    add_ip(state, seat, catalog.INFLUENCE_IP[r][space], "Influence space")
    up = sum(1 for region, face_up in zip(t.token_region[tokens(seat)], t.token_up[tokens(seat)],
                                          strict=True) if region >= 0 and face_up)
    add_influence(state, seat, up, "Gain Influence")
    t.pending.append(steps.InfluenceChain(steps.S_GI_CHAIN, seat))


def flippable(t: InvTable, seat: int) -> list[int]:
    """Regions holding one of your face-up tokens whose chain can be done."""
    out = []
    for k in range(T):
        r = t.token_region[token_at(seat, k)]
        if r >= 0 and t.token_up[token_at(seat, k)] and all(
                effect_possible(t, seat, e) for e in catalog.TOKEN_EFFECTS[k]):
            out.append(r)
    return sorted(out)


def gi_chain_options(t: InvTable, step: steps.InfluenceChain) -> list[Option]:
    """4. The Chain Action on one of your face-up Influence tokens, from any region."""
    if t.chain_left <= 0:
        return []
    regions = flippable(t, step.seat)
    return [*(options.FLIP[r] for r in regions), options.SKIP] if regions else []


def answer_gi_chain(state: IState, step: steps.InfluenceChain, block: str, r: int) -> None:
    """Flip the token face down for good and perform its chain."""
    t = state.table
    seat = step.seat
    t.pending.pop()
    if block != "flip":
        return
    k = next(j for j in range(T) if t.token_region[token_at(seat, j)] == r)
    t.token_up[token_at(seat, k)] = 0
    t.chain_left -= 1
    run_chain(state, seat, catalog.TOKEN_EFFECTS[k],
              f"flips the {catalog.INFLUENCE_TOKENS[k].name} token")


# -- Travel ---------------------------------------------------------------------------------------
def travel_options(t: InvTable, step: steps.Travel) -> list[Option]:
    """2. One of your map citizens to an adjacent region (blue ropes, incl. 4 <-> 6)."""
    seat = step.seat
    return [options.travel(a, b) for a in conditions.map_regions(t, seat)
            for b in catalog.ADJACENT[a]]


def answer_travel(state: IState, step: steps.Travel, block: str, index: int) -> None:
    """Move; 3. a sage there offers the Knowledge tile (MeetSage)."""
    t = state.table
    seat = step.seat
    t.pending.pop()
    a, b = options.travel_regions(index)
    t.on_map[map_at(a, seat)] -= 1
    t.on_map[map_at(b, seat)] += 1
    if state.keeps_log:
        state.log(seat, "travel", f"{who(seat)} travels from {catalog.region_name(a)} to "
                  f"{catalog.region_name(b)}", {"from": a + 1, "to": b + 1})
    if t.sage[b]:
        t.pending.append(steps.MeetSage(steps.S_SAGE, seat, b))


def sage_options(t: InvTable, step: steps.MeetSage) -> list[Option]:
    """The Knowledge tile's chain (front) or the 2-IP scoring (back); needs a token."""
    seat, r = step.seat, step.region
    if t.chain_left <= 0 or not t.sage[r]:
        return []
    if t.knowledge_ip_side[r]:
        return [options.SAGE_SCORE, options.SKIP]
    if all(effect_possible(t, seat, e) for e in catalog.KNOWLEDGE_EFFECTS[t.knowledge[r]]):
        return [options.SAGE_CHAIN, options.SKIP]
    return []


def answer_sage(state: IState, step: steps.MeetSage, block: str, index: int) -> None:
    """Either way, the sage moves to your academy (at once: it cannot be met twice); a
    Knowledge tile's chain is performed first, then the tile flips (FlipKnowledgeTile)."""
    t = state.table
    t.pending.pop()
    if block == "skip":
        return
    seat, r = step.seat, step.region
    t.chain_left -= 1
    t.sage[r] = 0
    t.sages_held[seat] += 1
    if block == "sage_score":
        flipped = sum(t.knowledge_ip_side)
        add_ip(state, seat, 2 * flipped, "Knowledge tiles")
        t.knowledge_ip_side = [0] * R
        return
    t.pending.append(steps.FlipKnowledgeTile(steps.S_KNOWLEDGE_FLIP, seat, r))
    run_chain(state, seat, catalog.KNOWLEDGE_EFFECTS[t.knowledge[r]], "uses a Knowledge tile")


def knowledge_flip(state: IState, step: steps.FlipKnowledgeTile) -> None:
    """Travel 3: after its chain action, the Knowledge tile shows its 2-IP side."""
    t = state.table
    t.pending.pop()
    t.knowledge_ip_side[step.region] = 1
