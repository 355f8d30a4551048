"""2-Player Rules, Alterations to Era Change: Chronos' Influence token along the path (1), his new
Milestone and Era marker except after Era 1 (2), his turn-order move, and step 5's 2-player
Milestone movement."""

from __future__ import annotations

import random

from ingenium.games.inventions.components import catalog as K
from ingenium.games.inventions.steps import S_ERA_CHANGE, EraChangeStage
from ingenium.games.inventions.table import CHRONOS, M_CK, M_DISCARD, M_EUREKA, M_PRIVATE
from tests.games.inventions import scenario as S
from tests.games.inventions.test_core_actions import _board

P = K.MAX_SEATS
ERA_SPACE = {s.id: n for n, s in enumerate(K.ERA_SPACES)}
SPACES = K.INFLUENCE_SPACES


def _change_to(state: S.IState, era: int) -> None:
    """The Era Change into `era`, from its first stage (Chronos' alterations); Chronos is last
    in turn order, so the round that follows waits for a player before his turn."""
    if state.table.order[-1] != CHRONOS:
        state.table.order = [0, 1, CHRONOS]
    state.table.chronos = 1 + 3 * (era - 2)
    S.at(state, EraChangeStage(S_ERA_CHANGE, 0, stage=0))


def _tokens(t: S.InvTable) -> list[int]:
    return [r for r in range(7) if CHRONOS in t.influence_spaces[r * SPACES:(r + 1) * SPACES]]


def _log(state: S.IState) -> list[str]:
    return [e.text for e in state.events if e.kind == "chronos"]


def test_two_player_era_change_chronos_places_a_token_in_the_next_region_and_moves_there() -> None:
    """Alteration 1: the next region along the path without his token gets one on its leftmost
    space; his Season pillar moves there. At Era 1 -> 2 the token comes from his supply."""
    state = _board(players=2)
    t = state.table
    start = _tokens(t)[0]
    t.chronos_region = start - 1 if start else 6  # his token is in the next region: skipped
    _change_to(state, 2)
    assert _tokens(t) == sorted([start, (start + 1) % 7])
    assert t.chronos_region == (start + 1) % 7
    assert t.chronos_token_supply == 0 and t.chronos_token_track == 3
    assert any("places a face-down Influence token" in text for text in _log(state))
    assert not S.sound(state)


def test_two_player_era_change_chronos_token_skips_a_full_region() -> None:
    """Alteration 1: no empty space in that region: the next one; later tokens come from the
    Era track."""
    state = _board(players=2)
    t = state.table
    for r in range(7):  # clear his starting token back to his supply
        for i in range(SPACES):
            if t.influence_spaces[r * SPACES + i] == CHRONOS:
                t.influence_spaces[r * SPACES + i] = -1
                t.chronos_token_supply += 1
    t.influence_spaces[2 * SPACES:3 * SPACES] = [0, 1, 0, 1]  # Europe full (test only)
    t.chronos_region = 1
    _change_to(state, 3)
    assert _tokens(t) == [3] and t.chronos_token_track == 2
    assert any("token in Asia (4)" in text and "moves there" in text for text in _log(state))


def test_two_player_era_change_chronos_takes_the_rightmost_eureka_milestone() -> None:
    """Alteration 2: his Milestone to Common Knowledge, the rightmost of the Eureka display to
    his private space, his Era marker to its era's rightmost free space."""
    state = _board(players=2)
    t = state.table
    old, rightmost = t.private[CHRONOS], t.eureka[-1]
    t.era_space[0] = ERA_SPACE["era3_3"]  # a player holds the rightmost era-3 space
    _change_to(state, 3)
    assert t.private[CHRONOS] == rightmost and t.milestone_loc[rightmost] == M_PRIVATE + CHRONOS
    assert t.milestone_loc[old] in (M_CK, M_DISCARD)  # into Common Knowledge (or pushed out)
    assert t.chronos_era_space == ERA_SPACE["era3_2"]
    assert "takes" in " ".join(_log(state))
    assert not S.sound(state)


def test_two_player_era_change_no_new_milestone_after_era_1() -> None:
    """Alteration 2: not after Era 1 (nor before Era 6)."""
    state = _board(players=2)
    t = state.table
    old, era_space = t.private[CHRONOS], t.chronos_era_space
    _change_to(state, 2)
    assert t.private[CHRONOS] == old and t.chronos_era_space == era_space


