"""The core actions (The Actions; How an Idea Shapes History): Present an Idea, Invent,
Innovate and Share an Invention."""

from __future__ import annotations

from ingenium.engine import Option
from ingenium.games.inventions import options, steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.key_concepts import (
    add_ip,
    gain_aspiration,
    gain_specialist,
    place_citizen,
    push_effects,
    who,
)
from ingenium.games.inventions.table import (
    CHRONOS,
    LOC_LEFT,
    LOC_OUT,
    LOC_REGION,
    InvTable,
    IState,
    chronos_of,
    map_at,
    space_at,
    tiles_of,
)


# -- Present an Idea ------------------------------------------------------------------------------
def present_options(t: InvTable, step: steps.PresentIdea) -> list[Option]:
    """1. One of your ideas that has a Region display where it can go."""
    seat = step.seat
    return [options.PRESENT_IDEA[i] for i in conditions.hand(t, seat)
            if conditions.present_regions(t, seat, i)]


def answer_present(state: IState, step: steps.PresentIdea, block: str, idea: int) -> None:
    """Then the region."""
    t = state.table
    t.pending.pop()
    t.pending.append(steps.PresentRegion(steps.S_PRESENT_REGION, step.seat, idea))


def present_region_options(t: InvTable, step: steps.PresentRegion) -> list[Option]:
    """1. An empty Region display whose Specialist tile you can pay."""
    return [options.PRESENT_REGION[r]
            for r in conditions.present_regions(t, step.seat, step.idea)]


def answer_present_region(state: IState, step: steps.PresentRegion, block: str, r: int) -> None:
    """2. Place the card, move 1-2 specialists onto the Specialist tile, gain its benefit;
    3. one idea is owed from the display at the end of step 2."""
    t = state.table
    t.pending.pop()
    seat, idea = step.seat, step.idea
    n = conditions.SPECIALIST_TILE_N[t.specialist_tile[r]]
    put_idea(t, r, idea, seat)
    t.owed_ideas += 1
    if state.keeps_log:
        state.log(seat, "present", f"{who(seat)} presents {catalog.IDEAS[idea].name} in "
                  f"{catalog.region_name(r)}", {"idea": catalog.IDEAS[idea].id, "region": r + 1})
    push_effects(t, seat, catalog.SPECIALIST_EFFECTS[t.specialist_tile[r]])
    t.pending.append(steps.Pay(steps.S_PAY, seat, steps.dest(r, steps.AS_PRESENTER),
                               catalog.IDEA_TYPE[idea], n, 0, 0, 0, 0))


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
def invent_options(t: InvTable, step: steps.Invent) -> list[Option]:
    """1. Presented ideas whose Milestone you have access to (and whose cost you can pay)."""
    return [options.INVENT[r] for r in conditions.invent_regions(t, step.seat)]


def answer_invent(state: IState, step: steps.Invent, block: str, r: int) -> None:
    """2. A technology Aspiration tile; 3. a specialist to the Invent space and the extra
    ones exhausted; 4. flip the card (Era-6 cards score their printed IP)."""
    t = state.table
    seat = step.seat
    t.pending.pop()
    idea = t.card[r]
    t.invented[r] = 1
    if state.keeps_log:
        state.log(seat, "invent", f"{who(seat)} invents {catalog.IDEAS[idea].name} in "
                  f"{catalog.region_name(r)}", {"idea": catalog.IDEAS[idea].id, "region": r + 1})
    gain_aspiration(state, seat, 2)
    add_ip(state, seat, catalog.IDEAS[idea].invent_ip, "inventing")
    kind = catalog.IDEA_TYPE[idea]
    extra = list(conditions.INVENT_COST[idea])
    extra[kind] -= 1
    t.pending.append(steps.Pay(steps.S_PAY, seat, steps.dest(r, steps.AS_INVENTOR), kind, 1,
                               extra[0], extra[1], extra[2], 0))


# -- Innovate -------------------------------------------------------------------------------------
def innovate_options(t: InvTable, step: steps.Innovate) -> list[Option]:
    """Only on inventions, never your own (you were not the inventor), one innovator each."""
    return [options.INNOVATE[r] for r in conditions.innovate_regions(t, step.seat)]


def answer_innovate(state: IState, step: steps.Innovate, block: str, r: int) -> None:
    """1. A specialist (or scholar) to the Innovate space; then 2-3 (InnovateReward)."""
    t = state.table
    seat = step.seat
    t.pending.pop()
    if state.keeps_log:
        state.log(seat, "innovate", f"{who(seat)} innovates on {catalog.IDEAS[t.card[r]].name}",
                  {"idea": catalog.IDEAS[t.card[r]].id, "region": r + 1})
    t.pending.append(steps.InnovateReward(steps.S_INNOVATE_DONE, seat, r))
    t.pending.append(steps.Pay(steps.S_PAY, seat, steps.dest(r, steps.AS_INNOVATOR),
                               catalog.IDEA_TYPE[t.card[r]], 1, 0, 0, 0, 0))


def innovate_done(state: IState, step: steps.InnovateReward) -> None:
    """2. Gain a specialist of the invention's type; 3. its Chain Action, if a token is left."""
    t = state.table
    t.pending.pop()
    seat, r = step.seat, step.region
    idea = t.card[r]
    gain_specialist(state, seat, catalog.IDEA_TYPE[idea])
    chain = catalog.IDEAS[idea].innovate_chain
    if chain is not None and t.chain_left > 0:
        action = catalog.ACTION_INDEX[chain]
        if conditions.can(t, seat, action):
            t.pending.append(steps.ChainAction(steps.S_CHAIN, seat, action))


