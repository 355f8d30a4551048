"""The core actions: Present an Idea, Invent, Innovate and Share an Invention (The Actions)."""

from __future__ import annotations

from ingenium.engine import Option
from ingenium.games.inventions import catalog as K
from ingenium.games.inventions import decisions as D
from ingenium.games.inventions import queries as Q
from ingenium.games.inventions.board import (
    IState,
    add_ip,
    gain_aspiration,
    gain_specialist,
    place_citizen,
    push_effects,
    who,
)
from ingenium.games.inventions.table import (
    AS_INNOVATOR,
    AS_INVENTOR,
    AS_PRESENTER,
    LOC_LEFT,
    LOC_REGION,
    S_CHAIN,
    S_INNOVATE_DONE,
    S_PAY,
    S_PRESENT_REGION,
    S_REPLACE,
    S_REWARD,
    InvTable,
)

P = K.MAX_SEATS


# -- Present an Idea ------------------------------------------------------------------------------
def present_options(t: InvTable, seat: int) -> list[Option]:
    """1. One of your ideas that has a Region display where it can go."""
    return [D.PRESENT_IDEA[i] for i in Q.hand(t, seat) if Q.present_regions(t, seat, i)]


def answer_present(state: IState, seat: int, idea: int) -> None:
    """Then the region."""
    t = state.table
    t.pending.pop()
    t.pending.append((S_PRESENT_REGION, seat, idea))


def present_region_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """1. An empty Region display whose Specialist tile you can pay."""
    return [D.PRESENT_REGION[r] for r in Q.present_regions(t, step[1], step[2])]


def answer_present_region(state: IState, step: tuple[int, ...], r: int) -> None:
    """2. Place the card, move 1-2 specialists onto the Specialist tile, gain its benefit;
    3. one idea is owed from the display at the end of step 2."""
    t = state.table
    t.pending.pop()
    seat, idea = step[1], step[2]
    n = Q.SPECIALIST_TILE_N[t.specialist_tile[r]]
    put_idea(t, r, idea, seat)
    t.owed_ideas += 1
    state.log(seat, "present", f"{who(seat)} presents {K.IDEAS[idea].name} in "
              f"{K.region_name(r)}", {"idea": K.IDEAS[idea].id, "region": r + 1})
    push_effects(t, seat, K.SPECIALIST_EFFECTS[t.specialist_tile[r]])
    t.pending.append((S_PAY, seat, r * 4 + AS_PRESENTER, K.IDEA_TYPE[idea], n, 0, 0, 0, 0))


def put_idea(t: InvTable, r: int, idea: int, seat: int) -> None:
    """An idea lies in a Region display with its presenter's citizens."""
    t.card[r] = idea
    t.idea_loc[idea] = LOC_REGION
    t.invented[r] = 0
    t.presenter[r] = seat
    t.presenter_count[r] = 0
    t.inventor[r] = -1
    t.innovator[r] = -1


# -- Invent ---------------------------------------------------------------------------------------
def invent_options(t: InvTable, seat: int) -> list[Option]:
    """1. Presented ideas whose Milestone you have access to (and whose cost you can pay)."""
    return [D.INVENT[r] for r in Q.invent_regions(t, seat)]


def answer_invent(state: IState, seat: int, r: int) -> None:
    """2. A technology Aspiration tile; 3. a specialist to the Invent space and the extra
    ones exhausted; 4. flip the card (Era-6 cards score their printed IP)."""
    t = state.table
    t.pending.pop()
    idea = t.card[r]
    t.invented[r] = 1
    state.log(seat, "invent", f"{who(seat)} invents {K.IDEAS[idea].name} in {K.region_name(r)}",
              {"idea": K.IDEAS[idea].id, "region": r + 1})
    gain_aspiration(state, seat, 2)
    add_ip(state, seat, K.IDEAS[idea].invent_ip, "inventing")
    kind = K.IDEA_TYPE[idea]
    extra = list(Q.INVENT_COST[idea])
    extra[kind] -= 1
    t.pending.append((S_PAY, seat, r * 4 + AS_INVENTOR, kind, 1, extra[0], extra[1], extra[2], 0))


# -- Innovate -------------------------------------------------------------------------------------
def innovate_options(t: InvTable, seat: int) -> list[Option]:
    """Only on inventions, never your own (you were not the inventor), one innovator each."""
    return [D.INNOVATE[r] for r in Q.innovate_regions(t, seat)]


def answer_innovate(state: IState, seat: int, r: int) -> None:
    """1. A specialist (or scholar) to the Innovate space; then 2-3 (S_INNOVATE_DONE)."""
    t = state.table
    t.pending.pop()
    state.log(seat, "innovate", f"{who(seat)} innovates on {K.IDEAS[t.card[r]].name}",
              {"idea": K.IDEAS[t.card[r]].id, "region": r + 1})
    t.pending.append((S_INNOVATE_DONE, seat, r))
    t.pending.append((S_PAY, seat, r * 4 + AS_INNOVATOR, K.IDEA_TYPE[t.card[r]], 1, 0, 0, 0, 0))


