"""Raw and stored materials and food (The Modules: Production, Transport, Sustenance's hunt,
Exploration's lucky find, Trade; The Sites: Hidden grotto, Mushroom valley).

Fate-die rolls (hunts, lucky finds) are chance draws; the civilization then chooses the value it
uses, each idea marker turning the chosen die one step — so the question lists the reachable
results with their cost in ideas, never a cross product of dice and markers.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any

from ingenium.games.civolution import board
from ingenium.games.civolution.board import TERRITORIES, C, K, material_at
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Trigger, title
from ingenium.games.civolution.console import distance, gain_markers, gain_sp
from ingenium.games.civolution.masks import Mask, mask_of, members
from ingenium.games.civolution.options import DONE, idea_cost, opt, picked, territory_option
from ingenium.games.civolution.rules.abilities import fire
from ingenium.games.civolution.rules.common import (
    adjacent_to_site,
    my_territories,
    territories_of,
    tribes_in,
)
from ingenium.games.civolution.rules.gains import material_option
from ingenium.games.civolution.rules.interpreter import Action, EffectRule, push_repeat, push_target
from ingenium.games.civolution.rules.tribes import adjacent, name
from ingenium.games.civolution.steps import (
    S_BOAT_STORAGE,
    S_FIND_DIE,
    S_HUNT_DIE,
    S_TRADE,
    BoatStorage,
    FindDie,
    HuntDie,
    Trade,
)
from ingenium.games.civolution.table import (
    CivTable,
    P,
    boat_index,
    on_place,
    storage_at,
    stored,
)

if TYPE_CHECKING:
    from ingenium.engine import Option, State

    CState = State[CivTable]

HUNTING = tuple(K.hunting[terrain].food for terrain in board.TERRAINS)
TERRITORY_NUMBERS = range(TERRITORIES)
LAND_SET = frozenset(board.LAND_TERRAINS)
ROW_OF_VALUE = {v: K.materials[m].row for m in C.materials for v in K.materials[m].lucky_find}


def roll_fate(state: CState, seat: int) -> list[int]:
    """Roll all the seat's fate dice once."""
    return [state.draw("fate_die", range(1, 7)) for _ in range(state.table.fate[seat])]


def reachable(rolled: list[int], ideas: int) -> list[tuple[int, int]]:
    """(value, idea markers) a chosen die can be made to show."""
    out = []
    for value in range(1, 7):
        cost = min(distance(d, value) for d in rolled)
        if cost <= ideas:
            out.append((value, cost))
    return out


# ---------------------------------------------------------------- production, transport

def produce_places(t: CivTable, seat: int) -> list[int]:
    """Land territories with a tribe (codes 0-21) and boats with a tribe and a free notch
    (TERRITORIES + boat)."""
    found = [x for x in my_territories(t, seat) if board.TERRAIN[x].value != "water"]
    found += [TERRITORIES + b for b in (0, 1) if t.boat_at[boat_index(seat, b)] >= 0
              and not t.boat_notch[boat_index(seat, b)]
              and t.boat_strong[boat_index(seat, b)] + t.boat_weak[boat_index(seat, b)]]
    return found if t.supply[seat] else []


def _produce_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [territory_option(p, "Produce in") if p < TERRITORIES else
            opt("boat", p - TERRITORIES, f"boat:{p - TERRITORIES + 1}",
                f"Produce on boat {p - TERRITORIES + 1}") for p in produce_places(t, seat)]


