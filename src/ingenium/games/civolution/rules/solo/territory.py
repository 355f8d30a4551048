"""Solo Mode: where V.I.C.I carries out a territory action — the display cards' priority tables
(reconstructed, data/solo.toml) and its territory and beacon rolls.

A display card's first territory term is the action's requirement (no territory meets it: the
action is not possible); each further term narrows the candidates if it leaves any. Ties go to
the territory roll — walking the ring Forest, Swamp, Mountains, Grassland, Hills, Desert from the
rolled value to the first type among the candidates (facts) — then, among candidates of that type
(in territory order, reconstructed), the beacon roll floor((d6 - 1) / 2) counted round them.
Built: procreation (card 2), migration (card 3), provision (card 4), revealing sites
(card 5), hunting (card 6).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ingenium.games.civolution import board
from ingenium.games.civolution.board import ENC_OF, FIRE_SP
from ingenium.games.civolution.components.icons import Terrain
from ingenium.games.civolution.components.solo import DIE, DisplayCard
from ingenium.games.civolution.console import gain_sp, take_markers
from ingenium.games.civolution.rules.common import territories_of, tribes_in
from ingenium.games.civolution.rules.exploration import hidden_near
from ingenium.games.civolution.rules.solo.setup import SOLO
from ingenium.games.civolution.rules.solo.table import VICI, SoloTable
from ingenium.games.civolution.rules.tribes import WILD, adjacent, name, put, take
from ingenium.games.civolution.table import BLOCKED, FREE, CivTable, on_place

if TYPE_CHECKING:
    from ingenium.engine import State

LAND = [x for x in range(board.TERRITORIES) if board.TERRAIN[x] is not Terrain.WATER]


def _display(governs: str) -> DisplayCard:
    return next(d for d in SOLO.display if d.governs == governs)


def _free(t: CivTable, x: int) -> list[int]:
    return [e for e in ENC_OF[x] if t.enc_seat[e] == FREE]


def _filters(t: SoloTable) -> dict[str, Callable[[list[int]], list[int]]]:
    """The priority terms as filters over candidate territories (built once per choice)."""
    def keep(test: Callable[[int], bool]) -> Callable[[list[int]], list[int]]:
        return lambda xs: [x for x in xs if test(x)]

    def extreme(best: Callable[[list[int]], int]) -> Callable[[list[int]], list[int]]:
        def pick(xs: list[int]) -> list[int]:
            if not xs:
                return xs
            target = best([tribes_in(t, VICI, x) for x in xs])
            return [x for x in xs if tribes_in(t, VICI, x) == target]
        return pick

    filters: dict[str, Callable[[list[int]], list[int]]] = {
        "own_tribe": keep(lambda x: x in mine),
        "free_fire": keep(lambda x: any(FIRE_SP[e] for e in _free(t, x))),
        "free_encampment": keep(lambda x: bool(_free(t, x))),
        "fewest_own_tribes": extreme(min),
        "most_own_tribes": extreme(max),
        "no_provision": keep(lambda x: not t.vici_provision[x]),
        "not_hunted": keep(lambda x: not t.hunted[x]),
        "hidden_site": keep(lambda x: bool(hidden_near(t, x))),
        "adjacent_own_strong": keep(lambda x: bool(sources(t, x))),
        "no_own_tribe": keep(lambda x: x not in mine),
        "rival_tribe": keep(lambda x: any(t.enc_seat[e] not in (FREE, BLOCKED, VICI)
                                          for e in ENC_OF[x])),
    }
    mine = territories_of(t, VICI)
    return filters


def choose(state: State[CivTable], t: SoloTable, governs: str) -> int:
    """The territory of a V.I.C.I action by its display card, or -1 if none meets it."""
    card = _display(governs)
    candidates = list(LAND)
    filters = _filters(t)
    for i, term in enumerate(card.territory):
        if term not in filters:  # components/solo.py admits only these terms
            raise ValueError(f"territory priority {term!r} has no rule")
        narrowed = filters[term](candidates)
        if narrowed or i == 0:
            candidates = narrowed
    if len(candidates) <= 1:
        return candidates[0] if candidates else -1
    ring = SOLO.area.territory_ring
    start = state.draw("vici_territory_roll", DIE) - 1
    kinds = {board.TERRAIN[x] for x in candidates}
    kind = next(ring[(start + k) % len(ring)] for k in range(len(ring))
                if ring[(start + k) % len(ring)] in kinds)
    same = [x for x in candidates if board.TERRAIN[x] is kind]
    if len(same) == 1:
        return same[0]
    beacon = (state.draw("vici_beacon_roll", DIE) - 1) // 2
    return same[beacon % len(same)]


def strong_places(t: SoloTable, x: int) -> list[int]:
    """Its strong tribes in a land territory: the wilderness first, then its encampments."""
    wild = [WILD + x] if t.wild_strong[on_place(x, VICI)] else []
    return wild + [e for e in ENC_OF[x] if t.enc_seat[e] == VICI and t.enc_strong[e]]


def sources(t: SoloTable, x: int) -> list[int]:
    """Adjacent land territories from which a strong tribe of its could migrate into x."""
    return [y for y in sorted(adjacent(t, x)) if y in LAND and y != x and strong_places(t, y)]


def migrate(state: State[CivTable], t: SoloTable) -> str:
    """Perform 1 migration (display card 3): the target by the card's priorities; the tribe
    from the adjacent source where it has the most tribes (then territory order, a wilderness
    tribe first: reconstructed); it settles by the encampment priority (free upright, a
    displacement lays it down), a fire encampment scores. V.I.C.I has no boats: land only."""
    x = choose(state, t, "migrate")
    if x < 0:
        return "no strong tribe that can migrate"
    enc = encampment(t, x, _display("migrate").encampment)
    if enc < 0:
        return f"no encampment to migrate onto in {name(x)}"
    source = max(sources(t, x), key=lambda y: (tribes_in(t, VICI, y), -y))
    place = strong_places(t, source)[0]
    take(t, VICI, place, 1)
    return f"migrates from {name(source)}: " + settle(state, t, x, enc)


def settle(state: State[CivTable], t: SoloTable, x: int, enc: int) -> str:
    """A V.I.C.I tribe settles: upright on a free encampment; displacing lays it down."""
    strong = 1
    if t.enc_seat[enc] >= 0:
        other = t.enc_seat[enc]
        put(t, other, WILD + x, t.enc_strong[enc])
        t.enc_seat[enc], strong = FREE, 0
    put(t, VICI, enc, strong)
    text = f"settles in {name(x)}" + develop(state, t, x)
    if FIRE_SP[enc]:
        gain_sp(t, VICI, FIRE_SP[enc])
        text += f" on the fire encampment ({FIRE_SP[enc]} success points)"
    return text + ("" if strong else ", displacing a tribe (its own lies down)")


def develop(state: State[CivTable], t: SoloTable, x: int) -> str:
    """The first tribe to settle in a territory turns its material tile face up; V.I.C.I has
    no storage, so it places no raw material there (reconstructed)."""
    if t.developed[x]:
        return ""
    t.developed[x] = 1
    land = board.LAND_TERRAINS.index(board.TERRAIN[x])
    pool = [m for m in t.material_pool if board.MATERIAL_TERRAIN[m] == land]
    if not pool:
        return ""
    tile = state.draw("material_tile", pool)
    t.material_pool.remove(tile)
    t.material_tile[x] = tile
    return f" (turning up its material tile {board.C.materials[tile].value.title()})"


def procreate(state: State[CivTable], t: SoloTable) -> str:
    """Perform 1 procreation (display card 2): a tribe from its supply in the chosen territory,
    on an encampment by the card's encampment priority; displacing lays it down, a fire
    encampment scores its points. V.I.C.I has no console: it takes no raw material."""
    if not t.tribes[VICI]:
        return "no tribe left in its supply to procreate"
    x = choose(state, t, "procreate")
    if x < 0:
        return "no territory to procreate in"
    enc = encampment(t, x, _display("procreate").encampment)
    if enc < 0:
        return f"no encampment to procreate on in {name(x)}"
    t.tribes[VICI] -= 1
    return "procreates: " + settle(state, t, x, enc)


def encampment(t: SoloTable, x: int, priority: tuple[str, ...]) -> int:
    """The first encampment of the territory that the priority list allows."""
    for term in priority:
        for e in ENC_OF[x]:
            who = t.enc_seat[e]
            if ((term == "free_fire" and who == FREE and FIRE_SP[e])
                    or (term == "free" and who == FREE)
                    or (term == "rival" and who not in (FREE, BLOCKED, VICI))):
                return e
    return -1


def provide(state: State[CivTable], t: SoloTable) -> str:
    """Provision (display card 4): a provision marker from its supply lengthwise beside the
    chosen territory's farm building space."""
    x = choose(state, t, "provide")
    if x < 0:
        return "no territory for a provision marker"
    if not take_markers(t, VICI, 1):
        return "no marker left for a provision marker"
    t.vici_provision[x] += 1
    return f"places a provision marker in {name(x)}"


