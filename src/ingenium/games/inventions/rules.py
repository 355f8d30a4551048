"""The step machine: which pending steps ask a question, which run by themselves, and how an
answer is carried out. `advance` runs automatic steps (and questions with a single answer)
until a real choice is due."""

from __future__ import annotations

from collections.abc import Callable

from ingenium.engine import Decision, Option
from ingenium.games.inventions import actions as A
from ingenium.games.inventions import build as B
from ingenium.games.inventions import decisions as D
from ingenium.games.inventions import era as E
from ingenium.games.inventions import flow as F
from ingenium.games.inventions import interpreter as I
from ingenium.games.inventions import moves as M
from ingenium.games.inventions import queries as Q
from ingenium.games.inventions.board import IState
from ingenium.games.inventions.table import (
    OVER,
    S_AFTER,
    S_ASPIRE,
    S_BUILD,
    S_BUILD_HEX,
    S_CALL_CHAIN,
    S_CHAIN,
    S_DISCARD_HAND,
    S_EFFECT,
    S_END_ACTIONS,
    S_ERA_CHANGE,
    S_ERA_SPACE,
    S_EUREKA,
    S_FINAL,
    S_FREE,
    S_GI_CHAIN,
    S_GI_PLACE,
    S_GI_REGION,
    S_GI_TOKEN,
    S_HOME_COUNT,
    S_HOME_REGION,
    S_INNOVATE,
    S_INNOVATE_DONE,
    S_INVENT,
    S_KNOWLEDGE_FLIP,
    S_MAIN,
    S_NEXT,
    S_OVERFLOW,
    S_PAY,
    S_PLACE,
    S_POST,
    S_PRESENT,
    S_PRESENT_REGION,
    S_RECALL,
    S_REFILL,
    S_REPLACE,
    S_REWARD,
    S_SAGE,
    S_SAGE_RETURN,
    S_SEND,
    S_SEND_TO,
    S_SHARE,
    S_SPECIALTY,
    S_STONE,
    S_STONE_END,
    S_STONE_TAIL,
    S_TECH,
    S_TRAVEL,
    S_TURN,
    S_TURN_ORDER,
    InvTable,
)

Step = tuple[int, ...]

