"""Install 1 research card / Install 1 goal chip (The Modules: Building, Planning, and the
install modules; the stage partition; attribute chips are in attributes.py).

A card goes to its deck's column (or, the first of its type, to any empty or income-only
column), into that column's lowest free stage; that stage (5 from stage 5 up) fixes how many
of its cost spaces are active, and a higher stage's costs may be assumed for their points.
Payment (payment.py): where a cost space's requirement or its alternative, or several markers,
could pay, the civilization chooses; instant
bonuses may be forgone (one question); a level-III module's special bonus follows the instant one.
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
from ingenium.games.civolution.rules.payment import pay, payable, payment
from ingenium.games.civolution.rules.research import hand_of, leave_hand
from ingenium.games.civolution.steps import S_EFFECTS, Effects
from ingenium.games.civolution.table import (
    COL_GOAL,
    GOAL_AREA,
    ITEM_CARD,
    ITEM_GOAL,
    CivTable,
    goal_space_at,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

DECK_OF = {Installable(d.value): i for i, d in enumerate(board.DECKS)}
BUILDING = DECK_OF[Installable.BUILDING]


# ---------------------------------------------------------------- paying requirements

# ---------------------------------------------------------------- research cards

def active_spaces(card: int, stage: int) -> list[fx.CostSpace]:
    """The cost spaces a stage makes active (stage 1 = the leftmost only, ...)."""
    return [c for c in C.cards[card].costs[:min(stage, 5)] if c is not None]


def card_stages(t: CivTable, seat: int, card: int, column: int) -> list[int]:
    """Stages whose costs can be met: the column's lowest free one, or a higher assumed one."""
    low = next_stage(t, seat, column)
    return [s for s in range(low, max(low, 5) + 1)
            if (s == low or s <= 5) and payable(t, seat, list(active_spaces(card, s)))]


def installable(t: CivTable, seat: int, deck: int) -> list[int]:
    """Cards of a deck in hand that some column can take at a payable stage."""
    return [c for c in hand_of(t, seat) if board.CARD_DECK[c] == deck
            and any(card_stages(t, seat, c, col) for col in columns_for(t, seat, deck))]


def _card_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    deck = arg // 2
    return [opt("card", c, f"install:{C.cards[c].id}", f"Install {C.cards[c].name} "
                f"({C.cards[c].id})") for c in installable(t, seat, deck)]


def _card(state: CState, seat: int, option: Option, arg: int) -> int:
    card = picked(option)[1]
    push_target(state.table, seat, CARD_COLUMN, card * 2 + arg % 2)
    return arg


def _column_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    card = arg // 2
    deck = board.CARD_DECK[card]
    return [opt("column", col, f"column:{col + 1}", f"Column {col + 1} (stage "
                f"{next_stage(t, seat, col)})") for col in columns_for(t, seat, deck)
            if card_stages(t, seat, card, col)]


def _column(state: CState, seat: int, option: Option, arg: int) -> int:
    push_target(state.table, seat, CARD_STAGE, arg * 16 + picked(option)[1])
    return arg


def _stage_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    card, col = arg // 32, arg % 16
    low = next_stage(t, seat, col)
    return [opt("amount", s, f"stage:{s}", f"Pay stage {s}'s costs" + (
        " (assumed)" if s > low else "")) for s in card_stages(t, seat, card, col)]


