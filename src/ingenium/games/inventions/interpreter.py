"""The one interpreter of the effect vocabulary (effects.py), plus how actions start and end:
free actions, Chain Actions, Culture tiles (after an action) and Technology tiles (paired
Chain Actions), and the specialist payments every action shares."""

from __future__ import annotations

from ingenium.engine import Option
from ingenium.games.inventions import catalog as K
from ingenium.games.inventions import decisions as D
from ingenium.games.inventions import queries as Q
from ingenium.games.inventions.board import (
    IState,
    add_influence,
    add_ip,
    gain_aspiration,
    gain_scholars,
    gain_specialist,
    push_effects,
    who,
)
from ingenium.games.inventions.effects import (
    ACTION_NAMES,
    BringHome,
    Build,
    Chain,
    Gain,
    PlaceCitizen,
    Resource,
    TakeAction,
)
from ingenium.games.inventions.table import (
    AS_INVENTOR,
    AS_PRESENTER,
    HOME_CALL,
    HOME_EFFECT,
    S_AFTER,
    S_BUILD,
    S_CALL_CHAIN,
    S_CHAIN,
    S_EUREKA,
    S_FREE,
    S_GI_REGION,
    S_HOME_REGION,
    S_INNOVATE,
    S_INVENT,
    S_PLACE,
    S_PRESENT,
    S_RECALL,
    S_SEND,
    S_SHARE,
    S_TECH,
    S_TRAVEL,
    InvTable,
)

H = K.NUM_HEXES
FIRST_STEP = {Q.PRESENT: S_PRESENT, Q.INVENT: S_INVENT, Q.INNOVATE: S_INNOVATE,
              Q.SHARE: S_SHARE, Q.GAIN_INF: S_GI_REGION, Q.TRAVEL: S_TRAVEL,
              Q.EUREKA: S_EUREKA, Q.SEND: S_SEND, Q.RECALL: S_RECALL}
ASPIRATION_SIDE = {Q.INVENT: 2, Q.CALL: 0, Q.TRAVEL: 1}


def start_action(state: IState, seat: int, action: int, how: str) -> None:
    """The Actions: the same steps whether main, chained or free; Culture and Technology
    tiles follow it (S_AFTER)."""
    t = state.table
    state.log(seat, "action", f"{who(seat)} {how}: {ACTION_NAMES[K.ACTIONS[action]]}",
              {"action": K.ACTIONS[action].value, "how": how})
    t.pending.append((S_AFTER, seat, action))
    if action == Q.CALL:
        gain_aspiration(state, seat, 0)
        t.pending.append((S_CALL_CHAIN, seat))
        t.pending.append((S_HOME_REGION, seat, HOME_CALL))
        return
    if action == Q.TRAVEL:
        gain_aspiration(state, seat, 1)
    t.pending.append((FIRST_STEP[action], seat))


def effect_possible(t: InvTable, seat: int, e: int) -> bool:
    """Whether a chained effect can be carried out (for offering it)."""
    eff = K.EFFECTS[e]
    if isinstance(eff, TakeAction):
        return Q.can(t, seat, K.ACTION_INDEX[eff.action])
    if isinstance(eff, PlaceCitizen):
        return t.supply[seat] > 0
    return True


def run_chain(state: IState, seat: int, effects: tuple[int, ...], how: str) -> None:
    """A chosen Chain Action: actions start at once, other icons are queued."""
    for e in reversed(effects):
        eff = K.EFFECTS[e]
        if isinstance(eff, TakeAction):
            start_action(state, seat, K.ACTION_INDEX[eff.action], how)
        else:
            push_effects(state.table, seat, (e,))


def run_effect(state: IState, seat: int, e: int) -> None:
    """Apply one printed benefit; those needing a choice become a question step."""
    t = state.table
    eff = K.EFFECTS[e]
    if isinstance(eff, Gain):
        what = eff.what
        if what is Resource.IP:
            add_ip(state, seat, eff.amount, "benefit")
        elif what is Resource.INFLUENCE:
            add_influence(state, seat, eff.amount, "benefit")
        elif what is Resource.SCHOLAR:
            gain_scholars(state, seat, eff.amount)
        elif what is Resource.SPECIALIST and eff.specialty is not None:
            for _ in range(eff.amount):
                gain_specialist(state, seat, K.TYPE_INDEX[eff.specialty])
        elif what is Resource.ECONOMY_TOKEN:
            t.eco_home[seat] += eff.amount
            state.log(seat, "economy_token", f"{who(seat)} gains an Economy token")
        elif what is Resource.ASPIRATION and eff.side is not None:
            gain_aspiration(state, seat, ("economy", "culture", "technology", "wild").index(
                eff.side.value))
    elif isinstance(eff, TakeAction):
        if Q.can(t, seat, K.ACTION_INDEX[eff.action]):
            t.pending.append((S_FREE, seat, K.ACTION_INDEX[eff.action]))
    elif isinstance(eff, Chain):
        action = K.ACTION_INDEX[eff.action]
        if t.chain_left > 0 and Q.can(t, seat, action):
            t.pending.append((S_CHAIN, seat, action))
    elif isinstance(eff, PlaceCitizen):
        if t.supply[seat] > 0:
            t.pending.append((S_PLACE, seat))
    elif isinstance(eff, BringHome):
        if Q.map_regions(t, seat):
            t.pending.append((S_HOME_REGION, seat, HOME_EFFECT))
    elif isinstance(eff, Build):
        t.pending.append((S_BUILD, seat, Q.era_of(t, seat) - 1, 1, eff.influence_cost))