# kind -> (decision kind, prompt, options)
ASK: dict[int, tuple[str, str, Callable[[InvTable, Step], list[Option]]]] = {
    S_STONE: ("stone_age", "Stone Age: choose your starting region",
              lambda t, s: F.stone_options(t, s[1])),
    S_MAIN: ("main_action", "Choose your main action", lambda t, s: D.main_options(t, s[1])),
    S_POST: ("economy", "Use an Economy tile before the end of step 2?",
             lambda t, s: F.post_options(t, s[1])),
    S_REFILL: ("refill", "Take an idea to fill your board", lambda t, s: D.refill_options(t)),
    S_OVERFLOW: ("aspiration_overflow", "Keep which new Aspiration tile?",
                 lambda t, s: B.overflow_options(t, s[1])),
    S_ASPIRE: ("progress", "Replace the Aspiration tile with which Progress tile?",
               lambda t, s: B.aspire_options(t, s[1])),
    S_BUILD: ("build", "Build a tile from your tiles display?", B.build_options),
    S_BUILD_HEX: ("build_hex", "On which hex of your Progress map?", B.hex_options),
    S_PAY: ("pay", "Pay with which citizen?", D.pay_options),
    S_TECH: ("technology", "Use a Technology tile's paired Chain Action?", I.tech_options),
    S_FREE: ("free_action", "Take the free action?", I.free_options),
    S_CHAIN: ("chain_action", "Perform the Chain Action?", I.chain_options),
    S_PLACE: ("place_citizen", "Place a new citizen in which region?",
              lambda t, s: M.place_options(t, s[1])),
    S_PRESENT: ("present_idea", "Present which idea?", lambda t, s: A.present_options(t, s[1])),
    S_PRESENT_REGION: ("present_region", "Present it in which region?", A.present_region_options),
    S_INVENT: ("invent", "Invent which idea?", lambda t, s: A.invent_options(t, s[1])),
    S_INNOVATE: ("innovate", "Innovate on which invention?",
                 lambda t, s: A.innovate_options(t, s[1])),
    S_SHARE: ("share", "Share which invention?", lambda t, s: A.share_options(t, s[1])),
    S_REWARD: ("share_reward", "Take a Wealth tile, a wild Aspiration tile or nothing?",
               A.reward_options),
    S_REPLACE: ("replace", "Replace which Aspiration tile?",
                lambda t, s: A.replace_options(t, s[1])),
    S_HOME_REGION: ("home_region", "Bring citizens home from which region?",
                    lambda t, s: M.home_region_options(t, s[1])),
    S_HOME_COUNT: ("home_count", "How many citizens?", M.home_count_options),
    S_SPECIALTY: ("specialty", "Which specialty do they take?",
                  lambda t, s: list(D.SPECIALTY)),
    S_CALL_CHAIN: ("call_chain", "Chain an invention's action?",
                   lambda t, s: M.call_chain_options(t, s[1])),
    S_GI_REGION: ("influence_region", "Gain influence in which region?",
                  lambda t, s: M.gi_region_options(t, s[1])),
    S_GI_TOKEN: ("influence_token", "Place which Influence token?", M.gi_token_options),
    S_GI_CHAIN: ("influence_chain", "Flip a face-up Influence token for its Chain Action?",
                 lambda t, s: M.gi_chain_options(t, s[1])),
    S_TRAVEL: ("travel", "Move which citizen where?", lambda t, s: M.travel_options(t, s[1])),
    S_SAGE: ("sage", "The sage: use the Knowledge tile?", M.sage_options),
    S_EUREKA: ("eureka", "Take which Milestone?", lambda t, s: M.eureka_options(t, s[1])),
    S_ERA_SPACE: ("era_space", "Move your Era marker to which space?", M.era_space_options),
    S_SEND: ("send_diplomat", "Send which citizen?", lambda t, s: M.send_options(t, s[1])),
    S_SEND_TO: ("send_to", "To which Milestone?", lambda t, s: M.send_to_options(t, s[1])),
    S_RECALL: ("call_diplomat", "Call which diplomat home?",
               lambda t, s: M.recall_options(t, s[1])),
    S_TURN_ORDER: ("turn_order", "Move your Turn Order marker to which space?",
                   lambda t, s: E.turn_order_options(t)),
    S_SAGE_RETURN: ("sage_return", "Return a sage to which empty sage space?",
                    lambda t, s: E.sage_return_options(t, s[1])),
    S_DISCARD_HAND: ("new_idea", "Take a new idea from the display", E.discard_options),
}


def _auto(state: IState, step: Step) -> bool:
    """Run an automatic step; False if the step asks a question."""
    kind, t = step[0], state.table
    if kind == S_EFFECT:
        t.pending.pop()
        I.run_effect(state, step[1], step[2])
    elif kind == S_AFTER:
        I.after_action(state, step)
    elif kind == S_TURN:
        F.start_turn(state, step)
    elif kind == S_END_ACTIONS:
        F.end_actions(state, step)
    elif kind == S_INNOVATE_DONE:
        A.innovate_done(state, step)
    elif kind == S_GI_PLACE:
        M.gi_place(state, step)
    elif kind == S_KNOWLEDGE_FLIP:
        M.knowledge_flip(state, step)
    elif kind == S_STONE_TAIL:
        F.stone_tail(state, step)
    elif kind == S_NEXT:
        F.next_round(state)
    elif kind == S_ERA_CHANGE:
        E.era_change(state, step)
    elif kind == S_STONE_END:
        F.stone_end(state)
    elif kind == S_FINAL:
        E.final(state)
    elif kind == S_OVERFLOW and step[2] == 0:
        t.pending.pop()
        if t.overflow:
            B.start_overflow(t, step[1])
            t.pending.append((S_OVERFLOW, step[1], 1))
    elif kind == S_DISCARD_HAND and step[2] < 0:
        E.discard_hand(state, step)
    elif kind == S_BUILD and step[2] < 0:
        t.pending.pop()
        t.pending.append((S_BUILD, step[1], Q.era_of(t, step[1]) - 1, 1,
                          B.step4_cost(t, step[1])))
    else:
        return False
    return True


def _on_empty(state: IState, step: Step) -> None:
    """A question with no possible answer is passed over."""
    t = state.table
    t.pending.pop()
    if step[0] == S_OVERFLOW:
        B.end_overflow(state, step[1])
    elif step[0] == S_REFILL:
        t.owed_ideas = 0


