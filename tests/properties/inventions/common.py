"""Shared by Inventions' property modules: the registry, the rulebook's own numbers (typed
again here from the rulebook, never taken from the rules modules), and small readers of the
table, the log and the option ids.

Properties read the table's fields, the catalog's component data and the log; they never call
`ingenium.games.inventions.rules` (a bug there would be repeated by its check).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ingenium.engine import Event
from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from tests.properties.harness import Registry, Transition

PROPERTIES = Registry()

# -- the rulebook's numbers ------------------------------------------------------------------
CITIZENS = 30  # Components: 30 Citizen meeples in each colour
ECONOMY_TOKENS = 3  # Society Board Setup: 3 Economy tokens
ASPIRATIONS = 4  # Society Board Setup: 4 Aspiration tiles
CHAIN_TOKENS = 3  # Components: 3 Chain Action tokens
INFLUENCE_TOKENS = 5  # Components: 5 Influence tokens
MAX_INFLUENCE = 10  # A. Influence Epoch pillars: "The maximum influence you may have is 10"
COMMON_SPACES = 4  # Setup 9: one Deck-A tile on each space of the Common Knowledge display
REGIONS = 7
SEATS = 4  # colour slots in the table's flat lists
CHRONOS_SLOT = 2  # 2-Player Rules: Chronos takes the colour after the two players'
BUILD_INFLUENCE = {4: 0, 3: 1, 2: 2, 1: 3}  # Step 4, 1: tiles in the display -> influence
SPACES_PER_REGION = catalog.INFLUENCE_SPACES
NUM_HEXES = catalog.NUM_HEXES
LAST_TRACK = len(catalog.TRACK) - 1  # Era 6: final scoring only
# table codes (table.py's documented layout)
LOC_STACK, LOC_DISPLAY, LOC_REGION, LOC_HAND, LOC_LEFT, LOC_OUT = 0, 1, 2, 10, 20, -1
M_DECK, M_CK, M_DISCARD, M_EUREKA, M_PRIVATE = 0, 1, 2, 3, 10
ON_BOARD, ASIDE = -1, -2
EMPTY, ASP_WILD, ASP_BASE, PROGRESS_BASE, WEALTH_BASE = 0, 4, 1, 10, 40


def era_change_adjustment(influence: int) -> int:
    """Era Change 2: at 0 gain 1; 1-3 nothing; 4-7 lose 1; 8-10 lose 2."""
    if influence == 0:
        return 1
    if influence <= 3:
        return 0
    return -1 if influence <= 7 else -2


def progress_copies(players: int) -> int:
    """Setup 17 (and 2-Player Setup 6): 3 of each number, 2 with 2-3 players."""
    return 3 if players == 4 else 2


def wealth_copies(players: int, letter: int) -> int:
    """Setup 16 (and 2-Player Setup 5): A-D one per player (Chronos counts: 3 with 2
    players); E-G all 3 with 4 players, any 2 otherwise."""
    if letter < 4:
        return 3 if players == 2 else players
    return 3 if players == 4 else 2


def chronos_slot(t: Any) -> int:
    """Chronos' colour slot, or -1: he plays only in a 2-player game (2-Player Rules)."""
    return CHRONOS_SLOT if t.players == 2 else -1


def colour_slots(t: Any) -> list[int]:
    """The players' colour slots and, with 2 players, Chronos'."""
    return list(range(3)) if t.players == 2 else list(range(t.players))


# -- the table -------------------------------------------------------------------------------
def tile_kind(code: int) -> int:
    """0-2 for a Progress tile's type, 3 for a Wealth tile, -1 for an Aspiration or nothing."""
    if code >= WEALTH_BASE:
        return 3
    if code >= PROGRESS_BASE:
        return (code - PROGRESS_BASE) // 7
    return -1


def display_tiles(t: Any, seat: int) -> list[int]:
    return t.tiles[seat * 4:seat * 4 + 4]


def map_tiles(t: Any, seat: int) -> list[int]:
    return [c for c in t.progress_map[seat * NUM_HEXES:(seat + 1) * NUM_HEXES] if c]


