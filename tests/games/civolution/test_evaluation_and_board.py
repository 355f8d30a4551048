"""The greedy bot's evaluation (what the rules score, counted as they would score it) and the
terminal board (names a player of the physical game reads, never internal ids)."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from ingenium.games.civolution import evaluation, scoring
from ingenium.games.civolution.board import C
from ingenium.games.civolution.invariants import invariants
from ingenium.games.civolution.rules.common import tribes_in
from ingenium.games.civolution.rules.feeding import groups_to_feed
from ingenium.games.civolution.rules.install import INSTALL_GOAL
from ingenium.games.civolution.rules.tally import food_and_money_diamonds
from ingenium.games.civolution.rules.tribes import territory_of
from ingenium.games.civolution.steps import S_INSTALL_CARD, S_TARGET, InstallCard, Target
from ingenium.games.civolution.table import FEEDING, OVER
from ingenium.render import render_view
from tests.games.civolution.scenario import new


def _played(players: int, seed: int, moves: int):  # type: ignore[no-untyped-def]
    state = new(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.decision is None:
            break
        state.apply(rng.choice(state.decision.options))
    return state


def test_final_scoring_a_track_step_is_worth_its_final_and_remaining_era_points() -> None:
    """End of the Game, final scoring; Phase 7 C: one more step on a progress track is worth
    the category's final points per unit plus the points of each era scoring tile of that
    category still to come; The progress tracks: from space 0 the step also covers half the
    way to the upgrade at space 2."""
    state = new(3, 4)
    t = state.table
    category = 0  # Technology, track 0
    assert t.track[1 * 5 + category] == 0
    before = evaluation.potential(t, 1)
    t.track[1 * 5 + category] += 1
    era = sum(evaluation.ERA_POINTS[i] for i, c in enumerate(t.era_tiles) if c == category)
    upgrade = evaluation.UPGRADE + evaluation.UPGRADE_REST * evaluation.eras_left(t.era)
    assert evaluation.potential(t, 1) - before == pytest.approx(
        scoring.final_points(category, t) + era + upgrade / 2)


@pytest.mark.parametrize("track", range(5))
def test_a_disc_holds_the_covered_share_of_its_next_track_bonus(track: int) -> None:
    """The progress tracks: thresholds every second space (an upgrade at 2 and 6, Favor or an
    income chip's action at 4, 3 SP or a stage tile at 10, 3 SP at 8 and 12); a disc on an odd
    space has covered half the way to the next, on a threshold it holds nothing more (the
    bonus was granted), on space 12 nothing is left to come."""
    upgrade = evaluation.UPGRADE + evaluation.UPGRADE_REST
    values = evaluation.track_bonus_values(1)[track]
    assert values[0::2] == (0.0,) * 7
    assert values[1::2] == (upgrade / 2, evaluation.INCOME_ACTION / 2, upgrade / 2, 1.5, 1.5, 1.5)


def _own_encampments(t, seat: int) -> list[int]:  # type: ignore[no-untyped-def]
    return [e for e, owner in enumerate(t.enc_seat) if owner == seat]


def test_a_strong_tribe_promises_its_feeding_points_a_lying_one_is_a_risk() -> None:
    """Phase 6 B: 1 SP per strong tribe at this era's feeding and each later one (half: it
    eats a food each era); A: an unfed lying tribe dies. Laying a tribe down loses all that."""
    state = new(2, 5)
    t = state.table
    before = evaluation.potential(t, 0)
    t.enc_strong[_own_encampments(t, 0)[0]] = 0
    later = evaluation.LAST_ERA - t.era
    assert before - evaluation.potential(t, 0) == pytest.approx(
        evaluation.STRONG_NOW + evaluation.STRONG_LATER * later + evaluation.LYING)


def _upright_loss(t) -> float:  # type: ignore[no-untyped-def]
    """What an upright tribe loses by lying down (see the strong-tribe test)."""
    return evaluation.STRONG_NOW + evaluation.STRONG_LATER * (
        evaluation.LAST_ERA - t.era) + evaluation.LYING


def test_phase6_feeding_food_is_worth_the_tribe_it_keeps_upright_spare_food_a_little() -> None:
    """Phase 6 A: a tribe on an encampment eats 1 food (none with the seat's farm in its
    territory), an unfed upright tribe lies down. With no food, the first food feeds the first
    tribe the feeding asks about; food nobody needs is worth only a little (below a Prosperity
    diamond)."""
    state = new(2, 5)
    t = state.table
    t.food[0] = 0
    hungry = evaluation.potential(t, 0)
    t.food[0] = 1
    assert evaluation.potential(t, 0) - hungry == pytest.approx(_upright_loss(t))
    for e in _own_encampments(t, 0):
        t.farm[C.encampment_territory[e]] = 0
    fed = evaluation.potential(t, 0)
    t.food[0] = 0
    assert fed - evaluation.potential(t, 0) == pytest.approx(evaluation.SPARE_FOOD)


def test_phase6_feeding_an_unfed_lying_tribe_dies_with_its_population_and_expansion() -> None:
    """Phase 6 A: an unfed lying tribe dies: the seat loses its Population points and, with its
    last tribe in a territory, that territory's Expansion points (final and era tiles')."""
    state = new(2, 5)
    t = state.table
    own = _own_encampments(t, 0)
    for e in own:
        t.enc_strong[e] = 0
    t.food[0] = len(own)
    fed = evaluation.potential(t, 0)
    t.food[0] = 0
    weights = evaluation.unit_weights(t)
    territories = {C.encampment_territory[e] for e in own}
    assert all(tribes_in(t, 0, territory) == sum(C.encampment_territory[e] == territory
                                                 for e in own) for territory in territories)
    assert fed - evaluation.potential(t, 0) == pytest.approx(
        len(own) * weights[evaluation.POPULATION] + len(territories) * weights[
            evaluation.EXPANSION] - len(own) * evaluation.LYING)


def _first_feeding(seed: int):  # type: ignore[no-untyped-def]
    """A 2-player game played at random up to the first Feed question."""
    state = new(2, seed)
    rng = random.Random(seed)
    while state.decision is not None and not state.decision.prompt.startswith("Feed your"):
        state.apply(rng.choice(state.decision.options))
    assert state.decision is not None
    return state


@pytest.mark.parametrize("seed", [0, 3, 7, 9])  # 9: a lying tribe
def test_phase6_feeding_a_tribe_changes_nothing_leaving_it_unfed_loses_it(seed: int) -> None:
    """Phase 6 A, the questions one by one: the food a tribe eats was counted as feeding it
    (and as no Prosperity diamond at the end), so feeding it, or all the tribes at once, leaves
    the evaluation where it was; leaving it unfed loses the tribe's point and its safety (or,
    lying, the tribe), and its food is left over as spare food. Before, the food stayed worth
    1.5 SP a marker until spent, and leaving tribes unfed looked as good."""
    state = _first_feeding(seed)
    seat, t = state.decision.seat, state.table
    groups = groups_to_feed(t, seat)
    left = t.food[seat] - sum(n * each for _, _, n, each in groups)
    assert left >= 0
    before = evaluation.potential(t, seat)
    after = {}
    for option in state.decision.options:
        child = state.clone()
        child.apply(option.id)
        after[option.id] = evaluation.potential(child.table, seat)
    for feed in ("feed:all", "feed:1"):
        if feed in after:
            assert after[feed] == pytest.approx(before)
    place, upright, _, each = groups[0]
    weights = evaluation.unit_weights(t)
    if upright:
        loss = _upright_loss(t)
    else:  # it dies: its Population, and its territory's Expansion if it was the last there
        territory = territory_of(t, seat, place)
        loss = weights[evaluation.POPULATION] - evaluation.LYING + weights[
            evaluation.EXPANSION] * (tribes_in(t, seat, territory) == 1)
    money = t.money[seat]
    kept = weights[evaluation.PROSPERITY] * (food_and_money_diamonds(left + each, money)
                                             - food_and_money_diamonds(left, money))
    assert before - after["unfed"] == pytest.approx(loss - evaluation.SPARE_FOOD * each - kept)


def test_phase7_food_left_after_the_feeding_waits_as_spare_food() -> None:
    """Once this era's feeding is over (Phase 7 on), a food is spare until the next era's
    feeding comes round: keeping food rather than feeding a tribe gains nothing there."""
    state = _first_feeding(0)
    while state.table.phase <= FEEDING:
        state.apply(state.decision.options[0])  # feed every tribe
    t = state.table
    assert t.phase > FEEDING
    t.food[0] = 0  # all eaten: the next era's feeding would find them hungry
    before, prosperity = evaluation.potential(t, 0), scoring.prosperity(t, 0)
    t.food[0] += 1
    diamonds = (scoring.prosperity(t, 0) - prosperity) * evaluation.unit_weights(t)[
        evaluation.PROSPERITY]  # what the final scoring counts of food
    assert evaluation.potential(t, 0) - before - diamonds == pytest.approx(
        evaluation.SPARE_FOOD)


def test_a_die_is_worth_the_same_used_or_on_its_space_and_supply_tribes_nothing() -> None:
    """Do a Reset B only brings used dice back: using a die costs nothing, a Reset gains
    nothing for it. A tribe in supply scores nothing until it is on the continent."""
    state = new(2, 5)
    t = state.table
    before = evaluation.potential(t, 0)
    space = next(v for v in range(6) if t.dice[v])
    t.dice[space] -= 1
    t.used_dice[0] += 1
    t.tribes[0] -= 1
    assert evaluation.potential(t, 0) == before


def test_who_wins_at_the_end_the_evaluation_is_the_score_lead() -> None:
    """Who wins?: once the game is over only the success points count."""
    state = _played(2, 3, 100_000)
    assert state.table.phase == OVER
    scores = state.scores()
    assert evaluation.evaluate(state.table, 0) == scores[0] - scores[1]


def test_solo_the_evaluation_is_the_players_potential_whatever_vici_gains() -> None:
    """Solo Mode: V.I.C.I's action cards come whatever the player does, so what V.I.C.I
    gains in a lookahead (points, track steps) leaves the player's evaluation as it was."""
    state = new(1, 3, "medium")
    t = state.table
    before = evaluation.evaluate(t, 0)
    assert before == evaluation.potential(t, 0) == state.game.evaluate_all(state)[0]
    t.score[1] += 9
    t.track[5] += 2  # V.I.C.I's Technology disc (5 tracks a seat)
    assert evaluation.evaluate(t, 0) == before
    assert evaluation.evaluate_all(t) == [before]


