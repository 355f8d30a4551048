"""Choices the rulebook leaves to the player: attribute chips at any time in your own turn (and
their column), the Glacier's tribe, Holy rock's favor test and procreation, forgoing instant
and event bonuses, the source that pays a cost."""

from __future__ import annotations

from ingenium.games.civolution import board
from ingenium.games.civolution.rules.attributes import ATTRIBUTES
from ingenium.games.civolution.steps import Repeat, Turn
from ingenium.games.civolution.table import (
    ACTION,
    COL_ATTRIBUTE,
    ITEM_ATTRIBUTE,
    HeldCard,
    Installed,
)

from .scenario import CState, answer, ids, new, push


def _ready_for_attribute(state: CState, seat: int = 0) -> str:
    """Give `seat` the markers the first displayed attribute chip asks for; its id."""
    t = state.table
    t.phase, t.current = ACTION, seat
    chip = ATTRIBUTES[t.attribute_display[0]]
    t.feature[seat * 6 + board.FEATURES.index(chip.feature)] = chip.amount
    t.supply[seat] -= chip.amount
    state.invalidate()
    return chip.id


def test_attribute_chips_taken_at_the_turn_and_the_column_chosen() -> None:
    state = new(2)
    chip = _ready_for_attribute(state)
    push(state, Turn, 0)
    assert ids(state).count("attribute") == 1  # one option, leading to a sub-decision
    answer(state, "attribute")
    # no "done" here: a way back to the same question would let a turn loop for ever
    assert f"attribute:{chip}" in ids(state) and "done" not in ids(state)
    answer(state, f"attribute:{chip}")
    columns = ids(state)
    assert len(columns) > 1 and all(c.startswith("column:") for c in columns)
    answer(state, columns[-1])
    t = state.table
    col = int(columns[-1].split(":")[1]) - 1
    assert any(i[0] == 0 and i[1] == col and i[3] == ITEM_ATTRIBUTE for i in t.installed)
    assert t.column_type[col] == COL_ATTRIBUTE
    assert state.decision is not None and state.decision.kind == "turn"  # back to the turn


def test_attribute_chips_at_any_decision_of_your_own_turn_only() -> None:
    from ingenium.games.civolution.rules.gains import ADVANCE_ANY

    state = new(2)
    _ready_for_attribute(state)
    push(state, Repeat, 0, ADVANCE_ANY, 1, 1)  # a decision inside the turn
    assert "attribute" in ids(state)
    answer(state, "attribute")
    assert "done" not in ids(state)
    answer(state, ids(state)[0])
    while state.decision is not None and state.decision.kind != "repeat":
        answer(state, ids(state)[0])  # the column, when more than one fits
    assert state.decision is not None and state.decision.kind == "repeat"
    state.table.current = 1  # not this seat's turn
    state.invalidate()
    assert "attribute" not in ids(state)


def _reveal(state: CState, site_type: str, tid: str) -> int:
    """Reveal a site of a type in a recess next to territory `tid`; the recess."""
    from ingenium.games.civolution.board import C

    from .scenario import territory

    t = state.table
    r = next(i for i, ts in enumerate(board.RECESS_TERRITORIES) if territory(tid) in ts)
    site = next(i for i, s in enumerate(C.sites) if s.type.value == site_type
                and i in t.site_pool)
    t.site_pool.remove(site)
    t.recess_site[r] = site
    return r


def test_phase5_site_phase_glacier_the_civilization_chooses_which_strong_tribe() -> None:
    from ingenium.games.civolution import machine
    from ingenium.games.civolution.rules import sites

    from .scenario import clear_continent, put_tribe

    state = new(2)
    t = state.table
    clear_continent(state)
    r = _reveal(state, "glacier", "c3")
    first = put_tribe(state, 0, "c3")
    second = put_tribe(state, 0, "c3")
    other = put_tribe(state, 1, "c3")
    t.pending = []
    sites.begin(state)
    machine.run(state)
    state.invalidate()
    assert state.decision is not None and state.decision.seat == 0
    options = ids(state)
    assert len(options) == 2 and all(o.startswith("encampment:") for o in options)
    answer(state, options[1])
    assert (t.enc_strong[first], t.enc_strong[second]) == (1, 0)
    assert state.decision is None  # player 2 had one strong tribe there: laid down at once
    assert t.enc_strong[other] == 0 and r >= 0


def test_holy_rock_favor_test_ideas_are_the_players_choice_then_procreation() -> None:
    from ingenium.games.civolution.rules.site_actions import HOLY_ROCK
    from ingenium.games.civolution.steps import Target

    from .scenario import territory

    state = new(2)
    t = state.table
    _reveal(state, "holy_rock", "c3")
    t.favor[0], t.ideas[0], t.fate[0] = 0, 5, 1  # passes only on a 6 without ideas
    r = next(i for i, s in enumerate(t.recess_site) if s >= 0)
    push(state, Target, 0, HOLY_ROCK, r, 1)
    answer(state, "territory:c3")
    if "fail" in ids(state):  # not a 6: the player decides whether to spend ideas
        spend = next(o for o in ids(state) if o.startswith("ideas:"))
        answer(state, spend)
        assert t.ideas[0] == 5 - int(spend.split(":")[1])
    options = ids(state)
    assert options and all(o.startswith("encampment:") for o in options)
    tribes = t.tribes[0]
    answer(state, options[-1])
    assert t.tribes[0] == tribes - 1
    assert territory("c3") in {board.C.encampment_territory[e] for e, s in
                               enumerate(t.enc_seat) if s == 0}


