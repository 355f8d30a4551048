"""Basics (rules summary): each player is randomly assigned a team of four inventors; the decks
and bags of the three ages are made; Age I begins (`ages.py`)."""

from __future__ import annotations

from ingenium.games.legendary_inventors.components.catalog import NUM_INVENTIONS, NUM_KINDS, C
from ingenium.games.legendary_inventors.components.records import (
    AGES,
    INVENTORS_PER_TEAM,
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
)
from ingenium.games.legendary_inventors.rules.ages import start_age
from ingenium.games.legendary_inventors.rules.inventors import player
from ingenium.games.legendary_inventors.table import IN_BOX, LIState, LITable


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
