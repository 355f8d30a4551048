"""Shared reading of a Legendary Inventors position for the property checks: the catalog (the
printed components), the table's flat indexing, and small independent re-derivations of the
rules (what a turn may offer, where knowledge places cubes, who chooses a bonus first, the four
scoring sources). Nothing here calls the game's `rules/` modules: a property that repeated a
rule's own computation would repeat its bug.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from ingenium.games.legendary_inventors import steps
from ingenium.games.legendary_inventors.components.catalog import C
from ingenium.games.legendary_inventors.table import COMPLETED, IN_PLAY, LITable
from tests.properties.harness import Registry, Transition

PROPERTIES = Registry()

# -- the rules summary's numbers (written here, not read from the package's constants) --------
TEAM_SIZE = 4  # "a set of four inventors"
START_KNOWLEDGE = 2  # "two units of starting knowledge"
TYPES = 4  # physics, chemistry, mechanics, mathematics (card order)
MAX_LEVEL = 4  # the 4 token is the last improvement
AGES = 3  # "played over three ages"
EXTRA = 3  # inventions in play per age: players + 3 (five at two players)
SLOTS = 2  # bonus tokens per invention
TOP = 3  # "the three players who contributed the most knowledge"
CHOCOLATE_CUBES = 2  # "two extra knowledge cubes"
RUN_NUMBERS = 6  # classification numbers 0..5
STRIDE = 5  # the table layout's cube stride (5 seats a invention)
TYPE_NAMES = ("physics", "chemistry", "mechanics", "mathematics")

# -- the printed components ------------------------------------------------------------------
KINDS = C.token_kinds
NK = len(KINDS)
KIND_BY_KEY = {k.key: k.id for k in KINDS}
COFFEE = KIND_BY_KEY["coffee"]
CHOCOLATE = KIND_BY_KEY["chocolate"]
STAR = KIND_BY_KEY["star"]
UPGRADE_TO = {k.id: int(k.label) for k in KINDS if k.label in ("2", "3", "4")}  # token -> level
RIBBON_VP = {k.id: int(k.label.split()[-1]) for k in KINDS if k.label.startswith("Ribbon")}
INVENTIONS = C.inventions
NI = len(INVENTIONS)
INVENTION_BY_SLUG = {i.slug: i.id for i in INVENTIONS}
NEED = tuple(i.need for i in INVENTIONS)
AGE_OF = tuple(i.age for i in INVENTIONS)
CARD_VP = AGE_OF  # "a number of victory points (corresponding to the age)"
CLASS_OF = tuple(i.classification for i in INVENTIONS)
TEAMS = C.teams
INVENTOR_INDEX = tuple({p.slug: n for n, p in enumerate(team.inventors)} for team in TEAMS)
PRINTED_BAGS = {age: tuple(C.bags[age]) for age in range(1, AGES + 1)}
PRINTED_TOKENS = [sum(PRINTED_BAGS[a].count(k) for a in PRINTED_BAGS) for k in range(NK)]
DECK_SIZE = {age: sum(1 for i in INVENTIONS if i.age == age) for age in range(1, AGES + 1)}


# -- the table's flat indexing -----------------------------------------------------------------
def lvl(t: LITable, seat: int, inventor: int, ty: int) -> int:
    """An inventor's knowledge level in one type."""
    return t.level[(seat * TEAM_SIZE + inventor) * TYPES + ty]


def levels_of(t: LITable, seat: int) -> list[int]:
    """A seat's 16 knowledge levels (inventor-major)."""
    base = seat * TEAM_SIZE * TYPES
    return t.level[base:base + TEAM_SIZE * TYPES]


def held(t: LITable, seat: int, kind: int) -> int:
    """Tokens of a kind a seat holds."""
    return t.held[seat * NK + kind]


def held_of(t: LITable, seat: int) -> list[int]:
    """A seat's tokens, per kind."""
    return t.held[seat * NK:(seat + 1) * NK]


def used_of(t: LITable, seat: int) -> list[int]:
    """A seat's used flags, per inventor."""
    return t.used[seat * TEAM_SIZE:(seat + 1) * TEAM_SIZE]


def fresh(t: LITable, seat: int) -> list[int]:
    """Inventors not used since the seat last refreshed."""
    return [i for i, u in enumerate(used_of(t, seat)) if not u]


def filled_of(t: LITable, inv: int) -> list[int]:
    """Cubes on an invention's squares, per type."""
    return t.filled[inv * TYPES:(inv + 1) * TYPES]


def open_of(t: LITable, inv: int) -> list[int]:
    """Empty squares per type."""
    return [n - f for n, f in zip(NEED[inv], filled_of(t, inv), strict=True)]


def cubes(t: LITable, inv: int, seat: int) -> int:
    """A seat's cubes on an invention."""
    return t.cubes[inv * STRIDE + seat]


def bonus_of(t: LITable, inv: int) -> list[int]:
    """An invention's bonus token slots (a kind, or -1)."""
    return t.bonus[inv * SLOTS:(inv + 1) * SLOTS]


def open_inventions(t: LITable) -> list[int]:
    """Inventions in play with an empty square."""
    return [inv for inv in t.display if t.status[inv] == IN_PLAY and any(open_of(t, inv))]


def completed_in_display(t: LITable) -> int:
    """How many inventions of the current age are complete."""
    return sum(1 for inv in t.display if t.status[inv] == COMPLETED)


def placement(t: LITable, seat: int, inventor: int, inv: int) -> list[int]:
    """Gameplay 2: cubes the inventor's knowledge places, per type (its level, but no more than
    the open squares of that type)."""
    gaps = open_of(t, inv)
    return [min(lvl(t, seat, inventor, ty), gaps[ty]) for ty in range(TYPES)]


