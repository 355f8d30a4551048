"""A user sees names, never internal ids: every option label, prompt and log line of played
Inventions games is checked against the ids of the components in the data files."""

from __future__ import annotations

import random

import ingenium
from ingenium.games.inventions.components import catalog
from ingenium.games.inventions.glossary import glossary
from tests.games.inventions.names import leaked_ids

GAMES = 3


def played_texts(games: int = GAMES) -> set[str]:
    """Labels, prompts and log lines of a few seeded random games (3 and 4 players)."""
    game = ingenium.get_game("inventions")
    texts: set[str] = set()
    for seed in range(games):
        state = game.new_game(players=3 + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            decision = state.decision
            assert decision is not None
            texts.add(decision.prompt)
            texts.update(option.label for option in decision.options)
            state.apply(rng.choice(decision.options))
        texts.update(event.text for event in state.events)
    return texts


def test_labels_prompts_and_log_lines_name_components() -> None:
    """Every label, prompt and log line uses the component's name from its data file."""
    texts = played_texts()
    assert len(texts) > 300
    leaks = {text: leaked_ids(text) for text in texts}
    assert not {text: found for text, found in leaks.items() if found}


def test_the_checker_finds_an_id() -> None:
    """The check itself: an id in a sentence is found, its name is not."""
    assert leaked_ids("Player 1 takes Progress tile economy_1") == ["economy_1"]
    assert leaked_ids("builds it on hex 1,-1") == ["1,-1"]
    assert leaked_ids("Player 1 takes Economy tile 1") == []


def test_glossary_names_every_component_the_views_show() -> None:
    """Inspection: every idea, Milestone, goal, tile and hex has a named entry whose text is
    written from its effect records (the Diplomat Action of a Milestone, a hex's benefit)."""
    entries = glossary()
    assert set(entries["ideas"]) == {i.id for i in catalog.IDEAS}
    assert set(entries["milestones"]) == {m.id for m in catalog.MILESTONES}
    assert set(entries["goals"]) == {g.id for g in catalog.GOALS}
    assert set(entries["hexes"]) == {h.id for h in catalog.HEXES}
    assert len({e["name"] for e in entries["hexes"].values()}) == catalog.NUM_HEXES
    tools = entries["milestones"]["stone_bone_tools"]
    assert tools["name"] == "Stone & Bone Tools"
    assert ["Diplomat Action", "Gain a thinker"] in tools["facts"]
    wheel = entries["ideas"]["wheel"]
    assert ["Chain Action (invention side)", "Travel"] in wheel["facts"]
    assert ["Era", "2"] in wheel["facts"]
    for kind in entries.values():
        for entry in kind.values():
            assert not leaked_ids(entry["name"] + " " + entry["kind"] + " " + " ".join(
                " ".join(fact) for fact in entry["facts"]))
