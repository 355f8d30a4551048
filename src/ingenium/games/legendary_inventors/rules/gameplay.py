"""Gameplay 1-2 (rules summary): on a turn, use a fresh inventor on an invention (its knowledge
places cubes), or refresh all inventors (forced once all four are used); bonus tokens may be
played first. Completing an invention is `completion.py`; the end of an age, `ages.py`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache

from ingenium.engine import Decision, Option
from ingenium.games.legendary_inventors import options, steps
from ingenium.games.legendary_inventors.components.catalog import (
    CHOCOLATE,
    COFFEE,
    NEED,
    NUM_KINDS,
    C,
)
from ingenium.games.legendary_inventors.components.records import (
    INVENTORS_PER_TEAM,
    MAX_PLAYERS,
    NUM_TYPES,
    TYPES,
)
from ingenium.games.legendary_inventors.rules.ages import end_age
from ingenium.games.legendary_inventors.rules.bonus_tokens import (
    held_token_options,
    play,
    play_chocolate,
    play_coffee,
)
from ingenium.games.legendary_inventors.rules.completion import complete
from ingenium.games.legendary_inventors.rules.inventors import (
    ALL_TYPES,
    cubes_for,
    open_types,
    player,
    refresh,
    usable_inventions,
)
from ingenium.games.legendary_inventors.table import COMPLETED, LIState, LITable

CHOCOLATE_CUBES = 2
LEFT_UNFINISHED = 1  # an age ends once all inventions but one are completed
INVENTION_NAMES = tuple(i.name for i in C.inventions)
INVENTION_SLUGS = tuple(i.slug for i in C.inventions)
NEED_LIST = tuple(list(need) for need in NEED)  # compared with a slice of `filled`
# the invention question's prompt, per team and inventor
# the fresh inventors for each set of used ones (bit i set: inventor i is used)
FRESH = tuple(tuple(i for i in range(INVENTORS_PER_TEAM) if not used >> i & 1)
              for used in range(1 << INVENTORS_PER_TEAM))
# "Player 1 uses Galileo on ": the use log's opening, per seat, team and inventor
USES = tuple(tuple(tuple(f"{player(seat)} uses {i.name} on " for i in team.inventors)
                   for team in C.teams) for seat in range(MAX_PLAYERS))
# the steps the turn pushes, built once (records are immutable)
CHOOSE_INVENTION = tuple(steps.ChooseInvention(steps.STEP_INVENTION, i)
                         for i in range(INVENTORS_PER_TEAM))
END_TURN = steps.EndTurn(steps.STEP_END_TURN)
WORK_PROMPTS = tuple(tuple(f"Where does {i.name} work?" for i in team.inventors)
                     for team in C.teams)


def turn_decision(t: LITable) -> Decision:
    """Gameplay: use an inventor or refresh (forced once all four are used); tokens first."""
    seat = t.current
    at = seat * NUM_KINDS
    held = t.held[at:at + NUM_KINDS]
    offered = held_token_options(t, seat, held) if any(held) else []
    at = seat * INVENTORS_PER_TEAM
    u0, u1, u2, u3 = t.used[at:at + INVENTORS_PER_TEAM]  # INVENTORS_PER_TEAM == 4, unrolled
    ready = FRESH[(u0 != 0) | (u1 != 0) << 1 | (u2 != 0) << 2 | (u3 != 0) << 3]
    used_any = len(ready) < INVENTORS_PER_TEAM
    chocolate = t.chocolate
    if held[COFFEE] and used_any:
        offered.append(options.PLAY_COFFEE)
    if held[CHOCOLATE] and not chocolate and ready:
        offered.append(options.PLAY_CHOCOLATE)
    use = options.USE[t.team[seat]]
    if chocolate:
        offered.extend(use[i] for i in ready)  # any open invention will do
        return Decision(seat, "turn", "Chocolate played: use an inventor", tuple(offered))
    offered += helpful_inventors(t, seat, ready, use)
    if used_any:
        offered.append(options.REFRESH)
    return Decision(seat, "turn", "Use an inventor, refresh, or play a token", tuple(offered))


def helpful_inventors(t: LITable, seat: int, ready: tuple[int, ...],
                      use: tuple[Option, ...]) -> list[Option]:
    """Gameplay 1: the use options of the fresh inventors whose knowledge some open invention in
    play still needs."""
    needed = open_types(t)  # every type some open invention still needs
    level, base = t.level, seat * INVENTORS_PER_TEAM * NUM_TYPES
    if needed == ALL_TYPES:  # every type is wanted: any knowledge at all will do
        return [use[i] for i in ready if level[base + i * NUM_TYPES] > 0
                or level[base + i * NUM_TYPES + 1] > 0 or level[base + i * NUM_TYPES + 2] > 0
                or level[base + i * NUM_TYPES + 3] > 0]
    helpful = []
    for i in ready:
        at = base + i * NUM_TYPES
        known = ((level[at] > 0) | (level[at + 1] > 0) << 1 | (level[at + 2] > 0) << 2
                 | (level[at + 3] > 0) << 3)
        if needed & known:
            helpful.append(use[i])
    return helpful


def _use(state: LIState, seat: int, block: str, inventor: int) -> None:
    state.table.pending.append(CHOOSE_INVENTION[inventor])


def _refresh(state: LIState, seat: int, block: str, index: int) -> None:
    refresh(state, seat, "refreshes all inventors")
    state.table.pending.append(steps.EndTurn(steps.STEP_END_TURN))


# how each answer to the turn question is carried out, by option block
TURN_ANSWERS: Mapping[str, Callable[[LIState, int, str, int], None]] = {
    "use": _use,
    "refresh": _refresh,
    "coffee": lambda state, seat, block, index: play_coffee(state, seat),
    "chocolate": lambda state, seat, block, index: play_chocolate(state, seat),
    "front": play,
    "back": play,
}


def invention_decision(t: LITable, step: steps.ChooseInvention) -> Decision:
    """Gameplay 2: pick the invention on which to use the inventor's knowledge."""
    seat, inventor = t.current, step.inventor
    invent = options.INVENT
    offered = tuple([invent[inv] for inv in usable_inventions(t, seat, inventor)])
    return Decision(seat, "invention", WORK_PROMPTS[t.team[seat]][inventor], offered)


