"""Inspection: every invention card and inventor has a glossary entry written
from its record, and the tie-breaker the end screens quote is the one `rank_key` applies."""

from __future__ import annotations

from ingenium.games.legendary_inventors.components.catalog import C
from ingenium.games.legendary_inventors.glossary import glossary


def test_every_card_and_inventor_is_described_from_its_record() -> None:
    entries = glossary()
    assert set(entries["inventions"]) == {card.slug for card in C.inventions}
    inventors = [i for team in C.teams for i in team.inventors]
    assert set(entries["inventors"]) == {i.slug for i in inventors}
    fire = next(card for card in C.inventions if card.slug == "fire")
    facts = dict(entries["inventions"]["fire"]["facts"])
    assert facts["Points"].startswith(f"{fire.vp} VP")
    for inventor in inventors:
        assert dict(entries["inventors"][inventor.slug]["facts"])["Goal met"] == \
            f"{inventor.goal_vp} VP at the end"
    assert entries["rules"]["tie_breakers"]["facts"] == [["1", "more invention cards"]]
