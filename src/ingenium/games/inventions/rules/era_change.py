"""Era Change (steps 1-6 in order; from Era 1 to 2 only steps 1-2)."""

from __future__ import annotations

from ingenium.engine import Option
from ingenium.games.inventions import options, steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import chronos_era_change, conditions
from ingenium.games.inventions.rules.key_concepts import (
    add_influence,
    gain_scholars,
    name_of,
    push_common,
    slide_display,
    who,
)
from ingenium.games.inventions.rules.round import start_round
from ingenium.games.inventions.table import (
    LOC_HAND,
    LOC_OUT,
    M_EUREKA,
    H,
    InvTable,
    IState,
    P,
    R,
    chronos_of,
    colours,
    hexes,
    type_at,
)


def era_change(state: IState, step: steps.EraChangeStage) -> None:
    """Era Change steps 1-6 in order (with 2 players Chronos' alterations first, as stage 0);
    Era 1 -> 2 stops after step 2."""
    t = state.table
    t.pending.pop()
    stage = step.stage
    if stage < 6:
        t.pending.append(steps.EraChangeStage(steps.S_ERA_CHANGE, 0, stage + 1))
    if stage == 0:  # 2-Player Rules, Alterations to Era Change: before the steps
        chronos_era_change.before_steps(state)
    elif stage == 1:
        _adjust_turn_order(state)
    elif stage == 2:
        for seat in range(t.players):
            add_influence(state, seat, catalog.ERA_ADJUST[t.influence[seat]], "Era Change")
        if catalog.TRACK_ERA[t.chronos] - 1 == 1:  # Era 1 -> 2: skip the rest of the steps
            t.pending.pop()
            start_round(state)
    elif stage == 3:
        for i in range(type_at(t.players, 0)):
            t.home[i] += t.exhausted[i]
            t.exhausted[i] = 0
    elif stage == 4:
        _retrieve(state)
    elif stage == 5:
        _cycle_milestones(state)
    else:
        _discard_old_ideas(state)


def furthest_right_on_turn_order(t: InvTable) -> int:
    """Step 1: the colour slot whose Era marker is on the furthest-right Turn Order space
    (Chronos' too, in a 2-player game), or -1 when no marker is on one."""
    on = [(t.era_space[s], s) for s in range(t.players)
          if t.era_space[s] in catalog.TURN_ORDER_SPACES]
    chronos = chronos_of(t)
    if chronos >= 0 and t.chronos_era_space in catalog.TURN_ORDER_SPACES:
        on.append((t.chronos_era_space, chronos))
    return max(on)[1] if on else -1


def _adjust_turn_order(state: IState) -> None:
    """Step 1: that player chooses their Turn Order space; Chronos (2-Player Rules) puts
    himself first without a question. Colour slot 2 is Chronos only when he plays."""
    t = state.table
    slot = furthest_right_on_turn_order(t)
    if slot < 0:
        return
    if slot == chronos_of(t):
        chronos_era_change.first_in_turn_order(state)
    else:
        t.pending.append(steps.AdjustTurnOrder(steps.S_TURN_ORDER, slot))


def _retrieve(state: IState) -> None:
    """Step 4: Season pillars back; sages inspire study; Economy tokens back."""
    t = state.table
    t.season = [-1] * (t.players * 2)
    order = players_in_order(t)
    for seat in reversed(order):
        if t.sages_held[seat]:
            t.pending.append(steps.ReturnSage(steps.S_SAGE_RETURN, seat))
    for seat in order:
        if t.sages_held[seat]:
            gain_scholars(state, seat, t.sages_held[seat])
        used = sum(t.eco_used[hexes(seat)])
        t.eco_home[seat] += used
        t.eco_used[hexes(seat)] = [0] * H


def sage_return_options(t: InvTable, step: steps.ReturnSage) -> list[Option]:
    """Step 4: each sage returns to an empty sage space (in turn order)."""
    seat = step.seat
    return [options.SAGE_RETURN[r] for r in range(R) if not t.sage[r]] if t.sages_held[seat] else []


def answer_sage_return(state: IState, step: steps.ReturnSage, block: str, r: int) -> None:
    """The sage leaves the academy for the chosen region."""
    t = state.table
    seat = step.seat
    t.sage[r] = 1
    t.sages_held[seat] -= 1
    if not t.sages_held[seat]:
        t.pending.pop()


