"""The component kit every game's reader uses: a TOML table becomes a frozen record of the game's
own dataclass, and each kind of fault is one ComponentError line naming the file, the record and
the field."""

from __future__ import annotations

import doctest
from dataclasses import FrozenInstanceError, dataclass
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import pytest

from ingenium.engine import components as kit
from ingenium.engine import effect_terms
from ingenium.engine.components import (
    ComponentError,
    Parsed,
    Source,
    check_all,
    counts,
    expect,
    index,
    nested,
    read_toml,
    record,
    records,
    refer,
)
from ingenium.engine.effect_terms import EffectError, Vocabulary, flag, need, term, whole


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


def _paint(raw: effect_terms.Raw) -> tuple[Colour, int]:
    colour = term(Colour, raw, "paint")
    coats = whole(raw, "coats", 1, 1, 3)
    need(raw, not (flag(raw, "thin") and coats > 1), "a thin coat is one coat")
    return colour, coats


PAINT = Vocabulary({"paint": _paint}, {"paint": frozenset({"coats", "thin"})},
                   "{ paint = 'red' }")
Paints = Annotated[tuple[tuple[Colour, int], ...], Parsed(PAINT.parse_list)]


@dataclass(frozen=True, slots=True)
class Step:
    at: int
    paint: Paints


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    name: str
    copies: int
    colour: Colour
    sides: tuple[str, ...]
    paint: Paints
    steps: Annotated[tuple[Step, ...], nested(Step)]
    source: Source
    why: str = ""


GOOD = {"name": "Wheel", "copies": 2, "colour": "red", "sides": ["front", "back"],
        "paint": [{"paint": "blue", "coats": 2}], "steps": [{"at": 1, "paint": []}],
        "source": "rulebook"}
WHERE = "tiles.toml tile #3"


def _tile(**changes: object) -> Tile:
    raw = {k: v for k, v in {**GOOD, **changes}.items() if v is not None}
    return record(Tile, raw, WHERE, id="wheel")


def test_a_good_table_becomes_the_games_own_frozen_record() -> None:
    tile = _tile()
    assert type(tile) is Tile
    assert tile == Tile("wheel", "Wheel", 2, Colour.RED, ("front", "back"),
                        ((Colour.BLUE, 2),), (Step(1, ()),), "rulebook")
    assert isinstance(tile.colour, Colour) and isinstance(tile.sides, tuple)
    with pytest.raises(FrozenInstanceError):
        tile.copies = 3  # type: ignore[misc]


def test_a_missing_field_names_file_record_and_field() -> None:
    with pytest.raises(ComponentError,
                       match=r"^tiles\.toml tile #3 \(Wheel\): missing field 'copies'$"):
        _tile(copies=None)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("copies", "two", "copies must be int, not 'two'"),
    ("copies", True, "copies must be int, not True"),
    ("copies", 2.5, "copies must be int, not 2.5"),
    ("name", 7, "name must be str, not 7"),
    ("sides", "front", "sides must be list, not 'front'"),
    ("sides", ["front", 2], "sides must be str, not 2"),
    ("colour", "green", "colour 'green' is not known"),
    ("source", "guess", "source must be one of"),
])
def test_a_wrongly_typed_value_names_the_field_and_what_it_must_be(
        field: str, value: object, message: str) -> None:
    with pytest.raises(ComponentError, match=rf"^tiles\.toml tile #3( \(Wheel\))?: {message}"):
        _tile(**{field: value})


def test_unknown_fields_are_named_together() -> None:
    with pytest.raises(ComponentError, match=r"\(Wheel\): unknown field\(s\) colour2, size$"):
        _tile(size=3, colour2="red")


def test_a_field_the_game_derives_may_not_be_written_in_the_file() -> None:
    with pytest.raises(ComponentError, match=r"unknown field\(s\) id"):
        record(Tile, {**GOOD, "id": "x"}, WHERE, id="wheel")


def test_a_reconstructed_record_says_why() -> None:
    with pytest.raises(ComponentError, match=r"\(Wheel\): a reconstructed record needs a short"):
        _tile(source="reconstructed")
    assert _tile(source="reconstructed", why="counts guessed").why == "counts guessed"


def test_a_vocabulary_fault_names_the_field_and_the_effect() -> None:
    with pytest.raises(ComponentError, match=r"\(Wheel\): paint: effect \{'paint': 'green'\}: "
                                             r"paint must be one of red, blue$"):
        _tile(paint=[{"paint": "green"}])
    with pytest.raises(ComponentError, match=r"paint: effect .*: unknown term\(s\) gloss"):
        _tile(paint=[{"paint": "red", "gloss": True}])


