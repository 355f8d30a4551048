"""End of the Game: the fourth era's Income phase, the final scoring (categories at their final
values, console A and B), the tie-breakers; the whole game by random play."""

from __future__ import annotations

import pytest

from ingenium.games.civolution import scoring
from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components.effects import PointBonus
from ingenium.games.civolution.rules.setup import VARIANTS
from ingenium.games.civolution.table import ITEM_CARD, ITEM_INCOME, OVER, Installed, P

from .scenario import GAME, new, play_random


@pytest.mark.parametrize("players", (2, 3, 4))
def test_game_ends_after_the_fourth_era_by_random_play(players: int) -> None:
    state = new(players, seed=11)
    play_random(state, 11)
    t = state.table
    assert state.is_terminal and t.phase == OVER and t.era == 4
    assert all(c < 0 for c in t.era_tiles)  # all era scoring spaces empty


def test_final_scoring_uses_the_tile_points_for_final_tiles() -> None:
    t = new(2).table
    category = t.final_tiles[0]
    rec = K.categories[scoring.CATEGORIES[category]]
    assert scoring.final_points(category, t) == rec.tile_points
    other = next(c for c in range(9) if c not in t.final_tiles)
    assert scoring.final_points(other, t) == K.categories[scoring.CATEGORIES[other]].final_points


def test_final_scoring_console_a_stages_4_and_5_need_an_active_stage_tile() -> None:
    t = new(2).table
    assert scoring.stage_points(t, 0) == 0  # the starting chip card sits in stage 4, inactive
    t.stage_tile[0] = 1
    assert scoring.stage_points(t, 0) == K.stages[3].sp


def test_final_scoring_console_b_point_bonus_counts_its_column() -> None:
    t = new(2).table
    card = next(i for i, c in enumerate(C.cards) if isinstance(c.ability, PointBonus))
    bonus = C.cards[card].ability
    assert isinstance(bonus, PointBonus)
    t.installed += [Installed(0, 2, 1, ITEM_INCOME, 0), Installed(0, 2, 2, ITEM_CARD, card)]
    assert scoring.point_bonus(t, 0) == 2 * bonus.sp


def test_prosperity_counts_food_money_settlements_and_storage_diamonds() -> None:
    t = new(2).table
    t.food[0], t.money[0] = 6, 4  # 2 + 2 diamonds
    t.storage[0:18] = [0] * 18
    t.storage[0] = t.storage[1] = t.storage[2] = 1  # Forest rows 1-3: 1 + 2 diamonds
    t.settlement_built[0] = 1  # 1 diamond
    assert scoring.prosperity(t, 0) == 4 + 3 + 1
    t.food[0], t.money[0] = 30, 30
    assert scoring.prosperity(t, 0) == 5 + 3 + 1  # at most 5 from food and money


def test_score_track_lap_takes_a_100_point_token() -> None:
    from ingenium.games.civolution.console import gain_sp

    t = new(2).table
    t.score[0] = 95
    gain_sp(t, 0, 10)
    assert t.hundreds[0] == 1 and t.score[0] == 105


def test_tie_breakers_module_upgrades_then_seating_order() -> None:
    """Who wins?: \"Ties are broken by more module upgrades, then by seating order\" (read as
    everywhere else: clockwise from the starting civilization)."""
    state = new(3)
    t = state.table
    t.score = [10, 10, 10]
    t.level[1 * 22 + 8] = 3  # player 2 has two more upgrades
    assert state.ranking()[0] == 1
    t.level[1 * 22 + 8] = t.level[0 * 22 + 8]
    t.level[2 * 22:3 * 22] = t.level[0:22]
    t.level[1 * 22:2 * 22] = t.level[0:22]
    t.starting = 0
    assert state.ranking() == [0, 1, 2]
    t.starting = 2  # "then by seating order": clockwise from the starting civilization
    assert state.ranking() == [2, 0, 1]
    assert state.game.winners(state) == [2]


def test_same_seed_and_answers_replay_to_the_same_game() -> None:
    state = GAME.new_game(3, 4)
    play_random(state, 4)
    again = GAME.replay(3, 4, None, state.history)
    assert again.fingerprint() == state.fingerprint()
    loaded = GAME.from_json(state.to_json())
    assert loaded.scores() == state.scores()


def test_variants_are_first_play_and_option_b_advanced() -> None:
    assert VARIANTS == ("first-play", "advanced", "first-play-advanced")
    assert P == 4
