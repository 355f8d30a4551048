"""Install 1 research card / Install 1 goal chip / Attribute chips (The Modules: Building,
Planning, and the install modules; the stage partition).

A card goes to its deck's column (or, the first of its type, to any empty or income-only
column), into that column's lowest free stage; that stage (5 from stage 5 up) fixes how many
of its cost spaces are active, and a higher stage's costs may be assumed for their points.
Readings: a cost space is paid by its requirement, or by its alternative when the requirement
cannot be met; a cost that several markers could pay is paid from the fullest space; instant
bonuses are taken (they are gains); a level-III module's special bonus follows the instant one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.effect_text import describe_ability
from ingenium.games.civolution.components.icons import Installable, Resource, Trigger
from ingenium.games.civolution.console import gain_sp
from ingenium.games.civolution.options import goal_chip_name, opt, picked
from ingenium.games.civolution.rules.abilities import active
from ingenium.games.civolution.rules.gains import SPACES
from ingenium.games.civolution.rules.improvements import UPGRADE
from ingenium.games.civolution.rules.interpreter import (
    action,
    effect,
    list_id,
    push_effects,
    push_target,
)
from ingenium.games.civolution.rules.partition import columns_for, install, next_stage
from ingenium.games.civolution.rules.requirements import met
from ingenium.games.civolution.rules.research import hand_of, leave_hand
from ingenium.games.civolution.steps import Effects, make
from ingenium.games.civolution.table import (
    COL_ATTRIBUTE,
    COL_GOAL,
    GOAL_AREA,
    ITEM_ATTRIBUTE,
    ITEM_CARD,
    ITEM_GOAL,
    CivTable,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

DECK_OF = {Installable(d.value): i for i, d in enumerate(board.DECKS)}
BUILDING = DECK_OF[Installable.BUILDING]
ATTRIBUTES = tuple(K.attribute_chips.values())


# ---------------------------------------------------------------- paying requirements

def _pools(t: CivTable, seat: int) -> dict[str, list[int]]:
    return {"storage": t.storage[seat * 18:seat * 18 + 18],
            "feature": t.feature[seat * 6:seat * 6 + 6],
            "space": [t.ideas[seat], t.focus[seat], t.food[seat], t.money[seat]]}


SPACE_ORDER = (Resource.IDEA, Resource.FOCUS, Resource.FOOD, Resource.MONEY)


def _take(pools: dict[str, list[int]], e: fx.Pay) -> list[tuple[str, int, int]] | None:
    """Deduct a cost from the pools; the (pool, index, amount) taken, or None if it can't."""
    if e.what in SPACES:
        i = SPACE_ORDER.index(e.what)
        keys = [i]
        pool = "space"
    elif e.what is Resource.FEATURE:
        pool = "feature"
        keys = [board.FEATURES.index(e.feature)] if e.feature else list(range(6))
    else:
        pool = "storage"
        if e.material is not None:
            keys = [C.material_index[e.material]]
        elif e.terrain is not None:
            land = board.LAND_TERRAINS.index(e.terrain)
            keys = [m for m in range(18) if board.MATERIAL_TERRAIN[m] == land]
        else:
            keys = list(range(18))
    values = pools[pool]
    best = max(keys, key=lambda k: values[k])
    if values[best] < e.amount:
        return None
    values[best] -= e.amount
    return [(pool, best, e.amount)]


def plan(t: CivTable, seat: int, needs: list[Any]) -> list[tuple[str, int, int]] | None:
    """How to pay a list of requirements (each a Requirement or a CostSpace), or None."""
    pools = _pools(t, seat)
    taken: list[tuple[str, int, int]] = []
    for need in needs:
        choices = [need.need, need.alt] if isinstance(need, fx.CostSpace) else [need]
        for req in choices:
            if req is None:
                continue
            if isinstance(req, fx.Have):
                if met(t, seat, req):
                    break
                continue
            got = _take(pools, req)
            if got is not None:
                taken += got
                break
        else:
            return None
    return taken


def pay_plan(t: CivTable, seat: int, taken: list[tuple[str, int, int]]) -> None:
    """Return the planned markers to the supply."""
    for pool, index, amount in taken:
        if pool == "storage":
            t.storage[seat * 18 + index] -= amount
        elif pool == "feature":
            t.feature[seat * 6 + index] -= amount
        else:
            getattr(t, ("ideas", "focus", "food", "money")[index])[seat] -= amount
        t.supply[seat] += amount


# ---------------------------------------------------------------- research cards

def active_spaces(card: int, stage: int) -> list[fx.CostSpace]:
    """The cost spaces a stage makes active (stage 1 = the leftmost only, ...)."""
    return [c for c in C.cards[card].costs[:min(stage, 5)] if c is not None]


def card_stages(t: CivTable, seat: int, card: int, column: int) -> list[int]:
    """Stages whose costs can be met: the column's lowest free one, or a higher assumed one."""
    low = next_stage(t, seat, column)
    return [s for s in range(low, max(low, 5) + 1)
            if (s == low or s <= 5) and plan(t, seat, list(active_spaces(card, s))) is not None]


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
    """Pay the active cost spaces (but `ignore`), gain their SP, the instant and special
    bonuses; the card goes into the column and its ability is active."""
    t = state.table
    spaces = [c for i, c in enumerate(active_spaces(card, stage)) if i != ignore]
    taken = plan(t, seat, list(spaces))
    assert taken is not None
    pay_plan(t, seat, taken)
    gain_sp(t, seat, sum(c.sp for c in spaces))
    leave_hand(t, seat, card)
    active_before = active(t, seat)
    rec = C.cards[card]
    install(state, seat, col, ITEM_CARD, card, board.CARD_DECK[card])
    if special and board.CARD_DECK[card] != BUILDING:
        push_effects(t, seat, rec.special)
    push_effects(t, seat, rec.bonus)
    others = [a for _, a in active_before]
    for effects in [a.effects for a in others if isinstance(a, fx.Triggered)
                    and a.on is Trigger.INSTALL_CARD][::-1]:
        push_effects(t, seat, effects)  # "after you install another research card"
    state.log(seat, "install", f"Player {seat + 1} installs {rec.name} ({rec.id})",
              {"card": rec.id})


