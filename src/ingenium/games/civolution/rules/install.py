"""Install 1 research card / Install 1 goal chip (The Modules: Building, Planning, and the
install modules; the stage partition; attribute chips are in attributes.py).

A card goes to its deck's column (or, the first of its type, to any empty or income-only
column), into that column's lowest free stage; that stage (5 from stage 5 up) fixes how many
of its cost spaces are active, and a higher stage's costs may be assumed for their points.
Each question of the chain is a step record of its own (`InstallCard`, `CardColumn`,
`CardStage`, `BuildingSpecial`, then the payment's `PayCard` or `PayGoal`). Payment
(payment.py): where a cost space's requirement or its alternative, or several markers, could
pay, the civilization chooses; instant bonuses may be forgone (one question); a level-III
module's special bonus follows the instant one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.effect_text import describe_requirement
from ingenium.games.civolution.components.icons import Installable, Trigger
from ingenium.games.civolution.console import gain_sp
from ingenium.games.civolution.names import goal_text
from ingenium.games.civolution.options import DONE, opt, picked
from ingenium.games.civolution.rules.abilities import active
from ingenium.games.civolution.rules.improvements import UPGRADE
from ingenium.games.civolution.rules.interpreter import (
    Action,
    EffectRule,
    list_id,
    push_effects,
    push_optional,
    push_target,
)
from ingenium.games.civolution.rules.partition import columns_for, install, next_stage
from ingenium.games.civolution.rules.payment import Pools, pay, payable, payment, pools_of
from ingenium.games.civolution.rules.research import hand_of, leave_hand
from ingenium.games.civolution.steps import (
    S_BUILDING_SPECIAL,
    S_CARD_COLUMN,
    S_CARD_STAGE,
    S_EFFECTS,
    S_INSTALL_CARD,
    S_PAY_CARD,
    S_PAY_GOAL,
    BuildingSpecial,
    CardColumn,
    CardStage,
    Effects,
    InstallCard,
    PayCard,
    PayGoal,
)
from ingenium.games.civolution.table import (
    COL_GOAL,
    ITEM_CARD,
    ITEM_GOAL,
    CivTable,
    goal_space_at,
    goal_spaces,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

DECK_OF = {Installable(d.value): i for i, d in enumerate(board.DECKS)}
BUILDING = DECK_OF[Installable.BUILDING]


# ---------------------------------------------------------------- research cards

def active_spaces(card: int, stage: int) -> list[fx.CostSpace]:
    """The cost spaces a stage makes active (stage 1 = the leftmost only, ...)."""
    return [c for c in C.cards[card].costs[:min(stage, 5)] if c is not None]


def card_stages(t: CivTable, seat: int, card: int, column: int) -> list[int]:
    """Stages whose costs can be met: the column's lowest free one, or a higher assumed one."""
    return [s for s in _stages_to_try(next_stage(t, seat, column))
            if payable(t, seat, list(active_spaces(card, s)))]


def _stages_to_try(low: int) -> list[int]:
    """The stages a card may go into in a column whose lowest free stage is `low`: it, and
    a higher one assumed up to stage 5."""
    return [s for s in range(low, max(low, 5) + 1) if s == low or s <= 5]


def installable(t: CivTable, seat: int, deck: int) -> list[int]:
    """Cards of a deck in hand that some column can take at a payable stage."""
    cards = [c for c in hand_of(t, seat) if board.CARD_DECK[c] == deck]
    if not cards:
        return []
    lows = sorted({next_stage(t, seat, col) for col in columns_for(t, seat, deck)})
    pools = pools_of(t, seat)
    return [c for c in cards if _fits_some_column(t, seat, c, lows, pools)]


def _fits_some_column(t: CivTable, seat: int, card: int, lows: list[int], pools: Pools) -> bool:
    """Whether a column whose lowest free stage is one of `lows` (sorted) can take the card.
    A stage's cost spaces extend the lower stages' (its active spaces are theirs and more), so
    a stage that cannot be paid rules out every higher one: the lowest stage decides."""
    return bool(lows) and payable(t, seat, active_spaces(card, lows[0]), pools)


def ask_card(t: CivTable, step: InstallCard) -> tuple[str, list[Option]]:
    """Which card of the deck, from the hand."""
    return "Install which research card?", [
        opt("card", c, f"install:{C.cards[c].id}", f"Install {C.cards[c].name} ({C.cards[c].id})")
        for c in installable(t, step.seat, step.deck)]


