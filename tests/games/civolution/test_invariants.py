"""The conservation rules (Components list; Setup): a component lost or doubled is reported."""

from __future__ import annotations

from ingenium.games.civolution.invariants import invariants
from tests.games.civolution.scenario import new


def test_a_set_up_game_keeps_every_component() -> None:
    for players in (2, 3, 4):
        assert invariants(new(players, players).table) == []


def test_a_lost_or_doubled_component_is_reported() -> None:
    """Goal chips, sites, material tiles, farms, fate dice, hunting and 100-point tokens."""
    edits = {
        "goal chips": lambda t: t.goal_bag.pop(),
        "sites": lambda t: t.site_pool.append(t.site_pool[0]),
        "material tiles": lambda t: t.material_pool.pop(),
        "farms": lambda t: t.farm.__setitem__(0, 1),
        "fate dice": lambda t: t.fate.__setitem__(0, 2),
        "hunting tokens": lambda t: t.hunted.__setitem__(0, 1),
        "100-point tokens": lambda t: t.hundreds.__setitem__(0, 1),
        "attribute chips": lambda t: t.attribute_bag.pop(),
    }
    for what, edit in edits.items():
        state = new(3, 1)
        edit(state.table)
        assert any(what in problem for problem in invariants(state.table)), what
