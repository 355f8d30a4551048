"""Legendary Inventors rules: setup, the turn, bonus tokens, completion, ages and the end.

Each function names the summary section it implements. Pending work is the table's `pending`
stack of int tuples (see table.py); `advance` runs the automatic steps until a question is due.
"""

from __future__ import annotations

from ingenium.engine import Decision, Option, State
from ingenium.games.legendary_inventors.components import (
    AGES,
    EXTRA_INVENTIONS,
    INVENTORS_PER_TEAM,
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
    TYPES,
    components,
)
from ingenium.games.legendary_inventors.decisions import (
    CARD_SLOT,
    CHOCOLATE,
    COFFEE,
    NUM_INVENTIONS,
    NUM_KINDS,
    SPACE,
    cubes_for,
    inventor_name,
    knowledge_token_options,
    open_squares,
)
from ingenium.games.legendary_inventors.table import (
    COMPLETED,
    DISCARDED,
    FACE_BACK,
    FACE_FRONT,
    FINAL,
    IN_BOX,
    IN_PLAY,
    OVER,
    STEP_BONUS,
    STEP_CHOCOLATE,
    STEP_END_TURN,
    STEP_FINAL,
    STEP_INVENTION,
    STEP_TARGET,
    LITable,
)

C = components()
CHOCOLATE_CUBES = 2

LIState = State[LITable]


def player(seat: int) -> str:
    """How the log names a seat."""
    return f"Player {seat + 1}"


# -- Setup ------------------------------------------------------------------------------------
def setup(state: LIState) -> LITable:
    """Basics: each player is randomly assigned a team of four inventors; age I inventions."""
    players = state.players
    t = LITable(players=players)
    teams = list(range(MAX_PLAYERS))
    t.team = []
    for _ in range(players):
        team = state.draw("team", teams)
        teams.remove(team)
        t.team.append(team)
    for seat in range(players):
        for inventor in C.teams[t.team[seat]].inventors:
            t.level.extend(inventor.start)
    t.used = [0] * (players * INVENTORS_PER_TEAM)
    t.held = [0] * (players * NUM_KINDS)
    t.status = [IN_BOX] * NUM_INVENTIONS
    t.owner = [-1] * NUM_INVENTIONS
    t.filled = [0] * (NUM_INVENTIONS * NUM_TYPES)
    t.cubes = [0] * (NUM_INVENTIONS * MAX_PLAYERS)
    t.bonus = [-1] * (NUM_INVENTIONS * TOKENS_PER_INVENTION)
    t.played = [0] * NUM_KINDS
    t.discarded = [0] * NUM_KINDS
    for age in AGES:
        deck = t.deck(age)
        deck.extend(inv.id for inv in C.inventions if inv.age == age)  # face down: no order
        t.bag(age).extend(C.bags[age])
    for seat in range(players):
        state.log(None, "team", f"{player(seat)} plays the {C.teams[t.team[seat]].name} team",
                  {"seat": seat, "team": C.teams[t.team[seat]].name})
    start_age(state, t, 1)
    return t


def start_age(state: LIState, t: LITable, age: int) -> None:
    """An age begins: players + 3 inventions come into play, each with 2 bonus tokens."""
    t.age = age
    deck, bag = t.deck(age), t.bag(age)
    t.display = []
    for _ in range(t.players + EXTRA_INVENTIONS):
        inv = state.draw(f"deck{age}", deck)
        deck.remove(inv)
        t.display.append(inv)
        t.status[inv] = IN_PLAY
        for slot in range(TOKENS_PER_INVENTION):
            token = state.draw(f"bag{age}", bag)
            bag.remove(token)
            t.bonus[inv * TOKENS_PER_INVENTION + slot] = token
    state.reveal()  # the face-down deck and bag showed new cards: no undo past this
    names = ", ".join(C.inventions[i].name for i in t.display)
    state.log(None, "age", f"Age {age} begins: {names}",
              {"age": age, "inventions": [C.inventions[i].slug for i in t.display]})


