"""What a seat may see (views); the RL observation encodes the same facts (encoding.py).

Everything is public (Chronos' pieces too, 2 players) except the Private Goal cards (each seat
sees only its own) and the order of the Idea stack below its face-up top card (shown as counts
per era).
"""

from __future__ import annotations

from typing import Any

from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.tiles import tile_name
from ingenium.games.inventions.table import (
    CHRONOS,
    OVER,
    H,
    InvTable,
    R,
    chronos_of,
    colours,
    diplomat_at,
    exhausted_of,
    goals_of,
    hex_at,
    hexes,
    home_of,
    influence_spaces_of,
    map_at,
    milestone_slots,
    region_slots,
    seasons_of,
    tiles_of,
    tokens,
)


def _slug(idea: int) -> str | None:
    return catalog.IDEAS[idea].id if idea >= 0 else None


def player_view(t: InvTable, seat: int, viewer: int | None) -> dict[str, Any]:
    """A Society board, as everyone sees it (goals only for their owner)."""
    view: dict[str, Any] = {
        "seat": seat, "ip": t.ip[seat], "influence": t.influence[seat],
        "era": conditions.era_of(t, seat), "era_space": catalog.ERA_SPACES[t.era_space[seat]].id,
        "milestone": catalog.MILESTONES[t.private[seat]].id,
        "supply": t.supply[seat], "academy": t.academy[seat],
        "home": home_of(t, seat), "exhausted": exhausted_of(t, seat),
        "sages": t.sages_held[seat],
        "ideas": [catalog.IDEAS[i].id for i in conditions.hand(t, seat)],
        "inventions": [catalog.IDEAS[i].id for i in conditions.inventions(t, seat)],
        "tiles": [tile_name(c) if c else None for c in tiles_of(t, seat)],
        "progress_map": {catalog.HEXES[h].id: tile_name(c) + (
                             " (flipped)" if t.flipped[hex_at(seat, h)] else "")
                         for h in range(H) if (c := t.progress_map[hex_at(seat, h)])},
        "economy_tokens": t.eco_home[seat],
        "economy_used": [catalog.HEXES[h].id for h in range(H) if t.eco_used[hex_at(seat, h)]],
        "economy_token_hexes": [catalog.HEXES[h].id for h, on in enumerate(t.hex_token[hexes(seat)])
                                if on],
        "influence_tokens": {catalog.INFLUENCE_TOKENS[k].id: {
            "region": region + 1 if region >= 0 else None, "face_up": bool(face_up)}
            for k, (region, face_up) in enumerate(zip(t.token_region[tokens(seat)],
                                                      t.token_up[tokens(seat)], strict=True))},
        "epoch": catalog.SPACES[t.epoch[seat]].value if t.epoch[seat] >= 0 else None,
        "seasons": [catalog.SPACES[s].value if s >= 0 else None
                    for s in seasons_of(t, seat)],
        "private_goals": None,
    }
    if viewer == seat or t.phase == OVER:
        view["private_goals"] = [catalog.GOALS[g].id for g in goals_of(t, seat)]
    return view


def region_view(t: InvTable, r: int) -> dict[str, Any]:
    """A region: its display, map citizens, sage, Knowledge tile and Influence spaces."""
    spaces = t.influence_spaces[influence_spaces_of(r)]
    return {
        "region": r + 1, "name": catalog.REGIONS[r].name,
        "specialist_tile": catalog.SPECIALIST_TILES[t.specialist_tile[r]].id,
        "card": _slug(t.card[r]), "invented": bool(t.invented[r]),
        "presenter": t.presenter[r] if t.presenter[r] >= 0 else None,
        "presenter_citizens": t.presenter_count[r],
        "inventor": t.inventor[r] if t.inventor[r] >= 0 else None,
        "innovator": t.innovator[r] if t.innovator[r] >= 0 else None,
        "wealth": catalog.WEALTH[t.wealth_letter[r]].letter, "wealth_left": t.wealth_left[r],
        "citizens": t.on_map[region_slots(r)][:len(colours(t))], "sage": bool(t.sage[r]),
        "knowledge": catalog.KNOWLEDGE_TILES[t.knowledge[r]].id,
        "knowledge_ip_side": bool(t.knowledge_ip_side[r]),
        "influence_spaces": [s if s >= 0 else None for s in spaces],
    }


def view_table(t: InvTable, seat: int | None) -> dict[str, Any]:
    """The table as `seat` may see it."""
    per_era = {str(e): sum(1 for i in t.stack if catalog.IDEA_ERA[i] == e) for e in range(3, 7)}
    return {
        "phase": ("setup", "play", "over")[t.phase],
        "era": catalog.TRACK_ERA[t.chronos], "round": catalog.TRACK[t.chronos].round,
        "chronos": t.chronos, "current": t.current, "order": list(t.order),
        "chain_tokens_left": t.chain_left, "ideas_owed": t.owed_ideas,
        "players": [player_view(t, s, seat) for s in range(t.players)],
        "regions": [region_view(t, r) for r in range(R)],
        "common_knowledge": [catalog.MILESTONES[m].id for m in t.common],
        "eureka_display": [catalog.MILESTONES[m].id for m in t.eureka],
        "milestone_discard": [catalog.MILESTONES[m].id for m in t.discard],
        "private_displays": [catalog.MILESTONES[m].id if m >= 0 else None for m in t.private],
        "diplomats": _diplomats(t),
        "idea_display": [_slug(c) for c in t.display],
        "idea_stack_top": _slug(t.stack[-1]) if t.stack else None,
        "idea_stack_by_era": per_era,
        "progress_supply": list(t.progress_supply),
        "held_over_aspirations": [catalog.ASPIRATION_NAMES[s] for s in t.overflow],
        "tech_used": bool(t.tech_used),
        "called": [catalog.IDEAS[i].id for i in t.called],
        "chronos_colour": chronos_of(t) if chronos_of(t) >= 0 else None,
        "chronos_opponent": chronos_view(t),
    }


def chronos_view(t: InvTable) -> dict[str, Any] | None:
    """2-Player Rules: Chronos' pieces, all public (his colour slot is `colour`; his tokens are
    face down but where they lie is seen by all)."""
    if chronos_of(t) < 0:
        return None
    spaces = catalog.INFLUENCE_SPACES
    milestone = t.private[CHRONOS]
    return {
        "colour": CHRONOS, "name": "Chronos",
        "region": t.chronos_region + 1 if t.chronos_region >= 0 else None,
        "supply": t.chronos_supply,
        "citizens_on_map": [t.on_map[map_at(r, CHRONOS)] for r in range(R)],
        "influence_token_regions": [r + 1 for r in range(R)
                                    if CHRONOS in t.influence_spaces[r * spaces:(r + 1) * spaces]],
        "influence_tokens_supply": t.chronos_token_supply,
        "influence_tokens_era_track": t.chronos_token_track,
        "milestone": catalog.MILESTONES[milestone].id if milestone >= 0 else None,
        "era": catalog.M_ERA[milestone] if milestone >= 0 else None,
        "era_space": catalog.ERA_SPACES[t.chronos_era_space].id
        if t.chronos_era_space >= 0 else None,
        "discarded_tiles": [tile_name(c) for c in t.chronos_tiles],
    }


def _diplomats(t: InvTable) -> dict[str, list[int]]:
    """Seats with a diplomat on each Milestone that has any."""
    dip = t.diplomats
    return {catalog.MILESTONES[m].id: [s for s in range(t.players) if dip[diplomat_at(m, s)]]
            for m in range(catalog.NUM_MILESTONES) if any(dip[milestone_slots(m)])}
