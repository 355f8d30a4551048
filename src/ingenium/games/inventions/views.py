"""What a seat may see (views); the RL observation encodes the same facts (encoding.py).

Everything is public except the Private Goal cards (each seat sees only its own) and the order
of the Idea stack below its face-up top card (shown as counts per era).
"""

from __future__ import annotations

from typing import Any

from ingenium.games.inventions import catalog as K
from ingenium.games.inventions import queries as Q
from ingenium.games.inventions.build import tile_name
from ingenium.games.inventions.table import OVER, InvTable

P, R, H, T = K.MAX_SEATS, K.NUM_REGIONS, K.NUM_HEXES, K.NUM_TOKENS


def _slug(idea: int) -> str | None:
    return K.IDEAS[idea].id if idea >= 0 else None


def player_view(t: InvTable, seat: int, viewer: int | None) -> dict[str, Any]:
    """A Society board, as everyone sees it (goals only for their owner)."""
    view: dict[str, Any] = {
        "seat": seat, "ip": t.ip[seat], "influence": t.influence[seat],
        "era": Q.era_of(t, seat), "era_space": K.ERA_SPACES[t.era_space[seat]].id,
        "milestone": K.MILESTONES[t.private[seat]].id,
        "supply": t.supply[seat], "academy": t.academy[seat],
        "home": t.home[seat * 3:seat * 3 + 3], "exhausted": t.exhausted[seat * 3:seat * 3 + 3],
        "sages": t.sages_held[seat],
        "ideas": [K.IDEAS[i].id for i in Q.hand(t, seat)],
        "inventions": [K.IDEAS[i].id for i in Q.inventions(t, seat)],
        "tiles": [tile_name(c) if c else None for c in t.tiles[seat * 4:seat * 4 + 4]],
        "progress_map": {K.HEXES[h].id: tile_name(c) + (" (flipped)" if t.flipped[seat * H + h]
                                                         else "")
                         for h in range(H) if (c := t.progress_map[seat * H + h])},
        "economy_tokens": t.eco_home[seat],
        "economy_used": [K.HEXES[h].id for h in range(H) if t.eco_used[seat * H + h]],
        "economy_token_hexes": [K.HEXES[h].id for h in range(H) if t.hex_token[seat * H + h]],
        "influence_tokens": {K.INFLUENCE_TOKENS[k].id: {
            "region": t.token_region[seat * T + k] + 1 if t.token_region[seat * T + k] >= 0
            else None, "face_up": bool(t.token_up[seat * T + k])} for k in range(T)},
        "epoch": K.SPACES[t.epoch[seat]].value if t.epoch[seat] >= 0 else None,
        "seasons": [K.SPACES[s].value if s >= 0 else None
                    for s in t.season[seat * 2:seat * 2 + 2]],
        "private_goals": None,
    }
    if viewer == seat or t.phase == OVER:
        view["private_goals"] = [K.GOALS[g].id for g in t.goals[seat * 3:seat * 3 + 3]]
    return view


def region_view(t: InvTable, r: int) -> dict[str, Any]:
    """A region: its display, map citizens, sage, Knowledge tile and Influence spaces."""
    spaces = t.influence_spaces[r * K.INFLUENCE_SPACES:(r + 1) * K.INFLUENCE_SPACES]
    return {
        "region": r + 1, "name": K.REGIONS[r].name,
        "specialist_tile": K.SPECIALIST_TILES[t.specialist_tile[r]].id,
        "card": _slug(t.card[r]), "invented": bool(t.invented[r]),
        "presenter": t.presenter[r] if t.presenter[r] >= 0 else None,
        "presenter_citizens": t.presenter_count[r],
        "inventor": t.inventor[r] if t.inventor[r] >= 0 else None,
        "innovator": t.innovator[r] if t.innovator[r] >= 0 else None,
        "wealth": K.WEALTH[t.wealth_letter[r]].letter, "wealth_left": t.wealth_left[r],
        "citizens": t.on_map[r * P:r * P + t.players], "sage": bool(t.sage[r]),
        "knowledge": K.KNOWLEDGE_TILES[t.knowledge[r]].id,
        "knowledge_ip_side": bool(t.knowledge_ip_side[r]),
        "influence_spaces": [s if s >= 0 else None for s in spaces],
    }


def view_table(t: InvTable, seat: int | None) -> dict[str, Any]:
    """The table as `seat` may see it."""
    per_era = {str(e): sum(1 for i in t.stack if K.IDEA_ERA[i] == e) for e in range(3, 7)}
    return {
        "phase": ("setup", "play", "over")[t.phase],
        "era": K.TRACK_ERA[t.chronos], "round": K.TRACK[t.chronos].round,
        "chronos": t.chronos, "current": t.current, "order": list(t.order),
        "chain_tokens_left": t.chain_left, "ideas_owed": t.owed_ideas,
        "players": [player_view(t, s, seat) for s in range(t.players)],
        "regions": [region_view(t, r) for r in range(R)],
        "common_knowledge": [K.MILESTONES[m].id for m in t.common],
        "eureka_display": [K.MILESTONES[m].id for m in t.eureka],
        "milestone_discard": [K.MILESTONES[m].id for m in t.discard],
        "private_displays": [K.MILESTONES[m].id if m >= 0 else None for m in t.private],
        "diplomats": {K.MILESTONES[m].id: [s for s in range(t.players) if t.diplomats[m * P + s]]
                      for m in range(K.NUM_MILESTONES) if any(t.diplomats[m * P:m * P + P])},
        "idea_display": [_slug(c) for c in t.display],
        "idea_stack_top": _slug(t.stack[-1]) if t.stack else None,
        "idea_stack_by_era": per_era,
        "progress_supply": list(t.progress_supply),
        "held_over_aspirations": [K.ASPIRATION_NAMES[s] for s in t.overflow],
        "tech_used": bool(t.tech_used),
        "called": [K.IDEAS[i].id for i in t.called],
    }

