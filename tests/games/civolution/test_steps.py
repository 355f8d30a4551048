"""Pending steps (steps.py) and the one table that handles them (machine.py): explicit kind
codes that never change, a handler for every record, saves as flat lists of ints that load back
into their records, and saves written before the records had named fields still loading."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ingenium.engine import State, table_from_data
from ingenium.games.civolution import machine, steps
from ingenium.games.civolution.rules import interpreter, vocabulary
from ingenium.games.civolution.table import (
    CivTable,
    CoveredGoal,
    DealtMarkerCard,
    HeldCard,
    step_from_data,
)

from .scenario import GAME

FIXTURES = Path(__file__).parent / "fixtures"

# The saved codes: a save holds them, so a code never moves to another record.
SAVED_CODES = {
    0: "Phase", 1: "NewGoal", 2: "ExtraFind", 3: "Turn", 4: "Activation", 5: "RerollReset",
    6: "ResetPlace", 7: "Effects", 8: "Choice", 9: "Repeat", 10: "Target", 11: "Feed",
    13: "Refill", 14: "Continue", 15: "Auto", 16: "HuntDie", 17: "FindDie", 18: "Trade",
    19: "Activities", 20: "IncomeOrder", 21: "MigrateTo", 22: "ExploreFrom", 23: "FavorTestIdeas",
    24: "HolyRockIdeas", 25: "PlaceNewTribes", 26: "BoatStorage", 27: "BuildWhere",
    28: "InstallCard", 29: "CardColumn", 30: "CardStage", 31: "BuildingSpecial", 32: "PayCard",
    33: "PayGoal", 34: "BuildProjects", 35: "DeusExMachina",
}


def test_kind_codes_are_the_saved_ones_and_every_record_has_a_handler() -> None:
    assert {code: cls.__name__ for code, cls in steps.STEP_TYPES.items()} == SAVED_CODES
    assert set(machine.STEPS) == set(steps.STEP_TYPES.values())


@pytest.mark.parametrize("kind", sorted(steps.STEP_TYPES))
def test_a_saved_step_loads_back_into_its_record(kind: int) -> None:
    record = steps.STEP_TYPES[kind]
    saved = [kind] + [1] * (len(record._fields) - 1)
    loaded = step_from_data(saved)
    assert type(loaded) is record and list(loaded) == saved


@pytest.mark.parametrize("saved", [[], [99, 0], [12, 0], [3, 0, 0], ["x", 0], [7, 0, 0]])
def test_a_step_that_is_no_record_is_rejected(saved: list[object]) -> None:
    with pytest.raises(ValueError, match="pending step"):
        step_from_data(saved)


def test_an_old_effects_step_with_its_packed_flag_is_migrated() -> None:
    """Before `Effects.asked`, the flag was bit 12 of `at` (4 fields after the kind)."""
    assert step_from_data([7, 2, 30, 3]) == steps.Effects(7, seat=2, effects=30, at=3, asked=0)
    assert step_from_data([7, 2, 30, 4096 + 3]) == steps.Effects(7, seat=2, effects=30, at=3,
                                                                 asked=1)


def test_a_save_written_before_the_step_records_loads_and_plays_on() -> None:
    """A 3-player save mid-turn (an Effects step pending) written by the code before the steps
    had explicit codes and fields: it loads, matches a replay of its history, and plays to the
    end."""
    text = (FIXTURES / "save_before_step_records.json").read_text()
    state = GAME.from_json(text)
    assert any(isinstance(step, steps.Effects) for step in state.table.pending)
    replayed = GAME.replay(state.players, state.seed, state.variant, state.history)
    assert replayed.table.pending == state.table.pending
    assert replayed.fingerprint() == state.fingerprint()
    rng = random.Random(1)
    while state.decision is not None:
        state.apply(rng.choice(state.decision.options))
    assert state.is_terminal


def test_automatic_parts_keep_their_saved_codes() -> None:
    """An `Auto` step saves its part's code: the table of parts never renumbers one."""
    named = {code: run.__name__ for code, run in machine.AUTOS.items()}
    assert named == {
        1: "score_strong", 2: "resolve_event", 3: "era_scoring", 4: "income_rest",
        5: "glacier", 6: "oaks", 7: "reveal", 8: "refill_reset_columns",
        9: "raw_material_after_replenishing", 20: "goal", 21: "turn", 22: "feed_step",
    }


