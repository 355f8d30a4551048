"""`ingenium play` and `replay` in the terminal: every failure one line and the game goes on,
user text never read as markup, seats named Player 1..N, names instead of ids, fresh seeds."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import ingenium
from ingenium.cli import app, build_text, fail
from ingenium.render import describe_options, render_view
from ingenium.terminal import TerminalGame

runner = CliRunner()
PLAY = ["play", "legendary-inventors", "--players", "2", "--seats", "human,random",
        "--seed", "5"]
UNDERSCORED_ID = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


def play(answers: list[str], args: list[str] = PLAY) -> str:
    result = runner.invoke(app, args, input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout


def test_save_to_a_missing_folder_is_one_line_and_the_game_goes_on(tmp_path: Path) -> None:
    out = play([f"save {tmp_path}/missing/dir/x.json", "1", "1", "quit"])
    assert f"cannot save to {tmp_path}/missing/dir/x.json: No such file or directory" in out
    assert "Where does" in out  # the answer after the failed save was played


def test_save_expands_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    out = play(["1", "save ~/x.json", "quit"])
    assert f"saved to {tmp_path}/x.json" in out
    saved = ingenium.get_game("legendary-inventors").from_json((tmp_path / "x.json").read_text())
    assert len(saved.history) > 0


def test_save_without_a_name_and_to_a_folder_are_one_line_errors(tmp_path: Path) -> None:
    out = play(["save", f"save {tmp_path}", "quit"])
    assert "save needs a file name: save FILE" in out
    assert f"cannot save to {tmp_path}: Is a directory" in out


@pytest.mark.parametrize("typed", ["[/]", "[bold]x[/bold]", "[red", "]]"])
def test_text_typed_at_the_prompt_is_never_markup(typed: str) -> None:
    out = play([typed, "quit"])
    assert "choose 1–3, or: undo, save FILE, load FILE, board, log, help, quit" in out


def test_help_lists_the_commands() -> None:
    out = play(["help", "quit"])
    for command in ("board", "log", "undo", "save FILE", "help", "quit"):
        assert re.search(rf"^\s+{re.escape(command)}\s+\w", out, re.M), command


def test_help_n_says_what_option_n_does_as_the_browser_does() -> None:
    game = ingenium.get_game("legendary-inventors")
    state = game.new_game(2, seed=5)
    assert state.decision is not None
    first = state.decision.options[0]
    out = play(["help 1", "help 0", "help x", "quit"])
    assert f"1. {first.label}: {game.option_help(state, first)}" in out
    assert out.count("help takes an option number, 1–3") == 2
    assert "Where does" not in out  # nothing was played


def test_board_draws_the_whole_table_and_log_the_whole_log() -> None:
    out = play(["board", "log", "quit"])
    assert "Age 1 — inventions" in out and "Inventors (Phy Che Mec Mat" in out
    assert out.count("plays the") >= 4  # the team lines: once since the last move, once in log


def test_seats_are_players_and_options_carry_no_ids() -> None:
    out = play(["quit"])
    assert "seat 0" not in out and "Player 1: Use an inventor" in out
    assert "use:inventor=" not in out


def test_a_fresh_seed_is_printed_and_replays_the_same_deal() -> None:
    args = ["play", "legendary-inventors", "--players", "2", "--seats", "random,random"]
    first = runner.invoke(app, args).stdout
    seed = re.search(r"Seed (\d+); the same deal again: .* --seed \1", first)
    assert seed is not None
    again = runner.invoke(app, [*args, "--seed", seed.group(1)]).stdout
    assert first.splitlines()[-1] == again.splitlines()[-1]  # the same final scores


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"ingenium {ingenium.__version__} ({build_text()})"


def test_error_lines_keep_brackets(capsys: pytest.CaptureFixture[str]) -> None:
    fail("the ray backend needs Ray: pip install 'ingenium[ray]'")
    assert "pip install 'ingenium[ray]'" in capsys.readouterr().err


@pytest.mark.parametrize(("content", "message"), [
    (b"\xff\xfe\x00binary\x80", "is not a saved game (not UTF-8 text)"),
    ("é".encode("latin-1"), "is not a saved game (not UTF-8 text)"),
    (b'{"game": "legendary-inventors", "format": 1', "is not a saved game (not a JSON"),
    (b'{"game": "no-such-game"}', "unknown game 'no-such-game'"),
])
def test_replay_of_a_binary_or_corrupt_file_is_one_line(tmp_path: Path, content: bytes,
                                                        message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_replay_of_a_missing_file_is_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert result.exit_code == 2
    assert "cannot read" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_replay_step_shows_the_table_at_each_move_with_a_prompt(tmp_path: Path) -> None:
    game = ingenium.get_game("legendary-inventors")
    state = game.new_game(2, 9)
    for _ in range(4):
        assert state.decision is not None
        state.apply(state.decision.options[0])
    path = tmp_path / "saved.json"
    path.write_text(state.to_json())
    result = runner.invoke(app, ["replay", str(path), "--step"], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("move 1 of 4") == 1 and "move 3 of 4" in result.stdout
    assert "move 4 of 4" not in result.stdout  # 'q' stopped it
    assert result.stdout.count("Age 1 — inventions") == 3


@pytest.mark.parametrize("name", ["inventions", "legendary-inventors"])
def test_terminal_board_and_options_show_names_never_ids(name: str) -> None:
    """Every option sentence and every board of a played game is free of underscored ids
    (`stone_bone_tools`, `culture_2`, `era2_1`) and of option ids."""
    game = ingenium.get_game(name)
    state = game.new_game(3, 11)
    rng = random.Random(11)
    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    decisions = 0
    while state.decision is not None and decisions < 400:
        decision = state.decision
        view = state.view(decision.seat)
        for text, option in zip(describe_options(view, decision), decision.options, strict=True):
            assert not UNDERSCORED_ID.search(text) and option.id not in text, text
        if decisions % 25 == 0:
            console.print(render_view(view))
        state.apply(rng.choice(decision.options))
        decisions += 1
    board = console.export_text()
    assert not UNDERSCORED_ID.findall(board), sorted(set(UNDERSCORED_ID.findall(board)))


@pytest.mark.parametrize("name", ["inventions", "legendary-inventors"])
def test_every_decision_screen_fits_80_by_24(name: str) -> None:
    """The compact screen of each decision of a played game leaves the input line free on a
    24-row terminal and always shows the question and every option's number."""
    import io

    from ingenium.render.compact import decision_screen

    game = ingenium.get_game(name)
    state = game.new_game(3, 21)
    rng = random.Random(21)
    since = [0, 0, 0]
    decisions = 0
    while state.decision is not None and decisions < 300:
        decision = state.decision
        console = Console(width=80, height=24, record=True, file=io.StringIO(), markup=False)
        for part in decision_screen(console, state, state.view(decision.seat),
                                    since[decision.seat]):
            console.print(part)
        since[decision.seat] = len(state.events)
        rows = console.export_text().rstrip("\n").split("\n")
        assert len(rows) <= 24 - 2, "\n".join(rows)
        assert any(decision.prompt in row for row in rows)
        assert all(re.search(rf"(^|\s){n} \S", "\n".join(rows))
                   for n in range(1, len(decision.options) + 1))
        state.apply(rng.choice(decision.options))
        decisions += 1


