"""`ingenium replay`: a saved game move by move, its log, and the table (at each move with
`--step`, which waits at a prompt: Enter for the next move, `c` to run to the end, `q` to stop)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from ingenium.engine import CHANCE, EXPLICIT, State
from ingenium.render import describe_options, render_view
from ingenium.render.compact import player

STEP_PROMPT = "move {number} of {total} · Enter: next · c: to the end · q: stop "


def replay_saved(saved: State[Any], console: Console, step: bool) -> None:
    """Rebuild the saved game from its history, printing each move as the sentence its player
    read (never its id) with the log lines it caused; the table after every move when
    stepping, and at the end."""
    rebuilt = saved.game.new_game(saved.players, variant=saved.variant, chance=EXPLICIT)
    moves = sum(1 for seat, _ in saved.history if seat != CHANCE)
    shown = 0
    number = 0
    for seat, option_id in saved.history:
        if seat == CHANCE:
            rebuilt.apply_chance(option_id)
        else:
            decision = rebuilt.decision
            assert decision is not None
            chosen = decision.find(option_id)
            sentences = describe_options(rebuilt.view(seat), decision)
            label = sentences[decision.options.index(chosen)]
            rebuilt.apply(option_id)
            number += 1
            line = Text(f"{number:4} ", style="dim")
            line.append(f"{player(seat)}: {label}")
            console.print(line, highlight=False)
        for event in rebuilt.visible_events(None, shown):
            console.print(Text(f"      {event.text}"), highlight=False)
        shown = len(rebuilt.events)
        if step and seat != CHANCE:
            console.print(render_view(rebuilt.view(None)))
            try:
                answer = console.input(STEP_PROMPT.format(number=number, total=moves))
            except EOFError:
                answer = "c"
            if answer.strip() == "q":
                return
            step = answer.strip() != "c"
    console.print(render_view(rebuilt.view(None)))
    state = "Final scores" if rebuilt.is_terminal else f"Scores after move {number}"
    console.print(Text(f"{state}: " + ", ".join(
        f"{player(s)}: {p}" for s, p in enumerate(rebuilt.scores()))), highlight=False)
