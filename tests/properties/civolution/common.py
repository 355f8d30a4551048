"""Shared helpers of Civolution's rulebook properties.

Everything here is counted from the table, the catalog's component data and the log; nothing
calls the rules modules' answers. Three tools go beyond one Transition:

* `memo(tr)`: a per-game notebook (reset at setup) for properties that follow a sequence of
  steps (turn order, the final action round, the era's goal chips ...).
* `probe(tr)`: the position at the moment an automatic part of a phase runs (Phase 5's sites,
  feeding B, the era scoring, the Income phase's statues, V.I.C.I's turns, the final scoring).
  It replays the step on a copy of `before` with a recorder around those parts and returns the
  table just before and just after each; the properties then recompute the part themselves.
* `asked(tr)`: which question the answered step was (the pending step's record and, for a
  one-question or "up to N" action, the action family's name in rules/vocabulary.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ingenium.games.civolution import machine as _machine
from ingenium.games.civolution import scoring as _scoring_module
from ingenium.games.civolution import steps as _steps
from ingenium.games.civolution.board import (
    ENC_OF,
    FEATURES,
    FIRE_SP,
    GROUNDS,
    MATERIAL_TERRAIN,
    RECESS_TERRITORIES,
    TERRAIN,
    TERRITORIES,
    WATER,
    C,
    K,
)
from ingenium.games.civolution.components.solo import load_solo
from ingenium.games.civolution.rules import flow as _flow
from ingenium.games.civolution.rules import vocabulary as _vocabulary
from tests.properties.harness import Registry, Transition

PROPERTIES = Registry()
rule = PROPERTIES.rule

P = 4  # the table's seat stride for [territory * P + seat] lists
VICI = 1
NEW_CARDS, NEW_GOALS, EXTRA_FIND, ACTION, SITE, FEEDING, EVENT, INCOME = range(1, 9)
FINAL, OVER = 9, 10
SOLO = load_solo()
ENC_TERRITORY = C.encampment_territory
LAND = tuple(x for x in range(TERRITORIES) if x not in WATER)
MODULE_IDS = tuple(m.id for m in C.modules)
FEATURE_MODULES = {m.id: i for i, m in enumerate(m for m in C.modules if m.feature is not None)}
FEATURE_OF_MODULE = {m.id: m.feature for m in C.modules if m.feature is not None}
DECK_OF_MODULE = {"invention": 0, "mutation": 1, "insight": 2, "building": 3, "achievement": 4}
CARD_DECK = tuple("ABCDE".index(c.id[0]) for c in C.cards)
CARD_INDEX = {c.id: i for i, c in enumerate(C.cards)}
MATERIAL_INDEX = {m.value: i for i, m in enumerate(C.materials)}
LAND_TYPES = ("forest", "grassland", "hills", "swamp", "mountains", "desert")
TERRITORY_INDEX = {t.id: i for i, t in enumerate(C.territories)}
ENCAMPMENT_INDEX = {e.id: i for i, e in enumerate(C.encampments)}
# Setup, by player count (rulebook: covered goal display and phase spaces, covered
# encampments, dice display; the facts' 5/7/9 free reset spaces): 2, 3, 4 civilizations
GOAL_COVERED = {2: 2, 3: 1, 4: 0}
PHASE_COVERED = {2: 4, 3: 2, 4: 0}
ENC_COVERED = {2: 10, 3: 4, 4: 0}
DICE_DISPLAY = {2: 3, 3: 4, 4: 5}
RESET_END = {2: 5, 3: 7, 4: 9}
HUNDRED_TOKENS = 12
TERRITORY_TOKENS = 16
MYSTIC_OAK = {"water": 2, "swamp": 2, "desert": 2, "forest": 1, "grassland": 1, "hills": 1,
              "mountains": 1}
# Difficulty levels: the first era using the red (advanced) halves (0: never)
RED_FROM = {"beginner": 0, "moderate": 4, "medium": 3, "advanced": 2, "expert": 1}


# ---------------------------------------------------------------- who, where

def solo(t: Any) -> bool:
    """A Solo Mode table (V.I.C.I in seat 1)."""
    return hasattr(t, "vici_level")


def civs(t: Any) -> list[int]:
    """The civilizations with a console (solo: the human only)."""
    return [0] if solo(t) else list(range(t.players))


def order(t: Any) -> list[int]:
    """Seating order: clockwise from the holder of the starting monolith."""
    return [(t.starting + i) % t.players for i in range(t.players)]


def tribes_at(t: Any, seat: int, terr: int) -> tuple[int, int]:
    """(upright, lying) tribes of a seat in a territory: encampments, wilderness, its boats."""
    up = down = 0
    for e in ENC_OF[terr]:
        if t.enc_seat[e] == seat:
            if t.enc_strong[e]:
                up += 1
            else:
                down += 1
    up += t.wild_strong[terr * P + seat]
    down += t.wild_weak[terr * P + seat]
    if seat < len(t.boat_at) // 2:
        for b in (0, 1):
            if t.boat_at[seat * 2 + b] == terr:
                up += t.boat_strong[seat * 2 + b]
                down += t.boat_weak[seat * 2 + b]
    return up, down


def territories_of(t: Any, seat: int) -> set[int]:
    """Territories where the seat has at least one tribe."""
    found = {ENC_TERRITORY[e] for e, s in enumerate(t.enc_seat) if s == seat}
    for x in range(TERRITORIES):
        if t.wild_strong[x * P + seat] or t.wild_weak[x * P + seat]:
            found.add(x)
    for b in (0, 1):
        at = seat * 2 + b
        if at < len(t.boat_at) and t.boat_at[at] >= 0 and t.boat_strong[at] + t.boat_weak[at]:
            found.add(t.boat_at[at])
    return found


def tribe_counts(t: Any, seat: int) -> tuple[int, int]:
    """(upright, lying) tribes of a seat on the whole continent (a tribe crossing through a
    territory in a migration counts as upright)."""
    up = sum(1 for e, s in enumerate(t.enc_seat) if s == seat and t.enc_strong[e])
    down = sum(1 for e, s in enumerate(t.enc_seat) if s == seat and not t.enc_strong[e])
    up += sum(t.wild_strong[seat::P])
    down += sum(t.wild_weak[seat::P])
    if seat * 2 < len(t.boat_at):
        up += sum(t.boat_strong[seat * 2:seat * 2 + 2])
        down += sum(t.boat_weak[seat * 2:seat * 2 + 2])
    up += t.transit[seat] >= 0
    return up, down


def strength(t: Any, seat: int) -> int:
    """2 per upright tribe, 1 per lying one: weakening costs exactly 1."""
    up, down = tribe_counts(t, seat)
    return 2 * up + down


def feats(t: Any, seat: int) -> list[int]:
    return t.feature[seat * 6:seat * 6 + 6]


def store(t: Any, seat: int) -> list[int]:
    return t.storage[seat * 18:seat * 18 + 18]


def dice_sources(t: Any, seat: int) -> int:
    """Activation dice on the dice spaces, planning markers and focus markers."""
    return sum(t.dice[seat * 6:seat * 6 + 6]) + sum(t.planning[seat * 6:seat * 6 + 6]) \
        + t.focus[seat]


def hand(t: Any, seat: int) -> list[int]:
    return [held.card for held in t.hand if held.seat == seat]


def levels(t: Any, seat: int) -> list[int]:
    n = len(C.modules)
    return t.level[seat * n:(seat + 1) * n]


def terrain(terr: int) -> str:
    return TERRAIN[terr].value


def seat_events(tr: Transition, kind: str) -> list[Any]:
    return [e for e in tr.new_events if e.kind == kind]


def kinds(tr: Transition) -> list[str]:
    return [e.kind for e in tr.new_events]


def same_phase(tr: Transition) -> bool:
    """The step began and ended in the same phase of the same era."""
    b = tr.before
    return b is not None and b.table.era == tr.after.table.era and \
        b.table.phase == tr.after.table.phase


def last_answers(state: Any, seat: int, n: int) -> list[str]:
    """The seat's last `n` answers (option ids), latest last (chance outcomes skipped)."""
    found: list[str] = []
    for who, oid in reversed(state.history):
        if who == seat:
            found.append(oid)
            if len(found) == n:
                break
        elif who >= 0:
            break
    return found[::-1]