def innovate_done(state: IState, step: tuple[int, ...]) -> None:
    """2. Gain a specialist of the invention's type; 3. its Chain Action, if a token is left."""
    t = state.table
    t.pending.pop()
    seat, r = step[1], step[2]
    idea = t.card[r]
    gain_specialist(state, seat, K.IDEA_TYPE[idea])
    chain = K.IDEAS[idea].innovate_chain
    if chain is not None and t.chain_left > 0:
        action = K.ACTION_INDEX[chain]
        if Q.can(t, seat, action):
            t.pending.append((S_CHAIN, seat, action))


# -- Share an Invention ---------------------------------------------------------------------------
def share_options(t: InvTable, seat: int) -> list[Option]:
    """An invention with your citizen beside it."""
    return [D.SHARE[r] for r in Q.share_regions(t, seat)]


def answer_share(state: IState, seat: int, r: int) -> None:
    """1. Presenter IP; 2. the inventor takes the card; 3. the innovator's new citizen;
    citizens beside it go to the region; 4. the sharer's tile (S_REWARD)."""
    t = state.table
    t.pending.pop()
    idea = t.card[r]
    state.log(seat, "share", f"{who(seat)} shares {K.IDEAS[idea].name}",
              {"idea": K.IDEAS[idea].id, "region": r + 1})
    presenter, count = t.presenter[r], t.presenter_count[r]
    if presenter >= 0 and count:
        add_ip(state, presenter, K.IDEAS[idea].share_ip * count, f"presented {K.IDEAS[idea].name}")
        t.on_map[r * P + presenter] += count
    inventor, innovator = t.inventor[r], t.innovator[r]
    t.idea_loc[idea] = LOC_LEFT + inventor
    t.on_map[r * P + inventor] += 1
    if innovator >= 0:
        place_citizen(state, innovator, r)
        t.on_map[r * P + innovator] += 1
    t.card[r] = -1
    t.invented[r] = 0
    t.presenter[r] = t.inventor[r] = t.innovator[r] = -1
    t.presenter_count[r] = 0
    t.pending.append((S_REWARD, seat, r))


def _has_room(t: InvTable, seat: int) -> bool:
    tiles = t.tiles[seat * 4:seat * 4 + 4]
    return K.EMPTY in tiles or any(K.ASP_BASE <= c <= K.ASP_WILD for c in tiles)


def wealth_allowed(t: InvTable, seat: int, r: int) -> bool:
    """A Wealth tile is left here and you hold none of its letter."""
    return (t.wealth_left[r] > 0 and _has_room(t, seat)
            and K.WEALTH_BASE + t.wealth_letter[r] not in Q.tiles_owned(t, seat))


def reward_options(t: InvTable, step: tuple[int, ...]) -> list[Option]:
    """4. Any 1 Wealth tile of the region, a wild Aspiration tile, or nothing."""
    seat, r = step[1], step[2]
    out = [D.REWARD_WEALTH] if wealth_allowed(t, seat, r) else []
    if _has_room(t, seat):
        out.append(D.REWARD_WILD)
    return [*out, D.REWARD_NONE] if out else []


def answer_reward(state: IState, step: tuple[int, ...], block: str) -> None:
    """Into the leftmost empty space; a full display replaces an Aspiration tile."""
    t = state.table
    t.pending.pop()
    seat, r = step[1], step[2]
    if block == "reward_none":
        return
    base = seat * 4
    full = K.EMPTY not in t.tiles[base:base + 4]
    if block == "reward_wealth":
        code = K.WEALTH_BASE + t.wealth_letter[r]
        t.wealth_left[r] -= 1
        state.log(seat, "wealth", f"{who(seat)} takes Wealth tile {K.WEALTH[code - 40].letter}")
        if full:
            t.pending.append((S_REPLACE, seat, code))
        else:
            slot = t.tiles[base:base + 4].index(K.EMPTY)
            t.tiles[base + slot] = code
    elif full:
        t.pending.append((S_REPLACE, seat, K.ASP_WILD))
    else:
        gain_aspiration(state, seat, 3)


def replace_options(t: InvTable, seat: int) -> list[Option]:
    """An Aspiration tile of the display to give up."""
    base = seat * 4
    return [D.REPLACE[n] for n in range(4) if K.ASP_BASE <= t.tiles[base + n] <= K.ASP_WILD]


def answer_replace(state: IState, step: tuple[int, ...], slot: int) -> None:
    """The replaced Aspiration tile returns to the supply."""
    t = state.table
    t.pending.pop()
    seat, code = step[1], step[2]
    t.tiles[seat * 4 + slot] = code
    t.tiles_new[seat * 4 + slot] = 1 if code <= K.ASP_WILD else 0