def test_load_refuses_bad_files_in_one_line_and_goes_on_from_a_good_one(tmp_path: Path) -> None:
    (tmp_path / "binary.json").write_bytes(b"\x00\xff\xfe garbage")
    (tmp_path / "other.json").write_text(ingenium.get_game("inventions").new_game(3, 1).to_json())
    out = play(["1", f"save {tmp_path}/good.json", f"load {tmp_path}/binary.json",
                f"load {tmp_path}/none.json", f"load {tmp_path}/other.json",
                f"load {tmp_path}/good.json", "quit"])
    assert "binary.json is not a saved game (not UTF-8 text)" in out
    assert f"cannot read {tmp_path}/none.json: No such file or directory" in out
    assert "that save is a 3-player inventions game, not a 2-player legendary-inventors" in out
    assert f"loaded {tmp_path}/good.json" in out


def test_play_load_goes_on_from_a_saved_game(tmp_path: Path) -> None:
    game = ingenium.get_game("legendary-inventors")
    state = game.new_game(2, 4)
    for _ in range(6):
        assert state.decision is not None
        state.apply(state.decision.options[0])
    (tmp_path / "saved.json").write_text(state.to_json())
    out = play(["quit"], ["play", "legendary-inventors", "--seats", "human,human", "--load",
                          str(tmp_path / "saved.json")])  # the player count from the save
    assert f"Going on from {tmp_path / 'saved.json'}" in out
    assert f"Player {state.decision.seat + 1}: {state.decision.prompt}" in out
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text(state.to_json().replace('"history"', '"historx"'))
    result = runner.invoke(app, ["play", "legendary-inventors", "--players", "2", "--load",
                                 str(corrupt)])
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1


