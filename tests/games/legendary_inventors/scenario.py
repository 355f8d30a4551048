"""A scenario builder for Legendary Inventors rule tests: build a position, then act on it."""

from __future__ import annotations

from typing import Any

import ingenium
from ingenium.engine import State
from ingenium.games.legendary_inventors.components import components
from ingenium.games.legendary_inventors.components.records import (
    INVENTORS_PER_TEAM,
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
    TYPES,
)
from ingenium.games.legendary_inventors.table import IN_BOX, IN_PLAY, LITable

C = components()
GAME = ingenium.get_game("legendary-inventors")
KIND = {k.key: k.id for k in C.token_kinds}
INVENTION = {i.slug: i.id for i in C.inventions}


def new(players: int = 3, seed: int = 0) -> State[LITable]:
    """A fresh game."""
    return GAME.new_game(players, seed)


def levels(state: State[LITable], seat: int, inventor: int, values: list[int]) -> None:
    """Set an inventor's knowledge levels [physics, chemistry, mechanics, mathematics]."""
    base = (seat * INVENTORS_PER_TEAM + inventor) * NUM_TYPES
    state.table.level[base:base + NUM_TYPES] = values
    touch(state)


def get_levels(state: State[LITable], seat: int, inventor: int) -> list[int]:
    """An inventor's knowledge levels."""
    base = (seat * INVENTORS_PER_TEAM + inventor) * NUM_TYPES
    return state.table.level[base:base + NUM_TYPES]


def display(state: State[LITable], slugs: list[str],
            bonus: list[tuple[str, str]] | None = None) -> None:
    """Replace the inventions in play (of any age) with these, empty, with chosen tokens."""
    t = state.table
    for inv in t.display:
        t.status[inv] = IN_BOX
    t.display = [INVENTION[s] for s in slugs]
    for n, inv in enumerate(t.display):
        t.status[inv] = IN_PLAY
        t.filled[inv * NUM_TYPES:(inv + 1) * NUM_TYPES] = [0] * NUM_TYPES
        t.cubes[inv * MAX_PLAYERS:(inv + 1) * MAX_PLAYERS] = [0] * MAX_PLAYERS
        pair = bonus[n] if bonus else ("ribbon1", "ribbon2")
        for slot in range(TOKENS_PER_INVENTION):
            t.bonus[inv * TOKENS_PER_INVENTION + slot] = KIND[pair[slot]]
    touch(state)


def fill(state: State[LITable], slug: str, seat: int, per_type: list[int]) -> None:
    """Put cubes of a seat on an invention's squares."""
    t = state.table
    inv = INVENTION[slug]
    for ty, n in enumerate(per_type):
        t.filled[inv * NUM_TYPES + ty] += n
    t.cubes[inv * MAX_PLAYERS + seat] += sum(per_type)
    touch(state)


def give(state: State[LITable], seat: int, token: str, count: int = 1) -> None:
    """Hand a seat bonus tokens (taken from nowhere: scenario only)."""
    state.table.held[seat * len(C.token_kinds) + KIND[token]] += count
    touch(state)


def held(state: State[LITable], seat: int, token: str) -> int:
    """How many tokens of a kind a seat holds."""
    return state.table.held[seat * len(C.token_kinds) + KIND[token]]


def own(state: State[LITable], seat: int, slugs: list[str]) -> None:
    """Give a seat invention cards (scoring scenarios)."""
    for s in slugs:
        state.table.owner[INVENTION[s]] = seat
    touch(state)


def ids(state: State[Any]) -> list[str]:
    """Ids of the options offered now."""
    assert state.decision is not None
    return [o.id for o in state.decision.options]


def inventor_slug(state: State[LITable], seat: int, inventor: int) -> str:
    """The slug of a seat's inventor."""
    return C.teams[state.table.team[seat]].inventors[inventor].slug


def use(state: State[LITable], inventor: int, invention: str) -> None:
    """The current player uses an inventor on an invention."""
    state.apply(f"use:inventor={inventor_slug(state, state.table.current, inventor)}")
    state.apply(f"invent:invention={invention}")


def touch(state: State[Any]) -> None:
    """Forget the cached decision after editing the table by hand."""
    state.invalidate()


__all__ = [
    "GAME",
    "INVENTION",
    "KIND",
    "TYPES",
    "C",
    "display",
    "fill",
    "get_levels",
    "give",
    "held",
    "ids",
    "inventor_slug",
    "levels",
    "new",
    "own",
    "touch",
    "use",
]