def answer_card(state: CState, step: InstallCard, option: Option) -> None:
    state.table.pending.append(CardColumn(S_CARD_COLUMN, seat=step.seat, card=picked(option)[1],
                                          special=step.special))


def ask_column(t: CivTable, step: CardColumn) -> tuple[str, list[Option]]:
    """Which column takes the card (a payable stage in it). A column's stages depend only on
    its lowest free stage, and the lowest stage decides (see _fits_some_column): each lowest
    stage's payment searched once."""
    seat, card = step.seat, step.card
    fits: dict[int, bool] = {}  # by a column's lowest free stage: payable (see _fits_some_column)
    options = []
    for col in columns_for(t, seat, board.CARD_DECK[card]):
        low = next_stage(t, seat, col)
        if low not in fits:
            fits[low] = payable(t, seat, active_spaces(card, low))
        if fits[low]:
            options.append(opt("column", col, f"column:{col + 1}", f"Column {col + 1} (stage "
                               f"{low})"))
    return "Into which column?", options


def answer_column(state: CState, step: CardColumn, option: Option) -> None:
    state.table.pending.append(CardStage(S_CARD_STAGE, seat=step.seat, card=step.card,
                                         column=picked(option)[1], special=step.special))


def ask_stage(t: CivTable, step: CardStage) -> tuple[str, list[Option]]:
    """Which stage's costs are paid: the lowest free one, or a higher one assumed."""
    low = next_stage(t, step.seat, step.column)
    return "Pay the costs of which stage?", [
        opt("amount", s, f"stage:{s}", f"Pay stage {s}'s costs" + (" (assumed)" if s > low else ""))
        for s in card_stages(t, step.seat, step.card, step.column)]


def answer_stage(state: CState, step: CardStage, option: Option) -> None:
    card, stage = step.card, picked(option)[1]
    if step.special and board.CARD_DECK[card] == BUILDING and len(active_spaces(card, stage)) > 1:
        state.table.pending.append(BuildingSpecial(
            S_BUILDING_SPECIAL, seat=step.seat, card=card, column=step.column, stage=stage))
        return
    finish(state, step.seat, card, step.column, stage, -1, bool(step.special))


def finish(state: CState, seat: int, card: int, col: int, stage: int, ignore: int,
           special: bool) -> None:
    """Pay the active cost spaces (but `ignore`; where several sources fit, the civilization
    chooses), then `_installed`."""
    pay(state, PayCard(S_PAY_CARD, seat=seat, card=card, column=col, stage=stage,
                       ignored=ignore, special=int(special), requirement=0))


def _card_needs(t: CivTable, step: PayCard) -> list[Any]:
    return [c for i, c in enumerate(active_spaces(step.card, step.stage)) if i != step.ignored]


def _installed(state: CState, step: PayCard) -> None:
    """Paid: gain the active spaces' SP, the instant and special bonuses; the card goes into
    the column and its ability is active."""
    t = state.table
    seat, card = step.seat, step.card
    gain_sp(t, seat, sum(c.sp for c in _card_needs(t, step)))
    leave_hand(t, seat, card)
    active_before = active(t, seat)
    rec = C.cards[card]
    install(state, seat, step.column, ITEM_CARD, card, board.CARD_DECK[card])
    if step.special and board.CARD_DECK[card] != BUILDING:
        push_effects(t, seat, rec.special)
    push_optional(t, seat, rec.bonus)  # the instant bonus "may be forgone"
    others = [a for _, a in active_before]
    for effects in [a.effects for a in others if isinstance(a, fx.Triggered)
                    and a.on is Trigger.INSTALL_CARD][::-1]:
        push_effects(t, seat, effects)  # "after you install another research card"
    if state.keeps_log:  # a search's world has no log: skip building the text
        state.log(seat, "install", f"Player {seat + 1} installs {rec.name} ({rec.id})",
                  {"card": rec.id})


payment(PayCard, _card_needs, _installed)


def ask_special(t: CivTable, step: BuildingSpecial) -> tuple[str, list[Option]]:
    """Building III's special bonus: which cost space is ignored, or none."""
    options = [opt("branch", i, f"ignore:{i + 1}", "Ignore the cost space " +
                   describe_requirement(c.need)) for i, c in
               enumerate(active_spaces(step.card, step.stage))]
    options.append(opt("done", 0, "another", "Ignore none: then install another building card"))
    return "Building III's special bonus:", options


