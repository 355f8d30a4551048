"""A game in the terminal: humans answer numbered options, bots play their seats.

Everything a user typed or a data file holds is printed as plain text (rich `Text`), never as
markup: `[/]` at the prompt is an answer like any other. Every failure is one line and the game
goes on."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

import ingenium
from ingenium.bots import Bot, check_learned, make_bot
from ingenium.engine import BadSave, IllegalMove, IngeniumError, Option, State
from ingenium.render import render_view, result_line
from ingenium.render.compact import decision_screen, log_lines, player
from ingenium.seatnames import SEAT_NAMES, terminal_names

HUMAN = "human"
COMMANDS = (
    ("NUMBER", "play that option (its id works too)"),
    ("Enter", "play the only option, when there is just one"),
    ("board", "draw the whole table"),
    ("log", "the whole game log as you may see it"),
    ("undo", "take back your last move (while nobody else has acted)"),
    ("save FILE", "save the game to FILE (a JSON file that 'ingenium replay' reads)"),
    ("load FILE", "go on from a game saved to FILE (same game and player count)"),
    ("help N", "what option N does"),
    ("help", "this list"),
    ("quit", "leave the game (unsaved moves are lost)"),
)


def load_save(path: Path) -> State[Any]:
    """A saved game from a file (`~` expanded); BadSave with one line if it is not one."""
    path = path.expanduser()
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadSave(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadSave(f"{path} is not a saved game (not UTF-8 text)") from None
    try:
        name = json.loads(text).get("game")
    except (ValueError, AttributeError):
        raise BadSave(f"{path} is not a saved game (not a JSON object)") from None
    if not isinstance(name, str):
        raise BadSave(f"{path} is not a saved game (no game name)")
    return ingenium.get_game(name).from_json(text)


def save_game(state: State[Any], where: str) -> str:
    """Write the save to `where` (`~` expanded); the one line to show, success or failure."""
    if not where:
        return "save needs a file name: save FILE"
    path = Path(where).expanduser()
    try:
        path.write_text(state.to_json(), encoding="utf-8")
    except OSError as exc:
        return f"cannot save to {path}: {exc.strerror or exc}"
    return f"saved to {path}"


def choice_prompt(name: str, count: int, forced: bool = False) -> str:
    """The input prompt: a range to choose from, or, with one option, that Enter plays it."""
    if forced or count == 1:
        return f"{name}, the only choice: Enter plays it (or help): "
    return f"{name}, your choice (1–{count}, or help): "


class TerminalGame:
    """One game: after each bot move the log grows; at a human decision the screen shows what
    changed since that seat's last move, the question and the options (the table on 'board')."""

    def __init__(self, game: str, players: int, seats: list[str], seed: int,
                 variant: str | None, console: Console, names: Sequence[str] = ()) -> None:
        self.game = ingenium.get_game(game)
        self.game.check_setup(players, variant)
        if len(seats) != players:
            raise ValueError(f"--seats lists {len(seats)} seats for {players} players")
        self.bots: list[Bot | None] = [
            None if kind == HUMAN else make_bot(kind, seat, seed * 7919 + seat)
            for seat, kind in enumerate(seats)]
        for kind in seats:
            if kind != HUMAN:
                check_learned(kind, game, players, variant)
        self.state = self.game.new_game(players, seed, variant)
        self.seed: int | None = seed  # None once a saved game was loaded
        self.console = console
        self.seen = [0] * players  # events each seat has been shown
        # what the screens call each seat (--names; a bot by its level); BadName if refused
        self.names = terminal_names(names, seats)

    def seed_note(self) -> str:
        """' (seed N)' to reproduce the deal; nothing for a loaded game."""
        return "" if self.seed is None else f" (seed {self.seed})"

    def say(self, message: str, style: str = "") -> None:
        """One line of plain text (never markup)."""
        self.console.print(Text(message, style=style), soft_wrap=True)

    def run(self) -> None:
        """Play until the game ends or a human types 'quit' (the seats named meanwhile)."""
        named = SEAT_NAMES.set(self.names)
        try:
            self._play()
        finally:
            SEAT_NAMES.reset(named)

    def _play(self) -> None:
        while (decision := self.state.decision) is not None:
            bot = self.bots[decision.seat]
            if bot is not None:
                self.state.apply(bot.choose(self.state, decision))
                continue
            if not self.ask(decision.seat):
                self.say(f"Game left unfinished{self.seed_note()}.")
                return
        humans = [s for s, bot in enumerate(self.bots) if bot is None]
        for line in log_lines(self.state, None, min((self.seen[s] for s in humans), default=0)):
            self.console.print(line)
        # a solo game's one civilization is seat 0: its view holds the automated rival's area
        final = self.state.view(0 if self.state.players == 1 else None)
        self.console.print(render_view(final))
        bot = self.bots[0]
        result = result_line(final, self.state.winners(),
                             "" if bot is None else player(0))
        if result is not None:  # a solo game: who won, then both scores
            headline, both = result
            self.say(headline, style="bold")
            self.say(f"Final scores: {both}{self.seed_note()}", style="bold")
            return
        ranking = self.state.ranking()
        scores = self.state.scores()
        self.say("Final scores: " + ", ".join(
            f"{place}. {player(s)} ({scores[s]})" for place, s in enumerate(ranking, 1))
            + self.seed_note(), style="bold")

    def ask(self, seat: int) -> bool:
        """The decision screen, then answers until one is played. False when the human quits."""
        decision = self.state.decision
        assert decision is not None
        view = self.state.view(seat)
        for part in decision_screen(self.console, self.state, view, self.seen[seat]):
            self.console.print(part)
        self.seen[seat] = len(self.state.events)
        prompt = choice_prompt(player(seat), len(decision.options), decision.forced)
        while True:
            try:
                answer = self.console.input(Text(prompt, style="bold")).strip()
            except EOFError:
                return False
            done = self.answer(seat, answer)
            if done is not None:
                return done

    def answer(self, seat: int, answer: str) -> bool | None:
        """Act on one typed line: True when a move was played or undone, False to quit, None to
        ask again."""
        decision = self.state.decision
        assert decision is not None
        command, _, rest = answer.partition(" ")
        if answer in ("quit", "q", "exit"):
            return False
        if answer in ("help", "?", "h"):
            for name, meaning in COMMANDS:
                self.say(f"  {name:<10} {meaning}")
            if self.seed is not None:
                self.say(f"  (this game's seed: {self.seed})", style="dim")
            return None
        if command in ("help", "?", "h") and rest.strip():
            self.explain(decision.options, rest.strip())
            return None
        if answer == "board":
            self.console.print(render_view(self.state.view(seat)))
            return None
        if answer == "log":
            for line in log_lines(self.state, seat, 0):
                self.console.print(line)
            return None
        if answer == "undo":
            return self.undo(seat)
        if command == "save":
            self.say(save_game(self.state, rest.strip()))
            return None
        if command == "load":
            return self.load(rest.strip())
        options = decision.options
        choice = None
        if answer == "" and (decision.forced or len(options) == 1):
            choice = options[0]
        elif answer.isdigit() and 1 <= int(answer) <= len(options):
            choice = options[int(answer) - 1]
        else:
            choice = next((o for o in options if o.id == answer), None)
        if choice is None:
            first = "press Enter for the only choice" if len(options) == 1 \
                else f"choose 1–{len(options)}"
            self.say(f"{first}, or: undo, save FILE, load FILE, board, log, help, quit",
                     style="red")
            return None
        try:
            self.state.apply(choice)
        except IllegalMove as exc:  # an offered option always applies; kept as a guard
            self.say(str(exc), style="red")
            return None
        return True

    def explain(self, options: Sequence[Option], which: str) -> None:
        """`help N`: the rulebook's words on what option N does (as the browser's option
        buttons show them)."""
        if not (which.isdigit() and 1 <= int(which) <= len(options)):
            self.say(f"help takes an option number, 1–{len(options)}", style="red")
            return
        option = options[int(which) - 1]
        text = self.game.option_help(self.state, option)
        self.say(f"  {which}. {option.label}: {text}" if text else
                 f"  {which}. {option.label}: nothing more to say about this option")

    def load(self, where: str) -> bool | None:
        """Go on from a saved game; a file that is no save of this game is one line and the
        current game goes on."""
        if not where:
            self.say("load needs a file name: load FILE", style="red")
            return None
        try:
            self.resume(load_save(Path(where)))
        except (IngeniumError, ValueError) as exc:
            self.say(str(exc), style="red")
            return None
        self.say(f"loaded {Path(where).expanduser()}")
        return True

    def resume(self, saved: State[Any]) -> None:
        """Continue from `saved` (ValueError if it is another game or player count); the
        screen then shows what changed since each seat's last move in that game."""
        if saved.game.name != self.game.name or saved.players != len(self.bots):
            raise ValueError(f"that save is a {saved.players}-player {saved.game.name} game, "
                             f"not a {len(self.bots)}-player {self.game.name} one")
        self.state = saved
        self.seen = [len(saved.events)] * len(self.bots)
        self.seed = None

    def undo(self, seat: int) -> bool | None:
        """Take back the seat's last move when the undo policy allows it."""
        if not self.state.undoable(seat):
            self.say("nothing to undo: another player acted or hidden information was "
                     "revealed since", style="red")
            return None
        self.state = self.state.undo(seat)
        self.seen = [min(n, len(self.state.events)) for n in self.seen]
        return True
