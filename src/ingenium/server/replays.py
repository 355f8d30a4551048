"""What a replay needs besides the positions: each move's label when it was chosen, and for
each log event the replay step that shows the board right after it (a log entry can then be
clicked to see the board at that point). One pass over the recorded game."""

from __future__ import annotations

from ingenium.engine import CHANCE, EXPLICIT, get_game
from ingenium.server.storage import TableRecord


def replay_index(record: TableRecord,
                 history: list[tuple[int, str]]) -> tuple[list[str], list[int]]:
    """(the label of every history entry, the replay step of every log event). Step k is the
    position after k answers (and the chance they drew); setup's events are at step 0."""
    game = get_game(record.game)
    state = game.new_game(record.players, variant=record.variant, chance=EXPLICIT)
    labels: list[str] = []
    event_steps = [0] * len(state.events)
    answered = 0
    for seat, option_id in history:
        if seat == CHANCE:
            labels.append(f"chance: {option_id}")
            state.apply_chance(option_id)
        else:
            decision = state.decision
            assert decision is not None
            labels.append(decision.find(option_id).label)
            state.apply(option_id)
            answered += 1
        event_steps.extend([answered] * (len(state.events) - len(event_steps)))
    return labels, event_steps
