"""2-Player Rules, Alterations to Era Change: before the usual steps Chronos places an Influence
token along the migration path (1) and, except after Era 1, takes a new Milestone and moves his
Era marker (2); in step 1 he puts himself first when his marker is furthest right on a Turn Order
space, and step 5 refreshes the non-player private Milestone (`era_change.py` calls these)."""

from __future__ import annotations

from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.chronos import next_region, place_token, say, where
from ingenium.games.inventions.rules.key_concepts import push_common
from ingenium.games.inventions.table import (
    CHRONOS,
    M_PRIVATE,
    InvTable,
    IState,
    P,
    R,
    influence_spaces_of,
)

FIRST_MILESTONE_ERA = 3  # "except after Era 1 and before Era 6": entering Eras 3, 4 and 5


def has_token(t: InvTable, r: int) -> bool:
    """Whether one of Chronos' Influence tokens lies in the region."""
    return CHRONOS in t.influence_spaces[influence_spaces_of(r)]


def before_steps(state: IState) -> None:
    """Alterations 1-2, before any Era Change step."""
    influence_token(state)
    if catalog.TRACK_ERA[state.table.chronos] >= FIRST_MILESTONE_ERA:
        new_milestone(state)


def influence_token(state: IState) -> None:
    """1. Without moving the pillar, the next region along the path without a token of his and
    with an empty space gets one on its leftmost space; the pillar moves there. The token
    comes from the Era track between the eras being changed (Setup 4), else his supply."""
    t = state.table
    entering = catalog.TRACK_ERA[t.chronos]
    from_track = entering >= FIRST_MILESTONE_ERA and t.chronos_token_track > 0
    if not from_track and t.chronos_token_supply <= 0:
        if state.keeps_log:
            say(state, "Chronos has no Influence token left to place")
        return
    r = t.chronos_region
    for _ in range(R):
        r = next_region(r)
        if not has_token(t, r) and conditions.leftmost_space(t, r) >= 0:
            place_token(t, r)
            if from_track:
                t.chronos_token_track -= 1
            else:
                t.chronos_token_supply -= 1
            t.chronos_region = r
            if state.keeps_log:
                say(state, f"Era Change: Chronos places a face-down Influence token in {where(r)}, "
                    "the next region along the path without one of his, and moves there",
                    region=r + 1)
            return
    if state.keeps_log:
        say(state, "Era Change: no region has room for a Chronos Influence token")


def new_milestone(state: IState) -> None:
    """2. His Milestone into Common Knowledge (inserted by its letter, the bottom one pushed
    out), the rightmost of the Eureka display his; his Era marker to that era's rightmost free
    space. With the Eureka display empty he keeps his Milestone."""
    t = state.table
    if not t.eureka:
        if state.keeps_log:
            say(state, "Era Change: the Eureka display is empty, Chronos keeps his Milestone")
        return
    old = t.private[CHRONOS]
    letter = catalog.M_LETTER[old]
    at = next((i for i, m in enumerate(t.common) if catalog.M_LETTER[m] <= letter),
              len(t.common))
    push_common(state, old, at)
    new = t.eureka.pop()
    t.private[CHRONOS] = new
    t.milestone_loc[new] = M_PRIVATE + CHRONOS
    era = catalog.M_ERA[new]
    taken = set(t.era_space[:t.players])
    free = [i for i, e in enumerate(catalog.ERA_SPACE_ERA) if e == era and i not in taken]
    if free:
        t.chronos_era_space = max(free)
    if state.keeps_log:
        say(state, f"Era Change: Chronos passes {catalog.MILESTONES[old].name} to Common "
            f"Knowledge and takes {catalog.MILESTONES[new].name}, the rightmost of the Eureka "
            f"display; his Era marker moves to Era {era}")


def first_in_turn_order(state: IState) -> None:
    """Step 1 when his marker is the furthest right on a Turn Order space: he goes first."""
    t = state.table
    t.order.remove(CHRONOS)
    t.order.insert(0, CHRONOS)
    if state.keeps_log:
        say(state, "Era Change: Chronos' Era marker is furthest right on a Turn Order space, he "
            "moves himself first in turn order", order=0)


def refresh_non_player_milestone(state: IState) -> None:
    """Step 5, 2-player game: with Milestones left in the Eureka display, the non-player
    private Milestone goes to Common Knowledge and the rightmost Eureka one replaces it."""
    t = state.table
    if not t.eureka:
        return
    for slot in range(CHRONOS + 1, P):
        if t.private[slot] >= 0:
            push_common(state, t.private[slot])
        new = t.eureka.pop()
        t.private[slot] = new
        t.milestone_loc[new] = M_PRIVATE + slot
        if state.keeps_log:
            state.log(None, "milestone", f"{catalog.MILESTONES[new].name} fills the unused private "
                      "Milestone display")
        if not t.eureka:
            return