@pytest.mark.parametrize(("saved", "record"), [
    ([15, 5, 11 * 4 + 2], steps.Auto(15, what=5, seat=2, place=11)),  # Glacier: recess, seat
    ([15, 9, 17 * 4 + 3], steps.Auto(15, what=9, seat=3, place=17)),  # raw material: territory
    ([15, 8, 1], steps.Auto(15, what=8, seat=1)),  # reset columns' refill: the seat
    ([15, 2, 0], steps.Auto(15, what=2)),  # the event: no seat, no place
    ([14, 1], steps.Continue(14, seat=1)),
    ([14, 1 + 4], steps.Continue(14, seat=1, asked=1)),  # once flagged seat + P
])
def test_an_old_automatic_step_with_a_packed_argument_loads_with_named_fields(
        saved: list[int], record: steps.Auto | steps.Continue) -> None:
    """An `Auto` step once held `place * P + seat` (or the seat) in one `arg`; a `Continue`
    step flagged its attribute chip question asked as `seat + P`."""
    assert step_from_data(saved) == record
    assert step_from_data(list(record)) == record  # today's saves load as written


# the record each save's packed step loads into (the rest are still `Target` steps)
MIGRATED_RECORD: dict[str, type[steps.Step]] = {
    "hunt_die": steps.HuntDie, "find_die": steps.FindDie, "income_order": steps.IncomeOrder,
    "migrate_to": steps.MigrateTo, "migrate_to_encampment": steps.MigrateTo,
    "trade": steps.Trade, "trade_used": steps.Trade, "activity": steps.Activities,
    "explore": steps.ExploreFrom, "favor_ideas": steps.FavorTestIdeas,
    "boat_storage": steps.BoatStorage, "build_where": steps.BuildWhere,
    "card_column": steps.CardColumn, "card_stage": steps.CardStage,
}
SAVES_BEFORE_NAMED_FIELDS = json.loads(
    (FIXTURES / "saves_before_named_step_fields.json").read_text())


@pytest.mark.parametrize(("setup", "name"), [
    (setup, name) for setup, saves in sorted(SAVES_BEFORE_NAMED_FIELDS.items())
    for name in sorted(saves)])
def test_a_save_with_packed_action_arguments_loads_matches_its_replay_and_plays_on(
        setup: str, name: str) -> None:
    """Saves written while the hunt's dice, a trade's counts, an activity's flag, a migration's
    source and the like were packed into one int (a 2-player game and a solo game, each with
    such a step pending): each loads, equals a replay of its history and plays to the end."""
    state = GAME.from_json(SAVES_BEFORE_NAMED_FIELDS[setup][name])
    record = MIGRATED_RECORD.get(name, steps.Target)
    assert any(type(step) is record for step in state.table.pending)
    _equals_its_replay_and_plays_on(state, seed=2)


