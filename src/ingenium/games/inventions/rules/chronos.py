"""2-Player Rules: Chronos, the automated opponent, as rules (he is no seat and decides nothing).

Setup 1-4 (his supply, his place in the random turn order, his start in the Stone Age) and How
to Play (his turn: move along the migration path 7 -> 1, then Present an Idea > Invent > Share >
Innovate, each skipped to the next as the section says). His Era Change is in
`chronos_era_change.py`. Every move he makes is one "chronos" event naming its reason.
"""

from __future__ import annotations

from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.actions.core import put_idea, share_out
from ingenium.games.inventions.rules.key_concepts import slide_display
from ingenium.games.inventions.rules.tiles import tile_title
from ingenium.games.inventions.steps import ChronosStoneAge, ChronosTurn
from ingenium.games.inventions.table import (
    CHRONOS,
    M_CK,
    M_DISCARD,
    M_PRIVATE,
    InvTable,
    IState,
    R,
    influence_at,
    map_at,
)

NAME = "Chronos"
START_REGION = 0  # Setup 2: Africa, region 1 of the migration path
ERA_TRACK_TOKENS = 3  # Setup 4: between Eras 2-3, 3-4 and 4-5
START_TOKENS = 1  # Setup 3: the token placed with his starting idea


def where(r: int) -> str:
    """'Europe (3)': a region as Chronos' log names it, with its migration-path number."""
    return catalog.region_name(r)


def next_region(r: int) -> int:
    """The next region along the migration path (from region 7 back to 1)."""
    return (r + 1) % R


def say(state: IState, text: str, **data: int) -> None:
    """One of Chronos' moves in the log (a table event: he has no seat); callers skip building
    the text in a world without a log (`state.keeps_log`)."""
    state.log(None, "chronos", text, dict(data))


# -- Setup ----------------------------------------------------------------------------------------
def setup_supply(t: InvTable) -> None:
    """Setup 1 and 4: his 30 citizens and 5 Influence tokens (3 face down on the Era track);
    no Society board, Aspiration tiles, Influence or score marker, no ideas of his own."""
    t.chronos_supply = catalog.CITIZENS
    t.chronos_token_track = ERA_TRACK_TOKENS
    t.chronos_token_supply = catalog.NUM_TOKENS - ERA_TRACK_TOKENS
    t.chronos_tiles = []


def start_region(t: InvTable) -> int:
    """Setup 2: Africa unless a player occupies it or it has no Era 2 idea; else the next
    such region along the migration path (-1 if none)."""
    r = START_REGION
    for _ in range(R):
        idea = t.card[r]
        if idea >= 0 and catalog.IDEA_ERA[idea] == 2 and t.presenter[r] < 0:
            return r
        r = next_region(r)
    return -1


def stone_age(state: IState, step: ChronosStoneAge) -> None:
    """Setup 2-3 in his place of the Stone Age: his Season pillar, 1 or 2 citizens beside his
    starting idea (no Specialist-tile benefit), a citizen on the map and an Influence token face
    down on the leftmost space (no IP)."""
    t = state.table
    t.pending.pop()
    r = start_region(t)
    if r < 0:
        if state.keeps_log:
            say(state, "Chronos finds no region with an Era 2 idea to start in")
        return
    t.chronos_region = r
    n = conditions.SPECIALIST_TILE_N[t.specialist_tile[r]]
    t.presenter[r] = CHRONOS
    t.presenter_count[r] = n
    t.chronos_supply -= n + 1
    t.on_map[map_at(r, CHRONOS)] += 1
    place_token(t, r)
    t.chronos_token_supply -= START_TOKENS
    why = "Africa is free and has an Era 2 idea" if r == START_REGION else \
        "Africa is taken or has no Era 2 idea, the next free region with one"
    if state.keeps_log:
        say(state, f"Chronos starts in {where(r)} ({why}) with {catalog.IDEAS[t.card[r]].name}: "
            f"{n} citizen(s) beside it, 1 in the region and a face-down Influence token",
            region=r + 1)


def place_token(t: InvTable, r: int) -> None:
    """A Chronos Influence token, face down, on the leftmost empty space of the region."""
    space = conditions.leftmost_space(t, r)
    t.influence_spaces[influence_at(r, space)] = CHRONOS


# -- the Progress tiles he discards ---------------------------------------------------------------
def take_progress(t: InvTable, kind: int, r: int, skip_held: bool) -> int:
    """Invent / Share: the Progress tile of this type numbered as the region; if none is left
    (Invent: or he already has that number, `skip_held`), the next region number, and the next
    (wrapping 7 -> 1). The tile code taken, or -1 when every number is gone. Share gives no
    skip for a number he holds: "If no Progress tiles of that region number remain, he looks
    for a tile matching the next region number"."""
    for k in range(R):
        number = (r + k) % R
        p = catalog.progress_at(kind, number)
        code = catalog.PROGRESS_BASE + p
        if t.progress_supply[p] > 0 and not (skip_held and code in t.chronos_tiles):
            t.progress_supply[p] -= 1
            t.chronos_tiles.append(code)
            return code
    return -1


def _tile_text(code: int) -> str:
    return f"discards the {tile_title(code)}" if code >= 0 else "finds no tile left to take"


# -- How to Play: his turn ------------------------------------------------------------------------
def turn(state: IState, step: ChronosTurn) -> None:
    """Move to the next region and try the four actions there; move on while none applies (a
    whole lap with nothing to do ends his turn: the section has no rule for it)."""
    t = state.table
    t.pending.pop()
    r = t.chronos_region
    for _ in range(R):
        r = next_region(r)
        t.chronos_region = r
        if act(state, r):
            return
    if state.keeps_log:
        say(state, "Chronos has gone round the world and found nothing to do")