def answer(state: IState, step: Step, block: str, index: int) -> None:
    """Carry out one answer to the question on top of the pending stack."""
    kind, seat = step[0], step[1]
    if kind == S_PAY:
        I.answer_pay(state, step, index)
    elif kind == S_MAIN:
        F.answer_main(state, seat, block, index)
    elif kind == S_POST:
        if block == "economy":
            I.use_economy(state, seat, index)
        else:
            state.table.pending.pop()
    elif kind in (S_FREE, S_CHAIN):
        I.answer_free_or_chain(state, step, block)
    elif kind == S_TECH:
        I.answer_tech(state, step, block, index)
    elif kind == S_REFILL:
        F.answer_refill(state, seat, index)
    elif kind == S_OVERFLOW:
        B.answer_keep(state, seat, index)
    elif kind == S_ASPIRE:
        B.answer_aspire(state, seat, index)
    elif kind == S_BUILD:
        B.answer_build(state, step, block, index)
    elif kind == S_BUILD_HEX:
        B.answer_hex(state, step, index)
    else:
        _answer_action(state, step, block, index)


def _answer_action(state: IState, step: Step, block: str, index: int) -> None:
    kind, seat = step[0], step[1]
    if kind == S_STONE:
        F.answer_stone(state, seat, index)
    elif kind == S_PLACE:
        M.answer_place(state, seat, index)
    elif kind == S_PRESENT:
        A.answer_present(state, seat, index)
    elif kind == S_PRESENT_REGION:
        A.answer_present_region(state, step, index)
    elif kind == S_INVENT:
        A.answer_invent(state, seat, index)
    elif kind == S_INNOVATE:
        A.answer_innovate(state, seat, index)
    elif kind == S_SHARE:
        A.answer_share(state, seat, index)
    elif kind == S_REWARD:
        A.answer_reward(state, step, block)
    elif kind == S_REPLACE:
        A.answer_replace(state, step, index)
    elif kind == S_HOME_REGION:
        M.answer_home_region(state, step, index)
    elif kind == S_HOME_COUNT:
        M.answer_home_count(state, step, index)
    elif kind == S_SPECIALTY:
        M.answer_specialty(state, step, index)
    elif kind == S_CALL_CHAIN:
        M.answer_call_chain(state, seat, block, index)
    elif kind == S_GI_REGION:
        M.answer_gi_region(state, seat, index)
    elif kind == S_GI_TOKEN:
        M.answer_gi_token(state, step, index)
    elif kind == S_GI_CHAIN:
        M.answer_gi_chain(state, seat, block, index)
    elif kind == S_TRAVEL:
        M.answer_travel(state, seat, index)
    elif kind == S_SAGE:
        M.answer_sage(state, step, block)
    elif kind == S_EUREKA:
        M.answer_eureka(state, seat, index)
    elif kind == S_ERA_SPACE:
        M.answer_era_space(state, seat, index)
    elif kind == S_SEND:
        M.answer_send(state, seat, index)
    elif kind == S_SEND_TO:
        M.answer_send_to(state, step, index)
    elif kind == S_RECALL:
        M.answer_recall(state, seat, index)
    elif kind == S_TURN_ORDER:
        E.answer_turn_order(state, seat, index)
    elif kind == S_DISCARD_HAND:
        E.answer_discard_take(state, step, index)
    elif kind == S_SAGE_RETURN:
        E.answer_sage_return(state, seat, index)
    else:
        raise ValueError(f"no answer for pending step {step}")


def advance(state: IState) -> None:
    """Run automatic steps and single-answer questions until a real choice is due."""
    t = state.table
    while t.pending:
        step = t.pending[-1]
        if _auto(state, step):
            continue
        options = ASK[step[0]][2](t, step)
        if not options:
            _on_empty(state, step)
        elif len(options) == 1:
            block, index = D.SPACE.decode(options[0].code)
            answer(state, step, block, index)
        else:
            return


def resolve(state: IState, decision: Decision, option: Option) -> None:
    """Carry out the chosen option, then everything automatic that follows."""
    t = state.table
    block, index = D.SPACE.decode(option.code)
    answer(state, t.pending[-1], block, index)
    advance(state)


def decide(t: InvTable) -> Decision | None:
    """The question on top of the pending stack (None once the game is over)."""
    if t.phase == OVER or not t.pending:
        return None
    step = t.pending[-1]
    kind, prompt, options = ASK[step[0]]
    return Decision(step[1], kind, prompt, tuple(options(t, step)))