def owned_tiles(t: Any, seat: int) -> list[int]:
    """Progress and Wealth tiles in the tiles display and on the Progress map."""
    return [c for c in display_tiles(t, seat) + map_tiles(t, seat) if c >= PROGRESS_BASE]


def hand(t: Any, seat: int) -> list[int]:
    return [i for i, loc in enumerate(t.idea_loc) if loc == LOC_HAND + seat]


def inventions(t: Any, seat: int) -> list[int]:
    return [i for i, loc in enumerate(t.idea_loc) if loc == LOC_LEFT + seat]


def citizens_of(t: Any, seat: int) -> int:
    """Every citizen of a player's colour, wherever the rulebook lets it stand."""
    n = t.supply[seat] + t.academy[seat]
    n += sum(t.home[seat * 3:seat * 3 + 3]) + sum(t.exhausted[seat * 3:seat * 3 + 3])
    n += sum(t.on_map[r * SEATS + seat] for r in range(REGIONS))
    n += sum(t.diplomats[m * SEATS + seat] for m in range(catalog.NUM_MILESTONES))
    return n + beside_cards(t, seat)


def beside_cards(t: Any, slot: int) -> int:
    """A colour's citizens beside the Idea/Invention cards of the Region displays."""
    n = 0
    for r in range(REGIONS):
        if t.card[r] >= 0:
            n += t.presenter_count[r] if t.presenter[r] == slot else 0
            n += (t.inventor[r] == slot) + (t.innovator[r] == slot)
    return n


def token_cells(t: Any, region: int) -> list[int]:
    return t.influence_spaces[region * SPACES_PER_REGION:(region + 1) * SPACES_PER_REGION]


def leftmost_empty(t: Any, region: int) -> int:
    cells = token_cells(t, region)
    return cells.index(-1) if -1 in cells else -1


def has_access(t: Any, seat: int, m: int) -> bool:
    """Invent, Access to Milestones, re-derived: own display; an opponent's with your citizen on
    it or from an era earlier than Chronos'; Common Knowledge; the discard."""
    loc = t.milestone_loc[m]
    if loc in (M_CK, M_DISCARD):
        return True
    if loc < M_PRIVATE:
        return False
    if loc - M_PRIVATE == seat or t.diplomats[m * SEATS + seat]:
        return True
    return catalog.M_ERA[m] < catalog.TRACK_ERA[t.chronos]


def era_of(t: Any, seat: int) -> int:
    """Your society's era: your private Milestone's era (Key Concepts A, H)."""
    return catalog.M_ERA[t.private[seat]]


def pending_of(t: Any, kind: int, seat: int) -> list[Any]:
    return [s for s in t.pending if s.kind == kind and s.seat == seat]


# -- the log ---------------------------------------------------------------------------------
def events(tr: Transition, kind: str, seat: int | None = -1) -> list[Event]:
    """This step's events of a kind (of one seat, unless seat is -1)."""
    return [e for e in tr.new_events if e.kind == kind and (seat == -1 or e.seat == seat)]


def influence_events(tr: Transition, why: str) -> list[Event]:
    return [e for e in tr.new_events if e.kind == "influence" and e.data.get("why") == why]


def ip_events(tr: Transition, why: str) -> list[Event]:
    return [e for e in tr.new_events if e.kind == "ip" and e.text.endswith(f"({why})")]


def influence_before(tr: Transition, event: Event) -> int:
    """A seat's influence just before one of this step's events (replaying the step's
    influence lines from the position before it)."""
    seat = event.seat
    assert tr.before is not None and seat is not None
    value = tr.before.table.influence[seat]
    for e in tr.new_events:
        if e is event:
            break
        if e.kind == "influence" and e.seat == seat:
            value = e.data["influence"]
    return value


REGION_KINDS = ("present", "invent", "innovate", "share", "stone_age")


