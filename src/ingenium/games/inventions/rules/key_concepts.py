"""The table movements the Key Concepts define, shared by every rule: IP, influence (E),
citizens and specialists (F-G), the academy (H), Aspiration tiles (I, "Aspiration Tiles"), the
Milestone displays (A), the Idea display (Present an Idea 3b) and queueing printed benefits.

Each function applies one printed icon or one rulebook movement and logs it.
"""

from __future__ import annotations

from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.table import (
    LOC_DISPLAY,
    M_CK,
    M_DISCARD,
    InvTable,
    IState,
    chronos_of,
    diplomat_at,
    map_at,
    space_at,
    tiles_of,
    type_at,
)

MAX_INFLUENCE = 10
COMMON_SPACES = 4


def who(seat: int) -> str:
    """How the log names a seat."""
    return f"Player {seat + 1}"


def name_of(t: InvTable, slot: int) -> str:
    """How the log names a colour slot: a player, or Chronos (2-Player Rules)."""
    return "Chronos" if slot == chronos_of(t) else who(slot)


def article(word: str) -> str:
    """'a' or 'an'."""
    return "an" if word[0] in "aeiou" else "a"


def add_ip(state: IState, seat: int, n: int, why: str) -> None:
    """Gain IP on the score track."""
    if n:
        state.table.ip[seat] += n
        if state.keeps_log:  # a search's world has no log: skip building the text
            state.log(seat, "ip", f"{who(seat)} scores {n} IP ({why})", {"ip": n})


# Why Influence moved, as the log says it (the callers' short reasons)
INFLUENCE_WHY = {"to build Progress": "to build a Progress tile", "benefit": "a benefit",
                 "Era Change": "Era Change adjustment",
                 "a diplomat came to learn": "a diplomat came to learn from them",
                 "Gain Influence": "the Gain Influence action",
                 "Technology tile": "a Technology tile"}
SPENT = frozenset({"to build Progress"})


def add_influence(state: IState, seat: int, n: int, why: str) -> None:
    """E. Influence: move on the Influence track, 0 to 10."""
    t = state.table
    new = max(0, min(MAX_INFLUENCE, t.influence[seat] + n))
    if new != t.influence[seat]:
        moved = new - t.influence[seat]
        t.influence[seat] = new
        if state.keeps_log:
            verb = "gains" if moved > 0 else "spends" if why in SPENT else "loses"
            state.log(seat, "influence", f"{who(seat)} {verb} {abs(moved)} Influence "
                      f"({INFLUENCE_WHY.get(why, why)}): now {new} on the Influence track",
                      {"influence": new, "why": why})


def gain_scholars(state: IState, seat: int, n: int = 1) -> int:
    """H. Academy: gain scholars from the supply, never beyond the Milestone's era."""
    t = state.table
    got = 0
    while got < n and conditions.academy_room(t, seat):
        t.supply[seat] -= 1
        t.academy[seat] += 1
        got += 1
    if got and state.keeps_log:
        state.log(seat, "scholar", f"{who(seat)} gains {got} scholar(s)")
    return got


def return_scholars(state: IState, seat: int, n: int, limit: int) -> None:
    """Citizens come home as scholars; any beyond the academy limit return to the supply."""
    t = state.table
    room = max(0, limit - t.academy[seat])
    to_academy = min(n, room)
    t.academy[seat] += to_academy
    t.supply[seat] += n - to_academy
    if state.keeps_log:
        state.log(seat, "scholar", f"{who(seat)}: {to_academy} citizen(s) back as scholars, "
                  f"{n - to_academy} to the supply")


def gain_specialist(state: IState, seat: int, kind: int) -> None:
    """Gain a new specialist of the shown type (from the supply, if any is left)."""
    t = state.table
    if t.supply[seat] > 0:
        t.supply[seat] -= 1
        t.home[type_at(seat, kind)] += 1
        if state.keeps_log:
            name = catalog.SPECIALIST_NAMES[kind]
            state.log(seat, "specialist", f"{who(seat)} gains {article(name)} {name}")


def place_citizen(state: IState, seat: int, region: int) -> None:
    """Place a new citizen from the supply in a map region."""
    t = state.table
    if t.supply[seat] > 0:
        t.supply[seat] -= 1
        t.on_map[map_at(region, seat)] += 1
        if state.keeps_log:
            state.log(seat, "citizen",
                      f"{who(seat)} places a citizen in {catalog.region_name(region)}",
                      {"region": region + 1})