def test_the_ray_hint_keeps_its_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    result = runner.invoke(app, ["simulate", "legendary-inventors", "--players", "2",
                                 "--games", "1", "--backend", "ray"])
    assert result.exit_code == 2
    assert "pip install 'ingenium[ray]'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_report_without_matplotlib_names_the_plots_extra_before_any_game(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if the extra were not installed
    out = tmp_path / "games.jsonl"
    result = runner.invoke(app, ["simulate", "legendary-inventors", "--players", "2",
                                 "--games", "1", "--out", str(out),
                                 "--report", str(tmp_path / "r.html")])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: --report and --plots draw with matplotlib: pip install 'ingenium[plots]'"]
    assert not out.exists()


def test_a_forced_decision_says_so_and_enter_plays_it() -> None:
    """A decision with a single option: the prompt says it is the only choice and an empty
    answer (Enter) plays it; elsewhere an empty answer plays nothing."""
    game = TerminalGame("civolution", 2, ["human", "human"], 3, None, Console(width=100))
    state = game.state
    rng = random.Random(3)
    while state.decision is not None and not state.decision.forced:
        state.apply(rng.choice(state.decision.options))
    decision = state.decision
    assert decision is not None
    prompts: list[str] = []
    answers = iter(["", "quit"])

    def typed(prompt: object) -> str:
        prompts.append(str(prompt))
        return next(answers)

    game.console.input = typed  # type: ignore[method-assign]
    moves = len(state.history)
    assert game.ask(decision.seat) is True
    assert "the only choice: Enter plays it" in prompts[0]
    assert len(state.history) > moves
    while state.decision is not None and state.decision.forced:
        state.apply(state.decision.options[0])
    assert state.decision is not None
    assert game.answer(state.decision.seat, "") is None  # not forced: asks again


def test_names_name_the_seats_everywhere_on_screen() -> None:
    out = play(["1", "1", "board", "log", "quit"],
               ["play", "legendary-inventors", "--players", "3", "--seats", "human,human,easy",
                "--names", "Ada,Bob", "--seed", "3"])
    assert "Ada, your choice" in out and "· Bob plays the Middle Ages team" in out
    assert "Easy bot plays" in out and "Ada (you) 0 VP · Bob 0 VP · Easy bot 0 VP" in out
    assert "Player 1" not in out and "Player 2" not in out and "greedy" not in out
    assert "--names Ada,Bob" in out  # the command that replays the deal keeps them


@pytest.mark.parametrize(("names", "says"), [
    ("Ada,ada", "another seat's name"), ("Player 2,Bob", "could pass for a seat"),
    ("[red]x[/red],Bob", "letters, digits"), ("A,B,C,D", "4 names for 3 seats")])
def test_bad_names_are_one_line_errors(names: str, says: str) -> None:
    result = runner.invoke(app, ["play", "legendary-inventors", "--players", "3", "--seats",
                                 "human,human,easy", "--names", names], input="quit\n")
    assert result.exit_code != 0 and says in result.output, result.output
    assert "Traceback" not in result.output
