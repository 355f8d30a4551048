"""Setup (rulebook: Setup) for 2, 3 and 4 civilizations, Option A."""

from __future__ import annotations

import pytest

from ingenium.engine.chance import CHANCE, parse_outcome
from ingenium.engine.errors import BadPlayerCount, UnknownVariant
from ingenium.games.civolution import board
from ingenium.games.civolution.board import C, K
from ingenium.games.civolution.components.continent import check_layout
from ingenium.games.civolution.components.records import Placement
from ingenium.games.civolution.rules.research import hand_of
from ingenium.games.civolution.table import BLOCKED, COVERED, ITEM_START_CHIP, NEW_GOALS

from .scenario import GAME, CState, new

PLAYERS = (2, 3, 4)


def test_setup_indicators_on_their_start_spaces() -> None:
    t = new(3).table
    assert K.weather[t.weather].id == "mild"
    assert (t.era, t.phase) == (1, NEW_GOALS)  # phase 1 ran: the first question is phase 2


def test_setup_event_stack_reveals_one_card_per_era_nothing_preordered() -> None:
    t = new(2).table
    assert t.event_up >= 0 and len(t.event_stack) == len(C.events) - 1


def test_setup_four_era_and_three_final_scoring_tiles_all_different() -> None:
    t = new(4, seed=5).table
    assert len(t.era_tiles) == 4 and len(t.final_tiles) == 3
    assert len(set(t.era_tiles) | set(t.final_tiles)) == 7


@pytest.mark.parametrize("players", PLAYERS)
def test_setup_hundred_point_tokens_cover_goal_and_phase_spaces(players: int) -> None:
    t = new(players).table
    setup = K.player_counts[players]
    assert t.goal_display.count(COVERED) == {2: 2, 3: 1, 4: 0}[players]
    covered = setup.blocked_goal_spaces + setup.blocked_phase_spaces
    assert t.hundred_supply == 12 - covered
    assert setup.reset_spaces == {2: 5, 3: 7, 4: 9}[players]


@pytest.mark.parametrize("players", PLAYERS)
def test_setup_goal_income_attribute_displays_from_their_bags(players: int) -> None:
    t = new(players).table
    # Phase 2 refills after taking; at the first question the display is full
    assert sum(1 for c in t.goal_display if c >= 0) == {2: 4, 3: 5, 4: 6}[players]
    chips = [c for c in t.goal_display if c >= 0] + list(t.goal_bag)
    chips += [c for c in t.goal_area if c >= 0]
    assert sorted(chips) == list(range(len(C.goal_chips)))
    assert all(c >= 0 for c in t.income_display) and len(t.income_bag) == 22
    assert all(c >= 0 for c in t.attribute_display) and len(t.attribute_bag) == 9


@pytest.mark.parametrize("seed", range(6))
def test_setup_continent_of_8_tiles_in_random_order_and_orientation(seed: int) -> None:
    t = new(4, seed).table
    layout = [Placement(board.TILE_LETTERS[a], b, c, d) for a, b, c, d in t.layout]
    check_layout(C.tiles, layout)
    assert len(board.WATER) == 4 and board.TERRITORIES - len(board.WATER) == 18


def test_setup_continents_differ_between_games() -> None:
    assert len({tuple(new(2, seed).table.layout) for seed in range(6)}) > 1


def test_setup_first_play_layout_places_tiles_a_b_c_as_shown() -> None:
    t = new(2, 3, "first-play").table
    placed = {board.TILE_LETTERS[a]: (b, c, d) for a, b, c, d in t.layout}
    for p in C.first_play:
        assert placed[p.tile] == (p.col, p.row, p.rotation)


def test_setup_sites_face_down_in_every_recess() -> None:
    t = new(3).table
    assert t.recess_site == [-1] * 24 and sorted(t.site_pool) == list(range(24))


@pytest.mark.parametrize("variant", ["first-play", "first-play-advanced"])
def test_setup_material_tiles_first_plays_wood_and_papyrus_face_up_on_start(variant: str) -> None:
    """Setup: "For your first plays: place the Wood material tile face up on [...] "Start" in
    the Forest [...] and the Papyrus [...] in the Grassland"; the rest face down by type."""
    t = GAME.new_game(4, 0, variant).table
    shown = {C.materials[t.material_tile[x]].value for x in board.START_TERRITORIES}
    assert shown == {"wood", "papyrus"}
    assert len(t.material_pool) == 16
    assert all(t.material_tile[x] < 0 for x in range(board.TERRITORIES)
               if x not in board.START_TERRITORIES)


