"""A scenario builder for Civolution rule tests: a set-up game, a pushed step, then answers."""

from __future__ import annotations

from ingenium.engine import State
from ingenium.games.civolution import board, machine
from ingenium.games.civolution.board import C
from ingenium.games.civolution.game import Civolution
from ingenium.games.civolution.steps import CODE_OF, Step
from ingenium.games.civolution.table import FREE, CivTable, P

GAME = Civolution()
CState = State[CivTable]


def new(players: int = 4, seed: int = 0, variant: str | None = None) -> CState:
    """A fresh game, at its first question (Phase 2 of era 1), with Wood and Papyrus on the
    starting territories as in a first play, so scenarios know what they produce there."""
    state = GAME.new_game(players, seed, variant)
    first_play_materials(state.table)
    state.invalidate()
    return state


def first_play_materials(t: CivTable) -> None:
    """The starting territories' material tiles as "for your first plays" (Wood, Papyrus):
    the tile setup drew there goes back among the face-down ones."""
    for terr in board.START_TERRITORIES:
        start = next(m for m in range(len(C.materials))
                     if board.MATERIAL_TERRAIN[m] == board.MATERIAL_TERRAIN[t.material_tile[terr]]
                     and board.K.materials[C.materials[m]].start)
        if t.material_tile[terr] != start:
            t.material_pool.remove(start)
            t.material_pool.append(t.material_tile[terr])
            t.material_tile[terr] = start


def make(cls: type[Step], *fields: int) -> Step:
    """A step record from its fields after the kind (tests build positions by hand)."""
    return cls(CODE_OF[cls], *fields)


def push(state: CState, cls: type[Step], *fields: int) -> None:
    """Replace the pending stack by one step and run to its first question."""
    state.table.pending = [make(cls, *fields)]
    machine.run(state)
    state.invalidate()


def ids(state: CState) -> list[str]:
    """The option ids of the pending decision."""
    decision = state.decision
    assert decision is not None
    return [o.id for o in decision.options]


def answer(state: CState, *choices: str) -> None:
    """Answer questions by option id, one after another."""
    for choice in choices:
        state.apply(choice)


def territory(tid: str) -> int:
    """A territory's index by id ("b2")."""
    return C.territory_index[tid]


def clear_continent(state: CState) -> None:
    """Take every tribe off the continent (back to supply), for a clean scenario."""
    t = state.table
    for e, seat in enumerate(t.enc_seat):
        if seat >= 0:
            t.tribes[seat] += 1
            t.enc_seat[e] = FREE
            t.enc_strong[e] = 0
    for i in range(len(t.wild_strong)):
        if t.wild_strong[i] + t.wild_weak[i]:
            t.tribes[i % P] += t.wild_strong[i] + t.wild_weak[i]
            t.wild_strong[i] = t.wild_weak[i] = 0
    state.invalidate()


def put_tribe(state: CState, seat: int, tid: str, strong: int = 1, wild: bool = False) -> int:
    """A tribe of `seat` on a free encampment (or in the wilderness) of a territory."""
    t = state.table
    terr = territory(tid)
    t.tribes[seat] -= 1
    if wild:
        (t.wild_strong if strong else t.wild_weak)[terr * P + seat] += 1
        return -1
    enc = next(e for e in board.ENC_OF[terr] if t.enc_seat[e] == FREE and not board.FIRE_SP[e])
    t.enc_seat[enc], t.enc_strong[enc] = seat, strong
    state.invalidate()
    return enc


def play_random(state: CState, seed: int = 0, limit: int = 50_000) -> int:
    """Random answers until the game ends; the number of decisions."""
    import random

    rng = random.Random(seed)
    n = 0
    while not state.is_terminal and n < limit:
        decision = state.decision
        assert decision is not None
        state.apply(rng.choice(decision.options))
        n += 1
    return n


def do(state: CState, seat: int, *effects: object) -> None:
    """Carry out effects for a seat (a fresh pending stack), up to the first question."""
    from ingenium.games.civolution.rules.interpreter import push_effects

    state.table.pending = []
    push_effects(state.table, seat, tuple(effects))
    machine.run(state)
    state.invalidate()
