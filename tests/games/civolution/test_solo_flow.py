"""Solo Mode in the era's flow (rulebook: Solo Mode, Playing: Phases 1-8, End of the game):
V.I.C.I's parts run automatically between the human's decisions, and the results name the
human only."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

import ingenium
from ingenium.engine import State, UnknownVariant
from ingenium.games.civolution import board, machine, scoring
from ingenium.games.civolution.board import K
from ingenium.games.civolution.components.icons import Category
from ingenium.games.civolution.machine import AUTOS
from ingenium.games.civolution.rules import event_phase, income, sites
from ingenium.games.civolution.rules.solo.table import HUMAN, VICI, VICI_TURN
from ingenium.games.civolution.steps import S_AUTO, Auto, Phase
from ingenium.games.civolution.table import ACTION, EVENT, ISLAND, OVER, CivTable, P
from tests.games.civolution.scenario import make
from tests.games.civolution.solo_scenario import script_chance

GAME = ingenium.get_game("civolution")
# The Auto step the flow pushes for Phase 7 B (the rules read it typed: compiled, they check it)
EVENT_STEP = Auto(S_AUTO, what=event_phase.EVENT)
SState = State[CivTable]


def _new(variant: str = "beginner", seed: int = 1) -> SState:
    return GAME.new_game(1, seed=seed, variant=variant)


def _play_until(state: SState, done: object, seed: int = 0) -> None:
    """Random answers by the human until `done(state)` holds (or the game ends)."""
    rng = random.Random(seed)
    while state.decision is not None and not done(state):  # type: ignore[operator]
        state.apply(rng.choice(state.decision.options))


def _kinds(state: SState, start: int = 0) -> list[str]:
    return [e.kind for e in state.events[start:]]


def test_solo_setup_one_player_needs_a_difficulty_level() -> None:
    assert GAME.min_players == 1
    for level in ("beginner", "moderate", "medium", "advanced", "expert"):
        assert level in GAME.variants and f"{level}+extra-tough" in GAME.variants
        assert _new(level).table.vici_level == level  # type: ignore[attr-defined]
    with pytest.raises(UnknownVariant, match="needs a difficulty level"):
        GAME.new_game(1)
    with pytest.raises(UnknownVariant, match="needs a difficulty level"):
        GAME.new_game(1, variant="first-play")
    with pytest.raises(UnknownVariant, match="solo difficulty level"):
        GAME.new_game(2, variant="expert")
    assert GAME.new_game(2, variant="advanced").table.variant == "advanced"  # Option B stays


def test_solo_only_the_human_ever_decides() -> None:
    state = _new("expert+extra-tough", seed=4)
    rng = random.Random(4)
    while (decision := state.decision) is not None:
        assert decision.seat == HUMAN
        state.apply(rng.choice(decision.options))
    assert state.table.phase == OVER


def test_solo_phase_2_vici_rolls_for_a_goal_chip_after_the_human() -> None:
    state = _new()
    t = state.table
    assert t.phase == 2 and state.decision is not None and state.decision.kind == "newgoal"
    chip = t.goal_display[0]
    script_chance(state, [("vici_goal_roll", 1)])
    state.apply("done")
    assert chip in t.boxed_goals  # type: ignore[attr-defined]
    assert "vici_goal" in _kinds(state) and t.phase == 3


def test_solo_phase_3_vici_makes_no_extra_find() -> None:
    state = _new()
    _play_until(state, lambda s: s.table.phase == 3)
    supply = state.table.supply[VICI]
    _play_until(state, lambda s: s.table.phase != 3)
    assert "extra_find" in _kinds(state) and state.table.supply[VICI] == supply
    assert not any(e.kind == "extra_find" and e.seat == VICI for e in state.events)


def test_solo_phase_4_alternating_turns_from_the_starting_monolith() -> None:
    state = _new(seed=2)
    _play_until(state, lambda s: s.table.phase == ACTION)
    start = len(state.events)
    _play_until(state, lambda s: s.table.phase != ACTION)
    turns = [k for k in _kinds(state, start) if k in ("activate", "reset", "vici_card")]
    human = [k != "vici_card" for k in turns]
    assert human[0] and all(a != b for a, b in pairwise(human))


def test_solo_phase_4_vici_reset_at_the_end_space_ends_the_action_phase() -> None:
    """V.I.C.I's Reset moves the phase indicator: onto the reset end space it triggers the end,
    the round is completed and one full round follows, then Phase 5."""
    state = _new(seed=3)
    _play_until(state, lambda s: s.table.phase == ACTION)
    t = state.table
    t.reset_space = K.player_counts[2].reset_spaces - 1
    t.action_up = [1, 5]  # blue 3, red 3 showing
    t.action_stack = [c for c in t.action_stack if c not in (1, 5)]
    t.pending[-1] = make(Auto, VICI_TURN)  # V.I.C.I's turn now
    t.current = VICI
    script_chance(state, [("vici_action_card", 8)])  # blue 2, red 2: its Reset
    machine.run(state)
    state.invalidate()
    assert t.end_triggered and t.final_round_left == 2 and "vici_reset" in _kinds(state)
    start = len(state.events)
    _play_until(state, lambda s: s.table.phase != ACTION)
    turns = [k for k in _kinds(state, start) if k in ("activate", "reset", "vici_card")]
    assert len(turns) == 2 and turns[1] == "vici_card"  # the final round: human, V.I.C.I


def test_solo_phase_5_sites_never_affect_vici() -> None:
    state = _new()
    t = state.table
    oak, glacier = 10, 8  # a Mystic oak beside territories 1-2, a Glacier beside 2-3
    for recess, site in ((0, oak), (1, glacier)):
        t.site_pool.remove(site)
        t.recess_site[recess] = site
    shared = 2  # a starting territory: both have an upright tribe there
    assert shared in board.START_TERRITORIES
    t.pending = []
    sites.begin(state)
    machine.run(state)
    assert t.score[VICI] == 0 and t.score[HUMAN] > 0
    camps = [e for e in board.ENC_OF[shared] if t.enc_seat[e] >= 0]
    assert {t.enc_seat[e]: t.enc_strong[e] for e in camps} == {HUMAN: 0, VICI: 1}


def test_solo_phase_6_vici_provision_action_feeding_and_strong_tribe_points() -> None:
    state = _new()
    _play_until(state, lambda s: s.table.phase > 6)
    kinds = _kinds(state)
    assert kinds.index("vici_feed") < kinds.index("vici_strong")
    assert sum(state.table.vici_provision) >= 3  # type: ignore[attr-defined]


def test_solo_phase_7_events_and_weather_never_affect_vici_but_it_counts_for_majorities() -> (
        None):
    state = _new()
    t = state.table
    t.pending = []
    t.event_up = 14  # the most strong tribes
    event_phase.resolve_event(state, EVENT_STEP)  # 2 upright tribes each: both lead, human gains
    assert t.pending and all(step[1] == HUMAN for step in t.pending)
    t.pending = []
    camp = next(e for e in range(board.ENCAMPMENTS) if t.enc_seat[e] == -1)
    t.enc_seat[camp], t.enc_strong[camp], t.tribes[VICI] = VICI, 1, t.tribes[VICI] - 1
    event_phase.resolve_event(state, EVENT_STEP)  # V.I.C.I leads alone: nobody gains
    assert not t.pending
    t.event_up = 6  # the most features: V.I.C.I's Evolution grid counts
    t.vici_evolution = 0  # type: ignore[attr-defined]
    t.feature[HUMAN * 6] = 1
    event_phase.resolve_event(state, EVENT_STEP)
    assert t.pending
    t.pending = []
    t.vici_evolution = 1  # type: ignore[attr-defined]
    event_phase.resolve_event(state, EVENT_STEP)  # a tie: both lead
    assert t.pending
    t.pending = []
    event_phase.begin(state)  # the weather: only the human resolves it
    machine.run(state)
    asked = [step for step in t.pending if not isinstance(step, Auto | Phase)]
    assert all(step[1] == HUMAN for step in asked) and t.food[VICI] == 0


def test_solo_phase_7_era_scoring_counts_vici_grids() -> None:
    state = _new()
    t = state.table
    evolution = scoring.CATEGORIES.index(Category.EVOLUTION)
    t.era_tiles[0] = evolution
    t.vici_evolution = 5  # type: ignore[attr-defined]
    t.phase = EVENT
    AUTOS[event_phase.ERA_SCORING](state, Auto(S_AUTO, what=event_phase.ERA_SCORING))
    assert t.score[VICI] == K.era_scoring.points[0] * 5
    assert t.starting == VICI  # the monolith goes to the most points: V.I.C.I can hold it
    assert scoring.units(t, VICI, scoring.CATEGORIES.index(Category.PROSPERITY)) == 2


def test_solo_phase_8_vici_scores_only_its_statues() -> None:
    state = _new()
    t = state.table
    t.statues[ISLAND * P + VICI] = 2
    t.supply[VICI] -= 2
    t.favor[VICI] = 3
    supply = t.supply[VICI]
    t.pending = []
    income.begin(state)
    machine.run(state)
    assert t.score[VICI] == 2 * K.favor[3].statue_sp
    assert t.supply[VICI] == supply and not any(t.reset_marker[VICI * 4:VICI * 4 + 4])


def test_solo_end_of_the_game_the_human_wins_with_more_points_than_vici() -> None:
    state = _new("medium", seed=5)
    _play_until(state, lambda s: False, seed=5)
    t = state.table
    assert state.scores() == [t.score[HUMAN]] and state.ranking() == [0]
    assert state.winners() == ([0] if t.score[HUMAN] > t.score[VICI] else [])
    final = next(e for e in state.events if e.kind == "final")
    assert "V.I.C.I" in final.text and "Player 2" not in final.text
    t.score[HUMAN] = t.score[VICI]
    assert state.winners() == []  # a tie is no win
    t.score[HUMAN] += 1
    assert state.winners() == [0]
    stats = GAME.statistics(state)
    assert stats == [{"solo": {"vici_score": float(t.score[VICI]), "margin": 1.0}}]


def test_solo_log_names_vici_and_every_action_with_its_card_and_roll() -> None:
    state = _new("advanced+extra-tough", seed=6)
    _play_until(state, lambda s: False, seed=6)
    texts = [e.text for e in state.events]
    assert not [x for x in texts if "Player 2" in x]
    vici = [e for e in state.events if e.kind.startswith("vici_")]
    assert vici and all(e.seat is None and "V.I.C.I" in e.text for e in vici)
    actions = [e for e in vici if e.kind == "vici_action"]
    assert all(f"action card {e.data['card']}" in e.text for e in actions)
    assert any("roll" in e.text for e in actions)


def test_solo_view_vici_block_keeps_its_keys() -> None:
    state = _new("expert+extra-tough")
    _play_until(state, lambda s: s.table.vici_turns >= 3)  # type: ignore[attr-defined]
    block = state.view(HUMAN)["table"]["vici"]
    keys = {"name", "level", "extra_tough", "score", "favor", "stack", "revealed", "discard",
            "reset_icons", "evolution", "prosperity", "provision", "dice", "tribes", "supply",
            "last_action"}
    assert keys <= set(block) and block["name"] == "V.I.C.I" and block["extra_tough"]
    assert block["level"] == "expert" and block["stack"] + len(block["revealed"]) + \
        block["discard"] == 15
    assert all(set(card) == {"number", "name", "half", "text"} and card["half"] == "red"
               for card in block["revealed"])
    assert set(block["last_action"]) == {"card", "half", "roll", "did"}
    assert state.view(None)["table"]["vici"] == block  # public


def test_solo_hidden_information_no_action_stack_order_before_a_reveal() -> None:
    """The stack is an unordered pool: two games differ only when a card is revealed."""
    a, b = _new(seed=1), _new(seed=2)
    assert a.table.action_stack == b.table.action_stack == list(range(1, 16))
    state = _new("expert", seed=3)
    rng = random.Random(3)
    while state.decision is not None:
        t = state.table
        assert t.action_stack == sorted(t.action_stack)  # no order kept
        state.apply(rng.choice(state.decision.options))


def test_solo_save_and_replay_round_trip() -> None:
    state = _new("moderate+extra-tough", seed=7)
    _play_until(state, lambda s: s.table.era == 2, seed=7)
    loaded = GAME.from_json(state.to_json())
    assert loaded.fingerprint() == state.fingerprint()
    assert type(loaded.table).__name__ == "SoloTable"
    replayed = GAME.replay(1, 7, "moderate+extra-tough", state.history)
    assert replayed.table.to_data() == state.table.to_data()


def test_solo_evaluation_is_the_humans_potential_vicis_luck_left_out() -> None:
    """The greedy bot's value for the solo human: its own potential (evaluation.against_vici:
    V.I.C.I's gains are its action cards' luck); V.I.C.I's potential still counts its points
    and its grids as the scoring will."""
    from ingenium.games.civolution import evaluation

    state = _new()
    t = state.table
    value = GAME.evaluate(state, HUMAN)
    assert value == evaluation.potential(t, HUMAN) == GAME.evaluate_all(state)[HUMAN]
    rival = evaluation.potential(t, VICI)
    t.score[VICI] += 10
    assert GAME.evaluate(state, HUMAN) == value
    assert evaluation.potential(t, VICI) == rival + 10
    t.vici_evolution += 1  # type: ignore[attr-defined]
    assert evaluation.potential(t, VICI) > rival + 10
