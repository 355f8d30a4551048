"""What a seat may see (views); the RL observation encodes the same facts (encoding.py).

Everything on the Legendary Inventors table is public except the order and content of the
face-down invention decks and token bags, which appear only as counts.
"""

from __future__ import annotations

from typing import Any

from ingenium.games.legendary_inventors.components.catalog import NUM_INVENTIONS, NUM_KINDS, C
from ingenium.games.legendary_inventors.components.records import (
    AGES,
    INVENTORS_PER_TEAM,
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
    TYPES,
)
from ingenium.games.legendary_inventors.rules.scoring import breakdown
from ingenium.games.legendary_inventors.table import COMPLETED, DISCARDED, LITable

PHASES = ("play", "final_tokens", "over")
STATUS_NAMES = ("in_box", "in_play", "completed", "discarded")


def player_view(t: LITable, seat: int) -> dict[str, Any]:
    """A player's public board: team, inventors, tokens and cards."""
    team = C.teams[t.team[seat]]
    inventors = []
    for i, inventor in enumerate(team.inventors):
        base = (seat * INVENTORS_PER_TEAM + i) * NUM_TYPES
        inventors.append({
            "name": inventor.name,
            "slug": inventor.slug,
            "levels": dict(zip(TYPES, t.level[base:base + NUM_TYPES], strict=True)),
            "used": bool(t.used[seat * INVENTORS_PER_TEAM + i]),
            "goal": {ty: n for ty, n in zip(TYPES, inventor.goal, strict=True) if n},
            "goal_vp": inventor.goal_vp,
        })
    tokens = {k.key: t.held[seat * NUM_KINDS + k.id] for k in C.token_kinds
              if t.held[seat * NUM_KINDS + k.id]}
    cards = [C.inventions[i].slug for i in range(NUM_INVENTIONS) if t.owner[i] == seat]
    return {"seat": seat, "team": team.name, "inventors": inventors, "tokens": tokens,
            "cards": cards, "score": breakdown(t, seat)}


def invention_view(t: LITable, inv: int) -> dict[str, Any]:
    """One invention card as it lies on the table."""
    record = C.inventions[inv]
    return {
        "slug": record.slug,
        "name": record.name,
        "age": record.age,
        "vp": record.vp,
        "classification": record.classification,
        "need": dict(zip(TYPES, record.need, strict=True)),
        "filled": dict(zip(TYPES, t.filled[inv * NUM_TYPES:(inv + 1) * NUM_TYPES], strict=True)),
        "cubes": t.cubes[inv * MAX_PLAYERS:inv * MAX_PLAYERS + t.players],
        "bonus": [C.token_kinds[k].key if k >= 0 else None
                  for k in t.bonus[inv * TOKENS_PER_INVENTION:(inv + 1) * TOKENS_PER_INVENTION]],
        "status": STATUS_NAMES[t.status[inv]],
        "owner": t.owner[inv] if t.owner[inv] >= 0 else None,
    }


def view_table(t: LITable, seat: int | None) -> dict[str, Any]:
    """The whole public table; identical for every seat (nothing here is private)."""
    del seat  # no private information on this table
    return {
        "age": t.age,
        "phase": PHASES[t.phase],
        "current": t.current,
        "chocolate": bool(t.chocolate),
        "players": [player_view(t, s) for s in range(t.players)],
        "display": [invention_view(t, inv) for inv in t.display],
        "completed": [invention_view(t, inv) for inv in range(NUM_INVENTIONS)
                      if t.status[inv] == COMPLETED],
        "discarded": [C.inventions[inv].slug for inv in range(NUM_INVENTIONS)
                      if t.status[inv] == DISCARDED],
        "decks": {str(age): len(t.deck(age)) for age in AGES},
        "bags": {str(age): len(t.bag(age)) for age in AGES},
    }


