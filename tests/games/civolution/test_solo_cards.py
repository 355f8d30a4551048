"""Solo Mode, Phase 4: every action card's both halves (blue: normal side, red: advanced side),
every action-roll row, carried out on a fresh solo table and checked action by action."""

from __future__ import annotations

from collections import Counter

import pytest

from ingenium.games.civolution.components.solo import Act, ViciAction
from ingenium.games.civolution.rules.solo.setup import SOLO
from ingenium.games.civolution.rules.solo.table import VICI
from ingenium.games.civolution.rules.solo.turn import TRACKS, category_actions, take_turn
from tests.games.civolution.solo_scenario import new_solo, script_chance

HALVES = [(card.number, red) for card in SOLO.actions for red in (False, True)]


def _rows(number: int, red: bool) -> list[tuple[int, tuple[ViciAction, ...]]]:
    card = SOLO.card(number)
    rows = card.advanced if red else card.normal
    return [(min(row.rolls) if card.rolled else 0, row.actions) for row in rows]


@pytest.mark.parametrize(("number", "red"), HALVES,
                         ids=[f"card_{n}_{'red' if r else 'blue'}" for n, r in HALVES])
def test_solo_phase_4_action_card_both_halves_every_roll(number: int, red: bool) -> None:
    for roll, actions in _rows(number, red):
        state = new_solo("expert" if red else "beginner", seed=number)  # era 1
        t = state.table
        expanded: list[ViciAction] = []
        for a in actions:
            expanded += category_actions(t, a) if a.act is Act.CATEGORY else [a]
        want = Counter[Act]()
        for a in expanded:
            want[a.act] += a.amount if a.act in (Act.EVOLUTION, Act.PROSPERITY, Act.POINTS) \
                else 1
        before = (list(t.track[VICI * 5:VICI * 5 + 5]), t.vici_evolution, t.vici_prosperity,
                  sum(t.statues[VICI::4]), t.favor[VICI], t.vici_dice, t.fate[VICI],
                  t.score[VICI], len(t.removed_cards))
        script_chance(state, [("vici_action_card", number)]
                      + ([("vici_action_roll", roll)] if roll else []))
        start = len(state.events)
        take_turn(state)
        logged = [e for e in state.events[start:] if e.kind == "vici_action"]
        assert len(logged) == len(actions), (number, red, roll)
        half = "red" if red else "blue"
        assert all(f"action card {number} ({half} half" in e.text for e in logged)
        text = " ".join(e.text for e in logged)
        for track in TRACKS:  # ADV(track, n)
            n = sum(a.amount for a in expanded if a.act is Act.ADVANCE and a.track is track)
            assert t.track[VICI * 5 + TRACKS.index(track)] - before[0][TRACKS.index(track)] == n
        assert t.vici_evolution - before[1] == want[Act.EVOLUTION]
        assert t.vici_prosperity - before[2] == want[Act.PROSPERITY]
        assert sum(t.statues[VICI::4]) - before[3] == want[Act.STATUE]
        assert t.favor[VICI] - before[4] == want[Act.FAVOR]
        assert t.vici_dice - before[5] == want[Act.ACTIVATION]
        assert t.fate[VICI] - before[6] == want[Act.FATE]
        assert t.score[VICI] - before[7] >= want[Act.POINTS]
        removed = len(t.removed_cards) - before[8]
        assert removed + text.count("no face-up") == want[Act.REMOVE]
        for act, words in ((Act.PROCREATE, ("procreates", "to procreate")),
                           (Act.MIGRATE, ("migrat",)), (Act.PROVIDE, ("provision marker",)),
                           (Act.HUNT, ("hunt",)), (Act.REVEAL, ("reveal",))):
            if want[act]:
                assert any(w in text for w in words), (number, red, roll, act, text)