def test_two_player_era_change_chronos_keeps_his_milestone_with_the_eureka_display_empty() -> None:
    """Alteration 2 needs a Milestone in the Eureka display; with none he keeps his."""
    state = _board(players=2)
    t = state.table
    old = t.private[CHRONOS]
    for m in list(t.eureka):
        t.eureka.remove(m)
        t.common.append(m)
        t.milestone_loc[m] = M_CK
    while len(t.common) > 4:
        t.discard.append(t.common.pop())
        t.milestone_loc[t.discard[-1]] = M_DISCARD
    _change_to(state, 3)
    assert t.private[CHRONOS] == old
    assert "keeps his Milestone" in " ".join(_log(state))


def test_two_player_era_change_step1_chronos_goes_first_when_furthest_right() -> None:
    """Step 1: his Era marker on the furthest-right Turn Order space: he puts himself first."""
    state = _board(players=2)
    t = state.table
    t.order = [0, 1, CHRONOS]
    t.era_space[0] = ERA_SPACE["era3_3"]
    t.chronos_era_space = ERA_SPACE["era4_3"]
    for m in list(t.eureka):  # no new Milestone to move his marker
        t.eureka.remove(m)
        t.discard.append(m)
        t.milestone_loc[m] = M_DISCARD
    _change_to(state, 3)
    assert t.order == [CHRONOS, 0, 1]
    assert state.decision is None or state.decision.kind != "turn_order"


def test_two_player_era_change_step1_a_player_furthest_right_chooses_among_three() -> None:
    """Step 1: a player's marker furthest right: any of the 3 Turn Order spaces."""
    state = _board(players=2)
    t = state.table
    t.order = [0, CHRONOS, 1]
    t.era_space[1] = ERA_SPACE["era4_3"]
    t.chronos_era_space = 2
    t.chronos = 1 + 3 * (3 - 2)
    S.at(state, EraChangeStage(S_ERA_CHANGE, 0, stage=1))
    assert state.decision is not None and state.decision.seat == 1
    assert S.ids(state) == [f"turn_order:position={n}" for n in (1, 2, 3)]
    S.play(state, "turn_order:position=1")
    assert t.order == [1, 0, CHRONOS]


def test_two_player_era_change_step5_non_player_milestone_replaced_by_rightmost_eureka() -> None:
    """Step 5, 2-player game: with Eureka Milestones left, the non-player private Milestone goes
    to Common Knowledge and the rightmost Eureka Milestone replaces it; the rest follow."""
    state = _board(players=2)
    t = state.table
    absent = t.private[3]
    t.chronos = 1 + 3 * (3 - 2)
    eureka = list(t.eureka)
    S.at(state, EraChangeStage(S_ERA_CHANGE, 0, stage=5))
    assert t.private[3] == eureka[-1] and t.milestone_loc[eureka[-1]] == M_PRIVATE + 3
    assert t.private[CHRONOS] >= 0 and t.milestone_loc[absent] == M_CK
    assert all(t.milestone_loc[m] in (M_CK, M_DISCARD) for m in eureka[:-1])
    assert all(K.M_LETTER[m] == 3 and t.milestone_loc[m] == M_EUREKA for m in t.eureka)
    assert not S.sound(state)


def test_two_player_era_change_step5_non_player_milestone_stays_without_eureka() -> None:
    """Step 5, 2-player game: no Milestone left in the Eureka display: nothing to replace."""
    state = _board(players=2)
    t = state.table
    absent = t.private[3]
    for m in list(t.eureka):
        t.eureka.remove(m)
        t.discard.append(m)
        t.milestone_loc[m] = M_DISCARD
    t.chronos = 1 + 3 * (3 - 2)
    S.at(state, EraChangeStage(S_ERA_CHANGE, 0, stage=5))
    assert t.private[3] == absent and t.milestone_loc[absent] == M_PRIVATE + 3


def test_two_player_era_change_whole_game_conserves_chronos_pieces() -> None:
    """A whole seeded game: four Era Changes place four more tokens (5 in all on the board)."""
    state = S.new(players=2, seed=4)
    rng = random.Random(4)
    while state.decision is not None:
        state.apply(rng.choice(state.decision.options))
        assert not S.sound(state)
    t = state.table
    assert len(_tokens(t)) == 5 and t.chronos_token_supply == t.chronos_token_track == 0