def previous_answer(tr: Transition) -> str:
    """The answer this seat gave just before this step ("" if another seat answered)."""
    assert tr.before is not None
    found = last_answers(tr.before, tr.seat, 1)
    return found[0] if found else ""


# ---------------------------------------------------------------- the question answered

_RECORD_NAMES = tuple(_steps.STEP_TYPES[code].__name__ if code in _steps.STEP_TYPES else ""
                      for code in range(max(_steps.STEP_TYPES) + 1))


# the Modules' questions with step records of their own, by the action they ask for
_ACTION_OF_RECORD = {"HuntDie": "hunt_die", "FindDie": "find_die", "Trade": "trade",
                     "Activities": "activity", "IncomeOrder": "income_order",
                     "MigrateTo": "migrate_to", "ExploreFrom": "explore",
                     "FavorTestIdeas": "favor_ideas", "HolyRockIdeas": "holy_rock_ideas",
                     "PlaceNewTribes": "place_tribes", "BoatStorage": "boat_storage",
                     "BuildWhere": "build_where", "InstallCard": "install_card",
                     "CardColumn": "card_column", "CardStage": "card_stage",
                     "BuildingSpecial": "building_special", "PayCard": "pay", "PayGoal": "pay",
                     "BuildProjects": "build", "DeusExMachina": "remove_tribe"}


