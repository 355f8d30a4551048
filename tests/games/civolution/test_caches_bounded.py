"""One process may play many Civolution games (simulations, servers): the caches keyed by a
game's continent or dice keep a bounded number of entries (kept per continent, they grew
about 20 KiB a game)."""

from __future__ import annotations

from ingenium.games.civolution import board, board_view, encoding
from ingenium.games.civolution.rules import activation

from .scenario import GAME


def test_continent_caches_keep_at_most_layouts_kept_continents() -> None:
    for seed in range(board.LAYOUTS_KEPT + 8):
        state = GAME.new_game(2, seed)
        state.observation(0)
        board_view.continent_shape(tuple(state.table.layout))  # as the browser board asks
    for cached in (board.geometry, encoding._layout, board_view.continent_shape):
        assert cached.cache_info().maxsize == board.LAYOUTS_KEPT
        assert cached.cache_info().currsize <= board.LAYOUTS_KEPT


def test_dice_searches_are_bounded() -> None:
    for cached in (activation._firsts, activation._fitting):
        assert cached.cache_info().maxsize == activation.DICE_KEPT