def _produce(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    block, index = picked(option)
    t.supply[seat] -= 1
    if block == "boat":
        t.boat_notch[boat_index(seat, index)] = 1
    else:
        t.raw[on_place(index, seat)] += 1
    return arg


PRODUCE = 40


def boat_materials(t: CivTable, seat: int, boat: int, anywhere: bool) -> list[int]:
    """Storage spaces a boat's raw material may go to: the materials of developed territories
    adjacent to its Water territory (Transport III: any)."""
    if anywhere:
        return list(range(18))

    near = adjacent(t, t.boat_at[boat_index(seat, boat)])
    return sorted({t.material_tile[x] for x in near if t.material_tile[x] >= 0})


def _transport_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    options = [territory_option(x, "Transport the raw material from")
               for x in range(TERRITORIES) if t.raw[on_place(x, seat)] and t.material_tile[x] >= 0]
    options += [opt("boat", b, f"boat:{b + 1}", f"Transport from boat {b + 1}") for b in (0, 1)
                if t.boat_at[boat_index(seat, b)] >= 0 and t.boat_notch[boat_index(seat, b)]
                and boat_materials(t, seat, b, arg == 1)]
    return options


def _can_transport(t: CivTable, seat: int, arg: int) -> bool:
    """`_transport_options` is not empty (no option built): raw material on a territory
    with its material tile, or a notched boat with a material it may carry."""
    tiles = t.material_tile
    if any(tiles[x] >= 0 for x in compress(TERRITORY_NUMBERS, t.raw[seat::P])):
        return True
    return any(t.boat_at[boat_index(seat, b)] >= 0 and t.boat_notch[boat_index(seat, b)]
               and boat_materials(t, seat, b, arg == 1) for b in (0, 1))


def _transport(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    block, index = picked(option)
    if block == "territory":
        t.raw[on_place(index, seat)] -= 1
        t.storage[storage_at(seat, t.material_tile[index])] += 1
    else:
        t.pending.append(BoatStorage(S_BOAT_STORAGE, seat=seat, boat=index, anywhere=arg))
    return arg


def ask_boat_storage(t: CivTable, step: BoatStorage) -> tuple[str, list[Option]]:
    return "Onto which storage space?", [
        material_option(m) for m in boat_materials(t, step.seat, step.boat, step.anywhere == 1)]


def answer_boat_storage(state: CState, step: BoatStorage, option: Option) -> None:
    t = state.table
    t.boat_notch[boat_index(step.seat, step.boat)] = 0
    t.storage[storage_at(step.seat, picked(option)[1])] += 1


TRANSPORT = 41


# ---------------------------------------------------------------- hunting

def _can_hunt(t: CivTable, seat: int) -> bool:
    """`hunt_places` is not empty (stops at the first territory not hunted)."""
    if not t.hunting_supply or not t.fate[seat]:
        return False
    hunted = t.hunted
    return any(not hunted[x] for x in territories_of(t, seat))


def hunt_places(t: CivTable, seat: int) -> list[int]:
    """Territories with your tribe and no hunting token (none with the display empty)."""
    if not t.hunting_supply or not t.fate[seat]:
        return []  # no hunting token left, or no fate die to roll
    return [x for x in my_territories(t, seat) if not t.hunted[x]]


def _hunt_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [territory_option(x, "Hunt in") for x in hunt_places(t, seat)]


def _hunt(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    terr = picked(option)[1]
    rolled = roll_fate(state, seat)
    t.hunted[terr] = 1
    t.hunting_supply -= 1
    t.pending.append(HuntDie(S_HUNT_DIE, seat=seat, territory=terr, rolled=shown(rolled)))
    return arg


def shown(rolled: list[int]) -> Mask:
    """The values some die shows, as a set (member v-1 for value v)."""
    return mask_of(v - 1 for v in rolled)


def values(shown_values: Mask) -> list[int]:
    """The values some die shows, from `shown`'s set."""
    return [n + 1 for n in members(shown_values)]


def ask_hunt_die(t: CivTable, step: HuntDie) -> tuple[str, list[Option]]:
    column = HUNTING[board.TERRAINS.index(board.TERRAIN[step.territory])]
    return "Which fate die value do you use?", [
        opt("amount", value, f"use:{value}:ideas={cost}",
            f"Use a {value}{f' ({idea_cost(cost)})' if cost else ''}: {column[value - 1]} food")
        for value, cost in reachable(values(step.rolled), t.ideas[step.seat])]


def answer_hunt_die(state: CState, step: HuntDie, option: Option) -> None:
    t = state.table
    seat, terr = step.seat, step.territory
    value = picked(option)[1]
    cost = min(distance(d, value) for d in values(step.rolled))
    t.ideas[seat] -= cost
    t.supply[seat] += cost
    food = HUNTING[board.TERRAINS.index(board.TERRAIN[terr])][value - 1]
    food += sum(1 for _, near in adjacent_to_site(t, "mushroom_valley") if terr in near)
    gain_markers(t, seat, "food", food)
    fire(t, seat, Trigger.HUNT)
    if state.keeps_log:  # a search's world has no log: skip building the text
        state.log(seat, "hunt", f"Player {seat + 1} hunts {food} food in {name(terr)}",
                  {"food": food})


HUNT = 43


# ---------------------------------------------------------------- lucky find

def _find_types(t: CivTable, seat: int) -> list[int]:
    if not t.supply[seat] or not t.fate[seat]:
        return []
    found = {board.TERRAIN[x] for x in my_territories(t, seat) if tribes_in(t, seat, x)}
    return [i for i, terrain in enumerate(board.LAND_TERRAINS) if terrain in found]


def _can_find(t: CivTable, seat: int) -> bool:
    """`_find_types` is not empty: a marker and a fate die, and a tribe on land (every
    territory the seat has is one with its tribe)."""
    if not t.supply[seat] or not t.fate[seat]:
        return False
    return any(board.TERRAIN[x] in LAND_SET for x in territories_of(t, seat))


def _find_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    return [opt("terrain", x, f"terrain:{board.LAND_TERRAINS[x].value}",
                f"Lucky find in {title(board.LAND_TERRAINS[x])}") for x in _find_types(t, seat)]


def _find(state: CState, seat: int, option: Option, arg: int) -> int:
    terrain = picked(option)[1]
    rolled = roll_fate(state, seat)
    state.table.pending.append(FindDie(S_FIND_DIE, seat=seat, terrain=terrain,
                                       rolled=shown(rolled)))
    return arg


def ask_find_die(t: CivTable, step: FindDie) -> tuple[str, list[Option]]:
    terrain = step.terrain
    best: dict[int, int] = {}
    for value, cost in reachable(values(step.rolled), t.ideas[step.seat]):
        row = ROW_OF_VALUE[value]
        best[row] = min(best.get(row, 99), cost)
    return "Which storage row (fate die value) do you use?", [
        opt("amount", row, f"row:{row}:ideas={cost}",
            f"{title(C.materials[material_at(terrain, row)])}"
            f"{f' ({idea_cost(cost)})' if cost else ''}") for row, cost in sorted(best.items())]


def answer_find_die(state: CState, step: FindDie, option: Option) -> None:
    t = state.table
    seat = step.seat
    row = picked(option)[1]
    cost = min(distance(d, v) for d in values(step.rolled) for v in range(1, 7)
               if ROW_OF_VALUE[v] == row)
    t.ideas[seat] -= cost
    t.supply[seat] += cost
    gain_markers(t, seat, "material", 1, material_at(step.terrain, row))
    fire(t, seat, Trigger.LUCKY_FIND)


LUCKY_FIND = 45


# ---------------------------------------------------------------- trade

SALE_MONEY, SALE_SP, PURCHASE = 0, 1, 2


def _purchase_cost(t: CivTable, m: int) -> int:
    return 2 if m in t.material_tile else 4


def new_trade(seat: int, times: int) -> Trade:
    """The Trade action before any Sale or Purchase: 3 questions per level's `times`."""
    return Trade(S_TRADE, seat=seat, left=3 * times, times=times, sold_for_money=0,
                 sold_for_sp=0, purchased=0)


def _trade_options(t: CivTable, step: Trade) -> list[Option]:
    seat, times = step.seat, step.times
    store = stored(t, seat)
    options = []
    if sum(store) and step.sold_for_money < times:
        options.append(opt("branch", 0, "sale:money", "Sell a stored material for money"))
    if sum(store) and step.sold_for_sp < times:
        options.append(opt("branch", 1, "sale:sp", "Sell a stored material for 2 SP"))
    if t.money[seat] >= 2 and t.supply[seat] and step.purchased < times and any(
            _purchase_cost(t, m) <= t.money[seat] for m in range(18)):
        options.append(opt("branch", 2, "purchase", "Purchase a material"))
    return options


def _can_trade(t: CivTable, step: Trade) -> bool:
    """`_trade_options` is not empty (no option built): a sale or a purchase is left."""
    seat, times = step.seat, step.times
    if (step.sold_for_money < times or step.sold_for_sp < times) and sum(stored(t, seat)) != 0:
        return True
    return bool(t.money[seat] >= 2 and t.supply[seat] and step.purchased < times and any(
        _purchase_cost(t, m) <= t.money[seat] for m in range(18)))


def ask_trade(t: CivTable, step: Trade) -> tuple[str, list[Option]]:
    options = _trade_options(t, step)
    return f"Trade: sell or purchase? ({step.left} left)", [*options, DONE] if options else []


def answer_trade(state: CState, step: Trade, option: Option) -> None:
    """One Sale or Purchase (its material asked next); the next one waits beneath it."""
    if option is DONE:
        return
    t = state.table
    at = len(t.pending)
    mode = picked(option)[1]
    push_target(t, step.seat, TRADE_MATERIAL, mode)
    if step.left > 1:
        done = step._replace(left=step.left - 1)
        if mode == SALE_MONEY:
            done = done._replace(sold_for_money=step.sold_for_money + 1)
        elif mode == SALE_SP:
            done = done._replace(sold_for_sp=step.sold_for_sp + 1)
        else:
            done = done._replace(purchased=step.purchased + 1)
        t.pending.insert(at, done)


def _trade_material_options(t: CivTable, seat: int, arg: int) -> list[Option]:
    if arg == PURCHASE:
        return [material_option(m) for m in range(18) if _purchase_cost(t, m) <= t.money[seat]]
    return [material_option(m) for m in range(18) if t.storage[storage_at(seat, m)]]


def _trade_material(state: CState, seat: int, option: Option, arg: int) -> int:
    t = state.table
    m = picked(option)[1]
    if arg == PURCHASE:
        cost = _purchase_cost(t, m)
        t.money[seat] -= cost
        t.supply[seat] += cost
        gain_markers(t, seat, "material", 1, m)
        return arg
    t.storage[storage_at(seat, m)] -= 1
    t.supply[seat] += 1
    if arg == SALE_MONEY:
        gain_markers(t, seat, "money", K.materials[C.materials[m]].money)
    else:
        gain_sp(t, seat, 2)
    return arg


TRADE_MATERIAL = 48


# This family's actions, by code (rules/vocabulary.py gathers every family's).
ACTIONS: tuple[Action, ...] = (
    Action(PRODUCE, "produce", "Produce a raw material where?", _produce_options, _produce),
    Action(
        TRANSPORT,
        "transport",
        "Transport which raw material to storage?",
        _transport_options,
        _transport,
    ),
    Action(HUNT, "hunt", "Perform a hunt: in which territory?", _hunt_options, _hunt),
    Action(LUCKY_FIND, "lucky_find", "Make a lucky find: which land type?", _find_options, _find),
    Action(
        TRADE_MATERIAL,
        "trade_material",
        "Which material?",
        _trade_material_options,
        _trade_material,
    ),
)

# How each effect type of this family is checked and carried out (rules/vocabulary.py).
EFFECTS: dict[type[Any], EffectRule] = {
    fx.Produce: EffectRule(
        lambda t, s, e: bool(produce_places(t, s)),
        lambda state, s, e: push_repeat(state.table, s, PRODUCE, e.count),
    ),
    fx.Transport: EffectRule(
        lambda t, s, e: _can_transport(t, s, int(e.boats_anywhere)),
        lambda state, s, e: push_repeat(
            state.table, s, TRANSPORT, e.count if e.count is not None else 40, int(e.boats_anywhere)
        ),
    ),
    fx.Hunt: EffectRule(
        lambda t, s, e: _can_hunt(t, s),
        lambda state, s, e: push_repeat(state.table, s, HUNT, e.count),
    ),
    fx.LuckyFind: EffectRule(
        lambda t, s, e: _can_find(t, s),
        lambda state, s, e: push_repeat(state.table, s, LUCKY_FIND, e.count),
    ),
    fx.Trade: EffectRule(
        lambda t, s, e: _can_trade(t, new_trade(s, e.times)),
        lambda state, s, e: state.table.pending.append(new_trade(s, e.times)),
    ),
}
