"""Bonus Tokens (rules summary): 2, 3 and 4 raise an inventor's knowledge in sequence, every
token's '1' back opens a blank knowledge, Coffee refreshes all inventors for free, Chocolate
places two extra cubes on the turn's invention."""

from __future__ import annotations

from itertools import compress

from ingenium.engine import Decision, Option
from ingenium.games.legendary_inventors import options, steps
from ingenium.games.legendary_inventors.components.catalog import (
    CHOCOLATE,
    COFFEE,
    NUM_KINDS,
    UPGRADES,
    C,
)
from ingenium.games.legendary_inventors.components.records import (
    INVENTORS_PER_TEAM,
    MAX_PLAYERS,
    NUM_TYPES,
    TYPES,
)
from ingenium.games.legendary_inventors.rules.completion import complete, is_complete
from ingenium.games.legendary_inventors.rules.inventors import (
    inventor_name,
    open_squares,
    player,
    refresh,
)
from ingenium.games.legendary_inventors.table import (
    FACE_BACK,
    FACE_FRONT,
    PLAY,
    LIState,
    LITable,
)

SEAT_LEVELS = INVENTORS_PER_TEAM * NUM_TYPES  # one seat's knowledge levels
# (upgrade token kind, the level it raises, the option playing it): a 2 goes on a 1, a 3 on a 2,
# a 4 on a 3
_UPGRADE_OFFERS = tuple((kind, C.token_kinds[kind].to_level - 1, options.FRONT[kind])
                        for kind in UPGRADES)


def spend(t: LITable, seat: int, kind: int) -> None:
    """A token leaves the player's supply for good."""
    t.held[seat * NUM_KINDS + kind] -= 1
    t.played[kind] += 1


def token_targets(t: LITable, seat: int, kind: int, face: int) -> list[int]:
    """Bonus tokens: slots (inventor * 4 + type) a token can raise — a '1' back on a blank,
    an upgrade only in sequence (a 4 on a 3)."""
    wanted = 0 if face == FACE_BACK else C.token_kinds[kind].to_level - 1
    base = seat * SEAT_LEVELS
    return [n for n, known in enumerate(t.level[base:base + SEAT_LEVELS]) if known == wanted]


def knowledge_token_options(t: LITable, seat: int) -> list[Option]:
    """Bonus tokens 2/3/4 on their front and any token on its '1' back, where a target exists."""
    base = seat * NUM_KINDS
    held = t.held[base:base + NUM_KINDS]
    if not any(held):
        return []
    return held_token_options(t, seat, held)


def held_token_options(t: LITable, seat: int, held: list[int]) -> list[Option]:
    """`knowledge_token_options` for a seat holding `held` (its tokens by kind, some at least):
    the turn question has that slice already."""
    at = seat * SEAT_LEVELS
    level = t.level[at:at + SEAT_LEVELS]
    offered = []
    for kind, wanted, option in _UPGRADE_OFFERS:
        if held[kind] and wanted in level:
            offered.append(option)
    if 0 in level:  # a blank knowledge: any token held may go on its '1' back
        offered.extend(compress(options.BACK, held))
    return offered


def play(state: LIState, seat: int, block: str, kind: int) -> None:
    """Play a knowledge token on its front or its '1' back: its target is asked next."""
    face = FACE_FRONT if block == "front" else FACE_BACK
    state.table.pending.append(steps.TokenTarget(steps.STEP_TARGET, kind, face))


def play_coffee(state: LIState, seat: int) -> None:
    """Coffee: refresh all inventors for free (the turn goes on)."""
    spend(state.table, seat, COFFEE)
    refresh(state, seat, "plays Coffee and refreshes all inventors for free")


def play_chocolate(state: LIState, seat: int) -> None:
    """Chocolate: two extra cubes on the invention this turn's inventor works on."""
    t = state.table
    spend(t, seat, CHOCOLATE)
    t.chocolate = 1
    state.log(seat, "chocolate", f"{player(seat)} plays Chocolate: 2 extra cubes this turn")


def token_player(t: LITable) -> int:
    """Who plays a token now: the current player, or after the third age the first seat of the
    last token plays."""
    below = t.pending[-2] if t.phase != PLAY and len(t.pending) > 1 else None
    return below.seats[0] if isinstance(below, steps.FinalTokens) else t.current


def target_decision(t: LITable, step: steps.TokenTarget) -> Decision:
    """Bonus tokens: which inventor and knowledge type the token improves."""
    seat, kind, face = token_player(t), step.token, step.face
    targets = options.TARGET[t.team[seat]]
    offered = tuple(targets[n] for n in token_targets(t, seat, kind, face))
    side = "'1' side" if face == FACE_BACK else "front"
    return Decision(seat, "token_target",
                    f"Improve which knowledge with the {C.token_kinds[kind].label} token ({side})?",
                    offered)


def answer_target(state: LIState, step: steps.TokenTarget, seat: int, block: str,
                  index: int) -> None:
    """The token raises that knowledge by one level."""
    state.table.pending.pop()
    improve(state, seat, step.token, step.face, index // NUM_TYPES, index % NUM_TYPES)


def improve(state: LIState, seat: int, kind: int, face: int, inventor: int, ty: int) -> None:
    """Bonus tokens 2/3/4 (in sequence) or a '1' back on a blank: one knowledge level up."""
    t = state.table
    spend(t, seat, kind)
    index = (seat * INVENTORS_PER_TEAM + inventor) * NUM_TYPES + ty
    t.level[index] += 1
    side = "'1' side of a " if face == FACE_BACK else ""
    if state.keeps_log:  # a search's world keeps no log: its text is not even built
        state.log(seat, "improve",
                  f"{player(seat)} plays the {side}{C.token_kinds[kind].label} token: "
                  f"{inventor_name(t, seat, inventor)} {TYPES[ty]} -> {t.level[index]}",
                  {"token": C.token_kinds[kind].key, "face": "back" if face else "front",
                   "inventor": inventor, "type": TYPES[ty], "level": t.level[index]})


def chocolate_decision(t: LITable, step: steps.ChocolateCubes) -> Decision:
    """Chocolate: each extra cube goes on any open square of the same invention, any type."""
    inv, left = step.invention, step.left
    offered = tuple(options.PLACE[ty] for ty in range(NUM_TYPES) if open_squares(t, inv, ty) > 0)
    return Decision(t.current, "chocolate",
                    f"Place a chocolate cube on {C.inventions[inv].name} ({left} left)", offered)


def place_chocolate_cube(state: LIState, step: steps.ChocolateCubes, seat: int,
                         block: str, ty: int) -> None:
    """Chocolate: one extra cube on an open square of the invention worked on this turn."""
    t = state.table
    t.pending.pop()
    inv, left = step.invention, step.left
    t.filled[inv * NUM_TYPES + ty] += 1
    t.cubes[inv * MAX_PLAYERS + seat] += 1
    if state.keeps_log:
        state.log(seat, "chocolate_cube",
                  f"{player(seat)} adds a chocolate cube on {TYPES[ty]} of "
                  f"{C.inventions[inv].name}",
                  {"invention": C.inventions[inv].slug, "type": TYPES[ty]})
    if is_complete(t, inv):
        complete(state, inv, seat)
    elif left > 1:
        t.pending.append(steps.ChocolateCubes(steps.STEP_CHOCOLATE, inv, left - 1))