def region_untouched(tr: Transition, region: int, event: Event) -> bool:
    """No event of this step before `event` changed the Region display of `region`, and no
    citizen was still being placed beside its card (so the position before the step still shows
    it as it was)."""
    assert tr.before is not None
    if any(x.kind == steps.S_PAY and x.dest % 4 and x.dest // 4 == region
           for x in tr.before.table.pending):
        return False
    for e in tr.new_events:
        if e is event:
            return True
        if e.data.get("region") == region + 1 and (
                e.kind in REGION_KINDS or (e.kind == "chronos" and len(e.data) > 1)):
            return False
    return True


def is_turn_start(e: Event) -> bool:
    """A player's turn starts with the main action (or the fallback) in the log."""
    return (e.kind == "action" and e.data.get("how") == "main action") or e.kind == "idle"


def is_chronos_move(e: Event) -> bool:
    return e.kind == "chronos" and e.text.startswith("Chronos moves to")


def is_boundary(e: Event) -> bool:
    """An event that starts something after a player's turn."""
    return is_turn_start(e) or is_chronos_move(e) or e.kind in ("round", "era", "final")


_TURNS: dict[str, Any] = {"tr": None, "turns": []}


def ended_turns(tr: Transition) -> list[tuple[int, list[Event]]]:
    """The players' turns that ended in this step: (seat, the turn's events), the turn counted
    from its main action to the next turn, round, Era Change or final scoring."""
    if _TURNS["tr"] is tr:
        return _TURNS["turns"]  # type: ignore[no-any-return]
    found = []
    log = tr.after.events
    start = len(log) - len(tr.new_events)
    for b in range(start, len(log)):
        if not is_boundary(log[b]):
            continue
        a = b - 1
        while a >= 0 and not is_boundary(log[a]):
            a -= 1
        if a >= 0 and is_turn_start(log[a]):
            found.append((log[a].seat, log[a:b]))
    _TURNS["tr"], _TURNS["turns"] = tr, found
    return found


def turn_so_far(tr: Transition) -> list[Event]:
    """The events of the turn under way after this step (from its main action)."""
    log = tr.after.events
    a = len(log) - 1
    while a >= 0 and not is_boundary(log[a]):
        a -= 1
    return log[a:] if a >= 0 and is_turn_start(log[a]) else []


def option_id(tr: Transition) -> str:
    return tr.option.id if tr.option is not None else ""


def option_value(tr: Transition, key: str) -> str:
    """The value after `key=` in the chosen option's id ('' if none)."""
    for part in option_id(tr).split(":"):
        if part.startswith(key + "="):
            return part[len(key) + 1:]
    return ""


def region_arg(tr: Transition) -> int:
    """The 0-based region an option names (region=N), or -1."""
    value = option_value(tr, "region")
    return int(value) - 1 if value else -1


def era_change_began(tr: Transition) -> int:
    """The era an Era Change of this step leads into (0 if none)."""
    for e in tr.new_events:
        if e.kind == "era" and e.text.endswith("Era Change"):
            return int(e.text.split()[1])
    return 0


ASPIRATION_TEXT = ("economy Aspiration", "culture Aspiration", "technology Aspiration")


def followed_by_aspiration(tr: Transition, action: str, side: int) -> str | None:
    """An action that grants an Aspiration tile of `side`: the tile comes at once."""
    log = tr.new_events
    for n, e in enumerate(log):
        if (e.kind == "invent") if action == "invent" else (
                e.kind == "action" and e.data.get("action") == action):
            nxt = log[n + 1] if n + 1 < len(log) else None
            if nxt is None or nxt.kind != "aspiration" or nxt.seat != e.seat or not (
                    ASPIRATION_TEXT[side] in nxt.text or "no Aspiration tile left" in nxt.text):
                return f"{action} gave no {ASPIRATION_TEXT[side]} tile"
    return None


CHAIN_OPTIONS = ("chain:", "flip:", "sage:chain", "sage:score", "tech:")


def spends_chain_token(option: str) -> bool:
    """Options that place a Chain Action token (D. Chain Action; Travel 3; Technology tile)."""
    return option.startswith(CHAIN_OPTIONS)


STEP2_END = steps.S_END_ACTIONS


def iter_regions() -> Iterator[int]:
    return iter(range(REGIONS))