# -- questions and answers of the steps above ----------------------------------------------------
def free_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """Specialist tile: a free action, or skip it."""
    seat, action = step[1], step[2]
    return [D.FREE[action], D.SKIP] if Q.can(t, seat, action) else []


def chain_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """A Chain Action needs a prepared token; it is optional."""
    seat, action = step[1], step[2]
    if t.chain_left > 0 and Q.can(t, seat, action):
        return [D.CHAIN[action], D.SKIP]
    return []


def answer_free_or_chain(state: IState, step: tuple[int, ...], block: str) -> None:
    """Perform the offered action (a chain spends a token) or skip it."""
    t = state.table
    t.pending.pop()
    seat, action = step[1], step[2]
    if block == "free":
        start_action(state, seat, action, "takes a free action")
    elif block == "chain":
        t.chain_left -= 1
        start_action(state, seat, action, "chains")


def after_action(state: IState, step: tuple[int, ...]) -> None:
    """I. Culture tiles: the bonus of each tile on this action; then the Technology offer."""
    t = state.table
    t.pending.pop()
    seat, action = step[1], step[2]
    t.pending.append((S_TECH, seat, action))
    base = seat * H
    for h in range(H):
        code = t.progress_map[base + h]
        if K.PROGRESS_BASE + 7 <= code < K.PROGRESS_BASE + 14 \
                and K.CULTURE_ON[code - K.PROGRESS_BASE] == action:
            state.log(seat, "culture", f"{who(seat)}'s Culture tile {code - K.PROGRESS_BASE - 6}"
                      " triggers")
            push_effects(t, seat, K.PROGRESS_EFFECTS[code - K.PROGRESS_BASE])


def tech_tiles(t: InvTable, seat: int, action: int) -> list[tuple[int, int]]:
    """(hex, paired action) of face-up Technology tiles pairing this action with a doable one."""
    base = seat * H
    out = []
    for h in range(H):
        code = t.progress_map[base + h]
        if code >= K.PROGRESS_BASE + 14 and code < K.WEALTH_BASE and not t.flipped[base + h]:
            pair = K.TECH_PAIR[code - K.PROGRESS_BASE]
            if action in pair:
                other = pair[1] if pair[0] == action else pair[0]
                if Q.can(t, seat, other):
                    out.append((h, other))
    return out


def tech_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """I. Technology tile: one per turn, a Chain Action token and 1 influence."""
    seat, action = step[1], step[2]
    if t.tech_used or t.chain_left <= 0 or t.influence[seat] < 1:
        return []
    tiles = tech_tiles(t, seat, action)
    if not tiles:
        return []
    base = seat * H
    return [*(D.TECH[t.progress_map[base + h] - K.PROGRESS_BASE - 14] for h, _ in tiles),
            D.SKIP]


def answer_tech(state: IState, step: tuple[int, ...], block: str, index: int) -> None:
    """Flip the tile face down for good and chain its paired action."""
    t = state.table
    t.pending.pop()
    if block != "tech":
        return
    seat, action = step[1], step[2]
    for h, other in tech_tiles(t, seat, action):
        if t.progress_map[seat * H + h] == K.PROGRESS_BASE + 14 + index:
            t.flipped[seat * H + h] = 1
            t.tech_used = 1
            t.chain_left -= 1
            add_influence(state, seat, -1, "Technology tile")
            start_action(state, seat, other, f"uses Technology tile {index + 1} to chain")
            return


def answer_pay(state: IState, step: tuple[int, ...], index: int) -> None:
    """Move or exhaust one citizen; a scholar exhausted commits to the specialty."""
    t = state.table
    t.pending.pop()
    kind, seat, dest, place_type, place_n = step[0], step[1], step[2], step[3], step[4]
    need = [step[5], step[6], step[7]]
    wild = step[8]
    if place_n:
        unit, place_n, exhaust = place_type, place_n - 1, False
    elif any(need):
        unit = next(k for k in range(3) if need[k])
        need[unit] -= 1
        exhaust = True
    else:
        unit = index - 4 if index >= 4 else index
        wild -= 1
        exhaust = True
    if index < 3:
        t.home[seat * 3 + index] -= 1
    else:
        t.academy[seat] -= 1
    if exhaust:
        t.exhausted[seat * 3 + unit] += 1
    else:
        region, role = divmod(dest, 4)
        if role == AS_PRESENTER:
            t.presenter_count[region] += 1
        elif role == AS_INVENTOR:
            t.inventor[region] = seat
        else:
            t.innovator[region] = seat
    if place_n or any(need) or wild:
        t.pending.append((kind, seat, dest, place_type, place_n, need[0], need[1], need[2], wild))


def use_economy(state: IState, seat: int, number: int) -> None:
    """I. Economy tile: once per era, place an Economy token on it for its benefit."""
    t = state.table
    code = K.PROGRESS_BASE + number
    base = seat * H
    h = next(h for h in range(H) if t.progress_map[base + h] == code and not t.eco_used[base + h])
    t.eco_used[base + h] = 1
    t.eco_home[seat] -= 1
    state.log(seat, "economy", f"{who(seat)} uses Economy tile {number + 1}")
    push_effects(t, seat, K.PROGRESS_EFFECTS[number])