def test_an_install_under_way_is_worth_its_coming_points() -> None:
    """Install 1 research card / goal chip: once the module's OR is answered for the install,
    the card or chip is placed three to five questions later; meanwhile the seat's potential
    counts INSTALL_UNDER_WAY (another seat's install does not)."""
    state = new(2, 5)
    t = state.table
    before = [evaluation.potential(t, s) for s in (0, 1)]
    t.pending.append(InstallCard(S_INSTALL_CARD, seat=0, deck=0, special=0))
    assert evaluation.potential(t, 0) == before[0] + evaluation.INSTALL_UNDER_WAY
    assert evaluation.potential(t, 1) == before[1]
    t.pending[-1] = Target(S_TARGET, seat=1, action=INSTALL_GOAL, arg=-1, left=1)
    assert evaluation.potential(t, 0) == before[0]
    assert evaluation.potential(t, 1) == before[1] + evaluation.INSTALL_UNDER_WAY


def test_the_evaluation_is_what_the_game_gives_the_greedy_bot() -> None:
    state = _played(4, 2, 200)
    for seat in range(4):
        assert state.game.evaluate(state, seat) == evaluation.evaluate(state.table, seat)
    assert not invariants(state.table)


def _render(state, seat: int) -> str:  # type: ignore[no-untyped-def]
    console = Console(width=140, record=True, file=io.StringIO())
    console.print(render_view(state.view(seat)))
    return console.export_text()