def gain_aspiration(state: IState, seat: int, side: int) -> None:
    """Aspiration tiles: the leftmost empty space of the tiles display, else held over until
    the end of the turn; only the 4 Aspiration tiles a player owns exist."""
    t = state.table
    tiles = tiles_of(t, seat)
    in_use = sum(1 for c in tiles if catalog.ASP_BASE <= c <= catalog.ASP_WILD) + len(t.overflow)
    if in_use >= catalog.ASPIRATIONS:
        if state.keeps_log:
            state.log(seat, "aspiration", f"{who(seat)} has no Aspiration tile left")
        return
    code = catalog.ASP_BASE + side
    name = catalog.ASPIRATION_NAMES[side]
    if catalog.EMPTY in tiles:
        slot = tiles.index(catalog.EMPTY)
        t.tiles[space_at(seat, slot)] = code
        t.tiles_new[space_at(seat, slot)] = 1
        if state.keeps_log:
            state.log(seat, "aspiration",
                      f"{who(seat)} gains {article(name)} {name} Aspiration tile")
    else:
        t.overflow.append(side)
        if state.keeps_log:
            state.log(seat, "aspiration",
                      f"{who(seat)} gains {article(name)} {name} Aspiration tile (no space yet)")


def free_diplomats(state: IState, m: int, limit_seat: int = -1, limit: int = 0) -> None:
    """A Milestone leaves the Common Knowledge display: its citizens return as scholars."""
    t = state.table
    for seat in range(t.players):
        if t.diplomats[diplomat_at(m, seat)]:
            t.diplomats[diplomat_at(m, seat)] = 0
            cap = limit if seat == limit_seat else conditions.era_of(t, seat)
            return_scholars(state, seat, 1, cap)


def push_common(state: IState, m: int, at: int = 0) -> None:
    """Insert a Milestone in the Common Knowledge display; push the bottom one to the discard."""
    t = state.table
    t.common.insert(at, m)
    t.milestone_loc[m] = M_CK
    while len(t.common) > COMMON_SPACES:
        out = t.common.pop()
        discard_milestone(state, out)


def discard_milestone(state: IState, m: int, limit_seat: int = -1, limit: int = 0) -> None:
    """Splay a Milestone on the discard pile (names visible); its diplomats go home."""
    t = state.table
    t.milestone_loc[m] = M_DISCARD
    t.discard.append(m)
    free_diplomats(state, m, limit_seat, limit)
    if state.keeps_log:
        state.log(None, "milestone", f"{catalog.MILESTONES[m].name} is discarded")


def slide_display(state: IState) -> None:
    """Present an Idea 3b: slide the display away from the stack, refill from the stack."""
    t = state.table
    cards = [c for c in t.display if c >= 0]
    while len(cards) < 3 and t.stack:
        card = take_stack_top(state)
        t.idea_loc[card] = LOC_DISPLAY
        cards.insert(0, card)
    t.display = [-1] * (3 - len(cards)) + cards


def take_stack_top(state: IState) -> int:
    """The face-up top card of the Idea stack; the next card turns up."""
    card = state.table.stack.pop()
    turn_up_stack_top(state)
    return card


# the chance node's kind of each era's turn-up (recorded in the history)
STACK_DRAW = {era: f"idea_stack_era{era}" for era in set(catalog.IDEA_ERA)}


def turn_up_stack_top(state: IState) -> None:
    """Setup 15: the stack is face up, but below its top the cards of an era have no order yet:
    turning up the next card is a chance draw from the top era's cards."""
    stack = state.table.stack
    if not stack:
        return
    era = catalog.IDEA_ERA[stack[-1]]
    start = len(stack) - 1
    while start > 0 and catalog.IDEA_ERA[stack[start - 1]] == era:
        start -= 1
    top = state.draw(STACK_DRAW[era], stack[start:])
    stack.remove(top)
    stack.append(top)


def push_effects(t: InvTable, seat: int, effects: tuple[int, ...]) -> None:
    """Queue printed benefits so they resolve in printed order (the interpreter runs them)."""
    for e in reversed(effects):
        t.pending.append(steps.Benefit(steps.S_EFFECT, seat, e))
