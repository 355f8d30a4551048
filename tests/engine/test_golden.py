"""Golden transcripts: seeded random games written out as readable text and committed.

A rules change shows up as a diff of these files. After an intended change, regenerate with
`INGENIUM_UPDATE_GOLDEN=1 pytest tests/engine/test_golden.py` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import ingenium
from ingenium.bots import make_bot

GOLDEN = Path(__file__).parent.parent / "golden"
CASES = [("legendary-inventors", 2, 1), ("legendary-inventors", 3, 2),
         ("legendary-inventors", 5, 3), ("inventions", 2, 3), ("inventions", 3, 1),
         ("inventions", 4, 2), ("civolution", 2, 1), ("civolution", 4, 2)]


def transcript(name: str, players: int, seed: int) -> str:
    """Every move and every log line of a seeded game between random bots."""
    game = ingenium.get_game(name)
    state = game.new_game(players, seed)
    bots = [make_bot("random", seat, seed * 100 + seat) for seat in range(players)]
    lines = [f"# {name}, {players} players, seed {seed}, random bots"]
    lines += [f"~ {entry}" for _, entry in state.history]
    lines += [f"  {e.text}" for e in state.events]
    shown, moves = len(state.events), len(state.history)
    while (decision := state.decision) is not None:
        option = bots[decision.seat].choose(state, decision)
        state.apply(option)
        lines.append(f"P{decision.seat + 1} {option.id}")
        lines += [f"~ {entry}" for _, entry in state.history[moves + 1:]]  # chance outcomes
        lines += [f"  {e.text}" for e in state.events[shown:]]
        shown, moves = len(state.events), len(state.history)
    lines.append(f"# scores {state.scores()} ranking {state.ranking()}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_golden_transcript_unchanged(name: str, players: int, seed: int) -> None:
    path = GOLDEN / f"{name}-{players}p-seed{seed}.txt"
    text = transcript(name, players, seed)
    if os.environ.get("INGENIUM_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path.name}: run with INGENIUM_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} changed: review the diff"