def test_the_terminal_board_names_things_as_the_printed_game_does() -> None:
    """The terminal board shows the boards, the continent and every console by name."""
    for moves in (5, 300, 100_000):
        state = _played(3, 1, moves)
        text = _render(state, 0)
        assert "Research display" in text and "Continent" in text
        assert all(f"Player {s + 1} (" in text for s in range(3))
        for card in state.table.face_up:
            assert C.cards[card].name in text
        assert not re.search(r"\b(goal|income|attribute)_\d\d\b", text), "a chip's id shown"
        hand = state.view(0)["table"]["hand"]
        assert all(card not in text.split() for card in hand), "a card's id shown"
        assert all(C.cards[C.card_index[card]].name in text for card in hand)


def test_the_terminal_board_shows_only_the_viewers_own_hand() -> None:
    state = _played(3, 1, 300)
    mine = {C.cards[C.card_index[c]].name for c in state.view(0)["table"]["hand"]}
    theirs = {C.cards[C.card_index[c]].name for c in state.view(1)["table"]["hand"]}
    text = _render(state, 0)
    hand_line = next(line for line in text.splitlines() if line.startswith("Your research"))
    assert all(name in hand_line for name in mine)
    assert not any(name in hand_line for name in theirs - mine)


def test_options_name_encampments_recesses_and_grounds_as_the_board_shows_them() -> None:
    """Option labels and questions say "encampment 2 in Forest b2" or "the site touching Forest
    b2 and Hills b1", never an encampment's or a recess's id (b2.2, b.1); the 1-player
    (V.I.C.I) game too."""
    from ingenium.engine import get_game

    ids = re.compile(r"\b[a-z]\d?\.\d\b")
    seen = 0
    for seed in range(4):
        solo = get_game("civolution").new_game(1, seed, "expert")
        for state in (new(2, seed), new(4, seed), solo):
            rng = random.Random(seed)
            for _ in range(600):
                decision = state.decision
                if decision is None:
                    break
                for text in [decision.prompt, *(o.label for o in decision.options)]:
                    assert not ids.search(text), text
                    seen += "encampment " in text
                state.apply(rng.choice(decision.options))
    assert seen > 50  # the check saw encampments named


