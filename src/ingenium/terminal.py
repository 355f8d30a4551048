"""A game in the terminal: humans answer numbered options, bots play their seats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

import ingenium
from ingenium.bots import Bot, make_bot
from ingenium.engine import BadSave, IllegalMove, State
from ingenium.render import render_view

HUMAN = "human"
PROMPT = "choice (number, id, 'undo', 'save FILE', 'quit'): "


def load_save(path: Path) -> State[Any]:
    """A saved game from a file; BadSave if it is not one."""
    import json

    text = path.read_text(encoding="utf-8")
    try:
        name = json.loads(text).get("game")
    except (ValueError, AttributeError):
        raise BadSave(f"{path} is not a saved game (not a JSON object)") from None
    if not isinstance(name, str):
        raise BadSave(f"{path} is not a saved game (no game name)")
    return ingenium.get_game(name).from_json(text)


class TerminalGame:
    """One game: the table drawn after each human decision, the log of what others did."""

    def __init__(self, game: str, players: int, seats: list[str], seed: int,
                 variant: str | None, console: Console) -> None:
        self.game = ingenium.get_game(game)
        self.game.check_setup(players, variant)
        if len(seats) != players:
            raise ValueError(f"--seats lists {len(seats)} seats for {players} players")
        self.bots: list[Bot | None] = [
            None if kind == HUMAN else make_bot(kind, seat, seed * 7919 + seat)
            for seat, kind in enumerate(seats)]
        self.state = self.game.new_game(players, seed, variant)
        self.console = console
        self.shown = 0

    def run(self) -> None:
        """Play until the game ends or a human types 'quit'."""
        while (decision := self.state.decision) is not None:
            bot = self.bots[decision.seat]
            if bot is not None:
                self.state.apply(bot.choose(self.state, decision))
                continue
            self.print_log(decision.seat)
            if not self.ask(decision.seat):
                self.console.print("Game left unfinished.")
                return
        self.print_log(None)
        self.console.print(render_view(self.state.view(None)))
        ranking = self.state.ranking()
        scores = self.state.scores()
        self.console.print("[bold]Final scores[/]: " + ", ".join(
            f"{place}. Player {s + 1} ({scores[s]})" for place, s in enumerate(ranking, 1)))

    def print_log(self, seat: int | None) -> None:
        """What happened since the last human decision, as that seat may see it."""
        for event in self.state.visible_events(seat, self.shown):
            self.console.print(f"[dim]·[/] {event.text}", highlight=False)
        self.shown = len(self.state.events)

    def ask(self, seat: int) -> bool:
        """Show the table and the options; apply the answer. False when the human quits."""
        decision = self.state.decision
        assert decision is not None
        self.console.print(render_view(self.state.view(seat)))
        self.console.print(f"[bold]Player {seat + 1}[/]: {decision.prompt}")
        for number, option in enumerate(decision.options, 1):
            self.console.print(f"  [cyan]{number:2}[/] {option.label}  [dim]{option.id}[/]",
                               highlight=False)
        while True:
            try:
                answer = self.console.input(PROMPT).strip()
            except EOFError:
                return False
            if answer in ("quit", "q"):
                return False
            if answer == "undo":
                if not self.state.undoable(seat):
                    self.console.print("[red]nothing to undo: another seat acted or hidden "
                                       "information was revealed since[/]")
                    continue
                self.state = self.state.undo(seat)
                self.shown = len(self.state.events)
                return True
            if answer.startswith("save "):
                path = Path(answer[5:].strip())
                path.write_text(self.state.to_json(), encoding="utf-8")
                self.console.print(f"saved to {path}")
                continue
            choice: str | int = answer
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                choice = decision.options[int(answer) - 1].id
            try:
                self.state.apply(choice)
                return True
            except IllegalMove as exc:
                self.console.print(f"[red]{exc}[/]", highlight=False)
