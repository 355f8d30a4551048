"""Components: counts fit five players; every record says where it comes from."""

from __future__ import annotations

import dataclasses

import pytest

from ingenium.games.legendary_inventors.components import components, validate


def test_components_five_teams_of_four_inventors_starting_with_two_knowledge() -> None:
    c = components()
    assert len(c.teams) == 5
    assert all(len(team.inventors) == 4 for team in c.teams)
    assert all(sum(i.start) == 2 for team in c.teams for i in team.inventors)
    names = {i.name for team in c.teams for i in team.inventors}
    assert {"Ada Lovelace", "Albert Einstein", "Marie Curie", "Leonardo da Vinci",
            "Gutenberg", "Nikola Tesla", "Isaac Newton"} <= names


def test_components_each_age_serves_five_players_plus_three_with_two_tokens_each() -> None:
    c = components()
    for age in (1, 2, 3):
        deck = [i for i in c.inventions if i.age == age]
        assert len(deck) >= 8
        assert all(i.vp == age for i in deck)
        assert len(c.bags[age]) >= 16
        assert {i.classification for i in deck} == set(range(6))


def test_components_photography_as_published() -> None:
    photo = next(i for i in components().inventions if i.name == "Photography")
    assert (photo.need, photo.vp, photo.classification, photo.age) == ((2, 4, 1, 2), 3, 3, 3)


def test_components_every_record_marks_its_source() -> None:
    c = components()
    records = [*c.teams, *(i for t in c.teams for i in t.inventors), *c.inventions]
    assert all(r.source in ("rulebook", "reconstructed") for r in records)


def test_components_validation_rejects_a_broken_team() -> None:
    c = components()
    broken = dataclasses.replace(c, teams=c.teams[:4])
    with pytest.raises(ValueError, match="5 teams"):
        validate(broken)
