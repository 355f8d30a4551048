"""2-Player Rules: Setup 1-6 and How to Play (Chronos' turn: the migration path, Present an Idea >
Invent > Share > Innovate with each skip, the Progress-tile search by region number)."""

from __future__ import annotations

import random
from collections import Counter

from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.rules import chronos
from ingenium.games.inventions.rules import conditions as Q
from ingenium.games.inventions.steps import S_CHRONOS_TURN, ChronosTurn
from ingenium.games.inventions.table import (
    CHRONOS,
    LOC_DISPLAY,
    LOC_HAND,
    LOC_LEFT,
    LOC_OUT,
    M_DISCARD,
    M_PRIVATE,
)
from tests.games.inventions import scenario as S
from tests.games.inventions.test_core_actions import _board

P = K.MAX_SEATS
TILE = {t.id: n for n, t in enumerate(K.SPECIALIST_TILES)}
SPACE = {a.value: n for n, a in enumerate(K.SPACES)}


def _two(seed: int = 0) -> S.IState:
    """A 2-player game after the Stone Age, every Region display empty (see _board)."""
    return _board(players=2, seed=seed)


def _turn(state: S.IState, after: int) -> None:
    """Chronos' turn with his Season pillar in region `after` (1-7)."""
    state.table.chronos_region = after - 1
    S.at(state, ChronosTurn(S_CHRONOS_TURN, CHRONOS))


def _chronos_log(state: S.IState) -> list[str]:
    return [e.text for e in state.events if e.kind == "chronos"]


def _tile(kind: str, number: int) -> int:
    return K.PROGRESS_BASE + K.TYPE_NAMES.index(kind) * 7 + number - 1


# -- Setup ----------------------------------------------------------------------------------------
def test_two_player_setup_chronos_supply_and_no_society_board() -> None:
    """Setup 1: Chronos' citizens, Influence tokens, Era marker, Turn Order marker and one Season
    pillar; no Society board, Aspiration tiles, Influence or score marker, no ideas of his own."""
    state = S.new(players=2)
    t = state.table
    assert len(t.ip) == len(t.influence) == len(t.supply) == 2  # no score, no Influence marker
    assert sorted(t.order) == [0, 1, CHRONOS]
    assert t.chronos_supply == 30 and t.chronos_token_supply + t.chronos_token_track == 5
    assert t.chronos_era_space == 2  # Setup 4: the starting Era spaces, after the players'
    assert all(loc not in (LOC_HAND + CHRONOS, LOC_LEFT + CHRONOS) for loc in t.idea_loc)
    assert t.goals and len(t.goals) == 6  # Private Goals for the two players only
    assert not S.sound(state)


def test_two_player_setup_turn_order_at_random_including_chronos() -> None:
    """Setup 1: the players' and Chronos' starting turn order at random."""
    seen = Counter(S.new(players=2, seed=seed).table.order.index(CHRONOS) for seed in range(30))
    assert set(seen) == {0, 1, 2}
    assert any(e.kind == "setup" and "Chronos" in e.text for e in S.new(players=2).events)


def test_two_player_setup_chronos_starts_in_africa() -> None:
    """Setup 2: Africa when it is free and has an Era 2 idea."""
    state = S.new(players=2)
    t = state.table
    t.card[0] = S.idea("wheel")
    t.presenter[0] = -1
    assert chronos.start_region(t) == 0


def test_two_player_setup_chronos_start_skips_occupied_africa_along_the_path() -> None:
    """Setup 2: Africa occupied by a player, or without an Era 2 idea: the next available region
    along the migration path."""
    state = S.new(players=2)
    t = state.table
    t.card[:] = [S.idea("wheel"), -1, S.idea("coins"), S.idea("seawall"), -1, -1, -1]
    t.presenter[:] = [0, -1, -1, -1, -1, -1, -1]
    assert chronos.start_region(t) == 3  # Africa taken, Middle East empty, Europe's idea is Era 3
    t.presenter[0] = -1
    t.card[0] = -1
    assert chronos.start_region(t) == 3


def test_two_player_setup_chronos_starting_idea_citizens_and_face_down_token() -> None:
    """Setup 3: 1 or 2 citizens beside his starting idea (no Specialist-tile benefit), 1 citizen
    in the region, an Influence token face down on the leftmost space."""
    state = S.after_stone_age(players=2)
    t = state.table
    r = next(r for r in range(7) if t.presenter[r] == CHRONOS)
    assert t.chronos_region == r
    n = K.SPECIALIST_TILES[t.specialist_tile[r]].specialists
    assert t.presenter_count[r] == n and t.on_map[r * P + CHRONOS] == 1
    assert t.influence_spaces[r * K.INFLUENCE_SPACES] == CHRONOS
    assert t.chronos_supply == 30 - n - 1 and t.chronos_token_supply == 1
    assert any("Chronos starts in" in text for text in _chronos_log(state))
    assert not S.sound(state)