@pytest.mark.parametrize(("saved", "record"), [
    ([10, 1, 44, 7 * 64 + 0b100101, 1],
     steps.HuntDie(16, seat=1, territory=7, rolled=0b100101)),
    ([10, 0, 46, 2 * 64 + 0b000110, 1], steps.FindDie(17, seat=0, terrain=2, rolled=0b110)),
    ([10, 2, 32, 3 << 20 | 0b010, 1], steps.IncomeOrder(20, seat=2, chips=3, done=0b010)),
    ([10, 1, 21, 40 + 128 * 2, 1],
     steps.MigrateTo(21, seat=1, source=40, left=2, territory=-1)),
    ([10, 1, 21, (1 << 10) + 40 * 32 + 9, 1],
     steps.MigrateTo(21, seat=1, source=40, left=0, territory=9)),
    ([9, 3, 47, 4, 2 << 12 | 1 << 8 | 2], steps.Trade(
        18, seat=3, left=4, times=2, sold_for_money=2, sold_for_sp=0, purchased=1)),
    ([9, 0, 31, 2, -1], steps.Activities(19, seat=0, left=2, different=0, used=0)),
    ([9, 0, 31, 2, 1 << 40 | 1 << 39 | 1], steps.Activities(
        19, seat=0, left=2, different=1, used=1 << 39 | 1)),
    ([10, 0, 50, 1 * 16 + 2, 1], steps.ExploreFrom(22, seat=0, extra=1, sp=2)),
    ([10, 1, 8, 5 * 8 + 2, 1], steps.FavorTestIdeas(23, seat=1, test=5, cost=2)),
    ([10, 1, 93, 11 * 8 + 1, 1], steps.HolyRockIdeas(24, seat=1, territory=11, cost=1)),
    ([10, 2, 25, 2 * 2 + 1, 1], steps.PlaceNewTribes(25, seat=2, tribes=2, weak=1)),
    ([10, 0, 42, 1 * 2 + 1, 1], steps.BoatStorage(26, seat=0, boat=1, anywhere=1)),
    ([10, 3, 61, 1, 1], steps.BuildWhere(27, seat=3, project=1, ground=-1)),
    ([10, 3, 61, 4 + 7 * 2 + 1, 1], steps.BuildWhere(27, seat=3, project=3, ground=7)),
    ([10, 0, 73, 2, 1], steps.Target(10, seat=0, action=73, arg=2, left=1)),
    ([10, 1, 70, 3 * 2 + 1, 1], steps.InstallCard(28, seat=1, deck=3, special=1)),
    ([10, 0, 71, 17, 1], steps.CardColumn(29, seat=0, card=8, special=1)),
    ([10, 0, 72, (40 * 2 + 1) * 16 + 5, 1],
     steps.CardStage(30, seat=0, card=40, column=5, special=1)),
    ([10, 2, 74, (33 * 16 + 4) * 8 + 3, 1],
     steps.BuildingSpecial(31, seat=2, card=33, column=4, stage=3)),
    ([10, 0, 76, ((((((70 * 16 + 2) * 16 + 6) * 8 + 1 + 1) * 2 + 1) * 8 + 0) * 8 + 2), 1],
     steps.PayCard(32, seat=0, card=70, column=2, stage=6, ignored=1, special=1,
                   requirement=2)),
    ([10, 0, 76, (((70 * 16 + 2) * 16 + 6) * 8 + 0) * 2 * 64 + 1, 1],
     steps.PayCard(32, seat=0, card=70, column=2, stage=6, ignored=-1, special=0,
                   requirement=1)),
    ([10, 2, 24, 57 * 2 + 1, 1], steps.DeusExMachina(35, seat=2, place=57, strong=1)),
    ([10, 2, 24, -1, 3], steps.Target(10, seat=2, action=24, arg=-1, left=3)),  # still asks
    ([9, 1, 60, 2, -1], steps.BuildProjects(34, seat=1, left=2, same=0, project=-1)),
    ([9, 1, 60, 2, -2], steps.BuildProjects(34, seat=1, left=2, same=1, project=-1)),
    ([9, 1, 60, 1, 3], steps.BuildProjects(34, seat=1, left=1, same=1, project=3)),
    ([10, 3, 76, ((2 * 16 + 7) * 8 + 1) * 8 + 0, 1],
     steps.PayGoal(33, seat=3, space=2, column=7, requirement=0)),
])
def test_an_old_generic_step_with_packed_fields_loads_into_its_own_record(
        saved: list[int], record: steps.Step) -> None:
    """Hunts' and lucky finds' dice, the Income phase's chip order, a migration's source and
    territory, a trade's counts, an activity's `different`, an exploration's extra sites and
    points, a favor test's cost, new tribes' count and side, a boat's transport and a
    building's project and ground, the research card chain's card, column, stage and special
    flag, a payment's context, the Building module's project and the tribe a Deus ex machina
    may save were packed into a `Target`
    or `Repeat` step's one `arg`; such a step loads into the record with those fields named."""
    assert step_from_data(saved) == record


def test_the_vocabulary_table_has_a_rule_for_every_printed_effect_and_fresh_action_codes() -> None:
    """Every effect type printed on a component (nested ones too) has its rule in the one table
    the action families' constants make up; no action reuses a code an old save may hold."""
    printed = {type(e) for effects in interpreter.LISTS for e in effects}
    assert printed <= set(vocabulary.EFFECTS)
    assert not set(vocabulary.ACTIONS) & interpreter.RETIRED_ACTION_CODES
    assert all(code == act.code for code, act in vocabulary.ACTIONS.items())
    names = [act.name for act in vocabulary.ACTIONS.values()]
    assert len(names) == len(set(names))