@pytest.mark.parametrize("variant", [None, "advanced", "medium"])
def test_setup_material_tiles_later_plays_all_face_down_by_type(variant: str | None) -> None:
    """Setup, after the first plays: every material tile is shuffled face down by territory
    type; the starting tribes develop the starting territories, flipping a random tile of
    that type (not always Wood and Papyrus)."""
    players = 1 if variant == "medium" else 4
    seen: set[tuple[str, ...]] = set()
    for seed in range(40):
        state = GAME.new_game(players, seed, variant)
        t = state.table
        shown = tuple(C.materials[t.material_tile[x]].value for x in board.START_TERRITORIES)
        for x in board.START_TERRITORIES:
            assert board.MATERIAL_TERRAIN[t.material_tile[x]] == board.LAND.index(board.TERRAIN[x])
        assert len(t.material_pool) == 16
        assert any(kind == "material_tile" for kind, _ in _chances(state))
        seen.add(shown)
    assert len(seen) > 1 and ("wood", "papyrus") in seen


def _chances(state: CState) -> list[tuple[str, int]]:
    return [parse_outcome(o) for seat, o in state.history if seat == CHANCE]


@pytest.mark.parametrize("players", PLAYERS)
def test_setup_blocked_encampments_10_for_2_players_4_for_3(players: int) -> None:
    t = new(players).table
    assert t.enc_seat.count(BLOCKED) == {2: 10, 3: 4, 4: 0}[players]
    assert t.hunting_supply == 16 - {2: 10, 3: 4, 4: 0}[players]


@pytest.mark.parametrize("players", PLAYERS)
def test_setup_dice_display_by_player_count(players: int) -> None:
    t = new(players).table
    assert (t.activation_display, t.fate_display) == (players + 1, players + 1)


def test_setup_console_steps_1_to_6() -> None:
    t = new(2).table
    for seat in range(2):
        levels = t.level[seat * board.MODULES:(seat + 1) * board.MODULES]
        assert sorted(levels) == [1] * (board.MODULES - 1) + [2]  # the starting chip's flip
        assert t.dice[seat * 6:seat * 6 + 6] == [1] * 6
        assert t.fate[seat] == 1
        assert t.stage_tile[seat * 2:seat * 2 + 2] == [0, 0]
        assert t.farms_left[seat] == 3 and t.boat_at[seat * 2:seat * 2 + 2] == [-1, -1]
        assert t.track[seat * 5:seat * 5 + 5] == [0] * 5 and t.favor[seat] == 0


def test_setup_step_7_tribes_in_both_starting_territories_fire_free() -> None:
    t = new(4).table
    for seat in range(4):
        assert t.tribes[seat] == 18
        for terr in board.START_TERRITORIES:
            mine = [e for e in board.ENC_OF[terr] if t.enc_seat[e] == seat]
            assert len(mine) == 1 and not board.FIRE_SP[mine[0]] and t.enc_strong[mine[0]]


def test_setup_step_8_markers_raw_materials_boats_reset_columns() -> None:
    t = new(3).table
    for seat in range(3):
        assert all(t.raw[terr * 4 + seat] == 1 for terr in board.START_TERRITORIES)
        assert t.boat_notch[seat * 2:seat * 2 + 2] == [1, 1]
        assert t.reset_marker[seat * 4:seat * 4 + 4] == [1] * 4
        on_console = t.food[seat] + t.money[seat] + t.ideas[seat] + t.focus[seat] + sum(
            t.feature[seat * 6:seat * 6 + 6]) + sum(t.storage[seat * 18:seat * 18 + 18])
        assert t.supply[seat] + on_console == 42


def test_setup_starting_cards_option_a_one_numbered_card_per_deck() -> None:
    t = new(4).table
    assert len(set(t.start_marker)) == 4
    for seat in range(4):
        cards = [C.cards[c] for c in hand_of(t, seat)]
        assert sorted(c.deck.value for c in cards) == sorted(d.value for d in board.DECKS)
        assert {c.number for c in cards} == {t.start_marker[seat] + 1}
    assert len(t.down) + len(t.face_up) == 160 - 20


def test_setup_starting_markers_from_the_starting_marker_card() -> None:
    t = new(2).table
    for seat in range(2):
        assert t.food[seat] == 3 and t.ideas[seat] == 2 and t.money[seat] == 1
        assert t.feature[seat * 6 + t.start_marker[seat]] == 1


def test_setup_starting_chip_card_goal_upgrade_and_income() -> None:
    t = new(3).table
    for seat in range(3):
        chip_card = [i for i in t.installed if i[0] == seat and i[3] == ITEM_START_CHIP]
        assert len(chip_card) == 1 and chip_card[0][1:3] == (8, 4)  # column 9, stage 4
        module = K.starting_chip_cards[f"start_chip_{t.start_marker[seat] + 1}"].module
        assert t.level[seat * board.MODULES + board.MODULE[module]] == 2


def test_setup_starting_monolith_to_a_random_civilization() -> None:
    starts = {new(4, seed).table.starting for seed in range(12)}
    assert len(starts) > 1


def test_setup_rejects_5_players_1_without_a_level_and_unknown_variants() -> None:
    with pytest.raises(UnknownVariant, match="needs a difficulty level"):
        new(1)  # one player is the Solo Mode: a difficulty level is required
    with pytest.raises(BadPlayerCount):
        new(5)
    with pytest.raises(UnknownVariant):
        new(2, 0, "solo-expert")