def test_two_player_setup_three_chronos_tokens_on_the_era_track() -> None:
    """Setup 4: 3 Chronos Influence tokens face down between Eras 2-3, 3-4 and 4-5."""
    assert S.new(players=2).table.chronos_token_track == 3


def test_two_player_setup_wealth_tiles_three_of_a_to_d_two_of_e_to_g() -> None:
    """Setup 5: Wealth A-D 3 each (Chronos counts as a player), E-G 2 each."""
    t = S.new(players=2).table
    for r in range(7):
        assert t.wealth_left[r] == (3 if t.wealth_letter[r] < 4 else 2)


def test_two_player_setup_two_progress_tiles_of_each_number() -> None:
    """Setup 6: only 2 of each number on the Economy, Culture and Technology displays."""
    assert S.new(players=2).table.progress_supply == [2] * K.NUM_PROGRESS


# -- How to Play ----------------------------------------------------------------------------------
def test_two_player_chronos_moves_along_the_migration_path_from_seven_to_one() -> None:
    """His turn: the Season pillar moves to the next region (from region 7 to region 1)."""
    state = _two()
    _turn(state, after=7)
    assert state.table.chronos_region == 0
    assert _chronos_log(state)[-1].startswith("Chronos moves to Africa (1)")


def test_two_player_chronos_present_an_idea_takes_the_rightmost_display_idea() -> None:
    """Present an Idea: the rightmost idea of the display into the empty region, 1 or 2 of his
    citizens on the Specialist tile, no Specialist-tile benefit; the display slides."""
    state = _two()
    t = state.table
    idea, before = t.display[-1], t.chronos_supply
    _turn(state, after=1)  # Middle East: the Share tile, 2 citizens
    assert t.card[1] == idea and t.presenter[1] == CHRONOS and t.presenter_count[1] == 2
    assert t.chronos_supply == before - 2 and not t.pending  # no free Share from the tile
    assert t.display[-1] >= 0 and t.display[-1] != idea and t.idea_loc[t.display[-1]] == LOC_DISPLAY
    assert "he presents" in _chronos_log(state)[-1]
    assert not S.sound(state)


def test_two_player_chronos_present_skipped_when_the_region_has_an_idea_he_invents() -> None:
    """Present an Idea: the region already has an idea, so he tries to Invent it: one citizen
    (no extra exhaustion) and a Progress tile of its type numbered as the region."""
    state = _two()
    t = state.table
    S.put_card(state, 3, "writing", presenter=0)
    before = t.chronos_supply
    _turn(state, after=2)
    assert t.invented[2] and t.inventor[2] == CHRONOS and t.chronos_supply == before - 1
    assert t.chronos_tiles == [_tile("culture", 3)]
    assert _chronos_log(state)[-1] == ("Chronos moves to Europe (3): the region has an idea, he "
                                       "invents Writing and discards the Culture tile 3")
    assert not S.sound(state)


def test_two_player_chronos_cannot_invent_without_the_milestone_on_the_board() -> None:
    """Invent: the required Milestone not yet on the board (in the Eureka display): he moves
    to the next region and starts the list again (there, presenting)."""
    state = _two()
    t = state.table
    S.put_card(state, 3, "lighthouse", presenter=0)  # Sailing: in the Eureka display
    assert S.milestone("sailing") in t.eureka
    _turn(state, after=2)
    assert not t.invented[2] and t.presenter[3] == CHRONOS  # on to Asia (4): he presents
    assert "not yet on the board: he moves on" in _chronos_log(state)[-2]


def test_two_player_chronos_has_access_to_every_milestone_on_the_board() -> None:
    """How to Play: all private Milestones on the board, Common Knowledge and the discard."""
    state = _two()
    t = state.table
    m = t.private[0]
    assert chronos.on_board(t, m) and chronos.on_board(t, t.private[3])
    assert chronos.on_board(t, t.common[0])
    assert not chronos.on_board(t, t.eureka[0]) and not chronos.on_board(t, t.milestone_decks[0])
    t.milestone_loc[t.eureka[0]] = M_DISCARD
    assert chronos.on_board(t, t.eureka[0])
    assert t.milestone_loc[t.private[CHRONOS]] == M_PRIVATE + CHRONOS


