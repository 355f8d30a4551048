"""Inspection: every research card, module, chip, event, site and starting card has a glossary
entry written from its record under the id the views and the log use, and the tie-breakers the
end screens quote are the ones `rank_key` applies (Who wins?)."""

from __future__ import annotations

from ingenium.engine import get_game
from ingenium.games.civolution.board import MODULES, C, K
from ingenium.games.civolution.board_view import card_info
from ingenium.games.civolution.glossary import glossary
from ingenium.games.civolution.names import ATTRIBUTES, goal_text, income_text
from ingenium.games.civolution.rules.common import seating_order

from .scenario import GAME, new


def test_every_component_has_an_entry_under_its_view_id() -> None:
    entries = glossary()
    assert set(entries["cards"]) == {card.id for card in C.cards}
    assert set(entries["modules"]) == {module.id for module in C.modules}
    assert set(entries["goal_chips"]) == {chip.id for chip in C.goal_chips}
    assert set(entries["income_chips"]) == {chip.id for chip in C.income_chips}
    assert set(entries["attribute_chips"]) == {chip.id for chip in ATTRIBUTES}
    assert set(entries["events"]) == {event.id for event in C.events}
    assert set(entries["sites"]) == {site.id for site in C.sites}
    assert set(entries["starting_marker_cards"]) == set(K.starting_marker_cards)
    assert set(entries["starting_chip_cards"]) == set(K.starting_chip_cards)


def test_an_entry_says_what_the_rules_run() -> None:
    entries = glossary()
    for n, card in enumerate(C.cards):
        facts = dict(entries["cards"][card.id]["facts"])
        assert entries["cards"][card.id]["name"] == card.name
        assert ("Ability" in facts) == (card.ability is not None)
        if card.bonus:
            assert facts["Instant bonus"] == card_info(n)["bonus"]
    assert dict(entries["goal_chips"][C.goal_chips[0].id]["facts"])["Requirement"] == \
        goal_text(0)
    assert dict(entries["income_chips"][C.income_chips[0].id]["facts"])["Action"] == \
        income_text(0)
    sleep = dict(entries["modules"]["sleep"]["facts"])
    assert sleep["Dice"] == "any two dice"
    levelled = next(m for m in C.modules if len(m.levels) == 3)
    labels = {label for label, _ in entries["modules"][levelled.id]["facts"]}
    assert {"Level I", "Level II", "Level III"} <= labels


def test_the_tie_breakers_quoted_are_the_ones_applied() -> None:
    """Who wins?: most points, then more module upgrades, then seating order."""
    state = new(2, seed=1)
    t = state.table
    first, second = seating_order(t)
    t.score[first] = t.score[second] = 30
    t.level[second * MODULES] = 2  # the later civilization upgraded one module
    assert GAME.rank_key(state, second) < GAME.rank_key(state, first)
    t.level[second * MODULES] = 1
    assert GAME.rank_key(state, first) < GAME.rank_key(state, second)
    facts = glossary()["rules"]["tie_breakers"]["facts"]
    assert [text for _, text in facts] == [
        "more module upgrades", "seating order, from the starting civilization"]


def test_the_game_serves_its_glossary() -> None:
    """The server's glossary route asks the registered game (GET /api/games/civolution/...)."""
    assert get_game("civolution").glossary() is glossary()
