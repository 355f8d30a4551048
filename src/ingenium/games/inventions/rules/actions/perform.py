"""Step 2 B, Perform the Action: the same steps whether main, chained (D. Chain Action;
"Performing a Chain Action") or free (a Specialist tile's benefit); then, after every action,
the Culture tiles on it and the Technology tile's paired Chain Action (Key Concepts I)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ingenium.engine import Option
from ingenium.games.inventions import options, steps
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.components.effects import TakeAction
from ingenium.games.inventions.components.terms import ACTION_NAMES
from ingenium.games.inventions.rules import conditions
from ingenium.games.inventions.rules.key_concepts import (
    add_influence,
    gain_aspiration,
    push_effects,
    who,
)
from ingenium.games.inventions.table import InvTable, IState, P, hex_at, hexes, progress_map_of

# The first question of each action (Call Specialists starts with an Aspiration tile and two
# steps of its own, see start_action).
FIRST_STEP: Mapping[int, Callable[[int], steps.Step]] = {
    conditions.PRESENT: lambda seat: steps.PresentIdea(steps.S_PRESENT, seat),
    conditions.INVENT: lambda seat: steps.Invent(steps.S_INVENT, seat),
    conditions.INNOVATE: lambda seat: steps.Innovate(steps.S_INNOVATE, seat),
    conditions.SHARE: lambda seat: steps.ShareInvention(steps.S_SHARE, seat),
    conditions.GAIN_INF: lambda seat: steps.InfluenceRegion(steps.S_GI_REGION, seat),
    conditions.TRAVEL: lambda seat: steps.Travel(steps.S_TRAVEL, seat),
    conditions.EUREKA: lambda seat: steps.Eureka(steps.S_EUREKA, seat),
    conditions.SEND: lambda seat: steps.SendDiplomat(steps.S_SEND, seat),
    conditions.RECALL: lambda seat: steps.CallDiplomat(steps.S_RECALL, seat),
}

# the records above and each action's AfterAction, built once for every seat (records are
# immutable: one serves every turn)
FIRST_STEPS = tuple({action: first(seat) for action, first in FIRST_STEP.items()}
                    for seat in range(P))
AFTER_ACTION = tuple(tuple(steps.AfterAction(steps.S_AFTER, seat, action)
                           for action in range(len(catalog.ACTIONS))) for seat in range(P))


def start_action(state: IState, seat: int, action: int, how: str) -> None:
    """The Actions: the same steps whether main, chained or free; Culture and Technology
    tiles follow it (AfterAction)."""
    t = state.table
    if state.keeps_log:  # a search's world has no log: skip building the text
        state.log(seat, "action", f"{who(seat)} {how}: {ACTION_NAMES[catalog.ACTIONS[action]]}",
                  {"action": catalog.ACTIONS[action].value, "how": how})
    t.pending.append(AFTER_ACTION[seat][action])
    if action == conditions.CALL:
        gain_aspiration(state, seat, 0)
        t.pending.append(steps.CallSpecialistsChain(steps.S_CALL_CHAIN, seat))
        t.pending.append(steps.HomeRegion(steps.S_HOME_REGION, seat, steps.HOME_CALL))
        return
    if action == conditions.TRAVEL:
        gain_aspiration(state, seat, 1)
    t.pending.append(FIRST_STEPS[seat][action])


def run_chain(state: IState, seat: int, effects: tuple[int, ...], how: str) -> None:
    """A chosen Chain Action: actions start at once, other icons are queued."""
    for e in reversed(effects):
        eff = catalog.EFFECTS[e]
        if isinstance(eff, TakeAction):
            start_action(state, seat, catalog.ACTION_INDEX[eff.action], how)
        else:
            push_effects(state.table, seat, (e,))


# -- free actions and Chain Actions ---------------------------------------------------------------
def free_options(t: InvTable, step: steps.FreeAction) -> list[Option]:
    """Specialist tile: a free action, or skip it."""
    seat, action = step.seat, step.action
    return [options.FREE[action], options.SKIP] if conditions.can(t, seat, action) else []


def chain_options(t: InvTable, step: steps.ChainAction) -> list[Option]:
    """A Chain Action needs a prepared token; it is optional."""
    seat, action = step.seat, step.action
    if t.chain_left > 0 and conditions.can(t, seat, action):
        return [options.CHAIN[action], options.SKIP]
    return []


def answer_free_or_chain(state: IState, step: steps.FreeAction | steps.ChainAction,
                         block: str, index: int) -> None:
    """Perform the offered action (a chain spends a token) or skip it."""
    t = state.table
    t.pending.pop()
    seat, action = step.seat, step.action
    if block == "free":
        start_action(state, seat, action, "takes a free action")
    elif block == "chain":
        t.chain_left -= 1
        start_action(state, seat, action, "chains")


# -- after the action: Culture and Technology tiles ------------------------------------------------
CULTURE_CODES = frozenset(range(catalog.PROGRESS_BASE + 7, catalog.PROGRESS_BASE + 14))
TECHNOLOGY_CODES = frozenset(range(catalog.PROGRESS_BASE + 14, catalog.WEALTH_BASE))


def after_action(state: IState, step: steps.AfterAction) -> None:
    """I. Culture tiles: the bonus of each tile on this action; then the Technology offer."""
    t = state.table
    t.pending.pop()
    seat, action = step.seat, step.action
    t.pending.append(steps.TechnologyTile(steps.S_TECH, seat, action))
    built = progress_map_of(t, seat)
    if CULTURE_CODES.isdisjoint(built):  # no Culture tile yet (a scan in C)
        return
    for code in built:
        if catalog.PROGRESS_BASE + 7 <= code < catalog.PROGRESS_BASE + 14 \
                and catalog.CULTURE_ON[code - catalog.PROGRESS_BASE] == action:
            if state.keeps_log:
                state.log(seat, "culture", f"{who(seat)}'s Culture tile "
                          f"{code - catalog.PROGRESS_BASE - 6} triggers")
            push_effects(t, seat, catalog.PROGRESS_EFFECTS[code - catalog.PROGRESS_BASE])


def tech_tiles(t: InvTable, seat: int, action: int) -> list[tuple[int, int]]:
    """(hex, paired action) of face-up Technology tiles pairing this action with a doable one."""
    built = progress_map_of(t, seat)
    if TECHNOLOGY_CODES.isdisjoint(built):  # no Technology tile yet (a scan in C)
        return []
    out = []
    flipped = t.flipped[hexes(seat)]
    for h, code in enumerate(built):
        if code >= catalog.PROGRESS_BASE + 14 and code < catalog.WEALTH_BASE \
                and not flipped[h]:
            pair = catalog.TECH_PAIR[code - catalog.PROGRESS_BASE]
            if action in pair:
                other = pair[1] if pair[0] == action else pair[0]
                if conditions.can(t, seat, other):
                    out.append((h, other))
    return out


def tech_options(t: InvTable, step: steps.TechnologyTile) -> list[Option]:
    """I. Technology tile: one per turn, a Chain Action token and 1 influence."""
    seat, action = step.seat, step.action
    if t.tech_used or t.chain_left <= 0 or t.influence[seat] < 1:
        return []
    tiles = tech_tiles(t, seat, action)
    if not tiles:
        return []
    return [*(options.TECH[t.progress_map[hex_at(seat, h)] - catalog.PROGRESS_BASE - 14]
              for h, _ in tiles), options.SKIP]


def answer_tech(state: IState, step: steps.TechnologyTile, block: str, index: int) -> None:
    """Flip the tile face down for good and chain its paired action."""
    t = state.table
    t.pending.pop()
    if block != "tech":
        return
    seat, action = step.seat, step.action
    for h, other in tech_tiles(t, seat, action):
        if t.progress_map[hex_at(seat, h)] == catalog.PROGRESS_BASE + 14 + index:
            t.flipped[hex_at(seat, h)] = 1
            t.tech_used = 1
            t.chain_left -= 1
            add_influence(state, seat, -1, "Technology tile")
            start_action(state, seat, other, f"uses Technology tile {index + 1} to chain")
            return
