"""What people read, in words: options say what they do and cost,
log lines are English with names, hexes are named as on the board, the terminal's prompt and
status line, and boards that wrap at word boundaries at 80 columns."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.console import Console
from rich.table import Table

from ingenium.engine import Option, State, get_game
from ingenium.games.inventions.rules.key_concepts import add_influence
from ingenium.render import render_view, status_line
from ingenium.render.fit import Fitted, longest_word, row_paragraphs, words_fit
from ingenium.render.inventions_names import hex_name
from ingenium.terminal import choice_prompt

INTERNAL_ID = re.compile(r"\b[a-z]+\d*_\d+\b")


def played(game: str, players: int, moves: int, seed: int = 4) -> State[Any]:
    state = get_game(game).new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.decision is None:
            break
        state.apply(rng.choice(state.decision.options).id)
    return state


def until(state: State[Any], wanted: str) -> Option:
    """Play at random until an option whose id starts with `wanted` is offered."""
    rng = random.Random(1)
    while state.decision is not None:
        found = [o for o in state.decision.options if o.id.startswith(wanted)]
        if found:
            return found[0]
        state.apply(rng.choice(state.decision.options).id)
    raise AssertionError(f"no {wanted} option came up")


# -- options say what they do ---------------------------------------------------------------
def test_a_civolution_module_option_says_its_action_at_the_seats_level_and_its_dice() -> None:
    state = get_game("civolution").new_game(2, seed=2)
    option = until(state, "module:sleep")
    text = get_game("civolution").option_help(state, option)
    assert text.startswith("Level I: gain 1 focus marker OR gain 2 idea markers")
    assert "2 activation dice showing any two values" in text
    production = next(o for o in state.decision.options if o.id == "module:production")
    assert "showing 1 + 4" in get_game("civolution").option_help(state, production)


def test_an_inventions_main_action_says_what_it_costs_and_gives() -> None:
    state = get_game("inventions").new_game(3, seed=2)
    option = until(state, "main:space=")
    text = get_game("inventions").option_help(state, option)
    assert text and text[0].isupper() and not INTERNAL_ID.search(text)
    eureka = get_game("inventions").option_help(state, Option("main:space=eureka", "", 0))
    assert "later era than yours" in eureka and "advance your Era marker" in eureka


def test_a_legendary_inventors_inventor_option_says_it_is_spent_until_a_refresh() -> None:
    state = get_game("legendary-inventors").new_game(3, seed=2)
    option = until(state, "use:inventor=")
    text = get_game("legendary-inventors").option_help(state, option)
    assert "knowledge cubes on an invention" in text and "until you refresh" in text
    assert get_game("legendary-inventors").option_help(state, Option("done", "Done", 0)) == \
        "Play no more tokens"


# -- log lines ----------------------------------------------------------------------------------
def test_influence_moves_are_logged_in_english() -> None:
    state = get_game("inventions").new_game(3, seed=1)
    start = state.table.influence[0]
    add_influence(state, 0, -1, "to build Progress")
    assert state.events[-1].text == (f"Player 1 spends 1 Influence (to build a Progress tile): "
                                     f"now {start - 1} on the Influence track")
    add_influence(state, 0, 2, "Gain Influence")
    assert state.events[-1].text == (f"Player 1 gains 2 Influence (the Gain Influence action): "
                                     f"now {start + 1} on the Influence track")


@pytest.mark.parametrize(("game", "players"), [("inventions", 2), ("inventions", 4),
                                               ("civolution", 2), ("legendary-inventors", 3)])
def test_no_log_line_of_a_whole_game_shows_an_internal_id(game: str, players: int) -> None:
    state = played(game, players, moves=100_000, seed=7)
    assert state.decision is None
    leaks = [e.text for e in state.events if INTERNAL_ID.search(e.text)]
    assert not leaks, leaks[:3]
    assert not [e.text for e in state.events if re.search(r"\[\d+(, \d+)*\]", e.text)]


def test_civolution_era_scoring_names_each_civilizations_points() -> None:
    state = played("civolution", 2, moves=100_000, seed=7)
    lines = [e.text for e in state.events if e.kind == "era_scoring"]
    assert len(lines) == 4
    assert all(re.fullmatch(r"Era \d scoring, [a-z]+: Player 1 \d+ SP, Player 2 \d+ SP", t)
               for t in lines), lines


# -- the terminal -------------------------------------------------------------------------------
def test_hexes_are_named_as_on_the_board() -> None:
    assert hex_name("0,0") == "Centre hex"
    assert hex_name("1,-2") == "Outer hex at 12 o'clock"
    assert hex_name("1,0") == "Inner hex at 3 o'clock"


def test_one_option_never_asks_for_a_range() -> None:
    assert choice_prompt("Player 1", 1) == "Player 1, the only choice: Enter plays it (or help): "
    assert choice_prompt("Player 1", 3, forced=True).startswith("Player 1, the only choice")
    assert choice_prompt("Player 2", 4) == "Player 2, your choice (1–4, or help): "


def test_civolution_status_line_says_era_phase_and_whose_turn() -> None:
    state = get_game("civolution").new_game(2, seed=1)
    line = status_line(state.view(0))
    assert line.startswith(f"Era 1 · New goals · Player {state.decision.seat + 1} to move · ")
    assert "Scores: Player 1 0 · Player 2 0" in line


def test_a_table_too_narrow_for_its_words_becomes_wrapped_paragraphs() -> None:
    table = Table(title="Regions")
    table.add_column("#")
    table.add_column("specialist tile")
    table.add_row("1", "Present an extraordinarily long idea")
    assert longest_word("an extraordinarily long") == len("extraordinarily")
    assert words_fit(table, 80) and not words_fit(table, 20)
    assert [p.plain for p in row_paragraphs(table)] == [
        "1 · specialist tile: Present an extraordinarily long idea"]
    console = Console(width=20, color_system=None, record=True)
    console.print(Fitted(table))
    shown = console.export_text()
    assert "…" not in shown and "extraordinarily" in shown


@pytest.mark.parametrize(("game", "players", "moves"), [("inventions", 3, 60),
                                                        ("civolution", 2, 80),
                                                        ("legendary-inventors", 3, 40)])
def test_board_at_80_columns_cuts_no_word(game: str, players: int, moves: int) -> None:
    state = played(game, players, moves)
    console = Console(width=80, color_system=None, record=True)
    console.print(render_view(state.view(0)))
    assert "…" not in console.export_text()


@pytest.mark.parametrize("kind", ["procreate", "migrate"])
def test_civolution_procreate_and_migrate_log_lines_name_the_place_the_map_marks(
        kind: str) -> None:
    """The log says where ('... on encampment 2 (fire) in Forest b2') and the event names the
    map's encampment or territory for the last-move outline, never a place code."""
    from ingenium.games.civolution.board import C
    from ingenium.games.civolution.names import territory_name

    camps = {camp.id: camp for camp in C.encampments}
    territories = {terr.id: index for index, terr in enumerate(C.territories)}
    found = []
    for seed in range(6):
        state = played("civolution", 2, 400, seed)
        found += [e for e in state.events if e.kind == kind]
        if len(found) >= 3:
            break
    assert found, f"no {kind} in the games played"
    for event in found:
        assert not INTERNAL_ID.search(event.text) and not re.search(r"\d{2,}", event.text)
        if "encampment" in event.data:
            camp = event.data["encampment"]
            number = camp.rsplit(".", 1)[1]
            assert camp in camps and f"encampment {number}" in event.text, event.text
        else:
            assert territory_name(territories[event.data["territory"]]) in event.text
    verb = "procreates: a new tribe on " if kind == "procreate" else "migrates to "
    assert all(verb in event.text for event in found)


HELP_GAMES = [("civolution", 1), ("civolution", 2), ("civolution", 3), ("civolution", 4),
              ("inventions", 2), ("inventions", 3), ("inventions", 4),
              ("legendary-inventors", 2), ("legendary-inventors", 3),
              ("legendary-inventors", 4)]


@pytest.mark.parametrize(("name", "players"), HELP_GAMES)
def test_every_option_offered_says_what_it_does_and_names_no_internal_id(
        name: str, players: int) -> None:
    """Over a seeded random game of each game and player count, every option of every
    decision has a help text (what it does and costs), free of internal ids."""
    game = get_game(name)
    state = game.new_game(players, seed=players, variant="medium" if players == 1 else None)
    rng = random.Random(players)
    missing: dict[str, str] = {}
    for _ in range(1_500):
        decision = state.decision
        if decision is None:
            break
        for option in decision.options:
            text = game.option_help(state, option)
            if not text:
                missing.setdefault(f"{decision.kind}/{option.id.split(':')[0]}", option.label)
            assert not INTERNAL_ID.search(text), (option.id, text)
        state.apply(rng.choice(decision.options).id)
    assert not missing, missing
