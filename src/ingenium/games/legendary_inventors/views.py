"""What a seat may see (views) and the RL observation tensor built from the same facts.

Everything on the Legendary Inventors table is public except the order and content of the
face-down invention decks and token bags, which appear only as counts.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ingenium.games.legendary_inventors.components.catalog import NUM_INVENTIONS, NUM_KINDS, C
from ingenium.games.legendary_inventors.components.records import (
    AGES,
    CLASSIFICATIONS,
    INVENTORS_PER_TEAM,
    MAX_PLAYERS,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
    TYPES,
)
from ingenium.games.legendary_inventors.rules.scoring import breakdown
from ingenium.games.legendary_inventors.table import COMPLETED, DISCARDED, IN_PLAY, LITable

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


# -- observation: one flat float32 array with named slices ------------------------------------
PLAYER_FEATURES = 1 + INVENTORS_PER_TEAM * NUM_TYPES + INVENTORS_PER_TEAM + NUM_KINDS \
    + CLASSIFICATIONS + 1
INVENTION_FEATURES = 4 + NUM_TYPES + MAX_PLAYERS + NUM_KINDS + MAX_PLAYERS
GLOBAL_FEATURES = len(AGES) + len(PHASES) + MAX_PLAYERS + 1
SLICES = {
    "global": (0, GLOBAL_FEATURES),
    "players": (GLOBAL_FEATURES, GLOBAL_FEATURES + MAX_PLAYERS * PLAYER_FEATURES),
    "inventions": (GLOBAL_FEATURES + MAX_PLAYERS * PLAYER_FEATURES,
                   GLOBAL_FEATURES + MAX_PLAYERS * PLAYER_FEATURES
                   + NUM_INVENTIONS * INVENTION_FEATURES),
}
OBSERVATION_SIZE = SLICES["inventions"][1]


def observation(t: LITable, seat: int) -> np.ndarray:
    """Public facts seen from `seat`: players are ordered from `seat` clockwise."""
    obs = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    players = t.players
    obs[t.age - 1] = 1
    obs[len(AGES) + t.phase] = 1
    obs[len(AGES) + len(PHASES) + (t.current - seat) % players] = 1
    obs[GLOBAL_FEATURES - 1] = t.chocolate
    for rel in range(players):
        s = (seat + rel) % players
        at = SLICES["players"][0] + rel * PLAYER_FEATURES
        obs[at] = 1
        at += 1
        base = s * INVENTORS_PER_TEAM * NUM_TYPES
        obs[at:at + 16] = np.asarray(t.level[base:base + 16], dtype=np.float32) / 4
        at += 16
        obs[at:at + 4] = t.used[s * INVENTORS_PER_TEAM:(s + 1) * INVENTORS_PER_TEAM]
        at += 4
        obs[at:at + NUM_KINDS] = t.held[s * NUM_KINDS:(s + 1) * NUM_KINDS]
        at += NUM_KINDS
        for inv in range(NUM_INVENTIONS):
            if t.owner[inv] == s:
                obs[at + C.inventions[inv].classification] += 1
        at += CLASSIFICATIONS
        obs[at] = breakdown(t, s)["total"] / 50
    for inv in range(NUM_INVENTIONS):
        at = SLICES["inventions"][0] + inv * INVENTION_FEATURES
        status = t.status[inv]
        obs[at + status] = 1
        at += 4
        if status == IN_PLAY:
            for ty in range(NUM_TYPES):
                obs[at + ty] = (C.inventions[inv].need[ty] - t.filled[inv * NUM_TYPES + ty]) / 5
        at += NUM_TYPES
        for rel in range(players):
            obs[at + rel] = t.cubes[inv * MAX_PLAYERS + (seat + rel) % players] / 10
        at += MAX_PLAYERS
        for slot in range(TOKENS_PER_INVENTION):
            kind = t.bonus[inv * TOKENS_PER_INVENTION + slot]
            if kind >= 0:
                obs[at + kind] += 1
        at += NUM_KINDS
        if t.owner[inv] >= 0:
            obs[at + (t.owner[inv] - seat) % players] = 1
    return obs