def act(state: IState, r: int) -> bool:
    """Present an Idea > Invent > Share > Innovate in region r; False: he moves on."""
    t = state.table
    head = f"Chronos moves to {where(r)}: " if state.keeps_log else ""  # the log's only
    if t.card[r] < 0:
        return present(state, r, head)
    if not t.invented[r]:
        return invent(state, r, head)
    if can_share(t, r):
        share(state, r, head)
        return True
    if can_innovate(t, r):
        innovate(state, r, head)
        return True
    if state.keeps_log:
        say(state, head + "he can neither share nor innovate on the invention there, he moves on",
            region=r + 1)
    return False


def present(state: IState, r: int, head: str) -> bool:
    """Present an Idea: the rightmost idea of the display into the region, 1 or 2 of his
    citizens on the Specialist tile (no benefit: he needs no specialists, all are scholars).
    With no idea there, Invent, Share and Innovate cannot apply either."""
    t = state.table
    idea = t.display[-1]
    n = conditions.SPECIALIST_TILE_N[t.specialist_tile[r]]
    if idea < 0 or t.chronos_supply < n:
        why = "the Idea display is empty" if idea < 0 else "he has too few citizens left"
        if state.keeps_log:
            say(state, head + f"the region has no idea but {why}, he moves on", region=r + 1)
        return False
    t.display[-1] = -1
    put_idea(t, r, idea, CHRONOS)
    t.presenter_count[r] = n
    t.chronos_supply -= n
    slide_display(state)
    if state.keeps_log:
        say(state, head + f"the region has no idea, he presents {catalog.IDEAS[idea].name} "
            "(the rightmost of the Idea display)", region=r + 1, present=1)
    return True


def on_board(t: InvTable, m: int) -> bool:
    """How to Play: Chronos has access to every Milestone on the board (any private display,
    Common Knowledge) and in the discard, not to those still in the Eureka display or a deck."""
    loc = t.milestone_loc[m]
    return loc in (M_CK, M_DISCARD) or loc >= M_PRIVATE


def invent(state: IState, r: int, head: str) -> bool:
    """Invent: one citizen (he ignores extra exhaustion) if the Milestone is on the board; he
    discards a Progress tile of the idea's type by the region number (the next number if need
    be). Without the Milestone he moves on and starts the list again."""
    t = state.table
    idea = t.card[r]
    name = catalog.IDEAS[idea].name
    m = catalog.IDEA_MILESTONE[idea]
    if not on_board(t, m):
        if state.keeps_log:
            say(state, head + f"the region has an idea, but {name} needs "
                f"{catalog.MILESTONES[m].name}, not yet on the board: he moves on", region=r + 1)
        return False
    if t.chronos_supply < 1:
        if state.keeps_log:
            say(state, head + f"the region has an idea, but he has no citizen left to invent "
                f"{name}: he moves on", region=r + 1)
        return False
    t.chronos_supply -= 1
    t.invented[r] = 1
    t.inventor[r] = CHRONOS
    code = take_progress(t, catalog.IDEA_TYPE[idea], r, skip_held=True)
    if state.keeps_log:
        say(state, head + f"the region has an idea, he invents {name} and {_tile_text(code)}",
            region=r + 1, invent=1, tile=code)
    return True


def can_share(t: InvTable, r: int) -> bool:
    """Share: an invention he presented (his citizens still beside it), invented or innovated."""
    return bool(t.invented[r]) and (
        t.inventor[r] == CHRONOS or t.innovator[r] == CHRONOS
        or (t.presenter[r] == CHRONOS and t.presenter_count[r] > 0))


def share(state: IState, r: int, head: str) -> None:
    """Share: as usual (presenter IP to a player, the card to a player inventor, citizens to
    the region); he scores nothing, discards the top Wealth tile of the region, or with none
    left a Progress tile of the invention's type by region number; a card he invented is
    discarded, as innovator he places a new citizen."""
    t = state.table
    idea = t.card[r]
    kind = catalog.IDEA_TYPE[idea]
    role = ("inventor" if t.inventor[r] == CHRONOS else
            "innovator" if t.innovator[r] == CHRONOS else "presenter")
    share_out(state, r)
    if t.wealth_left[r] > 0:
        t.wealth_left[r] -= 1
        code = catalog.WEALTH_BASE + t.wealth_letter[r]
        t.chronos_tiles.append(code)
    else:
        code = take_progress(t, kind, r, skip_held=False)
    if state.keeps_log:
        say(state, head + f"the region has an invention of his ({role}), he shares "
            f"{catalog.IDEAS[idea].name} and {_tile_text(code)}", region=r + 1, share=1, tile=code)


def can_innovate(t: InvTable, r: int) -> bool:
    """Innovate: an invention he did not invent, its Innovate space free, a citizen left."""
    return (bool(t.invented[r]) and t.inventor[r] != CHRONOS and t.innovator[r] < 0
            and t.chronos_supply > 0)


def innovate(state: IState, r: int, head: str) -> None:
    """Innovate: a citizen of his on the Innovate space; never the Chain Action."""
    t = state.table
    t.chronos_supply -= 1
    t.innovator[r] = CHRONOS
    if state.keeps_log:
        say(state, head + f"the invention there is not his to share, he innovates on "
            f"{catalog.IDEAS[t.card[r]].name}", region=r + 1, innovate=1)