def _cycle_milestones(state: IState) -> None:
    """Step 5: non-player private Milestones, then the Eureka display's, into Common
    Knowledge; the next era's Milestones are revealed."""
    t = state.table
    if chronos_of(t) >= 0:
        chronos_era_change.refresh_non_player_milestone(state)
    for slot in range(len(colours(t)), P):
        if chronos_of(t) < 0 and t.private[slot] >= 0:
            push_common(state, t.private[slot])
            t.private[slot] = -1
    for m in reversed(t.eureka):
        push_common(state, m)
    t.eureka = []
    if t.milestone_decks:
        letter = catalog.M_LETTER[t.milestone_decks[0]]
        t.eureka = [m for m in t.milestone_decks if catalog.M_LETTER[m] == letter]
        t.milestone_decks = [m for m in t.milestone_decks if catalog.M_LETTER[m] != letter]
        for m in t.eureka:
            t.milestone_loc[m] = M_EUREKA
        if state.keeps_log:
            state.log(None, "milestone", "Eureka display: " + ", ".join(
                catalog.MILESTONES[m].name for m in t.eureka))


def _discard_old_ideas(state: IState) -> None:
    """Step 6: ideas of earlier eras leave the display, then each player's (in turn order),
    each replaced from the display; then the next round."""
    t = state.table
    era = catalog.TRACK_ERA[t.chronos]
    for n, card in enumerate(t.display):
        if card >= 0 and catalog.IDEA_ERA[card] < era:
            t.idea_loc[card] = LOC_OUT
            t.display[n] = -1
    slide_display(state)
    start_round(state)
    for seat in reversed(players_in_order(t)):
        t.pending.append(steps.ReplaceOldIdeas(steps.S_DISCARD_HAND, seat, -1))


def discard_hand(state: IState, step: steps.ReplaceOldIdeas) -> bool:
    """Step 6 for one player, as the step comes up: discard previous-era ideas, owe one idea
    for each (True: the step was replaced by what is owed, or by nothing)."""
    if step.owed >= 0:
        return False
    t = state.table
    t.pending.pop()
    seat, era = step.seat, catalog.TRACK_ERA[t.chronos]
    old = [i for i in conditions.hand(t, seat) if catalog.IDEA_ERA[i] < era]
    for i in old:
        t.idea_loc[i] = LOC_OUT
    if old:
        if state.keeps_log:
            state.log(seat, "discard", f"{who(seat)} discards " + ", ".join(
                catalog.IDEAS[i].name for i in old))
        t.pending.append(steps.ReplaceOldIdeas(steps.S_DISCARD_HAND, seat, len(old)))
    return True


def discard_options(t: InvTable, step: steps.ReplaceOldIdeas) -> list[Option]:
    """Take a new idea from the display for each discarded one."""
    return [options.REFILL[n] for n in range(3) if t.display[n] >= 0]


def answer_discard_take(state: IState, step: steps.ReplaceOldIdeas, block: str, index: int) -> None:
    """One card from the display; the display slides and refills."""
    t = state.table
    t.pending.pop()
    seat, owed = step.seat, step.owed
    idea = t.display[index]
    t.display[index] = -1
    t.idea_loc[idea] = LOC_HAND + seat
    slide_display(state)
    if owed > 1:
        t.pending.append(steps.ReplaceOldIdeas(steps.S_DISCARD_HAND, seat, owed - 1))


def turn_order_options(t: InvTable, step: steps.AdjustTurnOrder) -> list[Option]:
    """Step 1: any space of the Turn Order track."""
    return list(options.TURN_ORDER[:len(t.order)])


def answer_turn_order(state: IState, step: steps.AdjustTurnOrder, block: str,
                      position: int) -> None:
    """Move there; the others keep their relative order."""
    t = state.table
    seat = step.seat
    t.pending.pop()
    t.order.remove(seat)
    t.order.insert(position, seat)
    if state.keeps_log:
        state.log(seat, "turn_order", "Turn order: " + ", ".join(name_of(t, s) for s in t.order),
                  {"order": list(t.order)})


def players_in_order(t: InvTable) -> list[int]:
    """The players' seats in turn order (Chronos, with no Society board, left out)."""
    chronos = chronos_of(t)
    return [s for s in t.order if s != chronos]
