"""The conservation rules every Legendary Inventors position keeps (the soak tests ask): every
invention, token and cube is in exactly one place, levels stay in range, and every pending step
is the record its kind code names."""

from __future__ import annotations

from ingenium.games.legendary_inventors import steps
from ingenium.games.legendary_inventors.components.catalog import NUM_KINDS, C
from ingenium.games.legendary_inventors.components.records import MAX_PLAYERS, NUM_TYPES
from ingenium.games.legendary_inventors.table import IN_BOX, IN_PLAY, LITable


def invariants(t: LITable) -> list[str]:
    """Conservation: every invention, token and cube is in exactly one place, levels in range."""
    problems = []
    for age in (1, 2, 3):
        ids = [inv.id for inv in C.inventions if inv.age == age]
        deck = t.deck(age)
        placed = [i for i in ids if t.status[i] != IN_BOX]
        if sorted(deck + placed) != sorted(ids) or set(deck) & set(placed):
            problems.append(f"age {age} inventions not conserved")
    for kind in range(NUM_KINDS):
        accounted = (sum(t.bag(a).count(kind) for a in (1, 2, 3)) + t.bonus.count(kind)
                     + sum(t.held[s * NUM_KINDS + kind] for s in range(t.players))
                     + t.played[kind] + t.discarded[kind])
        printed = sum(C.bags[a].count(kind) for a in (1, 2, 3))
        if accounted != printed:
            problems.append(f"token {C.token_kinds[kind].key}: {accounted} of {printed} found")
        if min(t.held[s * NUM_KINDS + kind] for s in range(t.players)) < 0:
            problems.append(f"negative {C.token_kinds[kind].key} held")
    for inv in range(len(C.inventions)):
        cubes = sum(t.cubes[inv * MAX_PLAYERS:(inv + 1) * MAX_PLAYERS])
        filled = sum(t.filled[inv * NUM_TYPES:(inv + 1) * NUM_TYPES])
        if t.status[inv] == IN_PLAY and cubes != filled:
            problems.append(f"{C.inventions[inv].name}: {cubes} cubes on {filled} squares")
        if t.status[inv] != IN_PLAY and cubes:
            problems.append(f"{C.inventions[inv].name}: cubes left on a closed invention")
        for ty in range(NUM_TYPES):
            if not 0 <= t.filled[inv * NUM_TYPES + ty] <= C.inventions[inv].need[ty]:
                problems.append(f"{C.inventions[inv].name}: overfilled {ty}")
    if any(not 0 <= level <= 4 for level in t.level):
        problems.append("knowledge level outside 0..4")
    for step in t.pending:
        if steps.STEP_TYPES.get(step.kind) is not type(step):
            problems.append(f"pending step {step} carries the kind code of another step")
    return problems