# -- Answers ----------------------------------------------------------------------------------
def resolve(state: LIState, decision: Decision, option: Option) -> None:
    """Carry out an answer, then the automatic steps that follow it."""
    t = state.table
    block, index = SPACE.decode(option.code)
    seat = decision.seat
    if block == "use":
        t.pending.append((STEP_INVENTION, index))
    elif block == "invent":
        inventor = t.pending.pop()[1]
        t.pending.append((STEP_END_TURN,))
        use_inventor(state, seat, inventor, index)
    elif block == "refresh":
        refresh(state, seat, "refreshes all inventors")
        t.pending.append((STEP_END_TURN,))
    elif block == "coffee":
        spend(t, seat, COFFEE)
        refresh(state, seat, "plays Coffee and refreshes all inventors for free")
    elif block == "chocolate":
        spend(t, seat, CHOCOLATE)
        t.chocolate = 1
        state.log(seat, "chocolate", f"{player(seat)} plays Chocolate: 2 extra cubes this turn")
    elif block in ("front", "back"):
        t.pending.append((STEP_TARGET, index, FACE_FRONT if block == "front" else FACE_BACK))
    elif block == "target":
        _, kind, face = t.pending.pop()
        improve(state, seat, kind, face, index // NUM_TYPES, index % NUM_TYPES)
    elif block == "place":
        place_chocolate_cube(state, seat, index)
    elif block == "bonus":
        take_bonus(state, seat, index)
    elif block == "done":
        step = t.pending.pop()
        if len(step) > 2:
            t.pending.append((STEP_FINAL, *step[2:]))
    advance(state)


def spend(t: LITable, seat: int, kind: int) -> None:
    """A token leaves the player's supply for good."""
    t.held[seat * NUM_KINDS + kind] -= 1
    t.played[kind] += 1


def refresh(state: LIState, seat: int, how: str) -> None:
    """Gameplay: refresh all inventors (sideways cards stand up again)."""
    t = state.table
    base = seat * INVENTORS_PER_TEAM
    for i in range(INVENTORS_PER_TEAM):
        t.used[base + i] = 0
    state.log(seat, "refresh", f"{player(seat)} {how}")


def improve(state: LIState, seat: int, kind: int, face: int, inventor: int, ty: int) -> None:
    """Bonus tokens 2/3/4 (in sequence) or a '1' back on a blank: one knowledge level up."""
    t = state.table
    spend(t, seat, kind)
    index = (seat * INVENTORS_PER_TEAM + inventor) * NUM_TYPES + ty
    t.level[index] += 1
    side = "'1' side of a " if face == FACE_BACK else ""
    state.log(seat, "improve",
              f"{player(seat)} plays the {side}{C.token_kinds[kind].label} token: "
              f"{inventor_name(t, seat, inventor)} {TYPES[ty]} -> {t.level[index]}",
              {"token": C.token_kinds[kind].key, "face": "back" if face else "front",
               "inventor": inventor, "type": TYPES[ty], "level": t.level[index]})


def use_inventor(state: LIState, seat: int, inventor: int, inv: int) -> None:
    """Gameplay 1-2: the inventor turns sideways and places cubes; then completion or chocolate."""
    t = state.table
    placed = cubes_for(t, seat, inventor, inv)
    for ty, n in enumerate(placed):
        t.filled[inv * NUM_TYPES + ty] += n
    t.cubes[inv * MAX_PLAYERS + seat] += sum(placed)
    t.used[seat * INVENTORS_PER_TEAM + inventor] = 1
    detail = ", ".join(f"{TYPES[ty]} {n}" for ty, n in enumerate(placed) if n) or "nothing"
    state.log(seat, "use",
              f"{player(seat)} uses {inventor_name(t, seat, inventor)} on "
              f"{C.inventions[inv].name}: {detail}",
              {"inventor": inventor, "invention": C.inventions[inv].slug, "cubes": placed})
    chocolate = t.chocolate
    t.chocolate = 0
    if is_complete(t, inv):
        if chocolate:
            state.log(seat, "chocolate", "The chocolate cubes find no open square")
        complete(state, inv, seat)
    elif chocolate:
        t.pending.append((STEP_CHOCOLATE, inv, CHOCOLATE_CUBES))


def place_chocolate_cube(state: LIState, seat: int, ty: int) -> None:
    """Chocolate: one extra cube on an open square of the invention worked on this turn."""
    t = state.table
    _, inv, left = t.pending.pop()
    t.filled[inv * NUM_TYPES + ty] += 1
    t.cubes[inv * MAX_PLAYERS + seat] += 1
    state.log(seat, "chocolate_cube",
              f"{player(seat)} adds a chocolate cube on {TYPES[ty]} of {C.inventions[inv].name}",
              {"invention": C.inventions[inv].slug, "type": TYPES[ty]})
    if is_complete(t, inv):
        complete(state, inv, seat)
    elif left > 1:
        t.pending.append((STEP_CHOCOLATE, inv, left - 1))


def is_complete(t: LITable, inv: int) -> bool:
    """Every square of the invention holds a cube."""
    return all(open_squares(t, inv, ty) == 0 for ty in range(NUM_TYPES))


def bonus_order(t: LITable, inv: int, finisher: int) -> list[int]:
    """Gameplay 3: the three biggest contributors, ties clockwise from the finisher."""
    players = t.players
    contributors = [s for s in range(players) if t.cubes[inv * MAX_PLAYERS + s] > 0]
    contributors.sort(key=lambda s: (-t.cubes[inv * MAX_PLAYERS + s], (s - finisher) % players))
    return contributors[:3]


def complete(state: LIState, inv: int, finisher: int) -> None:
    """Gameplay 3: a completed invention; cubes go home, the top three choose bonuses."""
    t = state.table
    order = bonus_order(t, inv, finisher)
    contributions = [t.cubes[inv * MAX_PLAYERS + s] for s in range(t.players)]
    for s in range(t.players):
        t.cubes[inv * MAX_PLAYERS + s] = 0
    t.status[inv] = COMPLETED
    state.log(finisher, "complete",
              f"{player(finisher)} completes {C.inventions[inv].name}; bonus order: "
              + ", ".join(player(s) for s in order),
              {"invention": C.inventions[inv].slug, "contributions": contributions,
               "order": order})
    t.pending.append((STEP_BONUS, inv, *order))


def take_bonus(state: LIState, seat: int, slot: int) -> None:
    """Gameplay 3 / Scoring 1: take a token, or the card and its ribbon points."""
    t = state.table
    step = t.pending.pop()
    inv = step[1]
    if slot == CARD_SLOT:
        t.owner[inv] = seat
        what = f"the {C.inventions[inv].name} card"
    else:
        kind = t.bonus[inv * TOKENS_PER_INVENTION + slot]
        t.bonus[inv * TOKENS_PER_INVENTION + slot] = -1
        t.held[seat * NUM_KINDS + kind] += 1
        what = f"the {C.token_kinds[kind].label} token"
    state.log(seat, "bonus", f"{player(seat)} takes {what}",
              {"invention": C.inventions[inv].slug, "slot": slot})
    t.pending.append((STEP_BONUS, inv, *step[3:]))


def bonus_left(t: LITable, inv: int) -> bool:
    """Whether anything is still there to choose from a completed invention."""
    return t.owner[inv] < 0 or any(
        t.bonus[inv * TOKENS_PER_INVENTION + s] >= 0 for s in range(TOKENS_PER_INVENTION))


def close_bonus(t: LITable, inv: int) -> None:
    """Tokens nobody chose leave the game."""
    for slot in range(TOKENS_PER_INVENTION):
        kind = t.bonus[inv * TOKENS_PER_INVENTION + slot]
        if kind >= 0:
            t.discarded[kind] += 1
            t.bonus[inv * TOKENS_PER_INVENTION + slot] = -1


def advance(state: LIState) -> None:
    """Run automatic steps until a question is due or the game is over."""
    t = state.table
    while t.pending:
        step = t.pending[-1]
        kind = step[0]
        if kind == STEP_BONUS and (len(step) == 2 or not bonus_left(t, step[1])):
            t.pending.pop()
            close_bonus(t, step[1])
        elif kind == STEP_END_TURN:
            t.pending.pop()
            end_turn(state)
        elif kind == STEP_FINAL and len(step) > 1 and not knowledge_token_options(t, step[1]):
            t.pending.pop()
            if len(step) > 2:
                t.pending.append((STEP_FINAL, *step[2:]))
        elif kind == STEP_FINAL and len(step) == 1:
            t.pending.pop()
        else:
            return
    if t.phase == FINAL:
        t.phase = OVER
        state.log(None, "end", "The game is over: " + ", ".join(
            f"{player(s)} {p}" for s, p in enumerate(state.scores())))


def end_turn(state: LIState) -> None:
    """After a turn: the age may end (all but one invention complete); next player clockwise."""
    t = state.table
    t.chocolate = 0
    done = sum(1 for inv in t.display if t.status[inv] == COMPLETED)
    if done >= len(t.display) - 1:
        end_age(state)
    t.current = (t.current + 1) % t.players


def end_age(state: LIState) -> None:
    """An age ends: the unfinished invention is discarded with its cubes; next age or the end."""
    t = state.table
    for inv in t.display:
        if t.status[inv] == IN_PLAY:
            t.status[inv] = DISCARDED
            for s in range(t.players):
                t.cubes[inv * MAX_PLAYERS + s] = 0
            close_bonus(t, inv)
            state.log(None, "discard", f"{C.inventions[inv].name} is left unfinished and discarded",
                      {"invention": C.inventions[inv].slug})
    state.log(None, "age_end", f"Age {t.age} ends", {"age": t.age})
    if t.age < len(AGES):
        start_age(state, t, t.age + 1)
        return
    t.phase = FINAL
    order = [(t.current + 1 + k) % t.players for k in range(t.players)]
    t.pending.append((STEP_FINAL, *order))
    state.log(None, "final", "The third age is over: last chance to play bonus tokens")