def can_serve(t: LITable, seat: int, inventor: int, inv: int) -> bool:
    """Whether the inventor places at least one cube on the invention."""
    return any(placement(t, seat, inventor, inv))


def bonus_pending(t: LITable) -> list[steps.Bonus]:
    """The bonus choices still pending (top last)."""
    return [s for s in t.pending if isinstance(s, steps.Bonus)]


# -- what happened in a step --------------------------------------------------------------------
def option_id(tr: Transition) -> str:
    """The id of the answer given ('' at setup)."""
    return tr.option.id if tr.option is not None else ""


def decision_kind(state: Any) -> str | None:
    """The kind of the decision pending in a position (None when over)."""
    decision = state.decision if state is not None else None
    return decision.kind if decision is not None else None


def events_of(tr: Transition, kind: str) -> list[Any]:
    """The step's new log lines of one kind."""
    return [e for e in tr.new_events if e.kind == kind]


def inventor_of(t: LITable, seat: int, opt: str) -> int:
    """The team index of the inventor an option id names (`...inventor=<slug>...`)."""
    slug = opt.split("inventor=")[1].split(":")[0]
    return INVENTOR_INDEX[t.team[seat]][slug]


def invention_of(opt: str) -> int:
    """The invention an `invent:invention=<slug>` id names."""
    return INVENTION_BY_SLUG[opt.split("invention=")[1]]


def deciding_seat(state: Any) -> int:
    """The seat asked now (-1 when nobody is)."""
    decision = state.decision
    return int(decision.seat) if decision is not None else -1


def offered(state: Any) -> list[str]:
    """The ids of the options pending now."""
    decision = state.decision
    return [o.id for o in decision.options] if decision is not None else []


# -- bonus tokens ------------------------------------------------------------------------------
def knowledge_token_ids(t: LITable, seat: int) -> set[str]:
    """Bonus Tokens: a 2/3/4 on its front where an inventor knowledge sits one below it (in
    sequence); any held token on its '1' back where a knowledge is blank."""
    levels = levels_of(t, seat)
    hand = held_of(t, seat)
    ids = {f"token:{KINDS[k].key}" for k, to in UPGRADE_TO.items()
           if hand[k] and to - 1 in levels}
    if 0 in levels:
        ids |= {f"back:{KINDS[k].key}" for k in range(NK) if hand[k]}
    return ids


def token_target_ids(t: LITable, seat: int, kind: int, back: bool) -> set[str]:
    """The knowledge a token may raise: a blank for a '1' back, level to-1 for a front."""
    wanted = 0 if back else UPGRADE_TO[kind] - 1
    team = TEAMS[t.team[seat]]
    return {f"target:inventor={team.inventors[i].slug}:type={TYPE_NAMES[ty]}"
            for i in range(TEAM_SIZE) for ty in range(TYPES) if lvl(t, seat, i, ty) == wanted}


# -- Gameplay 3: who chooses ---------------------------------------------------------------------
def chooser_order(contributions: list[int], finisher: int) -> list[int]:
    """The three biggest contributors, most first; ties clockwise from the finisher."""
    n = len(contributions)
    seats = [s for s in range(n) if contributions[s] > 0]
    seats.sort(key=lambda s: (-contributions[s], (s - finisher) % n))
    return seats[:TOP]


# -- Scoring -------------------------------------------------------------------------------------
def card_points(t: LITable, seat: int) -> int:
    """Scoring 1: the ribbon on each card taken (its age)."""
    return sum(CARD_VP[inv] for inv in range(NI) if t.owner[inv] == seat)


def ribbon_points(t: LITable, seat: int) -> int:
    """Scoring 2: ribbon tokens held, 1, 2 or 3 each."""
    return sum(vp * held(t, seat, k) for k, vp in RIBBON_VP.items())


def goal_points(t: LITable, seat: int) -> int:
    """Scoring 3: each inventor at or above every level its goal shows."""
    team = TEAMS[t.team[seat]]
    points = 0
    for i, person in enumerate(team.inventors):
        if all(lvl(t, seat, i, ty) >= need for ty, need in enumerate(person.goal) if need):
            points += person.goal_vp
    return points


@cache
def best_run_points(counts: tuple[int, ...], stars: int) -> int:
    """Scoring 4, re-derived as a search over the runs' top numbers: each run starts at a real
    0 card and scores its highest number; a number j missing from the runs that reach it is
    filled by a Star (never the 0). Several disjoint runs may score."""
    best = 0
    for k in range(1, counts[0] + 1):
        for tops in combinations_with_replacement(range(RUN_NUMBERS), k):
            wild = sum(max(0, sum(1 for top in tops if top >= j) - counts[j])
                       for j in range(1, RUN_NUMBERS))
            if wild <= stars:
                best = max(best, sum(tops))
    return best


def run_points(t: LITable, seat: int) -> int:
    """Scoring 4 for a seat: its cards' classification numbers and its Stars."""
    counts = [0] * RUN_NUMBERS
    for inv in range(NI):
        if t.owner[inv] == seat:
            counts[CLASS_OF[inv]] += 1
    return best_run_points(tuple(counts), held(t, seat, STAR))


def my_total(t: LITable, seat: int) -> int:
    """All four scoring sources."""
    return (card_points(t, seat) + ribbon_points(t, seat) + goal_points(t, seat)
            + run_points(t, seat))


_VIEW: list[Any] = [None, None]  # (transition, its spectator view table): one per step


def table_view(tr: Transition) -> dict[str, Any]:
    """The spectator's view of the table after the step (computed once per step)."""
    if _VIEW[0] is not tr:
        _VIEW[0], _VIEW[1] = tr, tr.after.game.view_table(tr.after, None)
    view: dict[str, Any] = _VIEW[1]
    return view
