"""Stone Age (Setup Round), i-v, in turn order; then the ideas nobody presented are discarded
and Era 1 begins."""

from __future__ import annotations

from ingenium.engine import Option
from ingenium.games.inventions import options, steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.key_concepts import place_citizen, push_effects, who
from ingenium.games.inventions.rules.round import start_round
from ingenium.games.inventions.table import (
    LOC_OUT,
    PLAY,
    InvTable,
    IState,
    R,
    influence_at,
    token_at,
    type_at,
)


def stone_options(t: InvTable, step: steps.StoneAgeRegion) -> list[Option]:
    """i. A region with an Idea card (and no specialists yet) whose tile you can pay."""
    seat = step.seat
    out = []
    for r in range(R):
        idea = t.card[r]
        if idea >= 0 and t.presenter[r] < 0:
            need = conditions.SPECIALIST_TILE_N[t.specialist_tile[r]]
            if t.home[type_at(seat, catalog.IDEA_TYPE[idea])] + t.academy[seat] >= need:
                out.append(options.STONE[r])
    return out


def answer_stone(state: IState, step: steps.StoneAgeRegion, block: str, r: int) -> None:
    """ii. specialists on the Specialist tile; iii. its benefit; then iv-v (StoneAgeFinish)."""
    t = state.table
    seat = step.seat
    t.pending.pop()
    idea, n = t.card[r], conditions.SPECIALIST_TILE_N[t.specialist_tile[r]]
    t.presenter[r] = seat
    if state.keeps_log:
        state.log(seat, "stone_age", f"{who(seat)} starts in {catalog.region_name(r)} with "
                  f"{catalog.IDEAS[idea].name}", {"region": r + 1, "idea": catalog.IDEAS[idea].id})
    t.pending.append(steps.StoneAgeFinish(steps.S_STONE_TAIL, seat, r))
    push_effects(t, seat, catalog.SPECIALIST_EFFECTS[t.specialist_tile[r]])
    t.pending.append(steps.Pay(steps.S_PAY, seat, steps.dest(r, steps.AS_PRESENTER),
                               catalog.IDEA_TYPE[idea], n, 0, 0, 0, 0))


def stone_tail(state: IState, step: steps.StoneAgeFinish) -> None:
    """iv. The +1 Influence token on the leftmost space (no IP); v. a citizen in the region;
    an idea presented with the Specialist tile's free action is replaced at once (Present an
    Idea 3: the Stone Age has no step 2 to wait for)."""
    t = state.table
    t.pending.pop()
    seat, r = step.seat, step.region
    space = conditions.leftmost_space(t, r)
    t.influence_spaces[influence_at(r, space)] = seat
    t.token_region[token_at(seat, catalog.PLUS_ONE_TOKEN)] = r
    if state.keeps_log:
        state.log(seat, "influence_token", f"{who(seat)} places the +1 Influence token in "
                  f"{catalog.region_name(r)}", {"region": r + 1})
    place_citizen(state, seat, r)
    if t.owed_ideas:
        t.pending.append(steps.RefillIdeas(steps.S_REFILL, seat))


def stone_end(state: IState, step: steps.StoneAgeEnd) -> None:
    """Discard all Idea cards with no specialists on their Specialist tile; Era 1 begins."""
    t = state.table
    t.pending.pop()
    for r in range(R):
        if t.card[r] >= 0 and t.presenter[r] < 0:
            t.idea_loc[t.card[r]] = LOC_OUT
            t.card[r] = -1
    t.phase = PLAY
    start_round(state)
