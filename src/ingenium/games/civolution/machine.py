"""The step machine: the one table from each pending-step record (`steps.py`) to the rule that
handles it, and the loop that runs steps until a decision is due.

A step either runs by itself (`Runs`: it was popped and may push further steps) or asks its seat
(`Asks`: `ask(table, step)` gives the prompt and the options, `answer(state, step, option)`
carries out the choice). A question with no option is passed over. Options other rules add to
a civilization's questions in its own turn (attributes.offer: an attribute chip) keep the step
on the stack beneath the question they lead to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ingenium.engine import Decision, Option, State
from ingenium.games.civolution import steps
from ingenium.games.civolution.machine_loop import Loop
from ingenium.games.civolution.rules import (
    action_phase,
    activation,
    building,
    event_phase,
    exploration,
    extra_find,
    feeding,
    flow,
    improvements,
    income,
    install,
    materials,
    new_goals,
    payment,
    site_actions,
    sites,
    starting_b,
    tribe_actions,
    tribes,
    vocabulary,
)
from ingenium.games.civolution.rules.solo import flow as solo_flow
from ingenium.games.civolution.rules.solo import table as solo_table
from ingenium.games.civolution.table import OVER, CivTable

CState = State[CivTable]
S = TypeVar("S")

# The automatic parts of phases an `Auto` step runs, by its `what` code (saved: never renumber).
AUTOS: dict[int, Callable[[CState, steps.Auto], None]] = {
    feeding.SCORE_STRONG: feeding.score_strong,
    event_phase.EVENT: event_phase.resolve_event,
    event_phase.ERA_SCORING: event_phase.era_scoring,
    income.INCOME_REST: income.income_rest,
    sites.GLACIER: sites.glacier,
    sites.OAKS: sites.oaks,
    starting_b.REVEAL: starting_b.reveal,
    income.RESET_COLUMNS_REFILL: income.refill_reset_columns,
    tribes.RAW_MATERIAL: tribes.raw_material_after_replenishing,
    solo_table.VICI_GOAL: solo_flow.goal,
    solo_table.VICI_TURN: solo_flow.turn,
    solo_table.VICI_FEED: solo_flow.feed_step,
}


def run_auto(state: CState, step: steps.Auto) -> None:
    """An automatic part of a phase."""
    AUTOS[step.what](state, step)




@dataclass(frozen=True, slots=True)
class Runs(Generic[S]):
    """A step that runs by itself (it is popped first and may push further steps)."""

    run: Callable[[CState, S], None]


@dataclass(frozen=True, slots=True)
class Asks(Generic[S]):
    """A step that asks its seat: the prompt and options, and how an answer is carried out."""

    ask: Callable[[CivTable, S], tuple[str, list[Option]]]
    answer: Callable[[CState, S, Option], None]


STEPS: dict[type[steps.Step], Runs[Any] | Asks[Any]] = {
    # How to Play: the eight phases of an era, then the final scoring
    steps.Phase: Runs(flow.run_phase),
    steps.Auto: Runs(run_auto),
    # Phase 2: New goals
    steps.NewGoal: Asks(new_goals.ask, new_goals.answer),
    steps.Refill: Runs(new_goals.refill_step),
    # Phase 3: Extra find
    steps.ExtraFind: Asks(extra_find.ask, extra_find.answer),
    # Phase 4: the Action phase: a turn, activating a module, a Reset
    steps.Turn: Asks(action_phase.ask_turn, action_phase.answer_turn),
    steps.Continue: Runs(action_phase.continue_turns),
    steps.Activation: Asks(activation.ask, activation.answer),
    steps.RerollReset: Asks(action_phase.ask_reroll, action_phase.answer_reroll),
    steps.ResetPlace: Asks(action_phase.ask_place, action_phase.answer_place),
    # the effect interpreter: effect lists, ORs, "up to N" actions, one-question actions
    steps.Effects: Runs(vocabulary.run_effects),
    steps.Choice: Asks(vocabulary.ask_choice, vocabulary.answer_choice),
    steps.Repeat: Asks(vocabulary.ask_repeat, vocabulary.answer_repeat),
    steps.Target: Asks(vocabulary.ask_target, vocabulary.answer_target),
    # The Modules' questions with more than one thing to remember
    steps.MigrateTo: Asks(tribe_actions.ask_migrate_to, tribe_actions.answer_migrate_to),
    steps.HuntDie: Asks(materials.ask_hunt_die, materials.answer_hunt_die),
    steps.FindDie: Asks(materials.ask_find_die, materials.answer_find_die),
    steps.Trade: Asks(materials.ask_trade, materials.answer_trade),
    steps.Activities: Asks(vocabulary.ask_activities, vocabulary.answer_activities),
    steps.PlaceNewTribes: Asks(tribe_actions.ask_place, tribe_actions.answer_place),
    steps.ExploreFrom: Asks(exploration.ask_explore, exploration.answer_explore),
    steps.FavorTestIdeas: Asks(improvements.ask_favor_ideas, improvements.answer_favor_ideas),
    steps.HolyRockIdeas: Asks(site_actions.ask_holy_ideas, site_actions.answer_holy_ideas),
    steps.BoatStorage: Asks(materials.ask_boat_storage, materials.answer_boat_storage),
    steps.BuildProjects: Asks(building.ask_build, building.answer_build),
    steps.BuildWhere: Asks(building.ask_where, building.answer_where),
    steps.DeusExMachina: Asks(tribe_actions.ask_deus_ex_machina,
                              tribe_actions.answer_deus_ex_machina),
    # Install 1 research card: the card, its column, its stage (Building III: a space ignored)
    steps.InstallCard: Asks(install.ask_card, install.answer_card),
    steps.CardColumn: Asks(install.ask_column, install.answer_column),
    steps.CardStage: Asks(install.ask_stage, install.answer_stage),
    steps.BuildingSpecial: Asks(install.ask_special, install.answer_special),
    # paying a card's cost spaces or a goal chip's requirement, where several sources fit
    steps.PayCard: Asks(payment.ask_pay, payment.answer_pay),
    steps.PayGoal: Asks(payment.ask_pay, payment.answer_pay),
    # Phase 6: Feeding
    steps.Feed: Asks(feeding.ask, feeding.answer),
    # Phase 8: Income
    steps.IncomeOrder: Asks(income.ask_next, income.answer_next),
}


def decide(t: CivTable) -> Decision | None:
    """The pending question (with the options other rules add), or None once the game is
    over; the decision's kind is the step's name."""
    if t.phase == OVER or not t.pending:
        return None
    step = t.pending[-1]
    handler = STEPS[type(step)]
    if not isinstance(handler, Asks):
        raise RuntimeError(f"automatic step {type(step).__name__} left on the stack")
    prompt, options = handler.ask(t, step)
    return LOOP.decision(t, step, prompt, options)


# a decision's kind: its step's name
KIND_NAMES: dict[type[steps.Step], str] = {
    cls: cls.__name__.lower() for cls in steps.STEP_TYPES.values()}


# The loop, compiled in the accelerated build (machine_loop.py): `run` carries out automatic
# steps until a decision is due (or the game is over), a question with nothing to decide passed
# over, and returns that decision (what `decide` would say next, worked out once); `resolve`
# answers the step on top of the stack with an offered option, then runs on.
LOOP = Loop({kind: handler.run for kind, handler in STEPS.items() if isinstance(handler, Runs)},
            {kind: (handler.ask, handler.answer) for kind, handler in STEPS.items()
             if isinstance(handler, Asks)},
            KIND_NAMES)
run = LOOP.run
resolve = LOOP.resolve
