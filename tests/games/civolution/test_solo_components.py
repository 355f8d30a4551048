"""Solo Mode components (data/solo.toml): V.I.C.I's 15 action cards as the facts give them,
its 7 reconstructed display cards, the five levels and its play-area counts; a broken copy fails
naming the record."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingenium.games.civolution.components import ComponentError
from ingenium.games.civolution.components.icons import Terrain, Track
from ingenium.games.civolution.components.loading import default_directory
from ingenium.games.civolution.components.solo import (
    LEVELS,
    Act,
    Era,
    SoloComponents,
    ViciAction,
    load_solo,
    parse_solo,
)


@pytest.fixture(scope="module")
def s() -> SoloComponents:
    return load_solo()


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = default_directory().joinpath("solo.toml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "solo.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_solo_mode_components_15_action_and_7_display_cards(s: SoloComponents) -> None:
    assert [c.number for c in s.actions] == list(range(1, 16))
    assert [d.number for d in s.display] == list(range(1, 8))
    assert all(d.origin.source == "reconstructed" and d.origin.why for d in s.display)
    assert all(c.origin.facts == "H" for c in s.actions)


def test_solo_mode_action_cards_reset_dots_as_the_facts(s: SoloComponents) -> None:
    dots = [(c.blue, c.red) for c in s.actions]
    assert dots == [(2, 1), (1, 1), (2, 1), (1, 1), (1, 2), (1, 2), (1, 1), (2, 2), (1, 1),
                    (1, 1), (0, 1), (1, 0), (0, 1), (1, 1), (1, 0)]


def test_solo_mode_action_card_1_both_halves_by_action_roll(s: SoloComponents) -> None:
    card = s.card(1)
    assert card.rolled
    assert [r.rolls for r in card.normal] == [(1,), (2, 3), (4, 5, 6)]
    assert card.normal[0].actions == (ViciAction(Act.ADVANCE, 1, Track.TECHNOLOGY),
                                      ViciAction(Act.REMOVE, 1, Track.TECHNOLOGY))
    assert card.advanced[1].actions == (ViciAction(Act.ADVANCE, 1, Track.TECHNOLOGY),
                                        ViciAction(Act.POINTS, 3))
    assert card.advanced[2].actions == (ViciAction(Act.ADVANCE, 2, Track.CONSTRUCTION),
                                        ViciAction(Act.FATE))


def test_solo_mode_action_card_9_advanced_procreates_twice(s: SoloComponents) -> None:
    assert [a.act for a in s.card(9).advanced[0].actions] == [Act.PROCREATE, Act.PROCREATE,
                                                              Act.PROVIDE]


def test_solo_mode_action_card_13_next_era_category_or_points_in_era_4(
        s: SoloComponents) -> None:
    card = s.card(13)
    assert not card.rolled
    assert card.normal[0].actions == (ViciAction(Act.CATEGORY, 2, era=Era.NEXT),)
    assert card.normal[0].last_era == (ViciAction(Act.POINTS, 4),)
    assert card.advanced[0].last_era == (ViciAction(Act.POINTS, 7),)
    assert s.card(15).normal[0].actions == (ViciAction(Act.CATEGORY, 1, era=Era.FINAL),)


def test_solo_mode_levels_set_the_era_of_the_advanced_sides(s: SoloComponents) -> None:
    assert tuple(lv.id for lv in s.levels) == LEVELS
    used = {lv.id: [e for e in range(1, 5) if lv.advanced_in(e)] for lv in s.levels}
    assert used == {"beginner": [], "moderate": [4], "medium": [3, 4], "advanced": [2, 3, 4],
                    "expert": [1, 2, 3, 4]}
    with pytest.raises(ComponentError, match=r"unknown V\.I\.C\.I level 'hard'"):
        s.level("hard")


def test_solo_setup_vici_area_counts(s: SoloComponents) -> None:
    a = s.area
    assert (a.tribes, a.unused_tribes, a.markers, a.discs) == (15, 5, 50, 7)
    assert (a.evolution_start, a.prosperity_start, a.activation_dice, a.fate_dice) == (2, 2, 6, 1)
    assert (a.attribute_chip_at, a.income_chip_at) == ((6, 10), (6, 9, 12))
    assert a.territory_ring[0] is Terrain.FOREST and len(a.territory_ring) == 6


@pytest.mark.parametrize(("old", "new", "message"), [
    ('"advance technology 1", "remove technology"', '"advance technology 1", "steal"',
     r"action_card #1\b.*unknown V.I.C.I action 'steal'"),
    ('"advance construction 1"', '"advance wizardry 1"',
     r"action_card #1\b.*unknown V.I.C.I action 'advance wizardry 1'"),
    ("{ roll = [4, 5, 6], do", "{ roll = [4, 5], do", r"action_card #1\b.*cover the rolls 1-6"),
    ('encampment = ["free_fire", "free", "rival"]', 'encampment = ["campfire"]',
     r"display_card #2 .*unknown encampment priority 'campfire'"),
    ('why = "the facts: Moderate uses the advanced sides in era 4"', "",
     r"level #2 \(moderate\).*needs a short `why`"),
    ("number = 15\n", "number = 16\n", r"action cards must be numbered 1-15"),
    ("tribes = 15\n", "tribes = 16\n", r"one colour's kit"),
])
def test_solo_mode_loading_rejects_a_broken_record_naming_it(
        tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(ComponentError, match=message):
        parse_solo(_broken(tmp_path, old, new))
