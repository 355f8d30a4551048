"""End of the Game, Important additional notes: the marker supply is limited to 50 pieces; an
empty supply may be replenished by returning any number of markers from the console and the
continent (never statues, reset markers or markers on boats) when markers are to be gained."""

from __future__ import annotations

from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.components.icons import Resource
from ingenium.games.civolution.invariants import invariants
from ingenium.games.civolution.table import P

from .scenario import CState, answer, do, ids, new


def _empty_supply(state: CState, seat: int = 0) -> None:
    """Move the seat's whole supply onto its food space (markers stay 50)."""
    t = state.table
    t.food[seat] += t.supply[seat]
    t.supply[seat] = 0
    state.invalidate()


def test_final_scoring_notes_marker_supply_of_50_replenished_before_a_gain() -> None:
    state = new(2)
    t = state.table
    _empty_supply(state)
    do(state, 0, fx.Gain(Resource.IDEA, 2))
    options = ids(state)
    assert "return:food" in options and "done" in options
    assert not any(o in options for o in ("return:statue", "return:reset", "return:boat"))
    food, ideas = t.food[0], t.ideas[0]
    answer(state, "return:food", "return:food", "done")
    assert (t.food[0], t.ideas[0], t.supply[0]) == (food - 2, ideas + 2, 0)
    assert not invariants(t)


def test_final_scoring_notes_replenishing_is_optional_and_never_takes_boats_markers() -> None:
    state = new(2)
    t = state.table
    _empty_supply(state)
    # leave only the raw materials on the continent and the markers in the boats' notches
    for name in ("food", "money", "ideas", "focus"):
        getattr(t, name)[0] = 0
    t.feature[0:6] = [0] * 6
    t.storage[0:18] = [0] * 18
    t.planning[0:6] = [0] * 6
    raw = [x for x in range(len(t.raw) // P) if t.raw[x * P + 0]]
    assert raw  # the starting raw materials
    state.invalidate()
    do(state, 0, fx.Gain(Resource.FOOD, 1))
    assert ids(state) == ["return:raw", "done"]
    answer(state, "done")  # declined: nothing is gained
    assert t.food[0] == 0 and t.supply[0] == 0 and state.decision is None


def test_do_a_reset_without_reset_markers_may_replenish_an_empty_supply_first() -> None:
    from ingenium.games.civolution.steps import Turn
    from ingenium.games.civolution.table import ACTION

    from .scenario import push

    state = new(2)
    t = state.table
    t.phase, t.current = ACTION, 0
    t.supply[0] += sum(t.reset_marker[0:4])
    t.reset_marker[0:4] = [0, 0, 0, 0]
    t.dice[0:6] = [1, 0, 0, 0, 0, 0]  # 1 die: a Reset is allowed
    t.used_dice[0] += 5
    _empty_supply(state)
    push(state, Turn, 0)
    answer(state, "reset")
    while "return:food" not in ids(state):  # step B's questions first
        answer(state, ids(state)[0])
    answer(state, "return:food", "done")
    assert t.supply[0] == 1 and ids(state) == ["place:idea", "place:food"]
    ideas = t.ideas[0]
    answer(state, "place:idea")
    assert t.ideas[0] == ideas + 1 and t.supply[0] == 0


def test_phase3_extra_find_with_an_empty_supply_may_replenish_first() -> None:
    from ingenium.games.civolution.steps import ExtraFind

    from .scenario import push

    state = new(2)
    t = state.table
    _empty_supply(state)
    push(state, ExtraFind, 0, -1)
    answer(state, ids(state)[0])  # a land type with a tribe
    assert "return:food" in ids(state)
    answer(state, "return:food", "done")
    stored = sum(t.storage[0:18])
    answer(state, ids(state)[0])
    assert sum(t.storage[0:18]) == stored + 1 and t.supply[0] == 0


def test_phase8_income_equipping_reset_columns_may_replenish_an_empty_supply() -> None:
    from ingenium.games.civolution.rules.income import INCOME_REST
    from ingenium.games.civolution.steps import Auto

    from .scenario import push

    state = new(2)
    t = state.table
    t.supply[0] += 2
    t.reset_marker[0:4] = [0, 0, 1, 1]
    _empty_supply(state)
    push(state, Auto, INCOME_REST)
    while state.decision is not None and state.decision.seat != 0:
        answer(state, ids(state)[0])
    assert "return:food" in ids(state)
    answer(state, "return:food", "done")
    assert t.reset_marker[0:4] == [1, 0, 1, 1] and t.supply[0] == 0  # one column refilled


def test_final_scoring_notes_developing_a_territory_may_replenish_an_empty_supply_first() -> None:
    """The raw material a first settler places comes from the supply: an empty one may be
    replenished before it, and the marker lands once the civilization is done returning."""
    from ingenium.games.civolution import board
    from ingenium.games.civolution.rules.tribes import develop

    state = new(2)
    t = state.table
    _empty_supply(state)
    terr = next(x for x in range(len(t.developed))
                if not t.developed[x] and board.TERRAIN[x] in board.LAND_TERRAINS)
    food, before = t.food[0], t.raw[terr * P]
    develop(state, 0, terr)
    state.invalidate()
    assert "return:food" in ids(state) and "done" in ids(state)
    answer(state, "return:food", "done")
    assert t.developed[terr] and t.raw[terr * P] == before + 1
    assert (t.food[0], t.supply[0]) == (food - 1, 0)
    assert not invariants(t)
