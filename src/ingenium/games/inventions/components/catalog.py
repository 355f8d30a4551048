"""Integer indices over the frozen components, computed once at import for the rules engine.

The table stores only ints; this module maps them back to records: ideas, milestones, regions
(0-6 for regions 1-7), Action spaces (forum-major: space // 2 is the forum), Progress tiles
(type * 7 + number - 1), Wealth letters (0-6), hexes with their neighbours, Era-marker spaces,
Influence tokens and every effect printed anywhere (one id per distinct effect).
"""

from __future__ import annotations

from typing import Final

from ingenium.games.inventions.components import components
from ingenium.games.inventions.components.effects import (
    Build,
    BuildDiscount,
    ChangeTurnOrder,
    Effect,
    Gain,
    TakeAction,
)
from ingenium.games.inventions.components.records import Idea, Milestone, Pillar
from ingenium.games.inventions.components.terms import Action, BuildCount, Resource, Specialty

C = components()
# (the plain numbers Final: the compiled rules read them as literals, not through this module)
MAX_SEATS: Final = 4
CITIZENS: Final = 30
ASPIRATIONS: Final = 4
ECONOMY_TOKENS: Final = 3
CHAIN_TOKENS_MAX: Final = 3
TYPES = (Specialty.ECONOMY, Specialty.CULTURE, Specialty.TECHNOLOGY)
TYPE_INDEX = {s: i for i, s in enumerate(TYPES)}
TYPE_NAMES = ("economy", "culture", "technology")
SPECIALIST_NAMES = ("trader", "artisan", "thinker")

IDEAS: tuple[Idea, ...] = tuple(C.ideas.values())
IDEA_INDEX = {i.id: n for n, i in enumerate(IDEAS)}
IDEA_TYPE = tuple(TYPE_INDEX[i.type] for i in IDEAS)
IDEA_ERA = tuple(i.era for i in IDEAS)
MILESTONES: tuple[Milestone, ...] = tuple(C.milestones.values())
MILESTONE_INDEX = {m.id: n for n, m in enumerate(MILESTONES)}
M_ERA = tuple(m.era for m in MILESTONES)
M_LETTER = tuple(ord(m.deck) - ord("A") for m in MILESTONES)
M_SPACES = tuple(m.diplomat_spaces for m in MILESTONES)
IDEA_MILESTONE = tuple(MILESTONE_INDEX[i.milestone] if i.milestone else -1 for i in IDEAS)
NUM_IDEAS, NUM_MILESTONES = len(IDEAS), len(MILESTONES)

REGIONS = tuple(C.regions[n] for n in sorted(C.regions))
NUM_REGIONS = len(REGIONS)
ADJACENT = tuple(tuple(a - 1 for a in r.adjacent) for r in REGIONS)
INFLUENCE_IP = tuple(r.influence_ip for r in REGIONS)
INFLUENCE_SPACES = max(len(ip) for ip in INFLUENCE_IP)

SPACES: tuple[Action, ...] = tuple(a for n in sorted(C.forums) for a in C.forums[n].actions)
SPACE_INDEX = {a: n for n, a in enumerate(SPACES)}
NUM_SPACES = len(SPACES)
ACTIONS: tuple[Action, ...] = tuple(Action)
ACTION_INDEX = {a: n for n, a in enumerate(ACTIONS)}
ASPIRATION_OF = {a: spec.grants for a, spec in C.actions.items()}

TRACK = C.chronos_track
TRACK_ERA = tuple(s.era for s in TRACK)
TRACK_EPOCH = tuple(s.pillar is Pillar.EPOCH for s in TRACK)
TRACK_NONE = tuple(s.pillar is Pillar.NONE for s in TRACK)
ERA_CHANGE = {n: e.era_change.value for n, e in C.eras.items()}

ERA_SPACES = tuple(sorted(C.era_marker_spaces.values(), key=lambda s: (s.era, s.slot)))
ERA_SPACE_ERA = tuple(s.era for s in ERA_SPACES)
TURN_ORDER_SPACES = tuple(n for n, s in enumerate(ERA_SPACES)
                          if any(isinstance(e, ChangeTurnOrder) for e in s.effects))

SPECIALIST_TILES = tuple(C.specialist_tiles.values())
KNOWLEDGE_TILES = tuple(C.knowledge_tiles.values())
INFLUENCE_TOKENS = tuple(C.influence_tokens.values())
TOKEN_CITIZENS = tuple(t.citizens for t in INFLUENCE_TOKENS)
PLUS_ONE_TOKEN: Final = 0
NUM_TOKENS = len(INFLUENCE_TOKENS)