def test_two_player_chronos_progress_tile_next_region_number_when_none_left() -> None:
    """Invent: no Progress tile of the region number left: the next region number."""
    state = _two()
    t = state.table
    t.progress_supply[_tile("culture", 3) - K.PROGRESS_BASE] = 0
    assert chronos.take_progress(t, 1, 2, skip_held=True) == _tile("culture", 4)


def test_two_player_chronos_progress_tile_next_number_when_he_has_that_number() -> None:
    """Invent: he already has a tile of that number: the next one, and the next."""
    state = _two()
    t = state.table
    t.chronos_tiles = [_tile("culture", 3), _tile("culture", 4)]
    assert chronos.take_progress(t, 1, 2, skip_held=True) == _tile("culture", 5)


def test_two_player_chronos_progress_tile_search_wraps_from_seven_to_one() -> None:
    """The search for the next region number goes on from 7 to 1; with every number gone he
    takes none."""
    state = _two()
    t = state.table
    t.progress_supply[_tile("economy", 7) - K.PROGRESS_BASE] = 0
    assert chronos.take_progress(t, 0, 6, skip_held=True) == _tile("economy", 1)
    for n in range(1, 8):
        t.progress_supply[_tile("technology", n) - K.PROGRESS_BASE] = 0
    assert chronos.take_progress(t, 2, 0, skip_held=True) == -1


def test_two_player_chronos_invent_skipped_when_the_region_has_an_invention_he_shares() -> None:
    """Invent: the region has an invention, so he tries to Share it (his: he presented it); he
    discards the region's top Wealth tile; the player inventor takes the card."""
    state = _two()
    t = state.table
    S.put_card(state, 3, "writing", presenter=CHRONOS, inventor=0)
    left, ip = t.wealth_left[2], list(t.ip)
    _turn(state, after=2)
    assert t.card[2] < 0 and t.idea_loc[S.idea("writing")] == LOC_LEFT + 0
    assert t.wealth_left[2] == left - 1
    assert t.chronos_tiles == [K.WEALTH_BASE + t.wealth_letter[2]]
    assert t.ip == ip  # Chronos scores no IP for the idea he presented
    assert t.on_map[2 * P + CHRONOS] == 1 and t.on_map[2 * P + 0] == 1
    assert "he shares Writing and discards the Wealth" in _chronos_log(state)[-1]
    assert not S.sound(state)


def test_two_player_chronos_share_without_wealth_takes_a_progress_tile() -> None:
    """Share: no Wealth tile left: a Progress tile of the invention's type by region number."""
    state = _two()
    t = state.table
    S.put_card(state, 3, "writing", presenter=1, inventor=CHRONOS)
    t.chronos_tiles = [K.WEALTH_BASE + t.wealth_letter[2]] * t.wealth_left[2]  # none left
    t.wealth_left[2] = 0
    _turn(state, after=2)
    assert t.chronos_tiles[-1] == _tile("culture", 3)
    assert t.ip[1] == K.IDEAS[S.idea("writing")].share_ip  # the player presenter scores
    assert not S.sound(state)


def test_two_player_chronos_share_progress_tile_of_a_number_he_holds() -> None:
    """Share (2-Player Rules): "If no Progress tiles of that region number remain, he looks
    for a tile matching the next region number": unlike Invent, a number he already holds is
    taken again when one is left."""
    state = _two()
    t = state.table
    S.put_card(state, 3, "writing", presenter=1, inventor=CHRONOS)
    held = [K.WEALTH_BASE + t.wealth_letter[2]] * t.wealth_left[2]  # no Wealth tile left
    t.chronos_tiles = [*held, _tile("culture", 3)]
    t.progress_supply[_tile("culture", 3) - K.PROGRESS_BASE] -= 1
    t.wealth_left[2] = 0
    _turn(state, after=2)
    assert t.chronos_tiles[-2:] == [_tile("culture", 3), _tile("culture", 3)]
    assert not S.sound(state)


def test_two_player_chronos_share_as_inventor_discards_the_card() -> None:
    """Share: if he was the inventor, he simply discards the card."""
    state = _two()
    t = state.table
    S.put_card(state, 3, "writing", presenter=0, inventor=CHRONOS)
    _turn(state, after=2)
    assert t.idea_loc[S.idea("writing")] == LOC_OUT
    assert t.on_map[2 * P + CHRONOS] == 1  # his citizen beside it goes to the region
    assert not S.sound(state)


def test_two_player_chronos_share_as_innovator_places_a_new_citizen() -> None:
    """Share: if he was the innovator, he places a new citizen in the map region."""
    state = _two()
    t = state.table
    S.put_card(state, 3, "writing", presenter=0, inventor=1, innovator=CHRONOS)
    before = t.chronos_supply
    _turn(state, after=2)
    assert t.on_map[2 * P + CHRONOS] == 2 and t.chronos_supply == before - 1
    assert t.idea_loc[S.idea("writing")] == LOC_LEFT + 1
    assert not S.sound(state)


