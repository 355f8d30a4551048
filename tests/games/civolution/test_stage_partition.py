"""The stage partition's completion bonuses ("gained at the end of the turn in which you install
a chip or card that completes the stage") and favor tests without fate dice."""

from __future__ import annotations

from ingenium.games.civolution import machine
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.rules.improvements import FAVOR_TESTS
from ingenium.games.civolution.rules.interpreter import list_id
from ingenium.games.civolution.rules.partition import install
from ingenium.games.civolution.steps import Continue, Effects
from ingenium.games.civolution.table import ACTION, COL_GOAL, ITEM_GOAL, ITEM_INCOME, Installed

from .scenario import do, ids, make, new


def test_stage_partition_completion_bonus_comes_at_the_end_of_the_turn() -> None:
    state = new(2)
    t = state.table
    t.phase, t.current = ACTION, 0
    for col in range(3):  # stage 1 has 4 columns: 3 filled by income chips
        t.installed.append(Installed(0, col, 1, ITEM_INCOME, col))
    t.column_type[3] = COL_GOAL
    t.installed.append(Installed(0, 3, 1, ITEM_GOAL, 0))
    t.pending = [make(Continue, 0)]
    install(state, 0, 3, ITEM_GOAL, 1, COL_GOAL)  # the second half-width goal chip: complete
    assert t.pending[0] == make(Continue, 0) and isinstance(t.pending[1], Effects)
    t.pending.append(make(Effects, 0, list_id((fx.Strengthen(1),)), 0))  # the turn goes on
    machine.run(state)
    state.invalidate()
    # the turn's own steps ran first; now, before its end, the stage-1 bonus: an income chip
    assert state.decision is not None and any(o.startswith("income:") for o in ids(state))
    assert t.pending[0] == make(Continue, 0)


def test_favor_test_without_fate_dice_fails_unless_on_the_rightmost_space() -> None:
    test = next(e for e in FAVOR_TESTS if not e.failed and len(e.passed) == 2)  # +2 SP
    state = new(2)
    t = state.table
    t.fate[0], t.favor[0] = 0, 0
    score = t.score[0]
    do(state, 0, test)
    assert state.decision is None and t.score[0] == score  # failed: no die to roll
    t.favor[0] = 5
    do(state, 0, test)  # passed without rolling: a procreation, then 2 SP
    assert state.decision is not None and ids(state)[0].startswith("territory:")


def test_gain_1_income_chip_full_contact_never_beside_a_lone_goal_chip() -> None:
    """Gain 1 income chip: "the bottom edge must be in full contact with the part below it";
    goal chips are half a column's width. An income chip (full width) cannot go beside a goal
    chip alone on its stage (nor above it): that column is closed to it until the second goal
    chip completes the stage."""
    state = new(2)
    t = state.table
    t.phase, t.current = ACTION, 0
    t.column_type[3] = COL_GOAL
    t.installed.append(Installed(0, 3, 1, ITEM_GOAL, 0))
    t.goal_bag.remove(0)
    do(state, 0, fx.Gain(fx.Resource.INCOME_CHIP, 1))
    chip = next(o for o in ids(state) if o.startswith("income:"))
    state.apply(chip)
    assert "column:4" not in ids(state) and "column:1" in ids(state)
    t.installed.append(Installed(0, 3, 1, ITEM_GOAL, 1))  # the stage complete: full contact above
    t.goal_bag.remove(1)
    state.invalidate()
    assert "column:4" in ids(state)
    state.apply("column:4")
    assert (0, 3, 2, ITEM_INCOME) in [i[:4] for i in t.installed]
