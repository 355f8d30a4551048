"""The board block of the view (what the browser board draws): the continent's outlines follow
the layout, every component is named, and no seat is shown another seat's research cards."""

from __future__ import annotations

import json
import random

from ingenium.games.civolution import board
from ingenium.games.civolution.board import C
from ingenium.games.civolution.board_view import continent_shape, describe
from ingenium.games.civolution.components import effects as fx
from ingenium.games.civolution.rules.research import hand_of
from ingenium.games.civolution.steps import Activation, RerollReset

from .scenario import answer, do, ids, new, play_random, push


def _area(points: list[list[int]]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                   in zip(points, points[1:] + points[:1], strict=True))) / 2


def test_the_continent_outlines_tile_the_frame_for_every_layout() -> None:
    """Setup (the continent of 8 tiles): 22 territories, drawn from the layout, fill the frame."""
    for seed in range(6):
        t = new(2, seed=seed).table
        shape = continent_shape(tuple(t.layout))
        assert len(shape["territories"]) == 22 and len(shape["recesses"]) == 24
        areas = [_area(terr["points"]) for terr in shape["territories"]]
        assert sum(areas) == shape["width"] * shape["height"] == 15 * 9
        assert all(area in (6, 9) for area in areas)  # a 3 x 2 band, or tile a's 3 x 3
        for rec in shape["recesses"]:
            x, y = rec["at"]
            assert 0 < x < 15 and 0 < y < 9 and rec["touches"]
        geo = board.geometry(tuple(t.layout))
        for i, terr in enumerate(shape["territories"]):
            assert len(terr["adjacent"]) == len(geo.adjacent[i])


def test_the_board_names_what_it_shows() -> None:
    """Modules, chips and cards carry names and texts, encampments their fire SP."""
    state = new(2, seed=3)
    play_random(state, seed=1, limit=150)
    b = describe(state.table, 0)
    assert [m["name"] for m in b["fixed"]["modules"]][:2] == ["Sleep", "Stamina"]
    assert all(len(m["texts"]) in (1, 3) and all(m["texts"]) for m in b["fixed"]["modules"])
    assert len(b["consoles"][0]["levels"]) == len(b["fixed"]["modules"]) == 22
    assert sum(len(terr["encampments"]) for terr in b["continent"]["territories"]) == 68
    shape = b["continent"]["shape"]["territories"]
    fires = [e["fire_sp"] for terr in shape for e in terr["encampments"]]
    assert sum(1 for sp in fires if sp) == 18  # a fire encampment in every land territory
    shown = [c for c in b["displays"]["goal_display"] if isinstance(c, dict)]
    assert shown and all(c["text"] for c in shown)
    assert len(b["research"]["hand"]) == len(hand_of(state.table, 0))
    assert b["displays"]["phase_name"]


def test_no_seat_sees_another_seats_hand_or_secret_look() -> None:
    """Hidden information: the board block names only the viewer's own hand and looked-at cards."""
    state = new(2)
    t = state.table
    do(state, 0, fx.DrawSecretly(2, 1))
    answer(state, "draw:invention", "draw:mutation")
    looking = [held.card for held in t.looking]
    public = set(t.face_up) | {i[4] for i in t.installed if i[3] == 0}
    secret = [C.cards[c] for c in hand_of(t, 0) + looking if c not in public]
    assert secret
    for viewer in (1, None):
        text = json.dumps(describe(t, viewer))
        for card in secret:
            assert f'"{card.id}"' not in text and f'"{card.name}"' not in text
    mine = describe(t, 0)["research"]
    assert [c["id"] for c in mine["looking"]] == [C.cards[c].id for c in looking]
    answer(state, ids(state)[0])
    assert not describe(t, 0)["research"]["looking"]


def test_the_board_is_unchanged_by_resampling_what_the_viewer_cannot_see() -> None:
    """Determinize honesty: a seat's board block is the same in every resampled world."""
    state = new(3, seed=5)
    play_random(state, seed=2, limit=200)
    seen = json.dumps(describe(state.table, 1))
    for k in range(4):
        world = state.determinize(1, random.Random(k))
        assert json.dumps(describe(world.table, 1)) == seen


def test_the_board_says_which_module_is_being_activated_and_which_dice_space_is_asked() -> None:
    """Activating a module (its two dice are chosen one by one) and Reset B (space by space):
    the board marks the module and the dice space the question is about."""
    state = new(2)
    push(state, Activation, 0, board.MODULE["migration"], 1, -1)
    assert describe(state.table, 0)["asking"] == {"seat": 0, "module": "migration"}
    assert any(i.startswith("die:") for i in ids(state))
    push(state, RerollReset, 1, 2, 0)
    assert describe(state.table, 1)["asking"] == {"seat": 1, "dice_space": 3}
    assert ids(state)[0] == "take:0"
