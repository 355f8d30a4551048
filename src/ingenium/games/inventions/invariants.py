"""The conservation rules every Inventions position keeps (the soak tests ask): citizens,
Economy tokens, sages, Progress and Wealth tiles, Milestones and, with 2 players, Chronos'
citizens, Influence tokens and discarded tiles are neither created nor lost, and every
pending step is the record its kind code names."""

from __future__ import annotations

from ingenium.games.inventions import options, steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.table import (
    CHRONOS,
    M_CK,
    M_DECK,
    M_DISCARD,
    M_EUREKA,
    M_PRIVATE,
    InvTable,
    R,
    chronos_of,
    diplomat_at,
    diplomats_on,
    exhausted_of,
    hexes,
    home_of,
    map_at,
)


def citizens_of(t: InvTable, seat: int) -> int:
    """Every citizen of a colour, wherever it is."""
    n = t.supply[seat] + t.academy[seat] + sum(home_of(t, seat))
    n += sum(exhausted_of(t, seat))
    n += sum(t.on_map[map_at(r, seat)] for r in range(R))
    n += sum(t.diplomats[diplomat_at(m, seat)] for m in range(catalog.NUM_MILESTONES))
    for r in range(R):
        if t.card[r] >= 0:
            n += t.presenter_count[r] if t.presenter[r] == seat else 0
            n += (t.inventor[r] == seat) + (t.innovator[r] == seat)
    return n


def chronos_citizens(t: InvTable) -> int:
    """Chronos' citizens: his supply, the map and beside the cards (he has no Society board)."""
    return t.chronos_supply + sum(t.on_map[map_at(r, CHRONOS)] for r in range(R)) + sum(
        (t.presenter_count[r] if t.presenter[r] == CHRONOS else 0)
        + (t.inventor[r] == CHRONOS) + (t.innovator[r] == CHRONOS)
        for r in range(R) if t.card[r] >= 0)


def chronos_problems(t: InvTable) -> list[str]:
    """2-Player Rules: Chronos' 30 citizens and 5 Influence tokens are conserved, his tiles are
    Progress or Wealth tiles (Share may give him a number he holds already)."""
    if chronos_of(t) < 0:
        return []
    problems = []
    if chronos_citizens(t) != catalog.CITIZENS:
        problems.append(f"Chronos: {chronos_citizens(t)} citizens, not 30")
    tokens = t.chronos_token_supply + t.chronos_token_track + t.influence_spaces.count(CHRONOS)
    if tokens != catalog.NUM_TOKENS or min(t.chronos_token_supply, t.chronos_token_track) < 0:
        problems.append(f"Chronos: {tokens} Influence tokens")
    if any(not catalog.PROGRESS_BASE <= c < catalog.WEALTH_BASE + len(catalog.WEALTH)
           for c in t.chronos_tiles):
        problems.append("Chronos holds a tile that is neither a Progress nor a Wealth tile")
    return problems


def wealth_problems(t: InvTable) -> list[str]:
    """Wealth tiles of each letter: left in the region, held by players or by Chronos."""
    counts = catalog.C.player_counts[t.players].values
    held = [c for s in range(t.players) for c in conditions.tiles_owned(t, s)]
    held += t.chronos_tiles
    out = []
    for r in range(R):
        letter = t.wealth_letter[r]
        total = counts["wealth_a_to_d"] if letter < 4 else counts["wealth_e_to_g"]
        if t.wealth_left[r] + held.count(catalog.WEALTH_BASE + letter) != total:
            out.append(f"Wealth tile {catalog.WEALTH[letter].letter} not conserved")
    return out


def invariants(t: InvTable) -> list[str]:
    """Conservation of citizens, sages, tokens, tiles, Milestones and ranges."""
    problems = chronos_problems(t) + wealth_problems(t)
    for seat in range(t.players):
        if citizens_of(t, seat) != catalog.CITIZENS:
            problems.append(f"seat {seat}: {citizens_of(t, seat)} citizens, not 30")
        eco = t.eco_home[seat] + sum(t.hex_token[hexes(seat)]) + sum(t.eco_used[hexes(seat)])
        if eco != catalog.ECONOMY_TOKENS:
            problems.append(f"seat {seat}: {eco} Economy tokens")
        if not 0 <= t.influence[seat] <= 10:
            problems.append(f"seat {seat}: influence {t.influence[seat]}")
        if min(home_of(t, seat) + exhausted_of(t, seat)
               + [t.academy[seat], t.supply[seat]]) < 0:
            problems.append(f"seat {seat}: negative citizens")
        if t.academy[seat] > conditions.era_of(t, seat):
            problems.append(f"seat {seat}: academy over its limit")
    if sum(t.sage) + sum(t.sages_held) != R:
        problems.append("sages not conserved")
    copies = catalog.C.player_counts[t.players].values["progress_copies"]
    owned = [c for s in range(t.players) for c in conditions.tiles_owned(t, s)]
    owned += t.chronos_tiles
    for p in range(catalog.NUM_PROGRESS):
        if t.progress_supply[p] + owned.count(catalog.PROGRESS_BASE + p) != copies:
            problems.append(f"Progress tile {options.PROG_ID[p]} not conserved")
    locs = t.milestone_loc
    for m in range(catalog.NUM_MILESTONES):
        where = locs[m]
        ok = ((where == M_CK and m in t.common) or (where == M_DISCARD and m in t.discard)
              or (where == M_EUREKA and m in t.eureka)
              or (where >= M_PRIVATE and t.private[where - M_PRIVATE] == m)
              or (where == M_DECK and m in t.milestone_decks))
        if not ok:
            problems.append(f"Milestone {catalog.MILESTONES[m].id} misplaced")
        if where in (M_DISCARD, M_EUREKA, M_DECK) and any(diplomats_on(t, m)):
            problems.append(f"diplomats left on {catalog.MILESTONES[m].id}")
    for step in t.pending:
        if steps.STEP_TYPES.get(step.kind) is not type(step):
            problems.append(f"pending step {step} carries the kind code of another step")
    return problems
