"""Phase 7: Event phase — A) the weather moves and each civilization in seating order resolves
its space's effect (positive ones may be forgone, negative ones must be carried out; beyond a
white line the indicator goes back to Hot or Cold after triggering); B) the event card's bonus
for those meeting its requirement; C) the era's scoring category; D) the starting monolith."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import EventMode
from ingenium.games.civolution.console import gain_sp
from ingenium.games.civolution.rules.common import seating_order
from ingenium.games.civolution.rules.interpreter import (
    push_choice,
    push_effects,
    push_optional,
)
from ingenium.games.civolution.rules.requirements import count
from ingenium.games.civolution.rules.solo.table import civ_name, deciding, is_vici
from ingenium.games.civolution.rules.vocabulary import can_do
from ingenium.games.civolution.scoring import CATEGORIES, units
from ingenium.games.civolution.steps import S_AUTO, Auto
from ingenium.games.civolution.table import CivTable

if TYPE_CHECKING:
    from ingenium.engine import State

    CState = State[CivTable]

WEATHER_IDS = tuple(w.id for w in K.weather)


EVENT = 2  # the Auto step's `what` (machine.AUTOS; saved: never renumber)
ERA_SCORING = 3  # the Auto step's `what` (machine.AUTOS; saved: never renumber)


def begin(state: CState) -> None:
    """A, then B, C and D, each after the previous one's questions."""
    t = state.table
    t.pending.append(Auto(S_AUTO, what=ERA_SCORING))
    t.pending.append(Auto(S_AUTO, what=EVENT))
    steps = C.events[t.event_up].weather
    space = max(0, min(len(K.weather) - 1, t.weather - steps))  # + hotter: towards space 0
    rec = K.weather[space]
    t.weather = WEATHER_IDS.index(rec.returns_to) if rec.returns_to else space
    if state.keeps_log:  # a search's world has no log: skip building the text
        state.log(None, "weather", f"The weather moves to {rec.name}", {"space": rec.id})
    for seat in reversed(deciding(t, seating_order(t))):  # Solo: never V.I.C.I
        weather_effect(t, seat, rec.effects, rec.positive)


def weather_effect(t: CivTable, seat: int, effects: tuple[fx.Effect, ...],
                   positive: bool) -> None:
    """One civilization's weather effect: a slash is a choice; negative ones are a must."""
    if not can_do(t, seat, effects):
        return  # "unaffected ... if you have neither a food marker nor a tribe"
    for e in reversed(effects):
        if isinstance(e, fx.Choose):
            push_choice(t, seat, e, must=not positive)
        else:
            push_effects(t, seat, (e,))


def resolve_event(state: CState, step: Auto) -> None:
    """B) the bonus to the civilization(s) meeting the requirement, in seating order."""
    t = state.table
    card = C.events[t.event_up]
    order = seating_order(t)
    have = {s: count(t, s, card.count) for s in order}
    gains: list[tuple[int, tuple[fx.Effect, ...]]] = []
    if card.mode is EventMode.MOST:
        best = max(have.values())
        if best >= 1:
            gains = [(s, card.tiers[0].bonus) for s in order if have[s] == best]
    elif card.mode is EventMode.EACH:
        for s in order:
            reached = [tier for tier in card.tiers if have[s] >= tier.at]
            if reached:
                gains.append((s, reached[-1].bonus))
    else:
        gains = [(s, tier.bonus) for s in order for tier in card.tiers if have[s] >= tier.at]
    for seat, bonus in reversed(gains):
        if is_vici(t, seat):
            continue  # Solo Mode: V.I.C.I counts toward the majority but gains no bonus
        push_optional(t, seat, bonus)  # a positive effect: it may be forgone


def era_scoring(state: CState, step: Auto) -> None:
    """C) the leftmost scoring tile's category, then D) the monolith to the most points."""
    t = state.table
    space = next(i for i, c in enumerate(t.era_tiles) if c >= 0)
    category = t.era_tiles[space]
    per = K.era_scoring.points[space]
    scored = [per * units(t, s, category) for s in range(t.players)]
    for seat in seating_order(t):
        gain_sp(t, seat, scored[seat])
    t.era_tiles[space] = -1
    if state.keeps_log:
        state.log(None, "era_scoring", f"Era {t.era} scoring, {CATEGORIES[category].value}: "
                  + ", ".join(f"{civ_name(t, s)} {n} SP" for s, n in enumerate(scored)),
                  {"category": CATEGORIES[category].value, "points": scored})
    best = max(scored)
    leaders = [s for s in range(t.players) if scored[s] == best]
    if len(leaders) == 1:
        t.starting = leaders[0]
    else:
        # "Ties (even at 0): pass the monolith from the outgoing starting civilization to the
        # tied civilization next in seating order"
        t.starting = next((t.starting + i) % t.players for i in range(1, t.players)
                          if (t.starting + i) % t.players in leaders)


