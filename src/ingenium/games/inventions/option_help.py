"""What an option does, in the rulebook's words, for the option buttons: a main, chain or free
action's effect and what it costs (the label only names it: "Main action: Eureka")."""

from __future__ import annotations

from typing import Any

from ingenium.engine import Option, State
from ingenium.games.inventions.option_help_steps import step_help

# The Actions, each summed up from its rulebook steps: what it costs, then what it gives
ACTION_HELP = {
    "present_idea": "Place an Idea card from your board in an empty Region display; move the "
                    "1 or 2 specialists (or scholars) its Specialist tile asks onto it and gain "
                    "the tile's benefit",
    "invent": "Turn a presented idea whose Milestone you can access into an invention: move a "
              "specialist of its type (or a scholar) to its Invent space, exhaust any extra it "
              "asks, and take an Aspiration tile (technology)",
    "innovate": "On someone else's invention: move a specialist of its type (or a scholar) to "
                "its Innovate space, gain 1 specialist of that type, and you may perform the "
                "card's Chain Action",
    "share_invention": "An invention you have a citizen beside: its presenter scores IP, the "
                       "inventor takes the card, the innovator places a citizen; you take a "
                       "Wealth tile or a wild Aspiration tile",
    "call_specialists": "Take an Aspiration tile (economy), bring 1 or more of your citizens "
                        "home from one region, and you may chain an invention's action",
    "gain_influence": "Where you have the most citizens: return the citizens an Influence token "
                      "asks, place the token for its IP and gain influence; you may chain a "
                      "face-up token's action",
    "travel": "Take an Aspiration tile (culture) and move 1 citizen to an adjacent region; with "
              "a sage there you may use its Knowledge tile",
    "eureka": "Only if the Eureka display's Milestones are from a later era than yours: your "
              "Milestone goes to Common Knowledge, take a new one (a citizen on it) and advance "
              "your Era marker, taking the space's benefit",
    "send_diplomat": "Move a specialist or scholar onto a Milestone with a free space and take "
                     "the benefit above its handshake",
    "call_diplomat": "Bring a diplomat home as a scholar and take the benefit above the "
                     "handshake of the Milestone it left",
}
ACTION_KEYS = ("main:space=", "chain:action=", "free:action=")


def option_help(state: State[Any], option: Option) -> str:
    """The option's effect and cost in words; "" when its label already says it all."""
    for key in ACTION_KEYS:
        if option.id.startswith(key):
            found = ACTION_HELP.get(option.id.removeprefix(key))
            if found:
                return found
    decision = state.decision
    return step_help(decision.kind, option.id) if decision is not None else ""
