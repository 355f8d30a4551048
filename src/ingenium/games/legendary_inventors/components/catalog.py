"""Integer indices over the frozen components, computed once at import for the rules: token
kinds and inventions by id, each invention's squares per knowledge type."""

from __future__ import annotations

from ingenium.games.legendary_inventors.components import components

C = components()
NUM_KINDS = len(C.token_kinds)
NUM_INVENTIONS = len(C.inventions)
NEED = tuple(inv.need for inv in C.inventions)
COFFEE = C.token("coffee").id
CHOCOLATE = C.token("chocolate").id
STAR = C.token("star").id
UPGRADES = tuple(k.id for k in C.token_kinds if k.effect == "upgrade")