def _special_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    card, stage = arg // 128, arg % 8
    from ingenium.games.civolution.components.effect_text import describe_requirement

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
    t.pending.append(make(Effects, seat, list_id((fx.Install(Installable.BUILDING),)), 0))
    finish(state, seat, card, col, stage, -1, True)
    return arg


BUILDING_SPECIAL = action(74, "building_special", "Building III's special bonus:",
                          _special_options, _special)


INSTALL_CARD = action(70, "install_card", "Install which research card?", _card_options, _card)
CARD_COLUMN = action(71, "card_column", "Into which column?", _column_options, _column)
CARD_STAGE = action(72, "card_stage", "Pay the costs of which stage?", _stage_options, _stage)


# ---------------------------------------------------------------- goal chips

def goal_ready(t: CivTable, seat: int) -> list[int]:
    """Goal area spaces whose visible chip's requirement can be fulfilled now."""
    return [s for s in range(GOAL_AREA) if t.goal_area[seat * GOAL_AREA + s] >= 0 and
            plan(t, seat, list(C.goal_chips[t.goal_area[seat * GOAL_AREA + s]].requirement))
            is not None and columns_for(t, seat, COL_GOAL)]


def _goal_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    if arg >= 0:
        return [opt("column", c, f"column:{c + 1}", f"Column {c + 1}")
                for c in columns_for(t, seat, COL_GOAL)]
    return [opt("goal_space", s, f"install_goal:{C.goal_chips[t.goal_area[seat * 3 + s]].id}",
                f"Install the {goal_chip_name(t.goal_area[seat * 3 + s])}")
            for s in goal_ready(t, seat)]


def _goal(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    block, index = picked(option)
    if block == "goal_space":
        push_target(t, seat, INSTALL_GOAL, index)
        return arg
    at = seat * GOAL_AREA + arg
    chip = t.goal_area[at]
    taken = plan(t, seat, list(C.goal_chips[chip].requirement))
    assert taken is not None
    pay_plan(t, seat, taken)
    under = [u for u in t.goal_under if u // 100 == at]
    if under:  # the covered chip shows again; the upgrade icon stays hidden
        t.goal_under.remove(under[-1])
        t.goal_area[at] = under[-1] % 100
    else:
        t.goal_area[at] = -1
        push_target(t, seat, UPGRADE, 0)  # "Upgrade 1 main module"
    install(state, seat, index, ITEM_GOAL, chip, COL_GOAL)
    return arg


INSTALL_GOAL = action(73, "install_goal", "Install which goal chip?", _goal_options, _goal)


def _can_install(t: CivTable, seat: int, e: fx.Install) -> bool:
    if e.what is Installable.GOAL_CHIP:
        return bool(goal_ready(t, seat))
    return bool(installable(t, seat, DECK_OF[e.what]))


def _install(state: CState, seat: int, e: fx.Install) -> None:
    if e.what is Installable.GOAL_CHIP:
        push_target(state.table, seat, INSTALL_GOAL, -1)
    else:
        push_target(state.table, seat, INSTALL_CARD, DECK_OF[e.what] * 2 + int(e.special))


effect(fx.Install, _can_install, _install)


# ---------------------------------------------------------------- attribute chips

def attribute_slots(t: CivTable, seat: int) -> list[int]:
    """Displayed attribute chips whose feature markers the seat holds (and a column)."""
    if not columns_for(t, seat, COL_ATTRIBUTE):
        return []
    return [s for s, chip in enumerate(t.attribute_display) if chip >= 0 and
            t.feature[seat * 6 + board.FEATURES.index(ATTRIBUTES[chip].feature)] >=
            ATTRIBUTES[chip].amount]


def attribute_option(t: CivTable, slot: int) -> Option:
    """Taking a displayed attribute chip, as a turn option."""
    chip = ATTRIBUTES[t.attribute_display[slot]]
    return opt("attribute", slot, f"attribute:{chip.id}",
               f"Install the attribute chip ({describe_ability(chip.ability)}; return 1 of "
               f"your {chip.amount} {chip.feature.value} markers)")


def take_attribute(state: CState, seat: int, slot: int) -> None:
    """Return one marker of the feature, take the chip, refill, install it."""
    from ingenium.games.civolution.rules.setup import refill

    t = state.table
    chip = t.attribute_display[slot]
    f = board.FEATURES.index(ATTRIBUTES[chip].feature)
    t.feature[seat * 6 + f] -= 1
    t.supply[seat] += 1
    t.attribute_display[slot] = -1
    refill(state, t.attribute_display, t.attribute_bag, "attribute_chip")
    column = columns_for(t, seat, COL_ATTRIBUTE)[0]
    install(state, seat, column, ITEM_ATTRIBUTE, chip, COL_ATTRIBUTE)