def test_two_player_chronos_share_skipped_when_not_his_he_innovates() -> None:
    """Share: not his invention, so he tries to Innovate: a citizen on the Innovate space, no
    specialist gained, never the Chain Action."""
    state = _two()
    t = state.table
    S.put_card(state, 3, "writing", presenter=0, inventor=1)
    before = t.chronos_supply
    _turn(state, after=2)
    assert t.innovator[2] == CHRONOS and t.chronos_supply == before - 1
    assert not t.pending  # no Chain Action
    assert "he innovates on Writing" in _chronos_log(state)[-1]
    assert not S.sound(state)


def test_two_player_chronos_innovate_skipped_he_moves_on_and_starts_over() -> None:
    """Innovate: he cannot (the Innovate space is taken): he moves to the next region and goes
    through the list again (there an idea: he invents it)."""
    state = _two()
    t = state.table
    S.put_card(state, 3, "writing", presenter=0, inventor=1, innovator=0)
    S.put_card(state, 4, "wheel", presenter=1)
    _turn(state, after=2)
    assert t.innovator[2] == 0 and t.inventor[3] == CHRONOS and t.chronos_region == 3
    log = _chronos_log(state)
    assert "he can neither share nor innovate" in log[-2] and "invents Wheel" in log[-1]


def test_two_player_chronos_with_nothing_to_do_anywhere_ends_his_turn() -> None:
    """Moving on from region to region: once round the world with nothing to do, the turn ends."""
    state = _two()
    t = state.table
    for slot in range(3):
        t.display[slot] = -1
    t.stack = []
    _turn(state, after=1)
    assert t.chronos_region == 0 and "found nothing to do" in _chronos_log(state)[-1]


def test_two_player_a_player_sharing_chronos_invention_discards_the_card() -> None:
    """Share an Invention by a player: Chronos has no Society board, so a card he invented is
    discarded (as when he shares it); he scores nothing as presenter."""
    state = _two()
    t = state.table
    S.put_card(state, 3, "writing", presenter=CHRONOS, inventor=CHRONOS, innovator=0)
    S.main(state, 0)
    S.play(state, "main:space=share_invention")
    assert t.idea_loc[S.idea("writing")] == LOC_OUT and t.on_map[2 * P + CHRONOS] == 2
    assert not S.sound(state)


def test_two_player_gain_influence_majority_counts_chronos_citizens() -> None:
    """Gain Influence 1: "more citizens on that region than anyone else": Chronos too."""
    state = _two()
    t = state.table
    S.citizens(state, 0, 5, 2)
    t.on_map[4 * P + CHRONOS] = 2
    t.chronos_supply -= 2
    assert 4 not in Q.gain_influence_regions(t, 0)  # a tie is no majority
    t.on_map[4 * P + CHRONOS] = 1
    t.chronos_supply += 1
    assert 4 in Q.gain_influence_regions(t, 0)


def test_two_player_view_shows_chronos_pieces_to_everyone() -> None:
    """Chronos' pillar, citizens, tokens, Milestone and discarded tiles are public."""
    state = S.after_stone_age(players=2)
    views = [state.view(s)["table"] for s in (None, 0, 1)]
    for view in views:
        c = view["chronos_opponent"]
        assert c["name"] == "Chronos" and c["region"] is not None and c["supply"] < 30
        assert c["influence_token_regions"] == [c["region"]] and c["milestone"]
        assert view["chronos_colour"] == CHRONOS and len(view["regions"][0]["citizens"]) == 3
    assert S.new(players=3).view(None)["table"]["chronos_opponent"] is None


def test_two_player_statistics_report_what_chronos_did() -> None:
    """The game's statistics (simulate, balance reports) count Chronos' moves and tiles."""
    state = S.new(players=2, seed=2)
    rng = random.Random(2)
    while state.decision is not None:
        state.apply(rng.choice(state.decision.options))
    figures = state.game.statistics(state)
    chronos_figures = figures[0]["Chronos"]
    assert chronos_figures == figures[1]["Chronos"]
    moves = [e.data for e in state.events if e.kind == "chronos"]
    assert chronos_figures["inventions"] == sum(1 for d in moves if "invent" in d) > 0
    tiles = state.table.chronos_tiles
    assert chronos_figures["Progress tiles discarded"] + chronos_figures[
        "Wealth tiles discarded"] == len(tiles)
    assert chronos_figures["Influence tokens placed"] == 5