def test_a_nested_record_fault_names_its_position() -> None:
    with pytest.raises(ComponentError, match=r"\(Wheel\): steps: #2: missing field 'at'"):
        _tile(steps=[{"at": 1, "paint": []}, {"paint": []}])
    with pytest.raises(ComponentError, match=r"steps: #1: unknown field\(s\) colour"):
        _tile(steps=[{"at": 1, "paint": [], "colour": "red"}])


def test_a_table_that_is_not_a_table_is_refused() -> None:
    with pytest.raises(ComponentError, match=r"^tiles\.toml tile #3: expected a table, found 5"):
        record(Tile, 5, WHERE)


def test_a_bad_reference_between_records_names_the_missing_id() -> None:
    tiles = index([_tile()], lambda t: t.id, "tile")
    assert refer(tiles, "wheel", "decks.toml deck #1", "tile").name == "Wheel"
    with pytest.raises(ComponentError,
                       match=r"^decks\.toml deck #1: no tile 'sail' \(one of wheel\)$"):
        refer(tiles, "sail", "decks.toml deck #1", "tile")


def test_a_repeated_id_is_refused() -> None:
    with pytest.raises(ComponentError, match="duplicate tile id 'wheel'"):
        index([_tile(), _tile()], lambda t: t.id, "tile")


def test_a_wrong_count_against_the_rulebook_names_the_group() -> None:
    expect(3, 3, "Wheel tiles")
    with pytest.raises(ComponentError, match=r"^Wheel tiles: the rulebook has 3, the data 2$"):
        expect(2, 3, "Wheel tiles")


def test_a_check_that_finds_a_component_missing_names_itself() -> None:
    def _check_decks(decks: dict[str, int]) -> None:
        expect(decks["A"], 2, "deck A")

    check_all({"A": 2}, [_check_decks])
    with pytest.raises(ComponentError, match=r"^decks: missing component 'A'$"):
        check_all({"B": 2}, [_check_decks])
    with pytest.raises(ComponentError, match=r"^deck A: the rulebook has 2, the data 3$"):
        check_all({"A": 3}, [_check_decks])


def test_a_count_table_holds_exactly_its_keys_as_whole_numbers() -> None:
    table = {"cubes": 30, "discs": 7, "source": "rulebook"}
    assert dict(counts(table, "box.toml kit", ["cubes", "discs"])) == {"cubes": 30, "discs": 7}
    with pytest.raises(ComponentError, match=r"^box\.toml kit: missing field 'discs'$"):
        counts({"cubes": 30, "source": "rulebook"}, "box.toml kit", ["cubes", "discs"])
    with pytest.raises(ComponentError, match=r"^box\.toml kit: unknown field\(s\) dice$"):
        counts({**table, "dice": 2}, "box.toml kit", ["cubes", "discs"])
    with pytest.raises(ComponentError, match=r"^box\.toml kit: discs must be int, not '7'$"):
        counts({**table, "discs": "7"}, "box.toml kit", ["cubes", "discs"])


def test_reading_names_a_missing_file_and_bad_toml(tmp_path: Path) -> None:
    (tmp_path / "tiles.toml").write_text('[[tile]]\nname = "Wheel"\n', encoding="utf-8")
    data = read_toml(tmp_path, "tiles.toml")
    assert records(data, "tile", "tiles.toml", lambda raw, where: where) == ["tiles.toml tile #1"]
    with pytest.raises(ComponentError, match=r"^tiles\.toml: missing array of tables \[\[deck\]\]"):
        records(data, "deck", "tiles.toml", lambda raw, where: where)
    with pytest.raises(ComponentError, match=r"^decks\.toml: data file missing$"):
        read_toml(tmp_path, "decks.toml")
    (tmp_path / "bad.toml").write_text("name = \n", encoding="utf-8")
    with pytest.raises(ComponentError, match=r"^bad\.toml: not valid TOML"):
        read_toml(tmp_path, "bad.toml")


def test_the_vocabulary_refuses_what_it_does_not_know() -> None:
    assert PAINT.parse({"paint": "red", "coats": 3}) == (Colour.RED, 3)
    assert PAINT.parse_list([]) == ()
    for raw, message in [
        ({"paint": "red", "coats": 4}, "coats must be a whole number 1..3"),
        ({"paint": "red", "coats": True}, "coats must be a whole number 1..3"),
        ({"paint": "red", "thin": "yes"}, "thin must be true or false"),
        ({"paint": "red", "thin": True, "coats": 2}, "a thin coat is one coat"),
        ({"coats": 2}, "needs exactly one of: paint"),
        ("red", "must be a table such as { paint = 'red' }"),
    ]:
        with pytest.raises(EffectError, match=message):
            PAINT.parse(raw)
    with pytest.raises(EffectError, match="must be a list of tables"):
        PAINT.parse_list({"paint": "red"})


def test_kit_doctests() -> None:
    assert doctest.testmod(kit).failed == 0
    assert doctest.testmod(effect_terms).failed == 0