@pytest.mark.parametrize(("players", "variant"), [(1, "medium"), (2, None), (3, None),
                                                  (4, None)])
def test_the_evaluation_term_by_term_adds_up_to_it_seat_by_seat(players: int,
                                                                variant: str | None) -> None:
    """Game.evaluation_terms (a learned evaluation weighs each): every seat's row adds up to
    its evaluation at every position of a game, the first term is the success points' margin
    (solo: the player's own), and once the game is over nothing else counts."""
    state = new(players, 6, variant)
    rng = random.Random(players)
    assert state.game.evaluation_terms == evaluation.TERMS
    while True:
        rows, values = state.game.evaluate_terms(state), state.game.evaluate_all(state)
        assert len(rows) == players and all(len(row) == len(evaluation.TERMS) for row in rows)
        assert [sum(row) for row in rows] == pytest.approx(values, abs=1e-9)
        if players > 1:
            # each row is the seat's potential terms less the best other seat's
            terms = [evaluation.potential_terms(state.table, s) for s in range(players)]
            best = max(range(1, players), key=lambda s: evaluation.potential(state.table, s))
            assert rows[0] == pytest.approx([a - b for a, b in zip(terms[0], terms[best],
                                                                   strict=True)])
        if (decision := state.decision) is None:
            break
        state.apply(rng.choice(decision.options))
    score = state.table.score
    assert [row[0] for row in state.game.evaluate_terms(state)] == (
        [score[0]] if players == 1 else
        [score[s] - max(score[o] for o in range(players) if o != s) for s in range(players)])
    assert all(not any(row[1:]) for row in state.game.evaluate_terms(state))


def test_a_term_of_the_evaluation_moves_as_its_part_of_the_position_does() -> None:
    """The terms are the evaluation's own parts: a seat's idea markers move its idea term
    (and its evaluation) by as much as the potential counts them, and no other term (money
    would move Prosperity's diamonds too)."""
    t = new(3, 4).table
    before = evaluation.potential_terms(t, 1)
    t.ideas[1] += 2
    after = evaluation.potential_terms(t, 1)
    ideas = evaluation.TERMS.index("idea markers")
    assert after[ideas] - before[ideas] == pytest.approx(1.0)  # 0.5 SP an idea marker
    assert [a - b for i, (a, b) in enumerate(zip(after, before, strict=True))
            if i != ideas] == [0.0] * (len(evaluation.TERMS) - 1)
    assert evaluation.potential(t, 1) == pytest.approx(sum(after))