def asked(tr: Transition) -> tuple[str, str]:
    """(step record name, action family name or "") of the step the option answered."""
    assert tr.before is not None
    raw = tr.before.table.pending[-1]
    name = _RECORD_NAMES[raw[0]]
    family = _ACTION_OF_RECORD.get(name, "")
    if name in ("Target", "Repeat"):
        action = _vocabulary.ACTIONS.get(raw[2])
        family = action.name if action is not None else ""
    return name, family


def step_record(tr: Transition) -> tuple[int, ...]:
    assert tr.before is not None
    return tuple(tr.before.table.pending[-1])


# ---------------------------------------------------------------- a notebook per game

_GAME: list[Any] = [None, {}]


def memo(tr: Transition) -> dict[str, Any]:
    """This game's notebook (a fresh one at setup)."""
    if _GAME[0] is not tr.after:
        _GAME[0] = tr.after
        _GAME[1] = {}
    return _GAME[1]  # type: ignore[no-any-return]


# ---------------------------------------------------------------- probes

# the automatic parts watched, by their names in machine.AUTOS -> the probes' names
WATCHED = {"era_scoring": "_era_scoring", "oaks": "_oaks", "score_strong": "_score_strong",
           "income_rest": "_rest", "feed_step": "_feed", "turn": "_turn", "goal": "_goal",
           "glacier": "_glacier", "resolve_event": "_event",
           "refill_reset_columns": "_refill_reset_columns"}
# a renamed automatic part would leave its probe recording nothing: fail at import instead
assert set(WATCHED) <= {run.__name__ for run in _machine.AUTOS.values()}, "a probed part renamed"
_PROBE: list[Any] = [None, []]


def _wants_probe(tr: Transition) -> bool:
    b = tr.before
    if b is None or tr.option is None:
        return False
    a = tr.after
    if a.is_terminal or b.table.phase != a.table.phase or b.table.era != a.table.era:
        return True
    return solo(a.table) and any(e.kind.startswith("vici") for e in tr.new_events)


def probe(tr: Transition) -> list[tuple[str, Any, Any, Any]]:
    """(part, its Auto step (or the phase's argument), table before, table after) for each
    watched automatic part the step ran, in order; [] when the step ran none."""
    if _PROBE[0] is tr:
        return _PROBE[1]  # type: ignore[no-any-return]
    records: list[tuple[str, Any, Any, Any]] = []
    if _wants_probe(tr):
        records = _replay(tr)
    _PROBE[0], _PROBE[1] = tr, records
    return records


def staged_probe(tr: Transition, edit: Callable[[Any], bool]) -> list[tuple[str, Any, Any, Any]]:
    """A what-if probe: the same step from `before` with its table changed by `edit` (a position
    the rules could have reached, e.g. one more site revealed); [] when `edit` declines or the
    answer is no longer offered there."""
    assert tr.before is not None
    start = tr.before.clone()
    if not edit(start.table):
        return []
    start.invalidate()
    try:
        return _replay(tr, start)
    except Exception:  # the answer is not legal in the staged position: no what-if
        return []