def hunt(state: State[CivTable], t: SoloTable) -> str:
    """Hunting (display card 6): in a territory with its tribe and no hunting token, with a
    token left in the display. V.I.C.I has no food space (it feeds by provision markers): its
    hunt takes the hunting token there and a provision marker beside the territory's farm
    building space (reconstructed)."""
    if not t.hunting_supply:
        return "no hunting token left in the display to hunt"
    x = choose(state, t, "hunt")
    if x < 0 or t.hunted[x]:
        return "no territory to hunt in"
    t.hunted[x] = 1
    t.hunting_supply -= 1
    got = take_markers(t, VICI, 1)
    t.vici_provision[x] += got
    return f"hunts in {name(x)}" + (", placing a provision marker there" if got else "")


def reveal_sites(state: State[CivTable], t: SoloTable) -> str:
    """Revealing sites (display card 5), as an exploration: every face-down site beside the
    chosen territory, each drawn from the unordered pool; V.I.C.I gains its success points
    ("only relevant when revealed during exploration"); a Volcano returns the farms beside
    it (exploration.reveal_site's rule, here with V.I.C.I's name in the log)."""
    x = choose(state, t, "reveal")
    if x < 0:
        return "no face-down site left to reveal"
    names = []
    for recess in hidden_near(t, x):
        site = state.draw("site", t.site_pool)
        t.site_pool.remove(site)
        t.recess_site[recess] = site
        rec = board.C.sites[site]
        gain_sp(t, VICI, rec.sp)
        if rec.type.value == "volcano":
            for terr in board.RECESS_TERRITORIES[recess]:
                owner = t.farm[terr]
                if owner >= 0:
                    t.farm[terr] = -1
                    t.farms_left[owner] += 1
        names.append(f"{rec.name} (+{rec.sp} SP)")
    return f"reveals from {name(x)}: {', '.join(names)}"