# -- Share an Invention ---------------------------------------------------------------------------
def share_options(t: InvTable, step: steps.ShareInvention) -> list[Option]:
    """An invention with your citizen beside it."""
    return [options.SHARE[r] for r in conditions.share_regions(t, step.seat)]


def answer_share(state: IState, step: steps.ShareInvention, block: str, r: int) -> None:
    """1. Presenter IP; 2. the inventor takes the card; 3. the innovator's new citizen;
    citizens beside it go to the region; 4. the sharer's tile (ShareReward)."""
    t = state.table
    seat = step.seat
    t.pending.pop()
    idea = t.card[r]
    if state.keeps_log:
        state.log(seat, "share", f"{who(seat)} shares {catalog.IDEAS[idea].name}",
                  {"idea": catalog.IDEAS[idea].id, "region": r + 1})
    share_out(state, r)
    t.pending.append(steps.ShareReward(steps.S_REWARD, seat, r))


def share_out(state: IState, r: int) -> None:
    """Share 1-3, whoever shares: the presenter's IP, the card to the inventor, the
    innovator's new citizen, every citizen beside the card to the region. Chronos scores no IP,
    discards a card he invented and, as innovator, places a citizen of his own (2-Player Rules,
    Share an Invention)."""
    t = state.table
    idea = t.card[r]
    chronos = chronos_of(t)
    presenter, count = t.presenter[r], t.presenter_count[r]
    if presenter >= 0 and count:
        if presenter != chronos:
            add_ip(state, presenter, catalog.IDEAS[idea].share_ip * count,
                   f"presented {catalog.IDEAS[idea].name}")
        t.on_map[map_at(r, presenter)] += count
    inventor, innovator = t.inventor[r], t.innovator[r]
    t.idea_loc[idea] = LOC_OUT if inventor == chronos else LOC_LEFT + inventor
    t.on_map[map_at(r, inventor)] += 1
    if innovator >= 0:
        if innovator == chronos:
            chronos_citizen(state, r)
        else:
            place_citizen(state, innovator, r)
        t.on_map[map_at(r, innovator)] += 1
    t.card[r] = -1
    t.invented[r] = 0
    t.presenter[r] = t.inventor[r] = t.innovator[r] = -1
    t.presenter_count[r] = 0


def chronos_citizen(state: IState, r: int) -> None:
    """Chronos places a new citizen from his supply in a map region (if one is left)."""
    t = state.table
    if t.chronos_supply > 0:
        t.chronos_supply -= 1
        t.on_map[map_at(r, CHRONOS)] += 1
        if state.keeps_log:
            state.log(None, "chronos", f"Chronos places a citizen in {catalog.region_name(r)} (the "
                      "innovator of the shared invention)",
                      {"region": r + 1})


def _has_room(t: InvTable, seat: int) -> bool:
    tiles = tiles_of(t, seat)
    return catalog.EMPTY in tiles or any(catalog.ASP_BASE <= c <= catalog.ASP_WILD for c in tiles)


def wealth_allowed(t: InvTable, seat: int, r: int) -> bool:
    """A Wealth tile is left here and you hold none of its letter."""
    return (t.wealth_left[r] > 0 and _has_room(t, seat)
            and catalog.WEALTH_BASE + t.wealth_letter[r] not in conditions.tiles_owned(t, seat))


def reward_options(t: InvTable, step: steps.ShareReward) -> list[Option]:
    """4. Any 1 Wealth tile of the region, a wild Aspiration tile, or nothing."""
    seat, r = step.seat, step.region
    out = [options.REWARD_WEALTH] if wealth_allowed(t, seat, r) else []
    if _has_room(t, seat):
        out.append(options.REWARD_WILD)
    return [*out, options.REWARD_NONE] if out else []


def answer_reward(state: IState, step: steps.ShareReward, block: str, index: int) -> None:
    """Into the leftmost empty space; a full display replaces an Aspiration tile."""
    t = state.table
    t.pending.pop()
    seat, r = step.seat, step.region
    if block == "reward_none":
        return
    full = catalog.EMPTY not in tiles_of(t, seat)
    if block == "reward_wealth":
        code = catalog.WEALTH_BASE + t.wealth_letter[r]
        letter = catalog.WEALTH[code - catalog.WEALTH_BASE].letter
        if state.keeps_log:
            state.log(seat, "wealth", f"{who(seat)} takes Wealth tile {letter}")
        if full:  # the tile leaves the region once an Aspiration tile makes room for it
            t.pending.append(steps.ReplaceAspiration(steps.S_REPLACE, seat, code))
        else:
            t.wealth_left[r] -= 1
            slot = tiles_of(t, seat).index(catalog.EMPTY)
            t.tiles[space_at(seat, slot)] = code
    elif full:
        t.pending.append(steps.ReplaceAspiration(steps.S_REPLACE, seat, catalog.ASP_WILD))
    else:
        gain_aspiration(state, seat, 3)


def replace_options(t: InvTable, step: steps.ReplaceAspiration) -> list[Option]:
    """An Aspiration tile of the display to give up."""
    return [options.REPLACE[n] for n, code in enumerate(tiles_of(t, step.seat))
            if catalog.ASP_BASE <= code <= catalog.ASP_WILD]


def answer_replace(state: IState, step: steps.ReplaceAspiration, block: str, slot: int) -> None:
    """The replaced Aspiration tile returns to the supply; a Wealth tile leaves its region now."""
    t = state.table
    t.pending.pop()
    seat, code = step.seat, step.tile
    if code >= catalog.WEALTH_BASE:
        t.wealth_left[t.wealth_letter.index(code - catalog.WEALTH_BASE)] -= 1
    t.tiles[space_at(seat, slot)] = code
    t.tiles_new[space_at(seat, slot)] = 1 if code <= catalog.ASP_WILD else 0