def staged_after(tr: Transition, edit: Callable[[Any], bool]) -> Any:
    """The table after the same step from a `before` changed by `edit` (None when `edit`
    declines or the answer is not offered there)."""
    assert tr.before is not None and tr.option is not None
    start = tr.before.clone()
    if not edit(start.table):
        return None
    start.invalidate()
    try:
        start.apply(tr.option.id)
    except Exception:  # the answer is not legal in the staged position: no what-if
        return None
    return start.table


def _replay(tr: Transition, start: Any = None) -> list[tuple[str, Any, Any, Any]]:
    records: list[tuple[str, Any, Any, Any]] = []

    def wrap(name: str, run: Callable[..., Any]) -> Callable[..., Any]:
        def recorded(state: Any, arg: Any = 0) -> Any:
            before = state.table.clone()
            result = run(state, arg)
            records.append((name, arg, before, state.table.clone()))  # arg: the Auto step
            return result
        return recorded

    autos = dict(_machine.AUTOS)
    sites_begin = _flow.PHASE_RULES[SITE]
    final = _scoring_module.final_scoring
    try:
        for code, run in autos.items():
            if run.__name__ in WATCHED:
                _machine.AUTOS[code] = wrap(WATCHED[run.__name__], run)
        _flow.PHASE_RULES[SITE] = wrap("site_phase", lambda s, _a: sites_begin(s))

        def final_recorded(state: Any) -> None:
            before = state.table.clone()
            final(state)
            records.append(("final", 0, before, state.table.clone()))
        _scoring_module.final_scoring = final_recorded  # type: ignore[assignment]
        assert tr.before is not None and tr.option is not None
        replay = start if start is not None else tr.before.clone()
        replay.apply(tr.option.id)
    finally:
        _machine.AUTOS.clear()
        _machine.AUTOS.update(autos)
        _flow.PHASE_RULES[SITE] = sites_begin
        _scoring_module.final_scoring = final  # type: ignore[assignment]
    return records


def probed(tr: Transition, name: str) -> list[tuple[Any, Any, Any]]:
    return [(arg, b, a) for n, arg, b, a in probe(tr) if n == name]


# ---------------------------------------------------------------- counting for scoring

def prosperity(t: Any, seat: int) -> int:
    """Active diamonds (Phase 7 C): food 1 per 3, money 1 per 2 (5 at most: what the console
    prints), built settlements' diamonds, storage diamonds between two filled spaces of a
    type (1 between rows 1-2, 2 between rows 2-3); V.I.C.I: its Prosperity grid."""
    if solo(t) and seat == VICI:
        return int(t.vici_prosperity)
    console = K.console
    n = min(console.food_money_diamonds, t.food[seat] // 3 + t.money[seat] // 2)
    n += sum(s.diamonds for i, s in enumerate(K.settlements)
             if t.settlement_built[seat * 4 + i])
    st = store(t, seat)
    for land in range(6):
        rows = [st[m] for m in range(18) if MATERIAL_TERRAIN[m] == land]
        n += (1 if rows[0] and rows[1] else 0) + (2 if rows[1] and rows[2] else 0)
    return n


CATEGORY_IDS = tuple(c.value for c in K.categories)


def units(t: Any, seat: int, category: int) -> int:
    """A civilization's units of a scoring category, counted from the table."""
    cat = CATEGORY_IDS[category]
    if category < 5:
        return int(t.track[seat * 5 + category])
    if cat == "evolution":
        if solo(t) and seat == VICI:
            return int(t.vici_evolution)
        return sum(feats(t, seat))
    if cat == "prosperity":
        return prosperity(t, seat)
    if cat == "population":
        up, down = tribe_counts(t, seat)
        return up + down
    return len(territories_of(t, seat))


__all__ = [
    "ENC_OF",
    "FEATURES",
    "FIRE_SP",
    "GROUNDS",
    "MATERIAL_TERRAIN",
    "RECESS_TERRITORIES",
    "TERRITORIES",
    "WATER",
    "C",
    "K",
    "Transition",
]
