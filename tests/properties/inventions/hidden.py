"""Hidden information: the Private Goal cards are secret ("Keep these cards secret from your
opponents") until the end; the Idea stack shows only its face-up top card (the order below it is
not yet settled)."""

from __future__ import annotations

from ingenium.games.inventions.components import catalog
from tests.properties.harness import Transition
from tests.properties.inventions.common import PROPERTIES

rule = PROPERTIES.rule
STRIDE = 5  # views are built at every fifth history entry (they cost)


@rule("Society Board Setup B: keep your Private Goal cards secret from your opponents (you may "
      "look at yours any time); revealed at the end")
def hidden_information_private_goals(tr: Transition) -> str | None:
    state = tr.after
    if len(state.history) % STRIDE and not state.is_terminal:
        return None
    t = state.table
    for viewer in [None, *range(state.players)]:
        table = state.view(viewer)["table"]
        if table is None:
            continue
        for p in table["players"]:
            goals = p["private_goals"]
            own = [catalog.GOALS[g].id for g in t.goals[p["seat"] * 3:p["seat"] * 3 + 3]]
            if state.is_terminal or p["seat"] == viewer:
                if goals != own:
                    return f"Player {p['seat'] + 1}'s goals shown as {goals}"
            elif goals is not None:
                return f"seat {viewer} sees Player {p['seat'] + 1}'s Private Goals"
    return None


@rule("Society Board Setup B: the Private Goal log lines are seen only by their owner")
def hidden_information_private_goal_log(tr: Transition) -> str | None:
    for e in tr.new_events:
        if e.kind == "goals" and e.visible_to != (e.seat,):
            return f"Player {e.seat + 1}'s Private Goals logged for {e.visible_to}"
    return None


@rule("Setup 15: the face-up Idea stack shows its top card; the cards below are not shown")
def hidden_information_idea_stack(tr: Transition) -> str | None:
    state = tr.after
    t = state.table
    if len(state.history) % STRIDE or len(t.stack) < 2:
        return None
    table = state.view(0)["table"]
    if table is None:
        return None
    if table["idea_stack_top"] != catalog.IDEAS[t.stack[-1]].id:
        return "the top of the Idea stack is not shown"
    if sum(table["idea_stack_by_era"].values()) != len(t.stack):
        return "the Idea stack's size is not shown"
    text = str(table)
    below = [catalog.IDEAS[i].id for i in t.stack[:-1] if f"'{catalog.IDEAS[i].id}'" in text]
    return f"cards below the stack's top are shown: {below}" if below else None
