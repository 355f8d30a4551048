"""Module: Exploration's sites (explore new sites; reveal 1 more anywhere; extra SP) and
Module: Research's secret draws (The Sites: Volcano returns adjacent farms when revealed).

Face-down sites are an unordered pool: revealing a recess draws its site. Cards drawn secretly
are seen only by the drawer (`visible_to`); the ones not kept go, in the order drawn, to the
known bottom of their stacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Trigger
from ingenium.games.civolution.console import gain_sp
from ingenium.games.civolution.names import recess_touching
from ingenium.games.civolution.options import opt, picked, territory_option
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.rules.common import my_territories, territories_of
from ingenium.games.civolution.rules.interpreter import Action, EffectRule, push_target
from ingenium.games.civolution.rules.research import any_face_down, draw_down, has_stack, stack_size
from ingenium.games.civolution.steps import S_EXPLORE_FROM, ExploreFrom
from ingenium.games.civolution.table import CivTable, HeldCard

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]


# each territory's adjacent site recesses, in order
RECESSES_NEAR = tuple(tuple(r for r, ts in enumerate(board.RECESS_TERRITORIES) if terr in ts)
                      for terr in range(board.TERRITORIES))


def hidden_near(t: CivTable, terr: int) -> list[int]:
    """Face-down site recesses adjacent to a territory."""
    return [r for r in RECESSES_NEAR[terr] if t.recess_site[r] < 0]


def reveal_site(state: CState, seat: int, recess: int) -> None:
    """Turn a site face up (drawn from the pool); its explorer gains its SP."""
    t = state.table
    site = state.draw("site", t.site_pool)
    t.site_pool.remove(site)
    t.recess_site[recess] = site
    rec = C.sites[site]
    gain_sp(t, seat, rec.sp)
    if rec.type.value == "volcano":
        for terr in board.RECESS_TERRITORIES[recess]:
            owner = t.farm[terr]
            if owner >= 0:  # "existing farms in adjacent territories are returned"
                t.farm[terr] = -1
                t.farms_left[owner] += 1
    if state.keeps_log:  # a search's world has no log: skip building the text
        state.log(seat, "site", f"Player {seat + 1} reveals {rec.name} (+{rec.sp} SP)",
                  {"site": rec.id, "recess": board.RECESSES[recess].id})


def _explore_terrs(t: CivTable, seat: int) -> list[int]:
    return [x for x in my_territories(t, seat) if hidden_near(t, x)]


def _can_explore(t: CivTable, seat: int) -> bool:
    """`_explore_terrs` is not empty: stops at the first face-down recess found."""
    sites = t.recess_site
    for x in territories_of(t, seat):
        for r in RECESSES_NEAR[x]:
            if sites[r] < 0:
                return True
    return False


def ask_explore(t: CivTable, step: ExploreFrom) -> tuple[str, list[Option]]:
    return "Explore new sites from which territory?", [
        territory_option(x, "Explore from") for x in _explore_terrs(t, step.seat)]


def answer_explore(state: CState, step: ExploreFrom, option: Option) -> None:
    t = state.table
    seat = step.seat
    for recess in hidden_near(t, picked(option)[1]):
        reveal_site(state, seat, recess)
    gain_sp(t, seat, step.sp)
    fire(t, seat, Trigger.EXPLORE)
    if step.extra and any(s < 0 for s in t.recess_site):
        push_target(t, seat, EXTRA_SITE, -1, step.extra)


def _extra_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [opt("recess", r, f"recess:{board.RECESSES[r].id}",
                f"Reveal the site touching {recess_touching(r)}")
            for r in range(len(board.RECESSES)) if t.recess_site[r] < 0]


def _extra(state: CState, seat: int, option: Option, arg: int) -> int:
    reveal_site(state, seat, picked(option)[1])
    return arg


EXTRA_SITE = 51


# ---------------------------------------------------------------- secret draws

def _stack_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [opt("stack_down", d, f"draw:{deck.value}", f"Draw from the {deck.value} stack")
            for d, deck in enumerate(board.DECKS) if has_stack(t, d)]


def _draw(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    card = draw_down(state, picked(option)[1], (seat,))
    t.looking.append(HeldCard(seat, card))
    return arg


def _keep_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    """The ids name a position among the cards looked at, never the card: the history is
    public, the cards are not."""
    mine = [held.card for held in t.looking if held.seat == seat]
    return [opt("amount", n, f"keep:{n + 1}", f"Keep {C.cards[c].name} ({C.cards[c].id})")
            for n, c in enumerate(mine)]


def _keep(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    kept = [held for held in t.looking if held.seat == seat][picked(option)[1]]
    t.looking.remove(kept)
    t.hand.append(kept)
    t.secret.append(kept)
    if arg <= 1:  # the last card kept: the others go to the bottoms of their stacks
        for held in [h for h in t.looking if h.seat == seat]:
            t.looking.remove(held)
            t.bottom.append(held.card)
            t.bottom_seat.append(seat)
    return arg - 1


DRAW_SECRETLY = 52
KEEP = 53


def _draw_secretly(state: CState, seat: int, e: fx.DrawSecretly) -> None:
    t = state.table
    draws = min(e.draw, sum(stack_size(t, d) for d in range(5)))
    keep = min(e.keep, draws)
    push_target(t, seat, KEEP, keep, keep)
    push_target(t, seat, DRAW_SECRETLY, -1, draws)


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(
        EXTRA_SITE, "extra_site", "Reveal 1 more face-down site: which?", _extra_options, _extra
    ),
    Action(
        DRAW_SECRETLY,
        "draw_secretly",
        "Draw a card secretly from which face-down stack?",
        _stack_options,
        _draw,
    ),
    Action(KEEP, "keep", "Keep which card for your hand?", _keep_options, _keep),
)

# How each effect type of this family is checked and carried out (rules/vocabulary.py).
EFFECTS: dict[type[Any], EffectRule] = {
    fx.Explore: EffectRule(
        lambda t, s, e: _can_explore(t, s),
        lambda state, s, e: state.table.pending.append(
            ExploreFrom(S_EXPLORE_FROM, seat=s, extra=e.extra, sp=e.sp)),
    ),
    fx.DrawSecretly: EffectRule(
        lambda t, s, e: any_face_down(t), _draw_secretly
    ),
}
