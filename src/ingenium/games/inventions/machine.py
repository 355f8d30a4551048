"""The step machine: the one table from each pending-step record (`steps.py`) to the rule that
handles it; the loop that runs steps until a real choice is due is machine_loop.py's (compiled in
the accelerated build), handed this table split by what a step does (`LOOP`).

A step either runs by itself (`Runs`) or asks its seat a question (`Asks`: the decision kind,
the prompt, its options and how an answer is carried out). A question with a single possible
answer is answered at once; one with none is passed over. Three questions first do some work
by themselves (`prepare`), and two leave something behind when passed over (`passed`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ingenium.engine import Decision, Option
from ingenium.games.inventions import steps
from ingenium.games.inventions.machine_loop import Loop
from ingenium.games.inventions.rules import (
    chronos,
    era_change,
    final_scoring,
    iconography,
    payment,
    round,
    stone_age,
    tiles,
)
from ingenium.games.inventions.rules.actions import citizens, core, milestones, perform
from ingenium.games.inventions.table import OVER, InvTable, IState

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Runs(Generic[S]):
    """A step that runs by itself (it pops itself and may push further steps)."""

    run: Callable[[IState, S], None]


@dataclass(frozen=True, slots=True)
class Asks(Generic[S]):
    """A step that asks its seat: `answer(state, step, block, index)` carries out the choice."""

    decision: str
    prompt: str
    options: Callable[[InvTable, S], list[Option]]
    answer: Callable[[IState, S, str, int], None]
    prepare: Callable[[IState, S], bool] | None = None  # True: it ran by itself instead
    passed: Callable[[IState, S], None] | None = None  # after popping, when nothing is possible


STEPS: dict[type[steps.Step], Runs[Any] | Asks[Any]] = {
    # Stone Age
    steps.StoneAgeRegion: Asks("stone_age", "Stone Age: choose your starting region",
                               stone_age.stone_options, stone_age.answer_stone),
    steps.StoneAgeFinish: Runs(stone_age.stone_tail),
    steps.StoneAgeEnd: Runs(stone_age.stone_end),
    # Playing a Round
    steps.Turn: Runs(round.start_turn),
    steps.MainAction: Asks("main_action", "Choose your main action",
                           round.main_options, round.answer_main),
    steps.EconomyBeforeEnd: Asks("economy", "Use an Economy tile before the end of step 2?",
                                 round.post_options, round.answer_post),
    steps.EndOfActions: Runs(round.end_actions),
    steps.RefillIdeas: Asks("refill", "Take an idea to fill your board",
                            round.refill_options, round.answer_refill,
                            passed=round.no_idea_left),
    steps.KeepAspirations: Asks("aspiration_overflow", "Keep which new Aspiration tile?",
                                tiles.overflow_options, tiles.answer_keep,
                                prepare=tiles.gather_overflow, passed=tiles.end_overflow),
    steps.AspirationsBecomeProgress: Asks(
        "progress", "Replace the Aspiration tile with which Progress tile?",
        tiles.aspire_options, tiles.answer_aspire),
    steps.BuildProgress: Asks("build", "Build a tile from your tiles display?",
                              tiles.build_options, tiles.answer_build,
                              prepare=tiles.price_step4),
    steps.BuildHex: Asks("build_hex", "On which hex of your Progress map?",
                         tiles.hex_options, tiles.answer_hex),
    steps.NextRound: Runs(round.next_round),
    # paying, benefits and performing actions
    steps.Pay: Asks("pay", "Pay with which citizen?", payment.pay_options, payment.answer_pay),
    steps.Benefit: Runs(iconography.run_benefit),
    steps.PlaceNewCitizen: Asks("place_citizen", "Place a new citizen in which region?",
                                iconography.place_options, iconography.answer_place),
    steps.AfterAction: Runs(perform.after_action),
    steps.TechnologyTile: Asks("technology", "Use a Technology tile's paired Chain Action?",
                               perform.tech_options, perform.answer_tech),
    steps.FreeAction: Asks("free_action", "Take the free action?",
                           perform.free_options, perform.answer_free_or_chain),
    steps.ChainAction: Asks("chain_action", "Perform the Chain Action?",
                            perform.chain_options, perform.answer_free_or_chain),
    # the core actions
    steps.PresentIdea: Asks("present_idea", "Present which idea?",
                            core.present_options, core.answer_present),
    steps.PresentRegion: Asks("present_region", "Present it in which region?",
                              core.present_region_options, core.answer_present_region),
    steps.Invent: Asks("invent", "Invent which idea?", core.invent_options, core.answer_invent),
    steps.Innovate: Asks("innovate", "Innovate on which invention?",
                         core.innovate_options, core.answer_innovate),
    steps.InnovateReward: Runs(core.innovate_done),
    steps.ShareInvention: Asks("share", "Share which invention?",
                               core.share_options, core.answer_share),
    steps.ShareReward: Asks("share_reward",
                            "Take a Wealth tile, a wild Aspiration tile or nothing?",
                            core.reward_options, core.answer_reward),
    steps.ReplaceAspiration: Asks("replace", "Replace which Aspiration tile?",
                                  core.replace_options, core.answer_replace),
    # Call Specialists, Gain Influence, Travel
    steps.HomeRegion: Asks("home_region", "Bring citizens home from which region?",
                           citizens.home_region_options, citizens.answer_home_region),
    steps.HomeCount: Asks("home_count", "How many citizens?",
                          citizens.home_count_options, citizens.answer_home_count),
    steps.HomeSpecialty: Asks("specialty", "Which specialty do they take?",
                              citizens.specialty_options, citizens.answer_specialty),
    steps.CallSpecialistsChain: Asks(
        "call_chain", "Chain an invention's action?",
        lambda t, step: citizens.call_chain_options(t, step.seat), citizens.answer_call_chain),
    steps.InfluenceRegion: Asks("influence_region", "Gain influence in which region?",
                                citizens.gi_region_options, citizens.answer_gi_region),
    steps.ChooseInfluenceToken: Asks("influence_token", "Place which Influence token?",
                                     citizens.gi_token_options, citizens.answer_gi_token),
    steps.PlaceInfluenceToken: Runs(citizens.gi_place),
    steps.InfluenceChain: Asks("influence_chain",
                               "Flip a face-up Influence token for its Chain Action?",
                               citizens.gi_chain_options, citizens.answer_gi_chain),
    steps.Travel: Asks("travel", "Move which citizen where?",
                       citizens.travel_options, citizens.answer_travel),
    steps.MeetSage: Asks("sage", "The sage: use the Knowledge tile?",
                         citizens.sage_options, citizens.answer_sage),
    steps.FlipKnowledgeTile: Runs(citizens.knowledge_flip),
    # Eureka, Send Diplomat, Call Diplomat
    steps.Eureka: Asks("eureka", "Take which Milestone?",
                       milestones.eureka_options, milestones.answer_eureka),
    steps.MoveEraMarker: Asks("era_space", "Move your Era marker to which space?",
                              milestones.era_space_options, milestones.answer_era_space),
    steps.SendDiplomat: Asks("send_diplomat", "Send which citizen?",
                             milestones.send_options, milestones.answer_send),
    steps.SendDiplomatTo: Asks("send_to", "To which Milestone?",
                               milestones.send_to_options, milestones.answer_send_to),
    steps.CallDiplomat: Asks("call_diplomat", "Call which diplomat home?",
                             milestones.recall_options, milestones.answer_recall),
    # Era Change and the end
    steps.EraChangeStage: Runs(era_change.era_change),
    steps.AdjustTurnOrder: Asks("turn_order", "Move your Turn Order marker to which space?",
                                era_change.turn_order_options, era_change.answer_turn_order),
    steps.ReturnSage: Asks("sage_return", "Return a sage to which empty sage space?",
                           era_change.sage_return_options, era_change.answer_sage_return),
    steps.ReplaceOldIdeas: Asks("new_idea", "Take a new idea from the display",
                                era_change.discard_options, era_change.answer_discard_take,
                                prepare=era_change.discard_hand),
    steps.FinalScoring: Runs(final_scoring.final),
    # 2-Player Rules: Chronos acts by himself
    steps.ChronosStoneAge: Runs(chronos.stone_age),
    steps.ChronosTurn: Runs(chronos.turn),
}


# The loop, compiled in the accelerated build (machine_loop.py): STEPS split by what a step
# does, so it finds a step's handler with one lookup and reads an asking handler as a tuple
LOOP = Loop({kind: handler.run for kind, handler in STEPS.items() if isinstance(handler, Runs)},
            {kind: (handler.options, handler.answer, handler.prepare, handler.passed,
                    handler.decision, handler.prompt)
             for kind, handler in STEPS.items() if isinstance(handler, Asks)})


def advance(state: IState) -> list[Option]:
    """Run automatic steps and single-answer questions until a real choice is due; the options
    of that choice ([] once nothing is pending)."""
    return LOOP.advance(state)[0]


# Carry out the chosen option, then everything automatic that follows; the state keeps the
# question found on the way (its options are computed once a position). The loop's own method:
# State.apply calls it for every move of every simulated game.
resolve = LOOP.resolve


def keep_question(state: IState, offered: list[Option]) -> None:
    """Hand the state the question `advance` stopped at, with the options it found."""
    t = state.table
    if t.phase == OVER or not t.pending:
        state.keep_decision(None)
        return
    step = t.pending[-1]
    handler = STEPS[type(step)]
    assert isinstance(handler, Asks)
    state.keep_decision(Decision(step.seat, handler.decision, handler.prompt, tuple(offered)))


def decide(t: InvTable) -> Decision | None:
    """The question on top of the pending stack (None once the game is over)."""
    if t.phase == OVER or not t.pending:
        return None
    step = t.pending[-1]
    handler = STEPS[type(step)]
    if not isinstance(handler, Asks):
        raise ValueError(f"pending step {step} asks nothing")
    return Decision(step.seat, handler.decision, handler.prompt,
                    tuple(handler.options(t, step)))
