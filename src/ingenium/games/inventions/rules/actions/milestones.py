"""The Milestone actions (The Actions): Eureka, Send Diplomat and Call Diplomat."""

from __future__ import annotations

from ingenium.engine import Option
from ingenium.games.inventions import options, steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.key_concepts import (
    add_influence,
    discard_milestone,
    push_effects,
    return_scholars,
    who,
)
from ingenium.games.inventions.table import (
    M_CK,
    M_PRIVATE,
    InvTable,
    IState,
    diplomat_at,
    type_at,
)


# -- Eureka ---------------------------------------------------------------------------------------
def eureka_options(t: InvTable, step: steps.Eureka) -> list[Option]:
    """Only Milestones of the Eureka display from a later era than yours."""
    return [options.EUREKA[m] for m in conditions.eureka_choices(t, step.seat)]


def answer_eureka(state: IState, step: steps.Eureka, block: str, new: int) -> None:
    """1. The bottom Common Knowledge tile is discarded, your old Milestone inserted (or
    discarded); 2. the new one is yours with a diplomat; 3. the Era marker (MoveEraMarker)."""
    t = state.table
    seat = step.seat
    t.pending.pop()
    old, limit = t.private[seat], catalog.M_ERA[new]
    if t.common:
        discard_milestone(state, t.common.pop(), seat, limit)
    at = next((i for i, m in enumerate(t.common)
               if catalog.M_LETTER[m] <= catalog.M_LETTER[old]), -1)
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
        t.diplomats[diplomat_at(new, seat)] = 1
    if state.keeps_log:
        state.log(seat, "eureka", f"Eureka! {who(seat)} takes {catalog.MILESTONES[new].name}",
                  {"milestone": catalog.MILESTONES[new].id})
    t.pending.append(steps.MoveEraMarker(steps.S_ERA_SPACE, seat, catalog.M_ERA[new]))


def era_space_options(t: InvTable, step: steps.MoveEraMarker) -> list[Option]:
    """3. An unoccupied space of the new era."""
    taken = set(t.era_space[:t.players])
    return [options.ERA_SPACE[i] for i, era in enumerate(catalog.ERA_SPACE_ERA)
            if era == step.era and i not in taken]


def answer_era_space(state: IState, step: steps.MoveEraMarker, block: str, i: int) -> None:
    """Take its benefit, unless it is the turn-order action (at Era Changes)."""
    t = state.table
    t.pending.pop()
    t.era_space[step.seat] = i
    push_effects(t, step.seat, catalog.ERA_SPACE_EFFECTS[i])


# -- Send Diplomat / Call Diplomat ----------------------------------------------------------------
def send_options(t: InvTable, step: steps.SendDiplomat) -> list[Option]:
    """1. Any available specialist or scholar."""
    seat = step.seat
    out = [options.SEND_CITIZEN[k] for k in range(3) if t.home[type_at(seat, k)] > 0]
    return [*out, options.SEND_CITIZEN[3]] if t.academy[seat] > 0 else out


def answer_send(state: IState, step: steps.SendDiplomat, block: str, k: int) -> None:
    """Then the Milestone."""
    t = state.table
    t.pending.pop()
    t.pending.append(steps.SendDiplomatTo(steps.S_SEND_TO, step.seat, k))


def send_to_options(t: InvTable, step: steps.SendDiplomatTo) -> list[Option]:
    """A Milestone on the board with a free space and none of your citizens."""
    return [options.SEND_TO[m] for m in conditions.diplomat_targets(t, step.seat)]


def answer_send_to(state: IState, step: steps.SendDiplomatTo, block: str, m: int) -> None:
    """A more advanced owner gains 1 influence; 2. take the Milestone's benefit."""
    t = state.table
    t.pending.pop()
    seat, k = step.seat, step.citizen
    if k < 3:
        t.home[type_at(seat, k)] -= 1
    else:
        t.academy[seat] -= 1
    t.diplomats[diplomat_at(m, seat)] = 1
    if state.keeps_log:
        state.log(seat, "diplomat", f"{who(seat)} sends a diplomat to {catalog.MILESTONES[m].name}",
                  {"milestone": catalog.MILESTONES[m].id})
    owner = t.milestone_loc[m] - M_PRIVATE
    if 0 <= owner < t.players and owner != seat \
            and catalog.M_ERA[m] > conditions.era_of(t, seat):
        add_influence(state, owner, 1, "a diplomat came to learn")
    push_effects(t, seat, catalog.M_EFFECTS[m])


def recall_options(t: InvTable, step: steps.CallDiplomat) -> list[Option]:
    """1. A Milestone with one of your citizens."""
    return [options.RECALL[m] for m in conditions.diplomat_milestones(t, step.seat)]


def answer_recall(state: IState, step: steps.CallDiplomat, block: str, m: int) -> None:
    """Home as a scholar (academy limit), 2. the Milestone's benefit one last time."""
    t = state.table
    seat = step.seat
    t.pending.pop()
    t.diplomats[diplomat_at(m, seat)] = 0
    if state.keeps_log:
        state.log(seat, "diplomat", f"{who(seat)} calls the diplomat home from "
                  f"{catalog.MILESTONES[m].name}", {"milestone": catalog.MILESTONES[m].id})
    return_scholars(state, seat, 1, conditions.era_of(t, seat))
    push_effects(t, seat, catalog.M_EFFECTS[m])