def test_install_research_card_instant_bonus_may_be_forgone() -> None:
    from ingenium.games.civolution.board import C
    from ingenium.games.civolution.components import effects as fx
    from ingenium.games.civolution.components.icons import Deck, Installable
    from ingenium.games.civolution.rules.research import hand_of

    from .scenario import do

    state = new(2)
    t = state.table
    card = next(c for c in hand_of(t, 0) if C.cards[c].deck is Deck.INVENTION)
    need = C.cards[card].costs[0].need  # type: ignore[union-attr]
    assert isinstance(need, fx.Pay) and need.material is not None
    t.storage[C.material_index[need.material]] += need.amount
    t.supply[0] -= need.amount
    do(state, 0, fx.Install(Installable.INVENTION))
    answer(state, f"install:{C.cards[card].id}", "column:1", "stage:1")
    assert ids(state) == ["bonus:take", "bonus:forgo"]
    before = (list(t.track[0:5]), t.favor[0], t.money[0], t.score[0])
    answer(state, "bonus:forgo")
    assert (list(t.track[0:5]), t.favor[0], t.money[0], t.score[0]) == before
    assert any(i[4] == card for i in t.installed)


def test_phase7_event_bonus_may_be_forgone() -> None:
    from ingenium.games.civolution.board import C
    from ingenium.games.civolution.rules import event_phase
    from ingenium.games.civolution.steps import Auto

    state = new(2)
    t = state.table
    t.event_up = next(i for i, e in enumerate(C.events) if e.id == "F7")  # most features
    lead = t.starting
    t.feature[lead * 6] += 5
    t.supply[lead] -= 5
    push(state, Auto, event_phase.EVENT)
    assert state.decision is not None and state.decision.seat == lead
    assert ids(state) == ["bonus:take", "bonus:forgo"]
    score = list(t.score)
    answer(state, "bonus:forgo")
    assert t.score == score and state.decision is None


def test_install_research_card_the_player_chooses_the_source_of_a_cost() -> None:
    from ingenium.games.civolution.board import C
    from ingenium.games.civolution.components import effects as fx
    from ingenium.games.civolution.components.icons import Installable

    from .scenario import do

    state = new(2)
    t = state.table
    card = next(i for i, c in enumerate(C.cards) if c.id == "D1")
    for pile in (t.down, t.face_up, t.bottom):
        if card in pile:
            pile.remove(card)
    t.hand.append(HeldCard(seat=0, card=card))
    papyrus, stone = C.material_index["papyrus"], C.material_index["stone"]  # type: ignore[index]
    t.supply[0] += sum(t.storage[0:18]) - 2
    t.storage[0:18] = [0] * 18
    t.storage[papyrus] = t.storage[stone] = 1
    t.boat_at[0] = board.ISLAND_TERRITORY  # "or having built a boat", the alternative
    do(state, 0, fx.Install(Installable.BUILDING))
    answer(state, "install:D1", "column:1", "stage:2")
    assert sorted(ids(state)) == ["held:alternative", "pay:stone"]  # papyrus was the only way
    assert t.storage[papyrus] == 0
    answer(state, "held:alternative")
    assert t.storage[stone] == 1 and any(i[4] == card for i in t.installed)


def test_attribute_chips_offered_once_more_at_the_end_of_the_turn() -> None:
    from ingenium.games.civolution.steps import Continue

    state = new(2)
    chip = _ready_for_attribute(state)
    push(state, Continue, 0)
    assert f"attribute:{chip}" in ids(state) and "done" in ids(state)
    answer(state, "done")  # the turn ends: the next civilization's turn
    decision = state.decision
    assert decision is not None and decision.kind == "turn" and decision.seat == 1


def test_phase8_income_chips_in_any_order_the_civilization_chooses() -> None:
    from ingenium.games.civolution import machine
    from ingenium.games.civolution.rules import income
    from ingenium.games.civolution.table import ITEM_INCOME

    state = new(2)
    t = state.table
    t.installed.append(Installed(0, 0, 1, ITEM_INCOME, 0))  # a second income chip beside the card
    t.pending = []
    income.begin(state)
    machine.run(state)
    state.invalidate()
    while state.decision is not None and state.decision.seat != 0:
        answer(state, ids(state)[0])
    assert state.decision is not None
    order = ids(state)
    assert order == ["income_chip:1", "income_chip:2"]  # the starting chip card, the chip
    answer(state, "income_chip:2")
    assert state.decision is None or "income_chip:1" not in ids(state)  # the last one at once


def test_holy_rock_procreation_on_your_boat_with_exactly_one_tribe() -> None:
    from ingenium.games.civolution.rules.site_actions import HOLY_ROCK
    from ingenium.games.civolution.steps import Target

    state = new(2)
    t = state.table
    water, recess = next((w, r) for w in board.WATER
                         for r, ts in enumerate(board.RECESS_TERRITORIES) if w in ts)
    rock = next(i for i, s in enumerate(board.C.sites) if s.type.value == "holy_rock")
    t.site_pool.remove(rock)
    t.recess_site[recess] = rock
    t.boat_at[0], t.boat_strong[0] = water, 1
    t.tribes[0] -= 1
    t.favor[0] = 5  # passes without rolling
    push(state, Target, 0, HOLY_ROCK, recess, 1)
    name = board.C.territories[water].id
    assert f"territory:{name}" in ids(state)
    answer(state, f"territory:{name}")
    assert t.boat_strong[0] + t.boat_weak[0] == 2