def test_a_save_with_packed_table_codes_loads_into_named_records() -> None:
    """Saves before the named table records held a hand card as seat * 1000 + card, a dealt
    starting marker card as seat * 100 + card and a covered goal chip as (seat * 3 + space)
    * 100 + chip; they load into `HeldCard`, `DealtMarkerCard` and `CoveredGoal`, and today's
    saves (their fields as a list) load back unchanged."""
    old = table_from_data(CivTable, {
        "hand": [1005, 0], "secret": [1005], "looking": [3159], "marker_offer": [207],
        "goal_under": [(1 * 3 + 2) * 100 + 41]})
    assert old.hand == [HeldCard(seat=1, card=5), HeldCard(seat=0, card=0)]
    assert old.secret == [HeldCard(seat=1, card=5)]
    assert old.looking == [HeldCard(seat=3, card=159)]
    assert old.marker_offer == [DealtMarkerCard(seat=2, card=7)]
    assert old.goal_under == [CoveredGoal(seat=1, space=2, chip=41)]
    assert table_from_data(CivTable, old.to_data()) == old


SAVES_BEFORE_FEED_PLACES = json.loads(
    (FIXTURES / "saves_before_feed_places.json").read_text())["2 players"]


@pytest.mark.parametrize("name", sorted(SAVES_BEFORE_FEED_PLACES))
def test_a_save_with_a_packed_feed_slot_loads_matches_its_replay_and_plays_on(name: str) -> None:
    """2-player saves written while the Feeding phase's step held its group as one `slot`
    (an encampment, a wilderness side, a boat side): each loads into a `Feed` step naming the
    group's place and side, equals a replay of its history, asks the same question, and plays
    to the end; a "build" event logged with its old project code still counts its building."""
    state = GAME.from_json(SAVES_BEFORE_FEED_PLACES[name])
    assert isinstance(state.table.pending[-1], steps.Feed)
    _equals_its_replay_and_plays_on(state, seed=3)
    again = GAME.replay(state.players, state.seed, state.variant, state.history)
    built = [seat["buildings"] for seat in GAME.statistics(state)]
    assert built == [seat["buildings"] for seat in GAME.statistics(again)]
    if name == "feed_after_statue":
        assert any("statue" in seat for seat in built)


@pytest.mark.parametrize(("saved", "record"), [
    ([11, 0, 5, 1], steps.Feed(11, seat=0, place=5, strong=0, handled=1)),  # encampment 5
    ([11, 1, 68 + 2 * 2, 0], steps.Feed(11, seat=1, place=68 + 2, strong=0, handled=0)),
    ([11, 1, 68 + 2 * 19 + 1, 1], steps.Feed(11, seat=1, place=68 + 19, strong=1, handled=1)),
    ([11, 1, 68 + 44 + 2 * 1 + 1, 1], steps.Feed(11, seat=1, place=68 + 22 + 1, strong=1,
                                                  handled=1)),  # boat 2, upright
])
def test_an_old_feed_step_with_a_packed_slot_loads_with_its_place_and_side(
        saved: list[int], record: steps.Feed) -> None:
    """A `Feed` step once held its group as one slot: encampments 0-67, then 68 + territory * 2
    + side, then 112 + boat * 2 + side; it loads with the group's place code (tribes.py) and
    side named, and today's saves load as written."""
    assert step_from_data(saved) == record
    assert step_from_data(list(record)) == record


def test_the_decision_a_move_leads_to_is_the_one_decide_works_out() -> None:
    """`resolve` hands the engine the question it stopped at (worked out once per position);
    after every move of a random game it equals what `machine.decide` asks afresh."""
    state = GAME.new_game(3, 4)
    rng = random.Random(4)
    while (decision := state.decision) is not None:
        assert decision == machine.decide(state.table)
        state.apply(rng.choice(decision.options))
    assert machine.decide(state.table) is None


def _equals_its_replay_and_plays_on(state: State[Any], seed: int) -> None:
    """A loaded save: its pending steps, fingerprint and question equal a replay of its
    history's, and random play from it reaches the end."""
    replayed = GAME.replay(state.players, state.seed, state.variant, state.history)
    assert replayed.table.pending == state.table.pending
    assert replayed.fingerprint() == state.fingerprint()
    assert state.decision == replayed.decision
    rng = random.Random(seed)
    while state.decision is not None:
        state.apply(rng.choice(state.decision.options))
    assert state.is_terminal
