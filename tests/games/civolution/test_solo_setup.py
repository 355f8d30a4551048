"""Solo Mode, Setup: the 2-player setup with steps 12-16 for the human only, then V.I.C.I's
play area."""

from __future__ import annotations

import pytest

from ingenium.engine import UnknownVariant
from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.rules.solo.setup import VARIANTS, parse_variant
from ingenium.games.civolution.rules.solo.table import HUMAN, VICI
from ingenium.games.civolution.table import BLOCKED, COVERED, P
from tests.games.civolution.solo_scenario import new_solo


def test_solo_setup_is_a_2_player_setup() -> None:
    t = new_solo().table
    assert t.players == 2
    assert t.enc_seat.count(BLOCKED) == 10  # the 2-player blocking tokens
    assert t.goal_display.count(COVERED) == 2
    assert (t.activation_display, t.fate_display) == (3, 3)


def test_solo_setup_steps_12_to_16_for_the_human_only() -> None:
    t = new_solo(seed=3).table
    assert len(t.hand) == 5 and all(h.seat == HUMAN for h in t.hand)
    assert len(t.down) == len(C.cards) - 5
    assert t.start_marker[VICI] == -1 and t.goal_area[VICI * 3:] == [-1, -1, -1]
    assert t.starting == t.current == HUMAN  # step 15, the starting monolith, is the human's
    assert sum(t.dice[VICI * 6:]) == 0 and sum(t.level[VICI * board.MODULES:]) == 0
    assert sum(t.dice[:6]) == 6 and t.fate[HUMAN] == 1
    assert [s for s, *_ in t.installed] == [HUMAN]


def test_solo_setup_vici_gets_15_tribes() -> None:
    t = new_solo().table
    on_board = sum(1 for s in t.enc_seat if s == VICI)
    assert on_board == 2 and t.tribes[VICI] + on_board == 15


def test_solo_setup_vici_tribes_upright_on_non_fire_encampments_with_provision() -> None:
    t = new_solo().table
    for terr in board.START_TERRITORIES:
        mine = [e for e in board.ENC_OF[terr] if t.enc_seat[e] == VICI]
        assert len(mine) == 1 and t.enc_strong[mine[0]] == 1 and not board.FIRE_SP[mine[0]]
        assert t.vici_provision[terr] == 1 and t.raw[terr * P + VICI] == 0
        assert any(t.enc_seat[e] == HUMAN for e in board.ENC_OF[terr])
    assert sum(t.vici_provision) == 2


def test_solo_setup_vici_50_markers_grids_and_dice() -> None:
    t = new_solo().table
    assert (t.vici_evolution, t.vici_prosperity) == (2, 2)
    assert t.supply[VICI] == 50 - 2 - 2 - 2  # grids 1+2 twice, 2 provision markers
    assert (t.vici_dice, t.fate[VICI]) == (6, 1)
    assert t.score[VICI] == t.favor[VICI] == 0 and t.track[VICI * 5:] == [0] * 5


def test_solo_setup_vici_action_stack_face_down_and_unordered() -> None:
    t = new_solo().table
    assert sorted(t.action_stack) == list(range(1, 16)) and t.action_up == []
    assert new_solo(seed=1).table.action_stack == t.action_stack  # no order to leak


def test_solo_setup_level_from_the_variant() -> None:
    assert len(VARIANTS) == 10
    assert parse_variant("expert+extra-tough") == ("expert", True)
    t = new_solo("medium+extra-tough").table
    assert (t.vici_level, t.extra_tough) == ("medium", 1)
    for bad in (None, "hard", "first-play"):
        with pytest.raises(UnknownVariant, match="needs a difficulty level"):
            parse_variant(bad)


def test_solo_setup_levels_are_the_variants_of_one_player_only() -> None:
    """Game.variants_for / needs_variant: the lobby, the RL adapters and the suites ask these."""
    from ingenium.engine import get_game

    game = get_game("civolution")
    assert game.needs_variant(1) and not game.needs_variant(2)
    assert sorted(game.variants_for(1)) == sorted(VARIANTS)
    # "advanced" is a solo level and, for 2-4 players, Option B of the Advanced Rules
    assert set(game.variants_for(2)) == {"first-play", "advanced", "first-play-advanced"}
    assert get_game("legendary-inventors").variants_for(3) == list(
        get_game("legendary-inventors").variants)
