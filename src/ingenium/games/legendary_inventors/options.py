"""Every answer a seat can give in Legendary Inventors, built once at import: the action space
(blocks of integer codes) and the options with their stable ids and labels, so a decision costs
only the legality checks (in `rules/`) — that is what keeps random play fast.
"""

from __future__ import annotations

from ingenium.engine import ActionSpace, Option
from ingenium.games.legendary_inventors.components.catalog import NUM_INVENTIONS, NUM_KINDS, C
from ingenium.games.legendary_inventors.components.records import (
    INVENTORS_PER_TEAM,
    NUM_TYPES,
    TOKENS_PER_INVENTION,
    TYPES,
)

CARD_SLOT = TOKENS_PER_INVENTION  # bonus option index meaning "take the card"

SPACE = ActionSpace([
    ("use", INVENTORS_PER_TEAM),
    ("invent", NUM_INVENTIONS),
    ("refresh", 1),
    ("coffee", 1),
    ("chocolate", 1),
    ("front", NUM_KINDS),
    ("back", NUM_KINDS),
    ("target", INVENTORS_PER_TEAM * NUM_TYPES),
    ("place", NUM_TYPES),
    ("bonus", TOKENS_PER_INVENTION + 1),
    ("done", 1),
])

# -- every option, built once -----------------------------------------------------------------
USE = tuple(tuple(Option(f"use:inventor={i.slug}", f"Use {i.name}", SPACE.code("use", n))
                  for n, i in enumerate(team.inventors)) for team in C.teams)
INVENT = tuple(Option(f"invent:invention={i.slug}",
                      f"{i.name} (needs " + ", ".join(
                          f"{TYPES[ty]} {n}" for ty, n in enumerate(i.need) if n) + ")",
                      SPACE.code("invent", i.id)) for i in C.inventions)
REFRESH = Option("refresh", "Refresh all inventors", SPACE.code("refresh"))
PLAY_COFFEE = Option("coffee", "Play Coffee: refresh all inventors for free, then act",
                     SPACE.code("coffee"))
PLAY_CHOCOLATE = Option("chocolate", "Play Chocolate: 2 extra cubes on this turn's invention",
                        SPACE.code("chocolate"))
FRONT = tuple(Option(f"token:{k.key}", f"Play a {k.label} token: raise a knowledge "
                     f"{k.to_level - 1} to {k.to_level}", SPACE.code("front", k.id))
              for k in C.token_kinds)
BACK = tuple(Option(f"back:{k.key}", f"Play a {k.label} token on its '1' side: open a blank "
                    "knowledge", SPACE.code("back", k.id)) for k in C.token_kinds)
TARGET = tuple(tuple(
    Option(f"target:inventor={i.slug}:type={TYPES[ty]}", f"{i.name}: {TYPES[ty]} +1",
           SPACE.code("target", n * NUM_TYPES + ty))
    for n, i in enumerate(team.inventors) for ty in range(NUM_TYPES)) for team in C.teams)
PLACE = tuple(Option(f"place:type={ty}", f"Extra cube on {ty}", SPACE.code("place", n))
              for n, ty in enumerate(TYPES))
BONUS_TOKEN = tuple(tuple(Option(f"bonus:slot={slot}", f"Take the {k.label} token",
                                 SPACE.code("bonus", slot)) for k in C.token_kinds)
                    for slot in range(TOKENS_PER_INVENTION))
BONUS_CARD = tuple(Option("bonus:card", f"Take the {i.name} card ({i.vp} VP)",
                          SPACE.code("bonus", CARD_SLOT)) for i in C.inventions)
DONE = Option("done", "Done playing tokens", SPACE.code("done"))