def answer_invention(state: LIState, step: steps.ChooseInvention, seat: int,
                     block: str, inv: int) -> None:
    """The inventor works there; then the turn ends."""
    pending = state.table.pending
    pending.pop()
    pending.append(END_TURN)
    use_inventor(state, seat, step.inventor, inv)


def use_inventor(state: LIState, seat: int, inventor: int, inv: int) -> None:
    """Gameplay 1-2: the inventor turns sideways and places cubes; then completion or chocolate."""
    t = state.table
    placed = cubes_for(t, seat, inventor, inv)
    n0, n1, n2, n3 = placed  # NUM_TYPES == 4, unrolled
    filled, at = t.filled, inv * NUM_TYPES
    filled[at] += n0
    filled[at + 1] += n1
    filled[at + 2] += n2
    filled[at + 3] += n3
    t.cubes[inv * MAX_PLAYERS + seat] += n0 + n1 + n2 + n3  # every cube placed
    t.used[seat * INVENTORS_PER_TEAM + inventor] = 1
    if state.keeps_log:  # a search's world keeps no log: its text is not even built
        state.log(seat, "use",
                  f"{USES[seat][t.team[seat]][inventor]}{INVENTION_NAMES[inv]}: "
                  f"{cube_detail(n0, n1, n2, n3)}",
                  {"inventor": inventor, "invention": INVENTION_SLUGS[inv], "cubes": placed})
    chocolate = t.chocolate
    t.chocolate = 0
    if filled[at:at + NUM_TYPES] == NEED_LIST[inv]:  # every square holds a cube
        if chocolate:
            state.log(seat, "chocolate", "The chocolate cubes find no open square")
        complete(state, inv, seat)
    elif chocolate:
        t.pending.append(steps.ChocolateCubes(steps.STEP_CHOCOLATE, inv, CHOCOLATE_CUBES))


@cache
def cube_detail(*placed: int) -> str:
    """How the log lists the cubes placed per type ("red 2, blue 1"), "nothing" if none."""
    return ", ".join([f"{TYPES[ty]} {n}" for ty, n in enumerate(placed) if n]) or "nothing"


def end_turn(state: LIState, step: steps.EndTurn) -> None:
    """After a turn: the age may end (all but one invention complete); next player clockwise."""
    t = state.table
    t.pending.pop()
    t.chocolate = 0
    if unfinished_at_most(t, LEFT_UNFINISHED):
        end_age(state)
    t.current = (t.current + 1) % t.players


def unfinished_at_most(t: LITable, most: int) -> bool:
    """Whether at most `most` inventions of the display are not completed; counting stops past
    `most` (at every turn's end, the first few inventions usually tell)."""
    status = t.status
    left = 0
    for inv in t.display:
        if status[inv] != COMPLETED:
            left += 1
            if left > most:
                return False
    return True
