"""Checking the loaded components against what the rules summary and the game facts need (5
teams of 4 inventors, 8 inventions per age for up to 5 players, 2 tokens per invention), so a
bad edit of a data file fails at import."""

from __future__ import annotations

from ingenium.engine.components import ComponentError
from ingenium.games.legendary_inventors.components.records import (
    AGES,
    CLASSIFICATIONS,
    EXTRA_INVENTIONS,
    INVENTORS_PER_TEAM,
    MAX_LEVEL,
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
    Components,
)


def validate(c: Components) -> None:
    """Raise ComponentError (a ValueError) if the component counts break the rules' needs."""
    if len(c.teams) != MAX_PLAYERS:
        raise ComponentError(f"need {MAX_PLAYERS} teams, found {len(c.teams)}")
    for team in c.teams:
        if len(team.inventors) != INVENTORS_PER_TEAM:
            raise ComponentError(f"team {team.name} must have {INVENTORS_PER_TEAM} inventors")
        for person in team.inventors:
            if sum(person.start) != 2:
                raise ComponentError(f"{person.name} must start with 2 knowledge")
            if max(person.goal) > MAX_LEVEL:
                raise ComponentError(f"{person.name} goal above level {MAX_LEVEL}")
        covered = [max(i.start[t] for i in team.inventors) for t in range(NUM_TYPES)]
        if min(covered) == 0:
            raise ComponentError(f"team {team.name} does not start with every knowledge type")
    for age in AGES:
        deck = [i for i in c.inventions if i.age == age]
        if len(deck) < MAX_PLAYERS + EXTRA_INVENTIONS:
            raise ComponentError(f"age {age} has {len(deck)} inventions, 5 players need 8")
        if len(c.bags[age]) < TOKENS_PER_INVENTION * (MAX_PLAYERS + EXTRA_INVENTIONS):
            raise ComponentError(f"age {age} token bag too small")
    for inv in c.inventions:
        if not 0 <= inv.classification < CLASSIFICATIONS or len(inv.need) != NUM_TYPES:
            raise ComponentError(f"invention {inv.name} is malformed")
