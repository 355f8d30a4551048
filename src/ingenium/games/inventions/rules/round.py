"""Playing a Round and Taking Your Turn: step 1 (Prepare Chain Action Tokens), step 2 (Perform
Actions: A. the pillar and its influence, then the action; the end of step 2), the queueing of
steps 3-4 (`tiles.py`), and Next Round."""

from __future__ import annotations

from typing import Final

from ingenium.engine import Option
from ingenium.games.inventions import options, steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.actions.perform import start_action
from ingenium.games.inventions.rules.key_concepts import (
    add_influence,
    slide_display,
    take_stack_top,
    who,
)
from ingenium.games.inventions.rules.tiles import economy_options, use_economy
from ingenium.games.inventions.table import (
    CHRONOS,
    CHRONOS_PLAYERS,
    LOC_HAND,
    TILE_SPACES,
    InvTable,
    IState,
    P,
    chronos_of,
    pillar_at,
    seasons_of,
    tile_spaces,
)

# Each colour slot's turn, and what its step 1 queues, bottom first: step 4, step 3, the new
# Aspiration tiles kept, the end of step 2, the last Economy tiles, the main action. Records are
# immutable, so one set serves every turn.
TURNS = tuple(steps.Turn(steps.S_TURN, seat) for seat in range(P))
TURN_STEPS = tuple((steps.BuildProgress(steps.S_BUILD, seat, -1, 1, -1),
                    steps.AspirationsBecomeProgress(steps.S_ASPIRE, seat),
                    steps.KeepAspirations(steps.S_OVERFLOW, seat, 0),
                    steps.EndOfActions(steps.S_END_ACTIONS, seat),
                    steps.EconomyBeforeEnd(steps.S_POST, seat),
                    steps.MainAction(steps.S_MAIN, seat)) for seat in range(P))

CHRONOS_TURN = steps.ChronosTurn(steps.S_CHRONOS_TURN, CHRONOS)

# each Action space's action (an index into catalog.ACTIONS), looked up once
SPACE_ACTION: Final = tuple(catalog.ACTION_INDEX[space] for space in catalog.SPACES)


def season_pillars_gain(t: InvTable) -> bool:
    """Step 2 A: another player's main action influences your Epoch pillar there; your Season
    pillars gain too only in a 2-player game (2-Player Rules, How to Play: "you also receive
    influence when an opponent performs a main action on the same Action space as your Season
    pillars")."""
    return t.players == CHRONOS_PLAYERS


def start_round(state: IState) -> None:
    """Playing a Round: each player takes a turn in turn order."""
    t = state.table
    if state.keeps_log:
        state.log(None, "round", f"Era {catalog.TRACK_ERA[t.chronos]}, round "
                  f"{catalog.TRACK[t.chronos].round}",
                  {"era": catalog.TRACK_ERA[t.chronos], "round": catalog.TRACK[t.chronos].round})
    t.pending.append(steps.NextRound(steps.S_NEXT, 0))
    chronos = chronos_of(t)
    for seat in reversed(t.order):
        t.pending.append(CHRONOS_TURN if seat == chronos else TURNS[seat])


def start_turn(state: IState, step: steps.Turn) -> None:
    """Step 1: prepare Chain Action tokens by influence; then steps 2-4 as pending steps."""
    t = state.table
    t.pending.pop()
    seat = step.seat
    t.current = seat
    t.chain_left = catalog.CHAIN_TOKENS[t.influence[seat]]
    t.owed_ideas = t.tech_used = 0
    t.called = []
    t.tiles_new[tile_spaces(seat)] = [0] * TILE_SPACES
    t.pending.extend(TURN_STEPS[seat])


def main_options(t: InvTable, step: steps.MainAction) -> list[Option]:
    """C. Main Action: accessible spaces whose action can be done; else the fallback (The
    Actions: "if (and only if) you cannot take any of the main actions"). Economy tiles may be
    used first."""
    seat = step.seat
    spaces = conditions.accessible_spaces(t, seat)
    out = [options.MAIN[s] for s in spaces if conditions.can(t, seat, SPACE_ACTION[s])]
    if not out:
        out = [options.IDLE[s] for s in spaces]
    return economy_options(t, seat) + out