def answer_special(state: CState, step: BuildingSpecial, option: Option) -> None:
    """Building III: "Either ignore any one of its active cost spaces (unless it is the only
    active cost space), or (if you did not ignore a cost space) immediately install another
    card of the same type from your hand"."""
    seat, card, col, stage = step.seat, step.card, step.column, step.stage
    block, index = picked(option)
    if block == "branch":
        finish(state, seat, card, col, stage, index, True)
        return
    building = list_id((fx.Install(Installable.BUILDING),))
    state.table.pending.append(Effects(S_EFFECTS, seat=seat, effects=building, at=0))
    finish(state, seat, card, col, stage, -1, True)


# ---------------------------------------------------------------- goal chips

def goal_ready(t: CivTable, seat: int) -> list[int]:
    """Goal area spaces whose visible chip's requirement can be fulfilled now."""
    chips = [(s, chip) for s, chip in enumerate(goal_spaces(t, seat)) if chip >= 0]
    if not chips or not columns_for(t, seat, COL_GOAL):  # (the same for every space)
        return []
    pools = pools_of(t, seat)
    return [s for s, chip in chips
            if payable(t, seat, list(C.goal_chips[chip].requirement), pools)]


def _goal_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    if arg >= 0:
        return [opt("column", c, f"column:{c + 1}", f"Column {c + 1}")
                for c in columns_for(t, seat, COL_GOAL)]
    chips = {s: t.goal_area[goal_space_at(seat, s)] for s in goal_ready(t, seat)}
    options = [opt("goal_space", s, f"install_goal:{C.goal_chips[chip].id}",
                   f"Install goal chip: {goal_text(chip)}") for s, chip in chips.items()]
    return [*options, DONE] if options else []  # Planning III: "and/or"


def _goal(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    if option is DONE:
        return arg
    block, index = picked(option)
    if block == "goal_space":
        push_target(t, seat, INSTALL_GOAL, index)
        return arg
    pay(state, PayGoal(S_PAY_GOAL, seat=seat, space=arg, column=index, requirement=0))
    return arg


def _goal_needs(t: CivTable, step: PayGoal) -> list[Any]:
    return list(C.goal_chips[t.goal_area[goal_space_at(step.seat, step.space)]].requirement)


def _goal_paid(state: CState, step: PayGoal) -> None:
    """Paid: the chip leaves the goal area (the covered one, if any, shows again and the
    upgrade icon stays hidden) and goes into the column."""
    t = state.table
    seat = step.seat
    at = goal_space_at(seat, step.space)
    chip = t.goal_area[at]
    under = [u for u in t.goal_under if u.seat == seat and u.space == step.space]
    if under:
        t.goal_under.remove(under[-1])
        t.goal_area[at] = under[-1].chip
    else:
        t.goal_area[at] = -1
        push_target(t, seat, UPGRADE, 0)  # "Upgrade 1 main module"
    install(state, seat, step.column, ITEM_GOAL, chip, COL_GOAL)


payment(PayGoal, _goal_needs, _goal_paid)


INSTALL_GOAL = 73


def _can_install(t: CivTable, seat: int, e: fx.Install) -> bool:
    """`goal_ready` / `installable` is not empty: stops at the first chip or card found."""
    if e.what is Installable.GOAL_CHIP:
        chips = [chip for chip in goal_spaces(t, seat) if chip >= 0]
        if not chips or not columns_for(t, seat, COL_GOAL):
            return False
        pools = pools_of(t, seat)
        return any(payable(t, seat, list(C.goal_chips[chip].requirement), pools)
                   for chip in chips)
    deck = DECK_OF[e.what]
    cards = [c for c in hand_of(t, seat) if board.CARD_DECK[c] == deck]
    if not cards:
        return False
    lows = sorted({next_stage(t, seat, col) for col in columns_for(t, seat, deck)})
    pools = pools_of(t, seat)
    return any(_fits_some_column(t, seat, c, lows, pools) for c in cards)


def _install(state: CState, seat: int, e: fx.Install) -> None:
    if e.what is Installable.GOAL_CHIP:
        push_target(state.table, seat, INSTALL_GOAL, -1)
    else:
        state.table.pending.append(InstallCard(S_INSTALL_CARD, seat=seat, deck=DECK_OF[e.what],
                                               special=int(e.special)))


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(INSTALL_GOAL, "install_goal", "Install which goal chip?", _goal_options, _goal),
)

# How each effect type of this family is checked and carried out (rules/vocabulary.py).
EFFECTS: dict[type[Any], EffectRule] = {
    fx.Install: EffectRule(_can_install, _install),
}