def _stage(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    card, special, col = arg // 32, arg // 16 % 2, arg % 16
    stage = picked(option)[1]
    if special and board.CARD_DECK[card] == BUILDING and len(active_spaces(card, stage)) > 1:
        push_target(t, seat, BUILDING_SPECIAL, (card * 16 + col) * 8 + stage)
        return arg
    finish(state, seat, card, col, stage, -1, bool(special))
    return arg


def finish(state: CState, seat: int, card: int, col: int, stage: int, ignore: int,
           special: bool) -> None:
    """Pay the active cost spaces (but `ignore`; where several sources fit, the civilization
    chooses), then `_installed`."""
    context = (((card * 16 + col) * 16 + stage) * 8 + ignore + 1) * 2 + int(special)
    pay(state, seat, CARD_COST, context)


def _card_context(context: int) -> tuple[int, int, int, int, bool]:
    rest, special = divmod(context, 2)
    rest, ignore = divmod(rest, 8)
    rest, stage = divmod(rest, 16)
    card, col = divmod(rest, 16)
    return card, col, stage, ignore - 1, bool(special)


def _card_needs(t: CivTable, seat: int, context: int) -> list[Any]:
    card, _col, stage, ignore, _special = _card_context(context)
    return [c for i, c in enumerate(active_spaces(card, stage)) if i != ignore]


def _installed(state: CState, seat: int, context: int) -> None:
    """Paid: gain the active spaces' SP, the instant and special bonuses; the card goes into
    the column and its ability is active."""
    t = state.table
    card, col, _stage, _ignore, special = _card_context(context)
    gain_sp(t, seat, sum(c.sp for c in _card_needs(t, seat, context)))
    leave_hand(t, seat, card)
    active_before = active(t, seat)
    rec = C.cards[card]
    install(state, seat, col, ITEM_CARD, card, board.CARD_DECK[card])
    if special and board.CARD_DECK[card] != BUILDING:
        push_effects(t, seat, rec.special)
    push_optional(t, seat, rec.bonus)  # the instant bonus "may be forgone"
    others = [a for _, a in active_before]
    for effects in [a.effects for a in others if isinstance(a, fx.Triggered)
                    and a.on is Trigger.INSTALL_CARD][::-1]:
        push_effects(t, seat, effects)  # "after you install another research card"
    state.log(seat, "install", f"Player {seat + 1} installs {rec.name} ({rec.id})",
              {"card": rec.id})


CARD_COST = payment(0, _card_needs, _installed)


def _special_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    card, stage = arg // 128, arg % 8

    options = [opt("branch", i, f"ignore:{i + 1}", "Ignore the cost space " +
                   describe_requirement(c.need)) for i, c in
               enumerate(active_spaces(card, stage))]
    options.append(opt("done", 0, "another", "Ignore none: then install another building card"))
    return options


def _special(state: CState, seat: int, option: Option, arg: int) -> int:
    """Building III: "Either ignore any one of its active cost spaces (unless it is the only
    active cost space), or (if you did not ignore a cost space) immediately install another
    card of the same type from your hand"."""
    card, col, stage = arg // 128, arg // 8 % 16, arg % 8
    block, index = picked(option)
    if block == "branch":
        finish(state, seat, card, col, stage, index, True)
        return arg
    t = state.table
    building = list_id((fx.Install(Installable.BUILDING),))
    t.pending.append(Effects(S_EFFECTS, seat=seat, effects=building, at=0))
    finish(state, seat, card, col, stage, -1, True)
    return arg


BUILDING_SPECIAL = 74


INSTALL_CARD = 70
CARD_COLUMN = 71
CARD_STAGE = 72


# ---------------------------------------------------------------- goal chips

def goal_ready(t: CivTable, seat: int) -> list[int]:
    """Goal area spaces whose visible chip's requirement can be fulfilled now."""
    return [s for s in range(GOAL_AREA) if t.goal_area[goal_space_at(seat, s)] >= 0 and
            payable(t, seat, list(C.goal_chips[t.goal_area[goal_space_at(seat, s)]].requirement))
            and columns_for(t, seat, COL_GOAL)]


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
    pay(state, seat, GOAL_COST, arg * 16 + index)
    return arg


def _goal_needs(t: CivTable, seat: int, context: int) -> list[Any]:
    return list(C.goal_chips[t.goal_area[goal_space_at(seat, context // 16)]].requirement)


def _goal_paid(state: CState, seat: int, context: int) -> None:
    """Paid: the chip leaves the goal area (the covered one, if any, shows again and the
    upgrade icon stays hidden) and goes into the column."""
    t = state.table
    at = seat * GOAL_AREA + context // 16
    chip = t.goal_area[at]
    under = [u for u in t.goal_under if u // 100 == at]
    if under:
        t.goal_under.remove(under[-1])
        t.goal_area[at] = under[-1] % 100
    else:
        t.goal_area[at] = -1
        push_target(t, seat, UPGRADE, 0)  # "Upgrade 1 main module"
    install(state, seat, context % 16, ITEM_GOAL, chip, COL_GOAL)


GOAL_COST = payment(1, _goal_needs, _goal_paid)


INSTALL_GOAL = 73


def _can_install(t: CivTable, seat: int, e: fx.Install) -> bool:
    if e.what is Installable.GOAL_CHIP:
        return bool(goal_ready(t, seat))
    return bool(installable(t, seat, DECK_OF[e.what]))


def _install(state: CState, seat: int, e: fx.Install) -> None:
    if e.what is Installable.GOAL_CHIP:
        push_target(state.table, seat, INSTALL_GOAL, -1)
    else:
        push_target(state.table, seat, INSTALL_CARD, DECK_OF[e.what] * 2 + int(e.special))


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS = (
    Action(
        BUILDING_SPECIAL,
        "building_special",
        "Building III's special bonus:",
        _special_options,
        _special,
    ),
    Action(INSTALL_CARD, "install_card", "Install which research card?", _card_options, _card),
    Action(CARD_COLUMN, "card_column", "Into which column?", _column_options, _column),
    Action(CARD_STAGE, "card_stage", "Pay the costs of which stage?", _stage_options, _stage),
    Action(INSTALL_GOAL, "install_goal", "Install which goal chip?", _goal_options, _goal),
)

# How each effect type of this family is checked and carried out (rules/vocabulary.py).
EFFECTS: dict[type[Any], EffectRule] = {
    fx.Install: EffectRule(_can_install, _install),
}
