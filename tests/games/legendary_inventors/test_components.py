"""Components: counts fit five players; every record says where it comes from."""

from __future__ import annotations

import dataclasses
import tomllib
from importlib import resources
from typing import Any

import pytest

from ingenium.games.legendary_inventors.components import (
    ComponentError,
    components,
    load,
    loading,
    validate,
)


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


def _load_with(monkeypatch: pytest.MonkeyPatch, file: str, old: str, new: str) -> None:
    real = loading._read

    def patched(name: str) -> dict[str, Any]:
        if name != file:
            return real(name)
        text = resources.files(loading.__package__).joinpath("data", name).read_text("utf-8")
        assert old in text
        return tomllib.loads(text.replace(old, new, 1))

    monkeypatch.setattr(loading, "_read", patched)
    load()


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("tokens.toml", "1 = { up2 = 4,", "1 = { up5 = 4,",
     r"^tokens\.toml bags\.1: no token kind 'up5' \(one of up2, "),
    ("inventions.toml", 'name = "Fire"\nage = 1\n', 'name = "Fire"\nage = "one"\n',
     r"^inventions\.toml invention #1 \(Fire\): age must be int, not 'one'$"),
    ("inventions.toml", 'name = "Fire"\nage = 1\n', 'name = "Fire"\n',
     r"^inventions\.toml invention #1 \(Fire\): missing field 'age'$"),
    ("inventors.toml", '{ name = "Hippocrates", start', '{ name = "Hippocrates", era = 1, start',
     r"^inventors\.toml team #1 \(Antiquity\) inventor #1 \(Hippocrates\): "
     r"unknown field\(s\) era$"),
    ("inventors.toml", "start = { chemistry = 2 }", "start = { alchemy = 2 }",
     r"\(Hippocrates\): start: unknown knowledge types \['alchemy'\]$"),
])
def test_components_loading_rejects_a_bad_record_naming_it(
        monkeypatch: pytest.MonkeyPatch, file: str, old: str, new: str, message: str) -> None:
    with pytest.raises(ComponentError, match=message):
        _load_with(monkeypatch, file, old, new)
