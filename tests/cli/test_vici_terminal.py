"""Civolution's Solo Mode in the terminal, drawn from a hand-made solo view (fixture: a real
2-player view of seat 0 cut to one player, plus the `vici` block the solo rules publish):
V.I.C.I's area, its last action in the status line, the result against it, names never ids."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

from rich.console import Console

from ingenium.render import render_view, result_line, status_line

FIXTURE = Path(__file__).parents[1] / "games" / "civolution" / "fixtures" / "solo_view.json"
ID_WORD = re.compile(r"\b[a-z]+_\d+\b")


def solo_view() -> dict[str, Any]:
    view: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return view


def drawn(view: dict[str, Any]) -> str:
    console = Console(width=110, record=True, file=io.StringIO())
    console.print(render_view(view))
    return console.export_text()


def test_the_board_shows_vicis_area_and_one_console() -> None:
    text = drawn(solo_view())
    assert "V.I.C.I (Expert) — 27 success points" in text
    for line in ("9 face down in the stack, 4 discarded", "2 blue, 3 red",
                 "Evolution 5, Prosperity 4", "Water a1 2", "4 activation dice, 38 markers",
                 "7 on the continent",
                 "revealed: Action card 11 (blue half)", "A: Player 1, B: V.I.C.I"):
        assert line in text, line
    assert "Player 1 (A) — 6 success points" in text
    assert "Player 2" not in text  # V.I.C.I holds no seat and has no console
    assert not ID_WORD.search(text)


def test_the_status_line_says_era_phase_and_turn_and_keeps_vicis_last_action_in_sight() -> None:
    view = solo_view()
    first, second = status_line(view).split("\n")
    displays = view["table"]["board"]["displays"]
    assert first.startswith(f"Era {min(displays['era'], 4)} · {displays['phase_name']}")
    assert first.endswith(" to move · You 6 · V.I.C.I 27")
    assert second.startswith("V.I.C.I (Expert), last action: Action card 4 (red half, roll 2): "
                             "advanced the culture track 2")


def test_every_solo_decision_screen_fits_80_by_24_with_the_status_on_top() -> None:
    """The solo status is two lines, each cut at 80 columns: the decision screen still leaves
    the input line free and shows the question."""
    from ingenium.engine import get_game
    from ingenium.render.compact import decision_screen

    state = get_game("civolution").new_game(1, 3, "expert")
    rng = random.Random(3)
    for _ in range(150):
        decision = state.decision
        if decision is None:
            break
        console = Console(width=80, height=24, record=True, file=io.StringIO(), markup=False)
        for part in decision_screen(console, state, state.view(0), 0):
            console.print(part)
        rows = console.export_text().rstrip("\n").split("\n")
        assert len(rows) <= 24 - 2, "\n".join(rows)
        assert all(len(row) <= 80 for row in rows)
        assert any(row.startswith("Era ") and " to move · You " in row
                   and not row.endswith("…") for row in rows)
        assert any(row.startswith("V.I.C.I (Expert), last action: ") for row in rows)
        assert any(decision.prompt in row for row in rows)
        state.apply(rng.choice(decision.options))


def test_the_result_names_the_winner_with_both_scores() -> None:
    view = solo_view()
    assert result_line(view, [0]) == ("You win: you 6, V.I.C.I 27 (Expert)",
                                      "Player 1 6, V.I.C.I 27")
    assert result_line(view, []) == ("V.I.C.I wins: you 6, V.I.C.I 27 (Expert)",
                                     "Player 1 6, V.I.C.I 27")
    view["table"]["vici"]["extra_tough"] = True
    assert result_line(view, [0], "Player 1 (greedy)") == (
        "Player 1 (greedy) wins: Player 1 (greedy) 6, V.I.C.I 27 (Expert, extra tough)",
        "Player 1 (greedy) 6, V.I.C.I 27")


def test_a_game_of_two_keeps_its_board_and_no_result_line() -> None:
    view = solo_view()
    del view["table"]["vici"]
    view["players"], view["scores"] = 2, [6, 4]
    text = drawn(view)
    assert "V.I.C.I" not in text and "Player 2 (B) — 4 success points" in text
    assert status_line(view).endswith(" to move · Scores: Player 1 6 · Player 2 4")
    assert status_line(view).startswith("Era ")
    assert result_line(view, [0]) is None


def test_a_real_solo_game_draws_vicis_area_after_its_turns() -> None:
    """The same drawing from a solo game played by random choices until V.I.C.I has acted."""
    import random

    import ingenium

    state = ingenium.get_game("civolution").new_game(1, 4, "advanced+extra-tough")
    rng = random.Random(1)
    while state.decision is not None and not state.view(0)["table"]["vici"]["last_action"]:
        state.apply(rng.choice(state.decision.options))
    view = state.view(0)
    text = drawn(view)
    vici = view["table"]["vici"]
    assert f"V.I.C.I (Advanced, extra tough) — {vici['score']} success points" in text
    assert vici["last_action"]["card"] in text and "Player 2" not in text
    assert not ID_WORD.search(text)
    assert f" to move · You {view['scores'][0]} · V.I.C.I {vici['score']}\nV.I.C.I (Advanced, " \
        "extra tough), last action: " in status_line(view)