def answer_main(state: IState, step: steps.MainAction, block: str, index: int) -> None:
    """Step 2: play a Season pillar or move the Epoch pillar; the others' pillars there gain 1
    influence (see season_pillars_gain); then the action (or, if none is possible, +1
    influence)."""
    t = state.table
    seat = step.seat
    if block == "economy":
        use_economy(state, seat, index)
        return
    t.pending.pop()
    if catalog.TRACK_EPOCH[t.chronos]:
        t.epoch[seat] = index
    else:
        slot = 0 if t.season[pillar_at(seat, 0)] < 0 else 1
        t.season[pillar_at(seat, slot)] = index
    seasons = season_pillars_gain(t)
    for other in range(t.players):
        if other != seat and (t.epoch[other] == index or (
                seasons and index in seasons_of(t, other))):
            add_influence(state, other, 1, "a main action on their pillar's space")
    if block == "idle":
        if state.keeps_log:
            state.log(seat, "idle", f"{who(seat)} cannot take any main action")
        add_influence(state, seat, 1, "no main action possible")
        return
    start_action(state, seat, SPACE_ACTION[index], "main action")


def post_options(t: InvTable, step: steps.EconomyBeforeEnd) -> list[Option]:
    """Economy tiles may still be used before the end of step 2."""
    eco = economy_options(t, step.seat)
    return [*eco, options.DONE] if eco else []


def answer_post(state: IState, step: steps.EconomyBeforeEnd, block: str, index: int) -> None:
    """Use an Economy tile (the question comes again), or be done with step 2."""
    if block == "economy":
        use_economy(state, step.seat, index)
    else:
        state.table.pending.pop()


def end_actions(state: IState, step: steps.EndOfActions) -> None:
    """End of step 2: return Chain Action tokens; refill one idea per presented idea."""
    t = state.table
    t.pending.pop()
    t.chain_left = 0
    if t.owed_ideas:
        t.pending.append(steps.RefillIdeas(steps.S_REFILL, step.seat))


def refill_options(t: InvTable, step: steps.RefillIdeas) -> list[Option]:
    """The 3 display cards plus the top of the Idea stack."""
    out = [options.REFILL[n] for n in range(3) if t.display[n] >= 0]
    if t.stack:
        out.append(options.REFILL[3])
    return out


def answer_refill(state: IState, step: steps.RefillIdeas, block: str, index: int) -> None:
    """Present an Idea 3: a card from the display (or the stack's top) to your board."""
    seat = step.seat
    t = state.table
    if index == 3:
        idea = take_stack_top(state)
    else:
        idea = t.display[index]
        t.display[index] = -1
    t.idea_loc[idea] = LOC_HAND + seat
    if state.keeps_log:
        state.log(seat, "idea", f"{who(seat)} takes the idea {catalog.IDEAS[idea].name}",
                  {"idea": catalog.IDEAS[idea].id})
    slide_display(state)
    t.owed_ideas -= 1
    if t.owed_ideas <= 0 or _nothing_left(t):
        t.pending.pop()


def no_idea_left(state: IState, step: steps.RefillIdeas) -> None:
    """With no idea anywhere to take, nothing more is owed."""
    state.table.owed_ideas = 0


def _nothing_left(t: InvTable) -> bool:
    """No idea left anywhere to take."""
    return not t.stack and all(c < 0 for c in t.display)


def next_round(state: IState, step: steps.NextRound) -> None:
    """Next Round: Chronos advances; a new era brings the Era Change (or the end)."""
    t = state.table
    t.pending.pop()
    before = catalog.TRACK_ERA[t.chronos]
    t.chronos += 1
    if catalog.TRACK_NONE[t.chronos]:
        t.pending.append(steps.FinalScoring(steps.S_FINAL, 0))
    elif catalog.TRACK_ERA[t.chronos] != before:
        if state.keeps_log:
            state.log(None, "era", f"Era {catalog.TRACK_ERA[t.chronos]} begins: Era Change")
        first = 0 if chronos_of(t) >= 0 else 1  # stage 0: Chronos' alterations
        t.pending.append(steps.EraChangeStage(steps.S_ERA_CHANGE, 0, first))
    else:
        start_round(state)