PROGRESS = tuple(sorted(C.progress_tiles.values(), key=lambda p: (TYPE_INDEX[p.type], p.number)))
NUM_PROGRESS = len(PROGRESS)  # 21: seven numbers of each type, see progress_at
PROGRESS_NUMBERS = NUM_PROGRESS // len(TYPE_INDEX)


def progress_at(kind: int, number: int) -> int:
    """The index in PROGRESS of a type's Progress tile numbered `number + 1`."""
    return kind * PROGRESS_NUMBERS + number


WEALTH = tuple(C.wealth_tiles[k] for k in sorted(C.wealth_tiles))
NUM_WEALTH = len(WEALTH)
# Tile codes in a tiles display / on the Progress map: 0 empty; aspirations 1-4 (economy,
# culture, technology, wild); progress tiles 10 + pid; wealth tiles 40 + letter.
EMPTY: Final = 0
ASP_WILD: Final = 4
ASP_BASE: Final = 1
PROGRESS_BASE: Final = 10
WEALTH_BASE: Final = 40
ASPIRATION_NAMES = ("economy", "culture", "technology", "wild")

HEXES = tuple(C.progress_map.values())
NUM_HEXES = len(HEXES)
HEX_ADJ = tuple(tuple(j for j, o in enumerate(HEXES) if h.touches(o)) for h in HEXES)
HEX_DISCOUNT = tuple(sum(e.citizens for e in h.effects if isinstance(e, BuildDiscount))
                     for h in HEXES)
HEX_TOKEN = tuple(h.economy_token for h in HEXES)

GOALS = tuple(C.private_goals.values())
GOAL_TYPES = tuple(sorted({g.type for g in GOALS}))
GOALS_BY_TYPE = tuple(tuple(n for n, g in enumerate(GOALS) if g.type == kind)
                      for kind in GOAL_TYPES)

INFLUENCE_TRACK = C.influence_track
CHAIN_TOKENS = tuple(s.chain_tokens for s in INFLUENCE_TRACK)
FINAL_IP = tuple(s.final_ip for s in INFLUENCE_TRACK)
ERA_ADJUST = tuple(s.era_change for s in INFLUENCE_TRACK)

# -- every effect gets an id: TakeAction for each action, then everything printed ---------------
_effects: list[Effect] = [TakeAction(a) for a in ACTIONS]
BUILD_EFFECT = Build(BuildCount.ERA_MINUS_1)


def _collect(effects: tuple[Effect, ...]) -> tuple[int, ...]:
    ids = []
    for e in effects:
        if isinstance(e, (BuildDiscount, ChangeTurnOrder)):
            continue  # handled by the build cost and the Era Change, not run as benefits
        if e not in _effects:
            _effects.append(e)
        ids.append(_effects.index(e))
    return tuple(ids)


M_EFFECTS = tuple(_collect(m.effects) for m in MILESTONES)
SPECIALIST_EFFECTS = tuple(_collect(t.benefit) for t in SPECIALIST_TILES)
KNOWLEDGE_EFFECTS = tuple(_collect(t.chain) for t in KNOWLEDGE_TILES)
TOKEN_EFFECTS = tuple(_collect(t.chain) for t in INFLUENCE_TOKENS)
PROGRESS_EFFECTS = tuple(_collect(p.effects) for p in PROGRESS)
HEX_EFFECTS = tuple(_collect(h.effects) for h in HEXES)
ERA_SPACE_EFFECTS = tuple(_collect(s.effects) for s in ERA_SPACES)
EFFECTS: tuple[Effect, ...] = tuple(_effects)
CULTURE_ON = tuple(ACTION_INDEX[p.on] if p.on is not None else -1 for p in PROGRESS)
TECH_PAIR = tuple(tuple(ACTION_INDEX[a] for a in p.pair) for p in PROGRESS)


def gains_citizen_of(effects: tuple[int, ...], kind: int) -> bool:
    """Whether these effects give a specialist of type `kind` (-1: of any type) at once."""
    for e in effects:
        eff = EFFECTS[e]
        if (isinstance(eff, Gain) and eff.what is Resource.SPECIALIST and eff.specialty
                and (kind < 0 or TYPE_INDEX[eff.specialty] == kind)):
            return True
    return False


def gains_scholar(effects: tuple[int, ...]) -> bool:
    """Whether these effects give a scholar at once."""
    return any(isinstance(EFFECTS[e], Gain) and EFFECTS[e].what is Resource.SCHOLAR  # type: ignore[union-attr]
               for e in effects)


def region_name(r: int) -> str:
    """'Africa (1)'."""
    return f"{REGIONS[r].name} ({r + 1})"
